import { Alert, Card, Col, Empty, Form, Row, Select, Skeleton, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { FIGURE_EXPORTS, figureRows, type CompetitionFigures, type FigureExport } from '@cmp/contracts';
import { competitionApi } from '@/app/api/competition.api';
import { LoadError, PageHeader } from '@/app/components/PageHeader';
import { useAsync } from '@/app/hooks/useAsync';
import { formatDateTime } from '@/app/i18n/format';
import { useLang } from '@/app/i18n/hooks';
import '@/app/components/page.css';
import { statisticsApi } from '../api/statistics.api';
import { FigureCard } from '../components/FigureCard';
import { previewLink } from '../components/preview-link';
import type { ChartRow } from '../components/FigureChart';
import { DATA_CENTRE_NS } from '../locales';
import './data-centre.css';

/** 云统计: a competition's sign-up figures (from the statistics read model), each as a chart or a table, each exportable. */
export default function CloudPage() {
  const { t } = useTranslation(DATA_CENTRE_NS);
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const competitionId = Number(params.get('competitionId')) || undefined;
  const competitions = useAsync((signal) => competitionApi.options(signal), []);
  const figures = useAsync((signal) => (competitionId ? statisticsApi.competition(competitionId, signal) : Promise.resolve(undefined)), [competitionId]);
  const f = figures.data;

  const rowsOf = (data: CompetitionFigures, dimension: FigureExport): ChartRow[] =>
    figureRows(data, dimension).map((r) => ({ ...r, label: r.label || t('figure.notGiven') }));
  const totals = f && { total: f.signups.total, today: f.signups.today, pending: f.signups.pending, works: f.works.submitted };

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
            value={competitionId}
            options={competitions.data}
            onChange={(v: number) => setParams({ competitionId: String(v) })}
            data-testid="figure-competition"
          />
        </Form.Item>
      </Form>
      <LoadError error={figures.error} onRetry={figures.reload} />
      {!competitionId ? (
        <Empty description={t('cloud.pickFirst')} />
      ) : !f ? (
        <Skeleton active />
      ) : (
        <>
          <Row gutter={[16, 16]} className="data-centre__totals">
            {(['total', 'today', 'pending', 'works'] as const).map((k) => (
              <Col key={k} xs={12} md={6}>
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
            {FIGURE_EXPORTS.map((dimension) => (
              <Col key={dimension} xs={24} xl={12}>
                <FigureCard
                  dimension={dimension}
                  rows={rowsOf(f, dimension)}
                  onExport={() => statisticsApi.exportFigure(f.competitionId, dimension)}
                  rowsLink={(row) => previewLink({ competitionId: f.competitionId, dimension, key: row.key })}
                />
              </Col>
            ))}
          </Row>
        </>
      )}
    </div>
  );
}
