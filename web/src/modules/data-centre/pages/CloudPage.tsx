import { Alert, Card, Col, Form, Row, Select, Skeleton, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { FIGURE_EXPORTS, figureRows, type CompetitionFigures, type CompetitionSummary, type FigureExport, type FigureFile, type FigureSource } from '@cmp/contracts';
import { competitionApi } from '@/app/api/competition.api';
import { LoadError, PageHeader } from '@/app/components/PageHeader';
import { useAsync } from '@/app/hooks/useAsync';
import { formatDateTime, formatMoney } from '@/app/i18n/format';
import { useLang } from '@/app/i18n/hooks';
import '@/app/components/page.css';
import { statisticsApi } from '../api/statistics.api';
import { AwardCard } from '../components/AwardCard';
import { CompetitionsCard } from '../components/CompetitionsCard';
import { FeeCard } from '../components/FeeCard';
import { FigureCard } from '../components/FigureCard';
import { previewLink } from '../components/preview-link';
import { ReviewCard } from '../components/ReviewCard';
import type { ChartRow } from '../components/FigureChart';
import { DATA_CENTRE_NS } from '../locales';
import './data-centre.css';

/** The competition choice that stands for all of them. */
const ALL = 0;

/** 云统计: all the organisation's competitions together, or one competition's sign-up and fee figures (from the statistics read model), each as a chart or a table, each exportable. */
export default function CloudPage() {
  const { t } = useTranslation(DATA_CENTRE_NS);
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  // Without a competition: all the organisation's competitions together (its subordinates' included).
  const competitionId = Number(params.get('competitionId')) || undefined;
  const competitions = useAsync((signal) => competitionApi.options(signal), []);
  const figures = useAsync(
    (signal): Promise<FigureSource & Pick<CompetitionFigures, 'review' | 'updatedAt'> & { competitions?: CompetitionSummary[] }> =>
      competitionId ? statisticsApi.competition(competitionId, signal) : statisticsApi.organisation(signal),
    [competitionId],
  );
  const f = figures.data;
  const exportFigure = (dimension: FigureFile) => (competitionId ? statisticsApi.exportFigure(competitionId, dimension) : statisticsApi.exportAll(dimension));
  const names = new Map((competitions.data ?? []).map((o) => [Number(o.value), o.label]));

  const rowsOf = (data: FigureSource, dimension: FigureExport): ChartRow[] =>
    figureRows(data, dimension).map((r) => ({ ...r, label: r.label || t('figure.notGiven') }));
  const totals = f && {
    total: f.signups.total,
    today: f.signups.today,
    pending: f.signups.pending,
    works: f.works.submitted,
    paid: formatMoney(f.fees.paidFen),
    refunded: formatMoney(f.fees.refundedFen),
  };

  return (
    <div className="system-page data-centre" data-testid="cloud-statistics">
      <PageHeader title={t('cloud.title')} />
      <Form layout="inline" className="data-centre__filter">
        <Form.Item label={t('cloud.competition')}>
          <Select
            showSearch
            optionFilterProp="label"
            placeholder={t('cloud.pickCompetition')}
            style={{ width: 320, maxWidth: '100%' }}
            loading={competitions.loading}
            value={competitionId ?? ALL}
            options={[{ value: ALL, label: t('cloud.all') }, ...(competitions.data ?? [])]}
            onChange={(v: number) => setParams(v === ALL ? {} : { competitionId: String(v) })}
            data-testid="figure-competition"
          />
        </Form.Item>
      </Form>
      <LoadError error={figures.error} onRetry={figures.reload} />
      {!f ? (
        <Skeleton active />
      ) : (
        <>
          <Row gutter={[16, 16]} className="data-centre__totals">
            {(['total', 'today', 'pending', 'works', 'paid', 'refunded'] as const).map((k) => (
              <Col key={k} xs={12} md={8} xl={4}>
                <Card size="small" data-total={k}>
                  <Statistic title={t(`cloud.${k}`)} value={totals![k]} />
                </Card>
              </Col>
            ))}
          </Row>
          <Alert
            type="info"
            showIcon
            className="data-centre__note"
            message={
              <>
                {t('cloud.counted')}{' '}
                <Typography.Text type="secondary">{f.updatedAt ? t('cloud.updatedAt', { time: formatDateTime(f.updatedAt, lang, 'second') }) : t('cloud.notYet')}</Typography.Text>
              </>
            }
          />
          <Row gutter={[16, 16]}>
            <Col xs={24}>
              <FeeCard days={f.fees.byDay} onExport={() => exportFigure('fees')} />
            </Col>
            {f.competitions && (
              <Col xs={24}>
                <CompetitionsCard competitions={f.competitions} nameOf={(id) => names.get(id) ?? `#${id}`} />
              </Col>
            )}
            {competitionId && (
              <Col xs={24}>
                <ReviewCard rounds={f.review} onExport={() => exportFigure('review')} />
              </Col>
            )}
            <Col xs={24}>
              <AwardCard awards={f.awards} onExport={() => exportFigure('awards')} />
            </Col>
            {FIGURE_EXPORTS.map((dimension) => (
              <Col key={dimension} xs={24} xl={12}>
                <FigureCard
                  dimension={dimension}
                  rows={rowsOf(f, dimension)}
                  onExport={() => exportFigure(dimension)}
                  rowsLink={competitionId ? (row) => previewLink({ competitionId, dimension, key: row.key }) : undefined}
                />
              </Col>
            ))}
          </Row>
        </>
      )}
    </div>
  );
}
