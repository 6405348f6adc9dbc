import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Modal, Segmented, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { certificatePageSize, renderCertificateHtml, type CertificateDesign, type CertificateValues } from '@cmp/contracts';
import '@/app/i18n/certificate-designer';
import { markOverflow } from './overflow';

type SampleKind = 'typical' | 'longest';
const PX_PER_MM = 96 / 25.4;

/**
 * The certificate exactly as the worker prints it (same renderer, same fonts), filled with sample data. The
 * "longest" set holds the longest names a batch may contain; any text that spills out of its element is
 * outlined and named, so it is fixed before issuing.
 */
export function PreviewModal({ design, samples, open, onClose }: {
  design: CertificateDesign;
  samples: Record<SampleKind, CertificateValues>;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('certificateDesigner');
  const [kind, setKind] = useState<SampleKind>('typical');
  const [overflow, setOverflow] = useState<string[] | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  // Each opening starts from the typical data.
  useEffect(() => {
    if (open) {
      setKind('typical');
      setOverflow(null);
    }
  }, [open]);
  const page = certificatePageSize(design.viewportRatio);
  const html = useMemo(
    () => renderCertificateHtml(design, samples[kind], { previewChrome: true, markMissing: true, baseUrl: `${window.location.origin}/` }),
    [design, samples, kind],
  );

  const measure = () => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    // Measure once the fonts are in: fallback metrics would give a wrong answer.
    void doc.fonts.ready.then(() => setOverflow(markOverflow(doc, (code) => t(`codes.${code}`))));
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      width={Math.round(page.widthMm * PX_PER_MM) + 80}
      title={t('preview.title', { title: design.title })}
      footer={<Button onClick={onClose}>{t('preview.close')}</Button>}
      destroyOnHidden
      centered
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <Segmented<SampleKind>
            value={kind}
            onChange={(value) => {
              setOverflow(null);
              setKind(value);
            }}
            options={[
              { value: 'typical', label: t('preview.typical') },
              { value: 'longest', label: t('preview.longest') },
            ]}
          />
          <Typography.Text type="secondary">{t('preview.note')}</Typography.Text>
        </Space>
        {overflow &&
          (overflow.length ? (
            <Alert type="warning" showIcon data-testid="cd-overflow" message={t('preview.overflow', { fields: overflow.join('、') })} />
          ) : (
            <Alert type="success" showIcon data-testid="cd-fits" message={t('preview.fits')} />
          ))}
        <iframe
          ref={frame}
          title="certificate-preview"
          className="cd-preview-frame"
          // No scripts in the preview; same origin only so the overflow check can read the layout.
          sandbox="allow-same-origin"
          srcDoc={html}
          onLoad={measure}
          style={{ width: '100%', height: Math.min(Math.round(page.heightMm * PX_PER_MM) + 60, 1240) }}
        />
      </Space>
    </Modal>
  );
}
