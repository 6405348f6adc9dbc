import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Form, Progress, Radio, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { DownloadOutlined, EyeOutlined, FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ReportStatus, type Lang, type ReportItem, type ReportQuery } from '@cmp/contracts';
import { openPdfPreview } from '@/app/components/pdf-preview';
import { competitionApi } from '@/app/api/competition.api';
import { toast } from '@/app/feedback/feedback';
import { actionsColumn, dateColumn, ListScreen } from '@/app/components/ListParts';
import { useAsync } from '@/app/hooks/useAsync';
import { usePagedList } from '@/app/hooks/usePagedList';
import { useLang } from '@/app/i18n/hooks';
import '@/app/components/page.css';
import { statisticsApi } from '../api/statistics.api';
import { DATA_CENTRE_NS } from '../locales';
import './data-centre.css';

interface Filters {
  competitionId?: number;
}

/** How often the list asks again while a report on it is queued or rendering. */
const POLL_MS = 2000;
const busy = (r: ReportItem) => r.status === ReportStatus.queued || r.status === ReportStatus.running;

const STATUS_COLOR: Record<ReportStatus, string> = { 0: 'default', 1: 'processing', 2: 'success', 3: 'error' };

/** The list's rows as last asked for quietly: while one is in the making, its progress moves without the table's spinner. */
function useLiveRows(rows: ReportItem[] | undefined, query: ReportQuery): ReportItem[] {
  const [live, setLive] = useState<ReportItem[] | undefined>();
  useEffect(() => setLive(rows), [rows]);
  const shown = useMemo(() => live ?? rows ?? [], [live, rows]);
  const polling = shown.some(busy);
  useEffect(() => {
    if (!polling) return undefined;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      statisticsApi
        .reports(query, controller.signal)
        .then((p) => setLive(p.list))
        .catch(() => undefined); // toasted; the next change of the list asks again
    }, POLL_MS);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [polling, shown, query]);
  return shown;
}

/**
 * 数据报告: a competition's report as a PDF (cover, key figures, charts, award list by school) in the chosen language,
 * made in the background by the statistics worker; the list shows each one's progress and downloads it when done.
 */
export default function ReportPage() {
  const { t } = useTranslation(DATA_CENTRE_NS);
  const lang = useLang();
  const paged = usePagedList<ReportItem, ReportQuery, Filters>((q, signal) => statisticsApi.reports(q, signal), (f) => ({ competitionId: f.competitionId }), ['competitionId']);
  const rows = useLiveRows(paged.list.data?.list, paged.query);
  const competitions = useAsync((signal) => competitionApi.options(signal), []);
  const [make] = Form.useForm<{ competitionId?: number; lang: Lang }>();
  const [making, setMaking] = useState(false);
  const [downloading, setDownloading] = useState<number>();

  const submit = async ({ competitionId, lang: reportLang }: { competitionId?: number; lang: Lang }) => {
    if (!competitionId) return;
    setMaking(true);
    try {
      // One of the same competition and language still in the making is answered instead of a new one.
      await statisticsApi.createReport({ competitionId, lang: reportLang });
      toast(t('report.queued'), 'success');
      paged.list.reload();
    } catch {
      /* toasted */
    } finally {
      setMaking(false);
    }
  };
  const download = (r: ReportItem) => {
    setDownloading(r.id);
    void statisticsApi
      .downloadReport(r)
      .catch(() => undefined) // toasted
      .finally(() => setDownloading(undefined));
  };

  const preview = (r: ReportItem) => openPdfPreview(() => statisticsApi.reportLink(r.id), r.competitionName ? `${t('report.title')} · ${r.competitionName}` : undefined);

  return (
    <ListScreen<ReportItem, ReportQuery, Filters>
      paged={{ ...paged, list: { ...paged.list, data: paged.list.data && { ...paged.list.data, list: rows } } }}
      title={t('report.title')}
      notice={
        <Card className="data-centre__make" title={t('report.makeTitle')} size="small">
          <Typography.Paragraph type="secondary">{t('report.makeNote')}</Typography.Paragraph>
          <Form form={make} layout="inline" initialValues={{ lang }} onFinish={submit} className="search-form">
            <Form.Item name="competitionId" label={t('report.competition')} rules={[{ required: true, message: t('cloud.pickCompetition') }]}>
              <Select
                showSearch
                optionFilterProp="label"
                placeholder={t('cloud.pickCompetition')}
                style={{ width: 280 }}
                loading={competitions.loading}
                options={competitions.data}
                data-testid="report-competition"
              />
            </Form.Item>
            <Form.Item name="lang" label={t('report.lang')}>
              <Radio.Group optionType="button" options={(['zh-CN', 'en'] as const).map((l) => ({ value: l, label: t(`report.langs.${l}`) }))} data-testid="report-lang" />
            </Form.Item>
            <Form.Item>
              <Button type="primary" htmlType="submit" icon={<FilePdfOutlined />} loading={making} data-testid="report-make">
                {t('report.make')}
              </Button>
            </Form.Item>
          </Form>
        </Card>
      }
      scrollX={1100}
      filters={
        <Form.Item name="competitionId" label={t('report.competition')}>
          <Select allowClear showSearch optionFilterProp="label" placeholder={t('preview.all')} style={{ width: 280 }} options={competitions.data} />
        </Form.Item>
      }
      columns={[
        { title: t('report.competition'), dataIndex: 'competitionName', ellipsis: true },
        { title: t('report.lang'), dataIndex: 'lang', width: 100, render: (l: Lang) => t(`report.langs.${l}`) },
        {
          title: t('report.state'),
          dataIndex: 'status',
          width: 200,
          render: (s: ReportStatus, r) =>
            busy(r) ? (
              <Space direction="vertical" size={0} style={{ width: '100%' }}>
                <Tag color={STATUS_COLOR[s]}>{t(`report.status.${s}`)}</Tag>
                <Progress percent={r.progress} size="small" data-testid="report-progress" />
              </Space>
            ) : (
              <Tooltip title={r.error}>
                <Tag color={STATUS_COLOR[s]} data-testid="report-status">
                  {t(`report.status.${s}`)}
                </Tag>
              </Tooltip>
            ),
        },
        dateColumn<ReportItem>(t('report.createdAt'), 'createdAt', lang, 'minute'),
        dateColumn<ReportItem>(t('report.finishedAt'), 'finishedAt', lang, 'minute'),
        { title: t('report.size'), dataIndex: 'sizeBytes', width: 100, render: (n: number | null) => (n === null ? '-' : `${Math.max(1, Math.round(n / 1024))} KB`) },
        actionsColumn<ReportItem>(t('report.actions'), lang === 'en' ? 200 : 170, (r) => (
          <Space size={0}>
            <Button type="link" size="small" icon={<EyeOutlined />} disabled={r.status !== ReportStatus.done} onClick={() => preview(r)} data-testid="report-preview">
              {t('report.preview')}
            </Button>
            <Button
            type="link"
            size="small"
            icon={<DownloadOutlined />}
            disabled={r.status !== ReportStatus.done}
            loading={downloading === r.id}
            onClick={() => download(r)}
            data-testid="report-download"
          >
              {t('report.download')}
            </Button>
          </Space>
        )),
      ]}
    />
  );
}
