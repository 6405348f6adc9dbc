import { useEffect, useState } from 'react';
import { Button, Card, Empty, Result, Spin, Tabs, Typography } from 'antd';
import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ReviewFile } from '@cmp/contracts';
import { API_BASE } from '@/app/config/constants';
import { http } from '@/app/http/client';
import { reviewApi } from '../api/review.api';
import { NS } from './shared';

/**
 * One file of the work, shown in the page. A PDF opens in the browser's own viewer from a short-lived link ending in
 * the file's name (the viewer's title); images and video are fetched with the login's token and shown from an object
 * URL; other files download.
 */
function InlineFile({ file }: { file: ReviewFile }) {
  const { t } = useTranslation(NS);
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (file.view === 'download') return;
    let url: string | null = null;
    let live = true;
    setSrc(null);
    setFailed(false);
    const shown =
      file.view === 'pdf'
        ? reviewApi.fileLink(file.url).then((link) => `${API_BASE}${link.url}`)
        : reviewApi.file(file.url).then(({ blob }) => (live ? (url = URL.createObjectURL(blob)) : null));
    shown.then((s) => live && s && setSrc(s)).catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [file.url, file.view]);

  const download = () => void http.download(file.url, undefined, file.name).catch(() => undefined);
  const bar = (
    <div className="review-file__bar">
      <Typography.Text className="review-file__name" title={file.name}>
        {file.name}
      </Typography.Text>
      <span>
        {src && file.view !== 'download' && (
          <Button size="small" type="link" icon={<ExportOutlined />} href={src} target="_blank" rel="noopener">
            {t('score.openNew')}
          </Button>
        )}
        <Button size="small" type="link" icon={<DownloadOutlined />} onClick={download}>
          {t('score.download')}
        </Button>
      </span>
    </div>
  );

  if (file.view === 'download') {
    return (
      <div data-file-view="download">
        {bar}
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={file.name}>
          <Button icon={<DownloadOutlined />} onClick={download}>
            {t('score.download')}
          </Button>
        </Empty>
      </div>
    );
  }
  let body;
  if (failed) body = <Result status="warning" subTitle={t('score.fileFailed')} />;
  else if (!src)
    body = (
      <div className="review-file__placeholder">
        <Spin tip={t('score.loadingFile')}>
          <div style={{ width: 160, height: 60 }} />
        </Spin>
      </div>
    );
  else if (file.view === 'pdf') body = <iframe className="review-file__pdf" src={src} title={file.name} data-testid="pdf-viewer" />;
  else if (file.view === 'image') body = <img className="review-file__image" src={src} alt={file.name} />;
  else body = <video className="review-file__video" src={src} controls preload="metadata" />;
  return (
    <div data-file-view={file.view}>
      {bar}
      {body}
    </div>
  );
}

/** The work's files, one tab each (one file: no tabs). */
export function FileViewer({ files }: { files: ReviewFile[] }) {
  const { t } = useTranslation(NS);
  return (
    <Card className="review-score__files" title={t('score.files')} size="small">
      {files.length === 0 ? (
        <Empty description={t('score.noFiles')} />
      ) : files.length === 1 ? (
        <InlineFile file={files[0]} />
      ) : (
        <Tabs size="small" items={files.map((f) => ({ key: String(f.id), label: <span title={f.name}>{f.name.length > 24 ? `${f.name.slice(0, 22)}…` : f.name}</span>, children: <InlineFile file={f} /> }))} />
      )}
    </Card>
  );
}
