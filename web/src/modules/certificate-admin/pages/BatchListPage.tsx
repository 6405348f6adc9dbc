import { useState } from 'react';
import { Button, Space } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { CertificateBatch } from '@cmp/contracts';
import { confirmDelete } from '@/app/feedback/feedback';
import { PageHeader } from '@/app/components/PageHeader';
import { certAdminApi } from '../api/certificate-admin.api';
import { BatchTable, useBatchList } from '../components/BatchTable';
import { BatchFormModal } from '../components/BatchFormModal';
import { CertificatesDrawer } from '../components/CertificatesDrawer';
import { BatchStatusTag, LinkButton, NS, useCompetitionLabel, PATHS, SentTag, useCanEdit, useNumberingLabel } from '../components/shared';
import { dateColumn, WIDE_ONLY } from '@/app/components/ListParts';
import { useLang } from '@/app/i18n/hooks';
import { WinnersModal } from '../components/WinnersModal';

/** 证书列表 (certificate/list/index): batches, their winners lists and their certificates. */
export default function BatchListPage() {
  const { t } = useTranslation(NS);
  const competitionLabel = useCompetitionLabel();
  const navigate = useNavigate();
  const canEdit = useCanEdit();
  const numberingLabel = useNumberingLabel();
  const lang = useLang();
  const batches = useBatchList();
  const { query, setQuery, list } = batches;
  const [adding, setAdding] = useState(false);
  const [winnersOf, setWinnersOf] = useState<CertificateBatch | null>(null);
  const [certsOf, setCertsOf] = useState<CertificateBatch | null>(null);

  const remove = async (b: CertificateBatch) => {
    const deleted = await confirmDelete({ question: t('batch.deleteConfirm', { name: b.name }), okText: t('common.delete'), done: t('batch.deleted'), run: () => certAdminApi.batchDelete(b.id) });
    if (!deleted) return;
    if ((list.data?.list.length ?? 0) <= 1 && (query.pageNum ?? 1) > 1) setQuery((q) => ({ ...q, pageNum: (q.pageNum ?? 2) - 1 }));
    else list.reload();
  };

  const columns: TableColumnsType<CertificateBatch> = [
    { title: t('batch.name'), dataIndex: 'name', width: 200, render: (name: string, b) => <a onClick={() => (b.status === 'draft' ? setWinnersOf(b) : setCertsOf(b))}>{name}</a> },
    { title: t('batch.template'), dataIndex: 'templateName', width: 160, responsive: WIDE_ONLY },
    {
      title: `${t('batch.competition')} / ${t('batch.item')}`,
      key: 'competition',
      width: 200,
      render: (_, b) => competitionLabel(b),
    },
    { title: t('batch.numbering'), key: 'numbering', width: 200, responsive: WIDE_ONLY, render: (_, b) => numberingLabel(b.numbering) },
    { title: t('batch.total'), dataIndex: 'total', width: 110, align: 'right' },
    { title: t('batch.status'), dataIndex: 'status', width: 100, render: (_, b) => <BatchStatusTag status={b.status} error={b.error} /> },
    { title: t('send.sendStatus'), key: 'sent', width: 220, render: (_, b) => <SentTag batch={b} /> },
    { ...dateColumn<CertificateBatch>(t('batch.createdAt'), 'createdAt', lang, 'minute'), responsive: WIDE_ONLY },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 260,
      render: (_, b) => (
        <Space size={0} wrap>
          <LinkButton onClick={() => setWinnersOf(b)} testId="ca-batch-winners">
            {t('batch.winners')}
          </LinkButton>
          {b.status !== 'draft' && <LinkButton onClick={() => setCertsOf(b)} testId="ca-batch-certs">{t('batch.certificates')}</LinkButton>}
          {b.status === 'draft' && <LinkButton onClick={() => navigate(`${PATHS.check}?batchId=${b.id}`)}>{t('batch.check')}</LinkButton>}
          {b.status === 'done' && <LinkButton onClick={() => void certAdminApi.zip(b).catch(() => undefined)}>{t('batch.zip')}</LinkButton>}
          {canEdit && b.status === 'draft' && (
            <LinkButton danger onClick={() => void remove(b)}>
              {t('common.delete')}
            </LinkButton>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="system-page" data-testid="ca-batches">
      <PageHeader
        title={t('batch.title')}
        extra={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="ca-batch-add">
              {t('batch.add')}
            </Button>
          )
        }
      />
      <BatchTable batches={batches} columns={columns} scrollX={1090} testId="ca-batch-search" />
      <BatchFormModal
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(b) => {
          setAdding(false);
          list.reload();
          setWinnersOf(b);
        }}
      />
      {winnersOf && <WinnersModal batch={winnersOf} onClose={() => setWinnersOf(null)} onChanged={list.reload} />}
      {certsOf && <CertificatesDrawer batch={certsOf} onClose={() => setCertsOf(null)} />}
    </div>
  );
}
