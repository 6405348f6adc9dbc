import { Button, Card, Empty, List, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { LoadError } from '@/app/components/PageHeader';
import { useAsync } from '@/app/hooks/useAsync';
import { formatMoney } from '@/app/i18n/format';
import { useLocalName } from '@/app/i18n/hooks';
import { publicResultsApi } from '@/app/review/results/public.api';
import { useSession } from '@/app/session/session';
import { centreApi } from '../api/centre.api';
import { CENTRE_NS } from '../locales';
import { nextSteps, type NextStep } from '../next-steps';

/** Awards are few per person: the first page holds them all. */
const AWARDS_PAGE = { pageNum: 1, pageSize: 100 };

/** 我的下一步: each sign-up in progress with what it waits for, the caller's own steps first, each opening where it is done. */
export function NextSteps() {
  const { t } = useTranslation(CENTRE_NS);
  const localName = useLocalName();
  const navigate = useNavigate();
  const userId = useSession((s) => s.user?.userId);
  const data = useAsync(
    (signal) => Promise.all([centreApi.mySignups(signal), centreApi.myWorks(signal), centreApi.myScene(signal), publicResultsApi.myAwards(AWARDS_PAGE, signal)]),
    [],
  );
  const steps = data.data && userId !== undefined ? nextSteps(userId, data.data[0], data.data[1], data.data[2], data.data[3].list) : [];
  const text = (step: NextStep, feeFen: number) =>
    step.kind === 'pay'
      ? t('next.steps.pay', { amount: formatMoney(feeFen) })
      : step.kind === 'checkIn'
        ? t('next.steps.checkIn', { round: step.appearance.roundName, room: localName(step.appearance.roomName, step.appearance.roomNameEn), position: step.appearance.position })
        : step.kind === 'results'
          ? t('next.steps.results', { round: step.award.roundName, level: step.award.level })
          : t(`next.steps.${step.kind}`);
  return (
    <Card title={t('next.title')} size="small" className="next-steps" data-testid="next-steps" extra={<Link to="/center/competition">{t('next.all')}</Link>}>
      <LoadError error={data.error} onRetry={data.reload} />
      {data.loading && !data.data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : steps.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('next.empty')}>
          <Link to="/home/competition">{t('next.browse')}</Link>
        </Empty>
      ) : (
        <List
          dataSource={steps}
          renderItem={({ signup: s, step }) => (
            <List.Item
              data-signup={s.id}
              data-step={step.kind}
              actions={
                'to' in step
                  ? [
                      <Button key="go" type="primary" size="small" onClick={() => navigate(step.to)}>
                        {t(`next.actions.${step.kind}`)}
                      </Button>,
                    ]
                  : []
              }
            >
              <List.Item.Meta
                title={<Link to={`/home/competition/details?id=${s.competitionId}`}>{localName(s.competitionName, s.competitionNameEn)}</Link>}
                description={
                  <>
                    {localName(s.itemName, s.itemNameEn)}
                    {s.teamName ? ` · ${s.teamName}` : ''}
                  </>
                }
              />
              {'to' in step ? <Tag color="blue">{text(step, s.feeFen)}</Tag> : <Typography.Text type="secondary">{text(step, s.feeFen)}</Typography.Text>}
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
