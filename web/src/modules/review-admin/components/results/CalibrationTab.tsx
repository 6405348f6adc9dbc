import { Alert, Card, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExpertCalibrationView, ScoreVersion } from '@cmp/contracts';
import { useAsync } from '@/app/hooks/useAsync';
import { resultsApi } from '../../api/results.api';
import { NS, useVersionChoice } from './versions';

const two = (v: number) => v.toFixed(2);
const signed = (v: number) => `${v > 0 ? '+' : ''}${v.toFixed(2)}`;

/** 专家校准: each expert's mean and spread, raw and calibrated side by side, out-of-line experts first. */
export function CalibrationTab({ versions }: { versions: ScoreVersion[] | undefined }) {
  const { t } = useTranslation(NS);
  const { versionId, select } = useVersionChoice(versions);
  const rows = useAsync((signal) => resultsApi.calibration(versionId!, signal), [versionId], !!versionId);
  const spread = rows.data?.find((r) => r.roundSpread !== null)?.roundSpread;
  return (
    <Card size="small" title={select}>
      <Alert
        type="info"
        showIcon
        message={t('results.calibration.intro')}
        description={`${t('results.calibration.rule')}${spread !== undefined && spread !== null ? ` ${t('results.calibration.ruleSpread', { spread: two(spread) })}` : ''}`}
        style={{ marginBottom: 12 }}
        data-testid="calibration-rule"
      />
      <Table<ExpertCalibrationView>
        rowKey="expertId"
        size="small"
        loading={rows.loading}
        dataSource={versionId ? rows.data : []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        data-testid="calibration-table"
        columns={[
          { title: t('results.calibration.expert'), dataIndex: 'name', width: 160 },
          { title: t('results.calibration.count'), dataIndex: 'count', width: 90, align: 'right' },
          { title: t('results.calibration.mean'), dataIndex: 'mean', width: 100, align: 'right', render: two },
          { title: t('results.calibration.spread'), dataIndex: 'spread', width: 100, align: 'right', render: two },
          { title: t('results.calibration.shrunkMean'), dataIndex: 'shrunkMean', width: 120, align: 'right', render: two },
          { title: t('results.calibration.shrunkSpread'), dataIndex: 'shrunkSpread', width: 130, align: 'right', render: two },
          {
            title: t('results.calibration.offset'),
            key: 'offset',
            width: 220,
            align: 'right',
            render: (_, r) =>
              r.sharedWorks === null ? (
                <Typography.Text type="secondary">{t('results.calibration.notKept')}</Typography.Text>
              ) : r.sharedWorks < 2 || r.offsetToOthers === null ? (
                <Typography.Text type="secondary">{t('results.calibration.tooFewShared')}</Typography.Text>
              ) : (
                <Typography.Text type={r.outlier ? 'danger' : undefined}>{t('results.calibration.offsetValue', { offset: signed(r.offsetToOthers), count: r.sharedWorks })}</Typography.Text>
              ),
          },
          {
            title: t('results.calibration.outlier'),
            dataIndex: 'outlier',
            render: (v: boolean) => <Space>{v ? <Tag color="red">{t('results.calibration.outlierTag')}</Tag> : <Tag>{t('results.calibration.normal')}</Tag>}</Space>,
          },
        ]}
      />
    </Card>
  );
}
