import { useState } from 'react';
import { Alert, Button, Divider, Empty, Form, Modal, Space, Table, Tooltip, Typography } from 'antd';
import { DownloadOutlined, PlusOutlined, TeamOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { WINNER_COLUMNS, type CertificateBatch, type IssuedCertificate } from '@cmp/contracts';
import { GuardedButton } from '@/app/click-guard/GuardedButton';
import { toast } from '@/app/feedback/feedback';
import { SheetImportModal } from '@/app/components/SheetImportModal';
import { useAsync } from '@/app/hooks/useAsync';
import { certAdminApi } from '../api/certificate-admin.api';
import { PickSignupsModal } from './PickSignupsModal';
import { RecipientFields, toRecipient, type RecipientForm } from './RecipientFields';
import { NS } from './shared';

/**
 * A draft batch's winners: the spreadsheet (template download, import with the rows to fix), picked from the
 * approved sign-ups of the batch's competition, or one by one. The
 * winners are the batch's certificates-to-be, so the list is the batch's certificate page.
 */
export function WinnersModal({ batch, onClose, onChanged }: { batch: CertificateBatch; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation(NS);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const [tick, setTick] = useState(0);
  const list = useAsync((signal) => certAdminApi.certificatePage({ batchId: batch.id, ...page }, signal), [batch.id, page, tick]);
  const [importing, setImporting] = useState(false);
  const [adding, setAdding] = useState(false);
  const [picking, setPicking] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<RecipientForm>();
  const draft = batch.status === 'draft';
  const changed = () => {
    setTick((n) => n + 1);
    onChanged();
  };

  const add = async () => {
    const r = toRecipient(await form.validateFields());
    setSaving(true);
    try {
      await certAdminApi.recipientsAdd(batch.id, [r]);
      toast(t('winners.added', { name: r.holderName }), 'success');
      form.resetFields();
      changed();
    } catch {
      /* toasted */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open wrapClassName="ca-winners" title={t('winners.title', { name: batch.name })} onCancel={onClose} footer={null} width={900} destroyOnHidden>
      {!draft && <Alert type="info" showIcon message={t('winners.locked')} className="ca-hint" />}
      {draft && (
        <div className="ca-winners__actions">
          <Space wrap>
            <Button icon={<DownloadOutlined />} onClick={() => void certAdminApi.recipientsTemplate().catch(() => undefined)}>
              {t('winners.download')}
            </Button>
            <Button type="primary" icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="ca-winners-import">
              {t('winners.import')}
            </Button>
            <Tooltip title={batch.competitionId ? undefined : t('pick.needsCompetition')}>
              <Button icon={<TeamOutlined />} disabled={!batch.competitionId} onClick={() => setPicking(true)} data-testid="ca-winners-pick">
                {t('winners.pick')}
              </Button>
            </Tooltip>
            <Button icon={<PlusOutlined />} onClick={() => setAdding((v) => !v)} data-testid="ca-winners-add">
              {t('winners.add')}
            </Button>
          </Space>
        </div>
      )}
      {adding && draft && (
        <>
          <Form form={form} layout="vertical">
            <RecipientFields />
          </Form>
          <GuardedButton type="primary" loading={saving} onClick={() => void add()} data-testid="ca-winner-save">
            {t('winners.add')}
          </GuardedButton>
          <Divider />
        </>
      )}
      {/* A line of its own: next to the buttons above it would touch the last one. */}
      <div className="ca-winners__count" data-testid="ca-winners-count">
        <Typography.Text type="secondary">{t('winners.count', { count: list.data?.total ?? 0 })}</Typography.Text>
      </div>
      <Table<IssuedCertificate>
        size="small"
        rowKey="id"
        loading={list.loading}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('winners.empty')} /> }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showTotal: (total) => t('common.total', { total }),
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
        columns={[
          { title: t('winners.holder'), dataIndex: 'holderName', width: 140 },
          { title: t('winners.award'), dataIndex: 'awardName', width: 100 },
          { title: t('winners.school'), key: 'school', render: (_, c) => c.values.school || c.values.companyName || '-' },
          { title: t('winners.student'), key: 'student', render: (_, c) => c.values.student || '-' },
          { title: t('winners.workName'), key: 'work', render: (_, c) => c.values.workName || c.values.teamName || '-' },
          { title: t('winners.username'), dataIndex: 'username', width: 110, render: (v: string | null) => v || '-' },
        ]}
      />
      {picking && <PickSignupsModal batch={batch} onClose={() => setPicking(false)} onAdded={changed} />}
      <SheetImportModal
        ns={NS}
        columns={WINNER_COLUMNS}
        importAll={(file) => certAdminApi.recipientsImport(batch.id, file)}
        open={importing}
        onClose={() => setImporting(false)}
        onImported={changed}
      />
    </Modal>
  );
}
