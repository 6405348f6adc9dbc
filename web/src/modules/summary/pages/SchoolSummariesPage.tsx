import { Form, Select, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { SUMMARY_STATES, type SummaryState, type SummarySubmissionQuery, type SummarySubmissionRow } from '@cmp/contracts';
import { actionsColumn, dateColumn, ListScreen, RowLinks, TextFilter } from '@/app/components/ListParts';
import { openPdfPreview } from '@/app/components/pdf-preview';
import { usePagedList } from '@/app/hooks/usePagedList';
import { useLang } from '@/app/i18n/hooks';
import { summaryApi } from '../api/summary.api';
import { CompetitionFilter } from '../components/CompetitionFilter';
import { StateTag, SubmissionFile } from '../components/SubmissionParts';
import '../locales';
import '@/app/components/page.css';

interface Filters {
  keyword?: string;
  competitionId?: number;
  state?: SummaryState;
}

/** 学校总结: every summary subordinate organisations have handed in, newest first, read in the viewer. */
export default function SchoolSummariesPage() {
  const { t } = useTranslation('summary');
  const lang = useLang();
  const paged = usePagedList<SummarySubmissionRow, SummarySubmissionQuery, Filters>(summaryApi.submissions, (f) => ({
    keyword: f.keyword?.trim() || undefined,
    competitionId: f.competitionId,
    state: f.state,
  }));

  const columns: TableColumnsType<SummarySubmissionRow> = [
    { title: t('records.organisation'), dataIndex: 'groupName', width: 200 },
    {
      title: t('school.requirement'),
      dataIndex: 'requirementTitle',
      width: 240,
      render: (title: string, s) => (
        <>
          <div>{title}</div>
          {s.competitionName && <Typography.Text type="secondary">{s.competitionName}</Typography.Text>}
        </>
      ),
    },
    { title: t('records.state'), dataIndex: 'state', width: 110, render: (v: SummaryState, s) => <StateTag state={v} late={s.late} /> },
    { title: t('records.file'), key: 'file', width: 250, render: (_, s) => <SubmissionFile submission={s} /> },
    dateColumn(t('records.submittedAt'), 'submittedAt', lang, 'minute'),
    actionsColumn(t('common.actions'), 100, (s) => (
      <RowLinks links={[{ label: t('records.preview'), onClick: () => openPdfPreview(() => summaryApi.link(s.id), `${s.requirementTitle} · ${s.groupName}`) }]} />
    )),
  ];

  return (
    <ListScreen
      paged={paged}
      title={t('school.title')}
      notice={<Typography.Paragraph type="secondary">{t('school.lead')}</Typography.Paragraph>}
      filters={
        <>
          <TextFilter name="keyword" label={t('school.keyword')} placeholder={t('school.keywordPlaceholder')} width={220} />
          <CompetitionFilter />
          <Form.Item name="state" label={t('records.state')}>
            <Select allowClear style={{ width: 120 }} placeholder={t('common.all')} options={SUMMARY_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))} />
          </Form.Item>
        </>
      }
      columns={columns}
      scrollX={1080}
    />
  );
}
