import { useEffect, useState } from 'react';
import { Alert, Button, Card, Empty, Space, Spin, Table, Tag, Typography, Upload } from 'antd';
import { SaveOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { NUMBERING_VARIANTS, type NumberingVariant } from '@cmp/contracts';
import { GuardedButton } from '@/app/click-guard/GuardedButton';
import { toast } from '@/app/feedback/feedback';
import { HttpError } from '@/app/http/client';
import { LoadError, PageHeader } from '@/app/components/PageHeader';
import { useAsync } from '@/app/hooks/useAsync';
import { uploadImage } from '@/app/api/news.api';
import { certAdminApi } from '../api/certificate-admin.api';
import { NS, useCanEdit } from '../components/shared';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
/** The gateway's image limit (IMAGE_LIMIT_BYTES, 5 MB by default); a larger file is refused there anyway. */
const MAX_MB = 5;

const EXAMPLES: Record<NumberingVariant, { example: string; capacity: number | null }> = {
  randomCode: { example: 'K7QX3M9TPA', capacity: null },
  randomDigits: { example: '5830274916', capacity: null },
  allAutoincrementThree: { example: '001', capacity: 999 },
  allAutoincrementFour: { example: '0001', capacity: 9999 },
  autoincrementThree: { example: '001', capacity: 999 },
  autoincrementFour: { example: '0001', capacity: 9999 },
};

/** 证书设置 (certificate/setting/index): the organisation's seal and how certificate numbers work. */
export default function SettingPage() {
  const { t } = useTranslation(NS);
  const seal = useAsync((signal) => certAdminApi.seal(signal), []);

  const rows = NUMBERING_VARIANTS.map((variant) => ({ variant, ...EXAMPLES[variant] }));
  return (
    <div className="system-page" data-testid="ca-setting">
      <PageHeader title={t('setting.title')} />
      <Card title={t('setting.seal')} size="small">
        <LoadError error={seal.error} onRetry={seal.reload} />
        {seal.loading && !seal.data ? <Spin /> : <SealEditor saved={seal.data?.imageUrl ?? null} onSaved={seal.reload} />}
      </Card>
      <Card title={t('setting.numberingTitle')} size="small" className="ca-section">
        <Typography.Paragraph type="secondary">{t('setting.numberingHint')}</Typography.Paragraph>
        <Table
          size="small"
          rowKey="variant"
          pagination={false}
          dataSource={rows}
          columns={[
            { title: t('setting.variant'), dataIndex: 'variant', width: 240, render: (v: NumberingVariant) => t(`numbering.${v}`) },
            { title: t('setting.explanation'), dataIndex: 'variant', key: 'explanation', render: (v: NumberingVariant) => t(`numberingInfo.${v}`) },
            { title: t('setting.example'), dataIndex: 'example', width: 130, render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
            { title: t('setting.capacity'), dataIndex: 'capacity', width: 100, render: (v: number | null) => (v ? v.toLocaleString() : <Tag>{t('setting.unlimited')}</Tag>) },
          ]}
        />
        <Alert type="info" showIcon message={t('setting.capacityRule')} className="ca-section" />
      </Card>
      <Card title={t('setting.otherTitle')} size="small" className="ca-section">
        <Typography.Text type="secondary">{t('setting.issuerHint')}</Typography.Text>
      </Card>
    </div>
  );
}

/** Upload (checked here for type and size, then by the gateway), preview, then save as the organisation's seal. */
function SealEditor({ saved, onSaved }: { saved: string | null; onSaved: () => void }) {
  const { t } = useTranslation(NS);
  const canEdit = useCanEdit();
  const [url, setUrl] = useState<string | null>(saved);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<'upload' | 'save' | null>(null);
  useEffect(() => setUrl(saved), [saved]);

  const upload = async (file: File) => {
    setProblem(null);
    if (!IMAGE_TYPES.includes(file.type)) return setProblem(t('setting.badType', { name: file.name }));
    if (file.size > MAX_MB * 1024 * 1024) return setProblem(t('setting.tooLarge', { name: file.name, size: (file.size / 1024 / 1024).toFixed(1), max: MAX_MB }));
    setBusy('upload');
    try {
      setUrl((await uploadImage(file)).url);
    } catch (e) {
      setProblem(t('setting.uploadFailed', { reason: e instanceof HttpError || e instanceof Error ? e.message : String(e) }));
    } finally {
      setBusy(null);
    }
  };
  const save = async () => {
    if (!url) return;
    setBusy('save');
    try {
      await certAdminApi.sealSave(url);
      toast(t('setting.saved'), 'success');
      onSaved();
    } catch {
      /* toasted */
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="ca-seal">
      <div className="ca-seal__image" data-testid="ca-seal-image">
        {url ? <img src={url} alt={t('setting.seal')} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('setting.noSeal')} />}
      </div>
      <Space direction="vertical" style={{ maxWidth: 520 }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('setting.sealHint')}
        </Typography.Paragraph>
        {problem && <Alert type="error" showIcon message={problem} data-testid="ca-seal-problem" />}
        {url && url !== saved && <Alert type="warning" showIcon message={t('setting.unsaved')} />}
        {canEdit && (
          <Space>
            <Upload
              accept={IMAGE_TYPES.join(',')}
              showUploadList={false}
              beforeUpload={(file) => {
                void upload(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={busy === 'upload'} data-testid="ca-seal-upload">
                {url ? t('setting.replace') : t('setting.upload')}
              </Button>
            </Upload>
            <GuardedButton type="primary" icon={<SaveOutlined />} disabled={!url || url === saved} loading={busy === 'save'} onClick={() => void save()} data-testid="ca-seal-save">
              {t('setting.save')}
            </GuardedButton>
          </Space>
        )}
      </Space>
    </div>
  );
}
