import { useState } from 'react';
import { Button, Card, Empty, Image, Modal, Space, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { MyCertificate, PageQuery } from '@cmp/contracts';
import { GuardedButton } from '@/app/click-guard/GuardedButton';
import { normaliseLang } from '@/app/i18n';
import { useLocalName } from '@/app/i18n/hooks';
import { dateColumn } from '@/app/components/ListParts';
import { LoadError } from '@/app/components/PageHeader';
import { ACTIONS_KEY, ResponsiveTable } from '@/app/components/ResponsiveTable';
import { useAsync } from '@/app/hooks/useAsync';
import { certificateApi } from '@/app/api/certificate.api';
import '../locales';

/** Personal centre (reward / newReward): the certificates sent to the caller, to download, preview and check. */
export default function MyCertificatesPage() {
  const { t, i18n } = useTranslation('certificate');
  const lang = normaliseLang(i18n.language);
  const localName = useLocalName();
  const [query, setQuery] = useState<PageQuery>({ pageNum: 1, pageSize: 10 });
  const list = useAsync((signal) => certificateApi.myPage(query, signal), [query]);
  const [preview, setPreview] = useState<string | null>(null);

  const openPreview = async (c: MyCertificate) => {
    try {
      setPreview(await certificateApi.previewUrl(c));
    } catch {
      /* toasted */
    }
  };
  const closePreview = () => {
    if (preview) URL.revokeObjectURL(preview);
    setPreview(null);
  };

  const columns: TableColumnsType<MyCertificate> = [
    {
      title: t('mine.competition'),
      dataIndex: 'competitionName',
      width: 220,
      // The issuer under the name: a column of its own left the name about two characters wide.
      render: (v: string, c) => (
        <>
          <div>{`${localName(v, c.competitionNameEn)}${c.itemName ? ` · ${localName(c.itemName, c.itemNameEn)}` : ''}`}</div>
          <Typography.Text type="secondary">{t('mine.issuedBy', { issuer: c.issuerName })}</Typography.Text>
        </>
      ),
    },
    { title: t('mine.award'), dataIndex: 'awardName', width: 100 },
    { title: t('mine.number'), dataIndex: 'number', width: 150 },
    dateColumn(t('mine.issuedAt'), 'issuedAt', lang, 'day'),
    {
      title: t('mine.status'),
      dataIndex: 'revoked',
      width: 90,
      render: (revoked: boolean) => (revoked ? <Tag color="red">{t('mine.revoked')}</Tag> : <Tag color="green">{t('mine.valid')}</Tag>),
    },
    {
      title: t('mine.actions'),
      key: ACTIONS_KEY,
      width: 230,
      render: (_, c) => (
        <Space size={0} wrap>
          <GuardedButton type="link" size="small" onClick={() => certificateApi.download(c).catch(() => undefined)}>
            {t('mine.download')}
          </GuardedButton>
          <Button type="link" size="small" onClick={() => void openPreview(c)}>
            {t('mine.preview')}
          </Button>
          <Link to={c.traceUrl} target="_blank" rel="noopener">
            {t('mine.check')}
          </Link>
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('mine.title')} data-testid="my-certificates">
      <LoadError error={list.error} onRetry={list.reload} />
      <ResponsiveTable<MyCertificate>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.loading}
        locale={{ emptyText: <Empty description={t('mine.empty')} /> }}
        scroll={{ x: 900 }}
        pagination={{
          current: query.pageNum,
          pageSize: query.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (pageNum, pageSize) => setQuery({ pageNum, pageSize }),
        }}
      />
      <Modal open={preview !== null} title={t('mine.previewTitle')} footer={null} onCancel={closePreview} width={640}>
        {preview && <Image src={preview} preview={false} alt={t('mine.previewTitle')} style={{ width: '100%' }} />}
      </Modal>
    </Card>
  );
}
