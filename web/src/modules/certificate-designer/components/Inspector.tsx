import { Button, ColorPicker, Empty, Form, InputNumber, Segmented, Select, Space, Switch, Tabs, Tooltip, Typography, Upload } from 'antd';
import {
  AlignLeftOutlined,
  AlignRightOutlined,
  ColumnWidthOutlined,
  DownOutlined,
  UpOutlined,
  UploadOutlined,
  VerticalAlignBottomOutlined,
  VerticalAlignMiddleOutlined,
  VerticalAlignTopOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  CERTIFICATE_DEFAULT_VIEWPORT_RATIO,
  CERTIFICATE_EDIT_SCOPES,
  CERTIFICATE_PORTRAIT_VIEWPORT_RATIO,
  CERTIFICATE_FONTS,
  CERTIFICATE_IMAGE_CODES,
  CERTIFICATE_NUMBER_CODES,
  CERTIFICATE_TEXT_CODES,
  type CertificateEditScope,
  type CertificateElement,
  type CertificateImageElement,
  type CertificateTextElement,
} from '@cmp/contracts';
import { useStore } from '@/app/store/create-store';
import { currentSlide, type SlideStore } from '../store/slides';
import type { CanvasAlign, LayerMove } from '../templates/elements';
import '@/app/i18n/certificate-designer';

export const ALIGN_ICONS: Record<CanvasAlign, React.ReactNode> = {
  left: <AlignLeftOutlined />,
  hcenter: <ColumnWidthOutlined />,
  right: <AlignRightOutlined />,
  top: <VerticalAlignTopOutlined />,
  vcenter: <VerticalAlignMiddleOutlined />,
  bottom: <VerticalAlignBottomOutlined />,
};
export const LAYER_ICONS: Record<LayerMove, React.ReactNode> = {
  top: <VerticalAlignTopOutlined />,
  up: <UpOutlined />,
  down: <DownOutlined />,
  bottom: <VerticalAlignBottomOutlined />,
};

export interface InspectorProps {
  element: CertificateElement | undefined;
  scope: CertificateEditScope;
  onScope: (scope: CertificateEditScope) => void;
  slides: SlideStore;
  onAlign: (how: CanvasAlign) => void;
  onLayer: (move: LayerMove) => void;
  onReplaceImage: (file: File) => void;
}

/** The selected element's settings, in the two edit scopes of spec section 3: its style and its position. */
export function Inspector({ element, scope, onScope, slides, onAlign, onLayer, onReplaceImage }: InspectorProps) {
  const { t } = useTranslation('certificateDesigner');
  if (!element) return <CanvasSettings slides={slides} />;
  const update = (props: Partial<CertificateElement>) => slides.updateElements(element.id, props);

  const style =
    element.type === 'text' ? (
      <TextStyle
        el={element}
        update={update}
        onClearCode={() => slides.removeElementProps(element.id, 'code')}
        onClearHide={() => slides.removeElementProps(element.id, 'hideWhenEmpty')}
      />
    ) : (
      <ImageStyle el={element} update={update} onClearCode={() => slides.removeElementProps(element.id, 'code')} onReplace={onReplaceImage} />
    );

  const num = (key: 'left' | 'top' | 'width' | 'height' | 'rotate', min?: number, max?: number) => (
    <Form.Item label={t(`position.${key}`)}>
      <InputNumber
        aria-label={t(`position.${key}`)}
        data-field={key}
        value={element[key]}
        min={min}
        max={max}
        step={key === 'rotate' ? 1 : 5}
        onChange={(value) => typeof value === 'number' && update({ [key]: value })}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );

  const position = (
    <Form layout="vertical" size="small" className="cd-form">
      <div className="cd-grid2">
        {num('left')}
        {num('top')}
        {num('width', 10)}
        {num('height', 10)}
      </div>
      {num('rotate', -180, 180)}
      <Form.Item label={t('position.alignToCanvas')}>
        <Space wrap size={4}>
          {(Object.keys(ALIGN_ICONS) as CanvasAlign[]).map((how) => (
            <Tooltip key={how} title={t(`align.${how}`)}>
              <Button size="small" icon={ALIGN_ICONS[how]} aria-label={t(`align.${how}`)} onClick={() => onAlign(how)} />
            </Tooltip>
          ))}
        </Space>
      </Form.Item>
      <Form.Item label={t('position.layer')}>
        <Space wrap size={4}>
          {(Object.keys(LAYER_ICONS) as LayerMove[]).map((move) => (
            <Tooltip key={move} title={t(`layer.${move}`)}>
              <Button size="small" icon={LAYER_ICONS[move]} aria-label={t(`layer.${move}`)} onClick={() => onLayer(move)} />
            </Tooltip>
          ))}
        </Space>
      </Form.Item>
    </Form>
  );

  return (
    <Tabs
      size="small"
      activeKey={scope}
      onChange={(key) => onScope(key as CertificateEditScope)}
      items={CERTIFICATE_EDIT_SCOPES.map((key) => ({ key, label: t(`scopes.${key}`), children: key === 'elStyle' ? style : position }))}
    />
  );
}

/** With nothing selected: the canvas itself, its orientation and background. */
function CanvasSettings({ slides }: { slides: SlideStore }) {
  const { t } = useTranslation('certificateDesigner');
  const state = useStore(slides.store, (s) => s);
  const slide = currentSlide(state);
  const portrait = state.viewportRatio > 1;
  return (
    <>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noSelection')} />
      <Form layout="vertical" size="small" className="cd-form" data-testid="cd-canvas-settings">
        <Typography.Title level={5}>{t('canvas.title')}</Typography.Title>
        <Form.Item label={t('canvas.orientation')} extra={t('canvas.orientationHint')}>
          <Segmented
            value={portrait ? 'portrait' : 'landscape'}
            onChange={(value) => slides.setViewportRatio(value === 'portrait' ? CERTIFICATE_PORTRAIT_VIEWPORT_RATIO : CERTIFICATE_DEFAULT_VIEWPORT_RATIO)}
            options={[
              { value: 'landscape', label: t('categories.landscape') },
              { value: 'portrait', label: t('categories.portrait') },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('canvas.background')}>
          <Space>
            <ColorPicker value={slide.background ?? '#ffffff'} onChangeComplete={(c) => slides.updateSlide({ background: c.toHexString() })} showText />
            <Button size="small" disabled={!slide.background} onClick={() => slides.removeSlideProps('background')}>
              {t('canvas.resetBackground')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
    </>
  );
}

interface TextStyleProps {
  el: CertificateTextElement;
  update: (p: Partial<CertificateTextElement>) => void;
  onClearCode: () => void;
  onClearHide: () => void;
}

function TextStyle({ el, update, onClearCode, onClearHide }: TextStyleProps) {
  const { t } = useTranslation('certificateDesigner');
  const codes = [...CERTIFICATE_TEXT_CODES, ...CERTIFICATE_NUMBER_CODES];
  return (
    <Form layout="vertical" size="small" className="cd-form">
      <Form.Item label={t('style.binding')}>
        <Select
          data-field="code"
          value={el.code || ''}
          onChange={(code: string) => (code ? update({ code: code as CertificateTextElement['code'] }) : onClearCode())}
          options={[{ value: '', label: t('style.noBinding') }, ...codes.map((code) => ({ value: code, label: t(`codes.${code}`) }))]}
          showSearch
          optionFilterProp="label"
        />
      </Form.Item>
      {/* A fixed text (a label such as 指导教师：) can disappear with an empty field, so no blank label prints. */}
      {!el.code && (
        <Form.Item label={t('style.hideWhenEmpty')} extra={t('style.hideWhenEmptyHint')}>
          <Select
            data-field="hideWhenEmpty"
            value={el.hideWhenEmpty || ''}
            onChange={(code: string) => (code ? update({ hideWhenEmpty: code as CertificateTextElement['hideWhenEmpty'] }) : onClearHide())}
            options={[{ value: '', label: t('style.alwaysShow') }, ...CERTIFICATE_TEXT_CODES.map((code) => ({ value: code, label: t(`codes.${code}`) }))]}
            showSearch
            optionFilterProp="label"
          />
        </Form.Item>
      )}
      <Form.Item label={t('style.font')}>
        <Select
          data-field="fontFamily"
          value={el.fontFamily || el.defaultFontName}
          onChange={(fontFamily) => update({ fontFamily })}
          options={CERTIFICATE_FONTS.map((font) => ({ value: font.value, label: <span style={{ fontFamily: font.families.map((f) => `"${f}"`).join(',') }}>{t(`fonts.${font.value}`)}</span> }))}
        />
      </Form.Item>
      <div className="cd-grid2">
        <Form.Item label={t('style.fontSize')}>
          <InputNumber data-field="fontSize" aria-label={t('style.fontSize')} min={6} max={300} value={el.fontSize} onChange={(v) => typeof v === 'number' && update({ fontSize: v })} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label={t('style.color')}>
          <ColorPicker value={el.color} onChangeComplete={(c) => update({ color: c.toHexString() })} showText />
        </Form.Item>
      </div>
      <Form.Item label={t('style.align')}>
        <Segmented
          value={el.align ?? 'left'}
          onChange={(align) => update({ align: align as CertificateTextElement['align'] })}
          options={[
            { value: 'left', label: t('style.alignLeft') },
            { value: 'center', label: t('style.alignCenter') },
            { value: 'right', label: t('style.alignRight') },
          ]}
        />
      </Form.Item>
      <Space size="large">
        <Form.Item label={t('style.bold')}>
          <Switch data-field="bold" checked={el.bold} onChange={(bold) => update({ bold })} />
        </Form.Item>
        <Form.Item label={t('style.vertical')}>
          <Switch data-field="vertical" checked={el.vertical} onChange={(vertical) => update({ vertical })} />
        </Form.Item>
      </Space>
      <Typography.Text type="secondary" className="cd-hint">
        {t('style.contentHint')}
      </Typography.Text>
    </Form>
  );
}

function ImageStyle({ el, update, onClearCode, onReplace }: {
  el: CertificateImageElement;
  update: (p: Partial<CertificateImageElement>) => void;
  onClearCode: () => void;
  onReplace: (file: File) => void;
}) {
  const { t } = useTranslation('certificateDesigner');
  return (
    <Form layout="vertical" size="small" className="cd-form">
      <Form.Item label={t('style.binding')}>
        <Select
          data-field="code"
          value={el.code || ''}
          onChange={(code: string) => (code ? update({ code: code as CertificateImageElement['code'] }) : onClearCode())}
          options={[{ value: '', label: t('style.noBinding') }, ...CERTIFICATE_IMAGE_CODES.map((code) => ({ value: code, label: t(`codes.${code}`) }))]}
        />
      </Form.Item>
      <Form.Item label={t('style.fixedRatio')}>
        <Switch checked={el.fixedRatio} onChange={(fixedRatio) => update({ fixedRatio })} />
      </Form.Item>
      {!el.code && (
        <Upload accept="image/png,image/jpeg,image/webp,image/gif" showUploadList={false} beforeUpload={(file) => (onReplace(file), false)}>
          <Button icon={<UploadOutlined />}>{t('style.replaceImage')}</Button>
        </Upload>
      )}
    </Form>
  );
}

