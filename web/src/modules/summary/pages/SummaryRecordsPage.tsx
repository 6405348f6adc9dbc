import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Empty, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { SUMMARY_STATES, type SummaryRecord, type SummaryRecordState, type SummarySubmission } from '@cmp/contracts';
import { LoadError, PageHeader } from '@/app/components/PageHeader';
import { actionsColumn, RowLinks } from '@/app/components/ListParts';
import { openPdfPreview } from '@/app/components/pdf-preview';
import { confirmDialog, promptDialog, toast } from '@/app/feedback/feedback';
import { formatDateTime } from '@/app/i18n/format';
import { useAsync } from '@/app/hooks/useAsync';
import { useLang } from '@/app/i18n/hooks';
import { summaryApi } from '../api/summary.api';
import { StateTag, SubmissionFile } from '../components/SubmissionParts';
import '../locales';
import '@/app/components/page.css';
import '../components/summary.css';

/**
 * 提交记录: one requirement's organisations, each with its hand-in or none; the organiser reads a PDF in the viewer,
 * accepts or returns it with a reason, and reminds those who have not handed in.
 */
export default function SummaryRecordsPage() {
  const { t } = useTranslation('summary');
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const requirementId = Number(params.get('requirementId')) || undefined;
  const [state, setState] = useState<SummaryRecordState>();
  const [keyword, setKeyword] = useState('');
  const requirements = useAsync((signal) => summaryApi.page({ pageSize: 100 }, signal), []);
  const records = useAsync((signal) => summaryApi.records({ requirementId: requirementId!, state, keyword: keyword || undefined }, signal), [requirementId, state, keyword], !!requirementId);
  const r = records.data?.requirement;

  const decide = async (row: SummaryRecord, s: SummarySubmission, decision: 'accept' | 'return') => {
    let comment: string | undefined;
    if (decision === 'accept') {
      if ((await confirmDialog(t('records.acceptQuestion', { name: row.groupName }))) !== 'confirm') return;
    } else {
      const asked = await promptDialog(t('records.returnReason'), {
        title: t('records.returnTitle', { name: row.groupName }),
        placeholder: t('records.returnReasonPlaceholder'),
        pattern: /\S/,
        errorMessage: t('records.returnReasonRequired'),
      });
      if (asked.result !== 'confirm') return;
      comment = asked.value;
    }
    await summaryApi.review({ id: s.id, attempts: s.attempts, decision, comment });
    toast(t(decision === 'accept' ? 'records.accepted' : 'records.returned'), 'success');
    records.reload();
  };

  const remind = async () => {
    if (!r) return;
    const waiting = r.targets - r.submitted + r.returned;
    if ((await confirmDialog(t('records.remindQuestion', { count: waiting }))) !== 'confirm') return;
    const sent = await summaryApi.remind(r.id);
    toast(t(sent.people ? 'records.reminded' : 'records.remindedNobody', sent), sent.people ? 'success' : 'warning');
    records.reload();
  };

  const columns: TableColumnsType<SummaryRecord> = [
    { title: t('records.organisation'), dataIndex: 'groupName', width: 220 },
    { title: t('records.state'), dataIndex: 'state', width: 110, render: (v: SummaryRecordState, row) => <StateTag state={v} late={row.submission?.late} /> },
    { title: t('records.file'), key: 'file', width: 260, render: (_, row) => (row.submission ? <SubmissionFile submission={row.submission} /> : '—') },
    {
      title: t('records.submittedAt'),
      key: 'submittedAt',
      width: 200,
      render: (_, row) =>
        row.submission && (
          <>
            <div className="cell-nowrap">{formatDateTime(row.submission.submittedAt, lang, 'minute')}</div>
            <Typography.Text type="secondary">{row.submission.submittedByName}</Typography.Text>
          </>
        ),
    },
    {
      title: t('records.comment'),
      key: 'comment',
      width: 220,
      render: (_, row) =>
        row.submission?.reviewedAt && (
          <>
            {row.submission.comment && <div>{row.submission.comment}</div>}
            <Typography.Text type="secondary">{t('records.reviewedBy', { name: row.submission.reviewedByName, time: formatDateTime(row.submission.reviewedAt, lang, 'minute') })}</Typography.Text>
          </>
        ),
    },
    actionsColumn(t('common.actions'), lang === 'en' ? 200 : 160, (row) => {
      const s = row.submission;
      return (
        s && (
          <RowLinks
            links={[
              { label: t('records.preview'), onClick: () => openPdfPreview(() => summaryApi.link(s.id), `${r?.title ?? ''} · ${row.groupName}`) },
              { label: t('records.accept'), onClick: () => void decide(row, s, 'accept'), hidden: s.state !== 'submitted' },
              { label: t('records.return'), onClick: () => void decide(row, s, 'return'), danger: true, hidden: s.state !== 'submitted' },
            ]}
          />
        )
      );
    }),
  ];

  const missing = r ? r.targets - r.submitted : 0;
  return (
    <div className="system-page">
      <PageHeader
        title={t('records.title')}
        extra={
          <Button icon={<BellOutlined />} disabled={!r || missing + r.returned === 0} onClick={() => void remind()} data-testid="summary-remind">
            {t('records.remind')}
          </Button>
        }
      />
      <Form layout="inline" className="search-form">
        <Form.Item label={t('records.pick')}>
          <Select
            showSearch
            optionFilterProp="label"
            style={{ width: 320 }}
            placeholder={t('records.pickPlaceholder')}
            loading={requirements.loading}
            value={requirementId}
            onChange={(id: number) => setParams({ requirementId: String(id) })}
            options={requirements.data?.list.map((x) => ({ value: x.id, label: x.title }))}
            data-testid="summary-pick"
          />
        </Form.Item>
        <Form.Item label={t('records.state')}>
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('common.all')}
            value={state}
            onChange={setState}
            options={(['missing', ...SUMMARY_STATES] as const).map((s) => ({ value: s, label: t(`states.${s}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('records.organisation')}>
          <Input.Search allowClear style={{ width: 200 }} placeholder={t('records.organisationPlaceholder')} onSearch={(v) => setKeyword(v.trim())} />
        </Form.Item>
      </Form>
      <LoadError error={records.error} onRetry={records.reload} />
      {!requirementId ? (
        <Empty description={t('records.empty')} />
      ) : (
        <>
          {r && (
            <Space wrap className="summary-records__facts">
              <Typography.Text strong>{r.title}</Typography.Text>
              <Tag>{t('records.deadline', { time: formatDateTime(r.deadline, lang, 'minute') })}</Tag>
              {r.remindedAt && <Tag>{t('records.remindedAt', { time: formatDateTime(r.remindedAt, lang, 'minute') })}</Tag>}
              <Typography.Text type="secondary" data-testid="summary-counts">
                {t('records.summary', { targets: r.targets, submitted: r.submitted, accepted: r.accepted, returned: r.returned, missing })}
              </Typography.Text>
            </Space>
          )}
          <Table<SummaryRecord> rowKey="groupId" loading={records.loading} dataSource={records.data?.list} columns={columns} scroll={{ x: 1170 }} pagination={false} />
        </>
      )}
    </div>
  );
}
