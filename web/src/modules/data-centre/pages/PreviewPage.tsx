import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Form, Select, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FIGURE_EXPORTS, figureRows, PayStatus, SignupStatus, type FigureExport, type FigureSignupQuery, type FigureSignupRow } from '@cmp/contracts';
import { competitionApi } from '@/app/api/competition.api';
import { PayStatusTag, SignupStatusTag } from '@/app/components/EnrollStatus';
import { dateColumn, ListScreen } from '@/app/components/ListParts';
import { useAsync } from '@/app/hooks/useAsync';
import { usePagedList } from '@/app/hooks/usePagedList';
import { formatDateTime, formatMoney } from '@/app/i18n/format';
import { useLang } from '@/app/i18n/hooks';
import '@/app/i18n/enroll';
import '@/app/components/page.css';
import { statisticsApi } from '../api/statistics.api';
import { DATA_CENTRE_NS } from '../locales';
import './data-centre.css';

interface Filters {
  competitionId?: number;
  dimension?: FigureExport;
  key?: string | number;
  status?: number;
  payStatus?: number;
  /** 1: submitted, 0: not yet (numbers, as the address gives them). */
  workSubmitted?: number;
}

type Query = Omit<FigureSignupQuery, 'competitionId'> & { competitionId?: number };

const toQuery = (f: Filters): Omit<Query, 'pageNum' | 'pageSize'> => ({
  competitionId: f.competitionId,
  // A bar is chosen within its figure: both or neither.
  ...(f.dimension && f.key !== undefined && f.key !== null ? { dimension: f.dimension, key: String(f.key) } : {}),
  status: f.status,
  payStatus: f.payStatus,
  workSubmitted: f.workSubmitted === undefined || f.workSubmitted === null ? undefined : f.workSubmitted === 1,
});

/**
 * 数据预览: the sign-ups a figure counts, row by row, for the caller's own organisation's competitions. 云统计 opens
 * it on a bar (`?competitionId=&dimension=&key=`). Rows carry no names or contacts: the read model holds none.
 */
export default function PreviewPage() {
  const { t } = useTranslation(DATA_CENTRE_NS);
  const { t: te } = useTranslation('enroll');
  const lang = useLang();
  const paged = usePagedList<FigureSignupRow, Query, Filters>(
    (q, signal) => (q.competitionId ? statisticsApi.rows({ ...q, competitionId: q.competitionId }, signal) : Promise.resolve({ list: [], total: 0, pageNum: 1, pageSize: q.pageSize ?? 10 })),
    toQuery,
    ['competitionId', 'dimension', 'key', 'status', 'payStatus', 'workSubmitted'],
  );
  const competitionId = Form.useWatch('competitionId', paged.filters) ?? paged.query.competitionId;
  const dimension = Form.useWatch('dimension', paged.filters) ?? paged.query.dimension;
  const competitions = useAsync((signal) => competitionApi.options(signal), []);
  // The chosen figure's bars, as 云统计 shows them (the key's choices).
  const figures = useAsync((signal) => (competitionId ? statisticsApi.competition(competitionId, signal) : Promise.resolve(undefined)), [competitionId]);
  const bars = useMemo(
    () => (figures.data && dimension ? figureRows(figures.data, dimension).map((r) => ({ value: r.key, label: `${r.label || t('figure.notGiven')} (${r.count})` })) : []),
    [figures.data, dimension, t],
  );
  const [exporting, setExporting] = useState(false);
  const exportRows = () => {
    const q = paged.query;
    if (!q.competitionId) return;
    setExporting(true);
    void statisticsApi
      .exportRows({ ...q, competitionId: q.competitionId })
      .catch(() => undefined) // toasted
      .finally(() => setExporting(false));
  };
  // A new competition starts the search over; the list follows the competition at once.
  useEffect(() => {
    if (competitionId && competitionId !== paged.query.competitionId) paged.search();
  }, [competitionId]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <ListScreen<FigureSignupRow, Query, Filters>
      paged={paged}
      title={t('preview.title')}
      extra={
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          disabled={!paged.query.competitionId || !paged.list.data?.total}
          onClick={exportRows}
          data-testid="preview-export"
        >
          {t('figure.export')}
        </Button>
      }
      notice={<Alert className="data-centre__note" type="info" showIcon message={t(competitionId ? 'preview.note' : 'preview.pickFirst')} data-testid="preview-note" />}
      scrollX={1300}
      filters={
        <>
          <Form.Item name="competitionId" label={t('cloud.competition')}>
            <Select
              showSearch
              optionFilterProp="label"
              placeholder={t('cloud.pickCompetition')}
              style={{ width: 280 }}
              loading={competitions.loading}
              options={competitions.data}
              onChange={() => paged.filters.setFieldsValue({ key: undefined })}
              data-testid="preview-competition"
            />
          </Form.Item>
          <Form.Item name="dimension" label={t('preview.figure')}>
            <Select
              allowClear
              placeholder={t('preview.anyFigure')}
              style={{ width: 150 }}
              options={FIGURE_EXPORTS.map((d) => ({ value: d, label: t(`figure.titles.${d}`) }))}
              onChange={() => paged.filters.setFieldsValue({ key: undefined })}
              data-testid="preview-dimension"
            />
          </Form.Item>
          {/* Keys from the address may read as numbers (an event's id): shown against the options' text. */}
          <Form.Item name="key" label={t('preview.bar')} getValueProps={(v: unknown) => ({ value: v === undefined || v === null ? undefined : String(v) })}>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              disabled={!dimension}
              placeholder={t('preview.anyBar')}
              style={{ width: 220 }}
              loading={figures.loading}
              options={bars}
              data-testid="preview-key"
            />
          </Form.Item>
          <Form.Item name="status" label={t('preview.status')}>
            <Select
              allowClear
              placeholder={t('preview.all')}
              style={{ width: 120 }}
              options={[SignupStatus.pending, SignupStatus.approved].map((s) => ({ value: s, label: te(`status.${s}`) }))}
            />
          </Form.Item>
          <Form.Item name="payStatus" label={t('preview.pay')}>
            <Select allowClear placeholder={t('preview.all')} style={{ width: 120 }} options={Object.values(PayStatus).map((s) => ({ value: s, label: te(`pay.${s}`) }))} />
          </Form.Item>
          <Form.Item name="workSubmitted" label={t('preview.work')}>
            <Select
              allowClear
              placeholder={t('preview.all')}
              style={{ width: 120 }}
              options={[
                { value: 1, label: t('preview.workSubmitted') },
                { value: 0, label: t('preview.workMissing') },
              ]}
            />
          </Form.Item>
        </>
      }
      columns={[
        { title: t('preview.id'), dataIndex: 'id', width: 100 },
        { title: t('figure.keys.event'), dataIndex: 'itemName', width: 160, ellipsis: true },
        { title: t('figure.keys.school'), dataIndex: 'schoolName', width: 180, ellipsis: true, render: (v: string) => v || t('figure.notGiven') },
        { title: t('figure.keys.province'), dataIndex: 'provinceName', width: 100, render: (v: string) => v || '-' },
        { title: t('figure.keys.college'), dataIndex: 'college', width: 140, ellipsis: true, render: (v: string) => v || '-' },
        { title: t('figure.keys.major'), dataIndex: 'major', width: 140, ellipsis: true, render: (v: string) => v || '-' },
        { title: t('figure.keys.grade'), dataIndex: 'grade', width: 90, render: (v: string) => v || '-' },
        { title: t('preview.status'), dataIndex: 'status', width: 100, render: (s: SignupStatus) => <SignupStatusTag status={s} /> },
        {
          title: t('preview.pay'),
          dataIndex: 'payStatus',
          width: 150,
          render: (s: PayStatus, r) => (
            <>
              <PayStatusTag payStatus={s} />
              {r.feeFen > 0 && <span className="cell-nowrap">{formatMoney(r.feeFen)}</span>}
            </>
          ),
        },
        dateColumn<FigureSignupRow>(t('preview.createdAt'), 'createdAt', lang, 'minute'),
        {
          ...dateColumn<FigureSignupRow>(t('preview.work'), 'workSubmittedAt', lang, 'minute'),
          render: (v: string | null) => (v ? formatDateTime(v, lang, 'minute') : <Tag>{t('preview.workMissing')}</Tag>),
        },
      ]}
    />
  );
}
