import { Card, Col, Row, Skeleton, Space, Statistic, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LoadError } from '@/app/components/PageHeader';
import { useAsync } from '@/app/hooks/useAsync';
import { workbenchApi } from '../api/workbench.api';
import { WORKBENCH_NS } from '../locales';

/** The list each total counts (the seeded menu's paths). */
const LISTS = { organisations: '/system/groud/groudDetail', users: '/system/user', competitions: '/competition/list' } as const;

/** ROOT's panel: whether Redis and each service answer, and the platform's organisations, users and competitions. */
export function PlatformPanel() {
  const { t } = useTranslation(WORKBENCH_NS);
  const overview = useAsync((signal) => workbenchApi.platform(signal), []);
  const data = overview.data;
  return (
    <Card title={t('platform.title')} size="small" data-testid="platform">
      <LoadError error={overview.error} onRetry={overview.reload} />
      {!data ? (
        <Skeleton active />
      ) : (
        <>
          <Row gutter={[16, 16]}>
            {(Object.keys(LISTS) as (keyof typeof LISTS)[]).map((key) => (
              <Col key={key} xs={12} md={8}>
                <Link to={LISTS[key]} data-total={key}>
                  <Statistic title={t(`platform.${key}`)} value={data[key] ?? t('todo.unavailable')} />
                </Link>
              </Col>
            ))}
          </Row>
          <Space wrap className="workbench__checks" data-testid="platform-checks">
            {Object.entries(data.checks).map(([part, check]) => (
              <Tag key={part} color={check === 'ok' ? 'success' : 'error'} data-check={part}>
                {t('platform.check', { part, state: t(`platform.${check}`) })}
              </Tag>
            ))}
          </Space>
        </>
      )}
    </Card>
  );
}
