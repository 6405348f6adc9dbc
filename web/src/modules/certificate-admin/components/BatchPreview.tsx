import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Alert, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { certificatePageSize, renderCertificateHtml, type CertificateDesign, type CertificateValues } from '@cmp/contracts';
import { markOverflow } from '@/app/components/certificate/overflow';
import { NS } from './shared';

const PX_PER_MM = 96 / 25.4;
/** The renderer's preview chrome puts 6 mm of backdrop around the page. */
const CHROME_MM = 12;
/** Wide enough to read, small enough to see a whole certificate on a laptop screen. */
const MAX_WIDTH = 900;

/**
 * Certificates of a batch rendered in the browser by the worker's own renderer (certificate-design.ts), scaled to the
 * width available, each checked for text spilling out of its box once its fonts are in.
 */
export function BatchPreview({ design, values }: { design: CertificateDesign; values: CertificateValues[] }) {
  const { t } = useTranslation(NS);
  const { t: td } = useTranslation('certificateDesigner');
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(800);
  const [overflow, setOverflow] = useState<Record<number, string[]>>({});
  useLayoutEffect(() => {
    const node = box.current;
    if (!node) return undefined;
    const observer = new ResizeObserver(([entry]) => setWidth(entry.contentRect.width));
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  const page = certificatePageSize(design.viewportRatio);
  const frameW = Math.round(page.widthMm * PX_PER_MM);
  const frameH = Math.round((page.heightMm + CHROME_MM) * PX_PER_MM);
  const scale = Math.min(1, Math.min(width, MAX_WIDTH) / frameW);
  const docs = useMemo(
    () => values.map((v) => renderCertificateHtml(design, v, { previewChrome: true, markMissing: true, baseUrl: `${window.location.origin}/` })),
    [design, values],
  );
  const measured = Object.keys(overflow).length === values.length;
  const spilled = [...new Set(Object.values(overflow).flat())];

  return (
    <div className="ca-preview" ref={box} data-testid="ca-batch-preview">
      {!values.length && <Empty description={t('check.emptyList')} />}
      {values.length > 0 &&
        (!measured ? (
          <Alert type="info" showIcon message={t('check.measuring')} />
        ) : spilled.length ? (
          <Alert type="warning" showIcon message={t('check.overflow', { fields: spilled.join('、') })} data-testid="ca-overflow" />
        ) : (
          <Alert type="success" showIcon message={t('check.fits')} data-testid="ca-fits" />
        ))}
      {docs.map((html, i) => (
        <div key={i} className="ca-preview__box" style={{ width: frameW * scale, height: frameH * scale }}>
          <iframe
            title={`certificate-${i + 1}`}
            className="ca-preview__frame"
            // No scripts; same origin only so the overflow check can read the layout.
            sandbox="allow-same-origin"
            srcDoc={html}
            style={{ width: frameW, height: frameH, transform: `scale(${scale})` }}
            onLoad={(e) => {
              const doc = e.currentTarget.contentDocument;
              if (!doc) return;
              void doc.fonts.ready.then(() => setOverflow((o) => ({ ...o, [i]: markOverflow(doc, (code) => td(`codes.${code}`)) })));
            }}
          />
        </div>
      ))}
    </div>
  );
}
