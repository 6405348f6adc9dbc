import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Button, Card, Drawer, Empty, Input, List, Space, Spin, Tag, Tooltip, Typography, Upload } from 'antd';
import {
  CopyOutlined,
  DeleteOutlined,
  EyeOutlined,
  FileAddOutlined,
  FolderOpenOutlined,
  FontSizeOutlined,
  PictureOutlined,
  RedoOutlined,
  SaveOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  CERTIFICATE_IMAGE_CODES,
  CERTIFICATE_NUMBER_CODES,
  CERTIFICATE_TEMPLATE_CATEGORIES,
  CERTIFICATE_TEXT_CODES,
  CERTIFICATE_VIEWPORT_SIZE,
  type CertificateBindingCode,
  type CertificateElement,
  type CertificateEditScope,
  type CertificateTemplateCategoryId,
  type CertificateTextElement,
} from '@cmp/contracts';
import { confirmDelete, confirmDialog, toast } from '@/app/feedback/feedback';
import { useStore } from '@/app/store/create-store';
import { currentLang } from '@/app/i18n';
import { formatDateTime } from '@/app/i18n/format';
import { uploadImage } from '@/app/api/news.api';
import { HttpError, isReportable } from '@/app/http/client';
import { LoadError, PageHeader } from '@/app/components/PageHeader';
import { chooseTemplateApi } from '../api/service-templates.api';
import { workingCopy, type SavedTemplate, type TemplateApi, type WorkingCopy } from '../api/templates.api';
import { DesignCanvas } from '../components/DesignCanvas';
import { ALIGN_ICONS, Inspector, LAYER_ICONS } from '../components/Inspector';
import { PreviewModal } from '@/app/components/certificate/PreviewModal';
import { createId, createSlideStore, currentSlide, initialSlideState, toDesign } from '../store/slides';
import { alignToCanvas, moveLayer, newImageElement, newTextElement, type CanvasAlign, type LayerMove } from '../templates/elements';
import { sampleValues } from '@/app/components/certificate/sample';
import { useOrganisationSeal } from '@/app/components/certificate/useOrganisationSeal';
import { placeholderFor, starterDesign } from '../templates/starters';
import zhCN from '@/app/i18n/certificate-designer/zh-CN';
import '@/app/i18n/certificate-designer';
import '@/app/components/page.css';
import './designer.css';

/** Spec section 9: the canvas takes 90 % of the stage's width (and must fit its height). */
const CANVAS_PERCENTAGE = 0.9;

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** The certificate designer (menu component certificate/make/index). */
export default function CertificateDesignerPage() {
  const { t, i18n } = useTranslation('certificateDesigner');
  const slides = useMemo(() => createSlideStore(), []);
  const state = useStore(slides.store, (s) => s);
  const slide = currentSlide(state);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [scope, setScope] = useState<CertificateEditScope>('elStyle');
  const [categoryId, setCategoryId] = useState<CertificateTemplateCategoryId | undefined>();
  const [draftId, setDraftId] = useState<string | undefined>();
  // The numbering scheme of a template opened from the service, sent back unchanged when it is saved again.
  const [numbering, setNumbering] = useState<unknown>();
  const [templateApi, setTemplateApi] = useState<TemplateApi | null>(null);
  useEffect(() => {
    void chooseTemplateApi().then(setTemplateApi);
  }, []);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [draftsOpen, setDraftsOpen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const selected = slide.elements.find((el) => el.id === selectedId);

  // The messages in the current language, as one object (the starting templates and samples are built from it).
  const lang = currentLang();
  const messages = useMemo(() => (i18n.getResourceBundle(lang, 'certificateDesigner') as typeof zhCN | undefined) ?? zhCN, [i18n, lang]);
  const orgSeal = useOrganisationSeal(templateApi?.where === 'service');
  const samples = useMemo(() => sampleValues(messages.sample, messages.starter.issuer, orgSeal), [messages, orgSeal]);
  const codeLabel = useCallback((code: string) => t(`codes.${code}`), [t]);

  // Unsaved work from the last visit comes back; otherwise a new design starts untitled in the interface language.
  useEffect(() => {
    const copy = workingCopy.read();
    if (copy) {
      slides.load(copy.design);
      setDraftId(copy.draftId);
      setCategoryId(copy.categoryId as CertificateTemplateCategoryId | undefined);
    } else {
      slides.load({ ...toDesign(slides.get()), title: t('untitled') });
    }
    // Only once: later language switches keep the user's title.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [slides]);

  // Opened from the template list: ?category= starts from that category's starting template, ?id= opens a saved
  // template. The parameter is then dropped, so a reload keeps the work in progress.
  const [params, setParams] = useSearchParams();
  const openCategory = params.get('category');
  const openId = params.get('id');
  useEffect(() => {
    if (openCategory && CERTIFICATE_TEMPLATE_CATEGORIES.some((c) => c.id === openCategory)) {
      const id = openCategory as CertificateTemplateCategoryId;
      slides.load(starterDesign(id, messages, t(`categories.${id}`)));
      setCategoryId(id);
      setDraftId(undefined);
      setNumbering(undefined);
      setParams({}, { replace: true });
    } else if (openId && templateApi) {
      void templateApi.get(openId).then((saved) => {
        if (saved?.design) {
          slides.load(saved.design);
          setNumbering(saved.numbering);
          setDraftId(saved.id);
          setCategoryId(saved.categoryId as CertificateTemplateCategoryId | undefined);
        }
        setParams({}, { replace: true });
      }, () => setParams({}, { replace: true }));
    }
    // Only when the address asks for it (and once the template calls are known).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [openCategory, openId, templateApi]);

  // Keep the working copy current, a moment after the last change; a reload or another address within that moment
  // writes it at once (a reload right after renaming kept the old title). Leaving the screen lets the moment pass.
  const design = useMemo(() => toDesign(state), [state.title, state.slides, state.viewportRatio]); // eslint-disable-line react-hooks/exhaustive-deps
  const pending = useRef<{ timer: number; copy: WorkingCopy } | undefined>(undefined);
  useEffect(() => {
    const copy = { design, draftId, categoryId };
    window.clearTimeout(pending.current?.timer);
    const timer = window.setTimeout(() => {
      workingCopy.write(copy);
      pending.current = undefined;
    }, 300);
    pending.current = { timer, copy };
  }, [design, draftId, categoryId]);
  useEffect(() => {
    const flush = () => pending.current && workingCopy.write(pending.current.copy);
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, []);

  // --- canvas size ------------------------------------------------------------------------------------------
  const stageRef = useRef<HTMLDivElement>(null);
  const [stage, setStage] = useState({ width: 800, height: 600 });
  useLayoutEffect(() => {
    const node = stageRef.current;
    if (!node) return undefined;
    const observer = new ResizeObserver(([entry]) => setStage({ width: entry.contentRect.width, height: entry.contentRect.height }));
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  const scale = Math.max(
    0.2,
    Math.min((stage.width * CANVAS_PERCENTAGE) / CERTIFICATE_VIEWPORT_SIZE, (stage.height * CANVAS_PERCENTAGE) / (CERTIFICATE_VIEWPORT_SIZE * state.viewportRatio)),
  );

  // --- actions ----------------------------------------------------------------------------------------------
  const select = (id: string | null) => {
    setSelectedId(id);
    if (id !== editingId) setEditingId(null);
  };

  const addText = (code?: CertificateBindingCode) => {
    const text = code ? placeholderFor(code, messages) : t('style.content');
    const el = newTextElement(text, {
      left: 350,
      top: (CERTIFICATE_VIEWPORT_SIZE * state.viewportRatio) / 2 - 20,
      code: code as CertificateTextElement['code'],
      name: code ? t(`codes.${code}`) : text,
      source: code,
    });
    slides.addElements(el);
    select(el.id);
  };

  const addImage = (src: string, code?: (typeof CERTIFICATE_IMAGE_CODES)[number]) => {
    const el = newImageElement(src, { code, name: code ? t(`codes.${code}`) : 'image', left: 440, top: (CERTIFICATE_VIEWPORT_SIZE * state.viewportRatio) / 2 - 60 });
    slides.addElements(el);
    select(el.id);
  };

  /** A palette click binds the selected element when the kinds match, otherwise adds a bound element. */
  const applyCode = (code: CertificateBindingCode) => {
    const isImage = (CERTIFICATE_IMAGE_CODES as readonly string[]).includes(code);
    if (selected && (selected.type === 'image') === isImage) {
      slides.updateElements(selected.id, { code } as Partial<CertificateTextElement>);
      return;
    }
    if (isImage) addImage('', code as (typeof CERTIFICATE_IMAGE_CODES)[number]);
    else addText(code);
  };

  const uploadAnd = async (file: File, then: (url: string) => void) => {
    setUploading(true);
    try {
      then((await uploadImage(file)).url);
    } catch (e) {
      toast((e as Error).message, 'error');
    } finally {
      setUploading(false);
    }
  };

  const align = (how: CanvasAlign) => selected && slides.updateElements(selected.id, alignToCanvas(selected, how, state.viewportRatio));
  const layer = (move: LayerMove) => selected && slides.updateSlide({ elements: moveLayer(slide.elements, selected.id, move) });
  /** A copy of the selected element, nudged down and right so it is visible, becomes the selection. */
  const clipboard = useRef<CertificateElement | null>(null);
  const paste = (source: CertificateElement | null | undefined) => {
    if (!source) return;
    const copy = { ...source, id: createId(), left: source.left + 20, top: source.top + 20 } as CertificateElement;
    slides.addElements(copy);
    select(copy.id);
  };
  const remove = () => {
    if (!selected) return;
    slides.deleteElements(selected.id);
    select(null);
  };

  const startFromCategory = async (id: CertificateTemplateCategoryId) => {
    const name = t(`categories.${id}`);
    if (slide.elements.length && (await confirmDialog(t('categories.replaceConfirm', { name }))) !== 'confirm') return;
    slides.load(starterDesign(id, messages, name));
    setCategoryId(id);
    setDraftId(undefined);
    select(null);
  };

  const newBlank = async () => {
    if (slide.elements.length && (await confirmDialog(t('toolbar.newBlankConfirm'))) !== 'confirm') return;
    slides.load({ ...initialSlideState(), title: t('untitled') });
    setCategoryId(undefined);
    setDraftId(undefined);
    setNumbering(undefined);
    select(null);
  };

  const save = async () => {
    if (!templateApi) return;
    try {
      const saved = await templateApi.save({ id: draftId, categoryId, design: toDesign(slides.get()), numbering });
      setDraftId(saved.id);
      setNumbering(saved.numbering);
      toast(t(templateApi.where === 'service' ? 'drafts.savedService' : 'drafts.saved', { title: saved.title }), 'success');
    } catch (e) {
      // The HTTP client has already shown a refused call's message (e.g. the service's check of the design).
      if (!(e instanceof HttpError && e.silent)) toast(t('drafts.saveFailed', { reason: (e as Error).message }), 'error');
    }
  };

  // --- keyboard: undo/redo, delete, nudge ----------------------------------------------------------------------
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e.target) || previewOpen || draftsOpen) return;
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (mod && key === 'z' && !e.shiftKey) slides.undo();
      else if (mod && (key === 'y' || (key === 'z' && e.shiftKey))) slides.redo();
      else if (mod && key === 'c' && selected) clipboard.current = selected;
      else if (mod && key === 'v' && clipboard.current) paste(clipboard.current);
      else if (mod && key === 'd' && selected) paste(selected);
      else if (selected && (e.key === 'Delete' || e.key === 'Backspace')) remove();
      else if (selected && e.key.startsWith('Arrow')) {
        const step = e.shiftKey ? 10 : 1;
        const dx = { ArrowLeft: -step, ArrowRight: step }[e.key] ?? 0;
        const dy = { ArrowUp: -step, ArrowDown: step }[e.key] ?? 0;
        slides.updateElements(selected.id, { left: selected.left + dx, top: selected.top + dy });
      } else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const codeGroups: [string, readonly CertificateBindingCode[]][] = [
    ['text', CERTIFICATE_TEXT_CODES],
    ['number', CERTIFICATE_NUMBER_CODES],
    ['image', CERTIFICATE_IMAGE_CODES],
  ];

  return (
    <div className="system-page cd-page" data-testid="certificate-designer">
      <PageHeader
        title={t('title')}
        extra={
          <Space wrap>
            <Button icon={<FileAddOutlined />} onClick={() => void newBlank()} data-testid="cd-new">
              {t('toolbar.newBlank')}
            </Button>
            <Button icon={<FolderOpenOutlined />} onClick={() => setDraftsOpen(true)} data-testid="cd-drafts">
              {t('toolbar.drafts')}
            </Button>
            <Button icon={<EyeOutlined />} onClick={() => setPreviewOpen(true)} data-testid="cd-preview">
              {t('toolbar.preview')}
            </Button>
            <Button type="primary" icon={<SaveOutlined />} onClick={save} loading={!templateApi} data-testid="cd-save">
              {t('toolbar.save')}
            </Button>
          </Space>
        }
      />
      <div className="cd-toolbar" role="toolbar">
        <Input
          className="cd-title"
          aria-label={t('titlePlaceholder')}
          placeholder={t('titlePlaceholder')}
          value={state.title}
          onChange={(e) => slides.setTitle(e.target.value, '')}
          onBlur={(e) => slides.setTitle(e.target.value, t('untitled'))}
        />
        <Tooltip title={t('toolbar.undo')}>
          <Button icon={<UndoOutlined />} aria-label={t('toolbar.undo')} disabled={!state.canUndo} onClick={slides.undo} data-testid="cd-undo" />
        </Tooltip>
        <Tooltip title={t('toolbar.redo')}>
          <Button icon={<RedoOutlined />} aria-label={t('toolbar.redo')} disabled={!state.canRedo} onClick={slides.redo} data-testid="cd-redo" />
        </Tooltip>
        <span className="cd-toolbar__sep" />
        {(Object.keys(ALIGN_ICONS) as CanvasAlign[]).map((how) => (
          <Tooltip key={how} title={t(`align.${how}`)}>
            <Button icon={ALIGN_ICONS[how]} aria-label={t(`align.${how}`)} disabled={!selected} onClick={() => align(how)} />
          </Tooltip>
        ))}
        <span className="cd-toolbar__sep" />
        {(Object.keys(LAYER_ICONS) as LayerMove[]).map((move) => (
          <Tooltip key={move} title={t(`layer.${move}`)}>
            <Button icon={LAYER_ICONS[move]} aria-label={t(`layer.${move}`)} disabled={!selected} onClick={() => layer(move)} />
          </Tooltip>
        ))}
        <span className="cd-toolbar__sep" />
        <Tooltip title={t('toolbar.duplicate')}>
          <Button icon={<CopyOutlined />} aria-label={t('toolbar.duplicate')} disabled={!selected} onClick={() => paste(selected)} />
        </Tooltip>
        <Tooltip title={t('toolbar.delete')}>
          <Button danger icon={<DeleteOutlined />} aria-label={t('toolbar.delete')} disabled={!selected} onClick={remove} />
        </Tooltip>
      </div>
      <div className="cd-body">
        <aside className="cd-side cd-side--left">
          <Card size="small" title={t('categories.title')}>
            <Typography.Paragraph type="secondary" className="cd-hint">
              {t('categories.hint')}
            </Typography.Paragraph>
            <div className="cd-categories">
              {CERTIFICATE_TEMPLATE_CATEGORIES.map((category) => (
                <button
                  key={category.id}
                  type="button"
                  className={`cd-category${category.id === categoryId ? ' cd-category--active' : ''}`}
                  data-category={category.id}
                  onClick={() => void startFromCategory(category.id)}
                >
                  <span className="cd-category__name">{t(`categories.${category.id}`)}</span>
                  <Tag bordered={false} color={category.orientation === 'portrait' ? 'purple' : 'blue'}>
                    {t(`categories.${category.orientation}`)}
                  </Tag>
                </button>
              ))}
            </div>
          </Card>
          <Card size="small">
            <Space wrap>
              <Button icon={<FontSizeOutlined />} onClick={() => addText()} data-testid="cd-add-text">
                {t('toolbar.addText')}
              </Button>
              <Upload accept="image/png,image/jpeg,image/webp,image/gif" showUploadList={false} beforeUpload={(file) => (void uploadAnd(file, (url) => addImage(url)), false)}>
                <Button icon={<PictureOutlined />} loading={uploading}>
                  {t('toolbar.addImage')}
                </Button>
              </Upload>
            </Space>
          </Card>
          <Card size="small" title={t('palette.title')}>
            <Typography.Paragraph type="secondary" className="cd-hint">
              {t('palette.hint')}
            </Typography.Paragraph>
            {codeGroups.map(([group, codes]) => (
              <div key={group} className="cd-palette">
                <div className="cd-palette__title">{t(`palette.${group}`)}</div>
                <Space wrap size={[4, 4]}>
                  {codes.map((code) => (
                    <Tag.CheckableTag key={code} checked={selected?.code === code} data-code={code} onChange={() => applyCode(code)}>
                      {t(`codes.${code}`)}
                    </Tag.CheckableTag>
                  ))}
                </Space>
              </div>
            ))}
          </Card>
        </aside>
        <main className="cd-stage" ref={stageRef}>
          <DesignCanvas
            slide={slide}
            viewportRatio={state.viewportRatio}
            scale={scale}
            selectedId={selectedId}
            editingId={editingId}
            onSelect={select}
            onEdit={setEditingId}
            slides={slides}
            sampleImages={{ qrCode: samples.typical.qrCode as string, seal: samples.typical.seal as string }}
            codeLabel={codeLabel}
            formatLabels={{ bold: t('style.bold'), italic: t('style.italic'), underline: t('style.underline') }}
          />
        </main>
        <aside className="cd-side cd-side--right" data-testid="cd-inspector">
          <Card size="small">
            <Inspector
              element={selected}
              scope={scope}
              onScope={setScope}
              slides={slides}
              onAlign={align}
              onLayer={layer}
              onReplaceImage={(file) => selected && void uploadAnd(file, (src) => slides.updateElements(selected.id, { src }))}
            />
          </Card>
        </aside>
      </div>
      <PreviewModal design={design} samples={samples} open={previewOpen} onClose={() => setPreviewOpen(false)} />
      <DraftsDrawer
        api={templateApi}
        open={draftsOpen}
        onClose={() => setDraftsOpen(false)}
        onOpenDraft={async (draft) => {
          if (!templateApi) return;
          if (slide.elements.length && draft.id !== draftId && (await confirmDialog(t('drafts.openConfirm', { title: draft.title }))) !== 'confirm') return;
          // Lists from the service leave the design out.
          const full = draft.design ? draft : await templateApi.get(draft.id).catch(() => undefined);
          if (!full?.design) return;
          slides.load(full.design);
          setNumbering(full.numbering);
          setDraftId(draft.id);
          setCategoryId(draft.categoryId as CertificateTemplateCategoryId | undefined);
          select(null);
          setDraftsOpen(false);
        }}
      />
    </div>
  );
}

function DraftsDrawer({ api, open, onClose, onOpenDraft }: {
  api: TemplateApi | null;
  open: boolean;
  onClose: () => void;
  onOpenDraft: (draft: SavedTemplate) => void;
}) {
  const { t } = useTranslation('certificateDesigner');
  const [drafts, setDrafts] = useState<SavedTemplate[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(() => {
    if (!api) return;
    setDrafts(null);
    setError(null);
    api.list().then(setDrafts, (e: unknown) => {
      setDrafts([]);
      if (isReportable(e)) setError((e as Error).message);
    });
  }, [api]);
  useEffect(() => {
    if (open) reload();
  }, [open, reload]);
  return (
    <Drawer open={open} onClose={onClose} title={t('drafts.title')} width={420}>
      <Typography.Paragraph type="secondary">{t(api?.where === 'service' ? 'drafts.serviceNote' : 'drafts.localNote')}</Typography.Paragraph>
      <LoadError error={error} onRetry={reload} />
      {drafts === null ? (
        <Spin />
      ) : drafts.length === 0 ? (
        <Empty description={t('drafts.empty')} />
      ) : (
        <List
          dataSource={drafts}
          renderItem={(draft) => (
            <List.Item
              actions={[
                <Button key="open" type="link" size="small" onClick={() => onOpenDraft(draft)}>
                  {t('drafts.open')}
                </Button>,
                <Button
                  key="delete"
                  type="link"
                  danger
                  size="small"
                  onClick={() =>
                    void confirmDelete({
                      question: t('drafts.deleteConfirm', { title: draft.title }),
                      okText: t('drafts.delete'),
                      done: t('drafts.deleted'),
                      run: () => (api ? api.remove(draft.id) : Promise.resolve()),
                    }).then((deleted) => deleted && reload())
                  }
                >
                  {t('drafts.delete')}
                </Button>,
              ]}
            >
              <List.Item.Meta title={draft.title} description={t('drafts.savedAt', { time: formatDateTime(draft.updatedAt, currentLang()) })} />
            </List.Item>
          )}
        />
      )}
    </Drawer>
  );
}
