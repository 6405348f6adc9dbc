import { useEffect, useState } from 'react';
import { Alert, Button, Descriptions, Result, Space, Spin, Typography } from 'antd';
import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { formatDateTime } from '@/app/i18n/format';
import { useLang } from '@/app/i18n/hooks';
import './pdf-preview.css';

/** Only the platform's own signed links are shown (never an arbitrary address handed in the query). */
const isFileLink = (src: string | null): src is string => !!src && src.startsWith('/prod-api/file/link?');

type Check = { state: 'checking' } | { state: 'ok' } | { state: 'refused'; message: string };

/**
 * /preview, /preview/detail and /pdf: a stored PDF behind a signed, expiring link (`src`), in the browser's own
 * viewer. /pdf is the bare viewer; /preview adds the title, when the link ends, download and open buttons (phones
 * open PDFs outside the page); /preview/detail adds the file's details. A link that is not valid or has expired
 * says so and how to get a new one.
 */
function PdfPreview({ variant }: { variant: 'pdf' | 'preview' | 'detail' }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [params] = useSearchParams();
  const src = params.get('src');
  const link = isFileLink(src) ? new URLSearchParams(src.slice(src.indexOf('?') + 1)) : null;
  const title = params.get('title') || link?.get('n') || t('pdfPreview.untitled');
  const expires = link ? new Date(Number(link.get('e')) * 1000) : null;
  const [check, setCheck] = useState<Check>({ state: 'checking' });

  useEffect(() => {
    if (!isFileLink(src)) return setCheck({ state: 'refused', message: t('pdfPreview.noLink') });
    const controller = new AbortController();
    // A HEAD first: an expired link answers the platform's envelope, which the viewer would show as garbage.
    const headers = { 'Accept-Language': lang };
    fetch(src, { method: 'HEAD', headers, signal: controller.signal })
      .then(async (r) => {
        if (r.ok && r.headers.get('content-type') === 'application/pdf') return setCheck({ state: 'ok' });
        const body = (await fetch(src, { headers, signal: controller.signal }).then((x) => x.json()).catch(() => null)) as { msg?: string } | null;
        setCheck({ state: 'refused', message: body?.msg || t('pdfPreview.expired') });
      })
      .catch(() => !controller.signal.aborted && setCheck({ state: 'refused', message: t('pdfPreview.expired') }));
    return () => controller.abort();
  }, [src, t, lang]);

  if (check.state === 'checking') return <Spin className="pdf-preview__spin" />;
  if (check.state === 'refused') return <Result status="warning" title={t('pdfPreview.refusedTitle')} subTitle={check.message} />;
  const viewer = <iframe className="pdf-preview__frame" src={src!} title={title} data-testid="pdf-frame" />;
  if (variant === 'pdf') return <div className="pdf-preview pdf-preview--bare">{viewer}</div>;
  return (
    <div className="pdf-preview">
      <div className="pdf-preview__bar">
        <Typography.Title level={4} className="pdf-preview__title" ellipsis>
          {title}
        </Typography.Title>
        <Space wrap>
          <Button icon={<ExportOutlined />} href={src!} target="_blank" rel="noopener">
            {t('pdfPreview.open')}
          </Button>
          <Button type="primary" icon={<DownloadOutlined />} href={`${src}&download=1`}>
            {t('pdfPreview.download')}
          </Button>
        </Space>
      </div>
      {expires && <Alert type="info" showIcon className="pdf-preview__note" message={t('pdfPreview.until', { time: formatDateTime(expires, lang, 'minute') })} />}
      {variant === 'detail' && link && (
        <Descriptions size="small" bordered column={{ xs: 1, md: 3 }} className="pdf-preview__details">
          <Descriptions.Item label={t('pdfPreview.fileName')}>{link.get('n')}</Descriptions.Item>
          <Descriptions.Item label={t('pdfPreview.type')}>PDF</Descriptions.Item>
          <Descriptions.Item label={t('pdfPreview.validUntil')}>{expires ? formatDateTime(expires, lang, 'second') : '-'}</Descriptions.Item>
        </Descriptions>
      )}
      {viewer}
    </div>
  );
}

export const PreviewPage = () => <PdfPreview variant="preview" />;
export const PreviewDetailPage = () => <PdfPreview variant="detail" />;
export const PdfPage = () => <PdfPreview variant="pdf" />;
