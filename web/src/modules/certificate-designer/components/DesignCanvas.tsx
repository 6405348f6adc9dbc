import { useEffect, useRef, type CSSProperties, type PointerEvent as ReactPointerEvent } from 'react';
import {
  CERTIFICATE_VIEWPORT_SIZE,
  certificateFontCss,
  sanitizeCertificateRichText,
  type CertificateElement,
  type CertificateImageElement,
  type CertificateSlide,
  type CertificateTextElement,
} from '@cmp/contracts';
import type { SlideStore } from '../store/slides';
import { htmlToText, round } from '../templates/elements';

type Handle = 'nw' | 'ne' | 'sw' | 'se';
const HANDLES: Handle[] = ['nw', 'ne', 'sw', 'se'];
const MIN_SIZE = 10;

export interface DesignCanvasProps {
  slide: CertificateSlide;
  viewportRatio: number;
  /** Screen pixels per canvas unit. */
  scale: number;
  selectedId: string | null;
  editingId: string | null;
  onSelect: (id: string | null) => void;
  onEdit: (id: string | null) => void;
  slides: SlideStore;
  /** Images shown for bound image fields (qrCode, seal) while designing. */
  sampleImages: Partial<Record<string, string>>;
  codeLabel: (code: string) => string;
  /** Names of the in-place formatting buttons, in the interface language. */
  formatLabels: Record<'bold' | 'italic' | 'underline', string>;
}

/**
 * Follows one pointer gesture (drag, resize, rotate) on window, so it keeps working when the pointer leaves
 * the element. Changes go through the store without history entries; the gesture is one undo step.
 */
function track(slides: SlideStore, start: PointerEvent | ReactPointerEvent, move: (dx: number, dy: number, e: PointerEvent) => void) {
  const x0 = start.clientX;
  const y0 = start.clientY;
  slides.beginGesture();
  const onMove = (e: PointerEvent) => move(e.clientX - x0, e.clientY - y0, e);
  const onUp = () => {
    window.removeEventListener('pointermove', onMove);
    window.removeEventListener('pointerup', onUp);
    slides.endGesture();
  };
  window.addEventListener('pointermove', onMove);
  window.addEventListener('pointerup', onUp);
}

function textStyle(el: CertificateTextElement, scale: number): CSSProperties {
  return {
    fontFamily: certificateFontCss(el.fontFamily || el.defaultFontName),
    fontSize: (el.fontSize || 20) * scale,
    color: el.color || '#000000',
    fontWeight: el.bold ? 'bold' : 'normal',
    textAlign: el.align ?? 'left',
    writingMode: el.vertical ? 'vertical-rl' : undefined,
    textOrientation: el.vertical ? 'upright' : undefined,
  };
}

/**
 * The inline rich-text editor of a text element: the browser's own editing (Ctrl+B/I/U work), sanitised when it
 * ends. It ends on blur or when it is removed (a click elsewhere on the canvas unmounts it before any blur), and
 * commits exactly once either way.
 */
function InlineEditor({ el, scale, onDone, labels }: {
  el: CertificateTextElement;
  scale: number;
  onDone: (html: string | null) => void;
  labels: Record<'bold' | 'italic' | 'underline', string>;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const done = useRef(onDone);
  done.current = onDone;
  const committed = useRef(false);
  const commit = (html: string | null) => {
    if (committed.current) return;
    committed.current = true;
    done.current(html);
  };
  useEffect(() => {
    const node = ref.current;
    if (!node) return undefined;
    node.innerHTML = sanitizeCertificateRichText(el.content);
    node.focus();
    const range = document.createRange();
    range.selectNodeContents(node);
    window.getSelection()?.removeAllRanges();
    window.getSelection()?.addRange(range);
    // On removal the ref is already detached: read the node this effect saw.
    return () => commit(node.innerHTML);
    // Only on entering the editor: later renders must not reset what is being typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // Formatting buttons act on the selection inside the editor; pressing them must not take the focus away.
  const format = (command: 'bold' | 'italic' | 'underline') => (e: ReactPointerEvent) => {
    e.preventDefault();
    e.stopPropagation();
    document.execCommand('styleWithCSS', false, 'true');
    document.execCommand(command);
  };
  return (
    <>
      <div className="cd-rte" role="toolbar" onPointerDown={(e) => e.stopPropagation()}>
        {(['bold', 'italic', 'underline'] as const).map((command) => (
          <button
            key={command}
            type="button"
            className={`cd-rte__${command}`}
            aria-label={labels[command]}
            title={labels[command]}
            onPointerDown={format(command)}
            onMouseDown={(e) => e.preventDefault()}
          >
            {command === 'bold' ? 'B' : command === 'italic' ? 'I' : 'U'}
          </button>
        ))}
      </div>
      <div
        ref={ref}
        className="cd-el__text cd-el__text--editing"
        contentEditable
        suppressContentEditableWarning
        style={textStyle(el, scale)}
        onPointerDown={(e) => e.stopPropagation()}
        onBlur={() => commit(ref.current?.innerHTML ?? null)}
        onKeyDown={(e) => {
          e.stopPropagation();
          if (e.key === 'Escape') ref.current?.blur();
        }}
      />
    </>
  );
}

export function DesignCanvas(props: DesignCanvasProps) {
  const { slide, viewportRatio, scale, selectedId, editingId, onSelect, onEdit, slides, sampleImages, codeLabel, formatLabels } = props;
  const canvasRef = useRef<HTMLDivElement>(null);
  const width = CERTIFICATE_VIEWPORT_SIZE * scale;
  const height = CERTIFICATE_VIEWPORT_SIZE * viewportRatio * scale;

  const startDrag = (e: ReactPointerEvent, el: CertificateElement) => {
    if (e.button !== 0) return;
    e.stopPropagation();
    onSelect(el.id);
    if (editingId === el.id) return;
    const { left, top } = el;
    track(slides, e, (dx, dy) => slides.updateElements(el.id, { left: round(left + dx / scale), top: round(top + dy / scale) }));
  };

  const startResize = (e: ReactPointerEvent, el: CertificateElement, handle: Handle) => {
    e.stopPropagation();
    const { left, top, width: w0, height: h0 } = el;
    const angle = ((el.rotate || 0) * Math.PI) / 180;
    const keepRatio = el.type === 'image' && el.fixedRatio;
    track(slides, e, (sx, sy) => {
      // The pointer's movement in the element's own (unrotated) frame.
      const dx = (sx * Math.cos(angle) + sy * Math.sin(angle)) / scale;
      const dy = (-sx * Math.sin(angle) + sy * Math.cos(angle)) / scale;
      const east = handle.endsWith('e');
      const south = handle.startsWith('s');
      let w = Math.max(MIN_SIZE, east ? w0 + dx : w0 - dx);
      let h = Math.max(MIN_SIZE, south ? h0 + dy : h0 - dy);
      if (keepRatio) h = (w * h0) / w0;
      if (keepRatio && h < MIN_SIZE) {
        h = MIN_SIZE;
        w = (h * w0) / h0;
      }
      slides.updateElements(el.id, {
        width: round(w),
        height: round(h),
        left: round(east ? left : left + (w0 - w)),
        top: round(south ? top : top + (h0 - h)),
      });
    });
  };

  const startRotate = (e: ReactPointerEvent, el: CertificateElement) => {
    e.stopPropagation();
    const box = canvasRef.current?.getBoundingClientRect();
    if (!box) return;
    const cx = box.left + (el.left + el.width / 2) * scale;
    const cy = box.top + (el.top + el.height / 2) * scale;
    track(slides, e, (_dx, _dy, move) => {
      let deg = (Math.atan2(move.clientY - cy, move.clientX - cx) * 180) / Math.PI + 90;
      if (move.shiftKey) deg = Math.round(deg / 15) * 15;
      deg = Math.round(((deg % 360) + 360) % 360);
      slides.updateElements(el.id, { rotate: deg > 180 ? deg - 360 : deg });
    });
  };

  const finishEdit = (el: CertificateTextElement, html: string | null) => {
    onEdit(null);
    if (html === null) return;
    const content = sanitizeCertificateRichText(html);
    if (content !== el.content) slides.updateElements(el.id, { content, contentText: htmlToText(content) });
  };

  const imageSrc = (el: CertificateImageElement): string | undefined => (el.code ? sampleImages[el.code] : el.src) || undefined;

  return (
    <div
      ref={canvasRef}
      className="cd-canvas"
      data-testid="cd-canvas"
      style={{ width, height, background: slide.background ?? '#ffffff' }}
      onPointerDown={() => {
        onSelect(null);
        onEdit(null);
      }}
    >
      {slide.elements.map((el) => {
        const selected = el.id === selectedId;
        const style: CSSProperties = {
          left: el.left * scale,
          top: el.top * scale,
          width: el.width * scale,
          height: el.height * scale,
          transform: el.rotate ? `rotate(${el.rotate}deg)` : undefined,
        };
        const classes = ['cd-el', `cd-el--${el.type}`, selected ? 'cd-el--selected' : '', el.code ? 'cd-el--bound' : ''].filter(Boolean).join(' ');
        return (
          <div
            key={el.id}
            className={classes}
            style={style}
            data-el-id={el.id}
            data-code={el.code || undefined}
            title={el.code ? codeLabel(el.code) : undefined}
            onPointerDown={(e) => startDrag(e, el)}
            onDoubleClick={() => el.type === 'text' && onEdit(el.id)}
          >
            {el.type === 'text' &&
              (editingId === el.id ? (
                <InlineEditor el={el} scale={scale} onDone={(html) => finishEdit(el, html)} labels={formatLabels} />
              ) : (
                <div className="cd-el__text" style={textStyle(el, scale)} dangerouslySetInnerHTML={{ __html: sanitizeCertificateRichText(el.content) }} />
              ))}
            {el.type === 'image' &&
              (imageSrc(el) ? (
                <img className="cd-el__img" src={imageSrc(el)} alt={el.name} draggable={false} style={{ objectFit: el.fixedRatio === false ? 'fill' : 'contain' }} />
              ) : (
                <div className="cd-el__placeholder">{el.code ? codeLabel(el.code) : el.name}</div>
              ))}
            {el.code && <span className="cd-el__badge">{codeLabel(el.code)}</span>}
            {selected && editingId !== el.id && (
              <>
                {HANDLES.map((handle) => (
                  <span key={handle} className={`cd-handle cd-handle--${handle}`} data-handle={handle} onPointerDown={(e) => startResize(e, el, handle)} />
                ))}
                <span className="cd-handle cd-handle--rotate" data-handle="rotate" onPointerDown={(e) => startRotate(e, el)} />
              </>
            )}
          </div>
        );
      })}
    </div>
  );
}
