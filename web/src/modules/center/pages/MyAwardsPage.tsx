import { useState } from 'react';
import { Button, Card, Empty, List, Space, Tag, Typography } from 'antd';
import { TrophyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { MyAward } from '@cmp/contracts';
import { promptDialog, toast } from '@/app/feedback/feedback';
import { useAsync } from '@/app/hooks/useAsync';
import { formatDateTime } from '@/app/i18n/format';
import { useLang } from '@/app/i18n/hooks';
import { APPEAL_COLOR, publicResultsApi } from '@/app/review/results/public.api';
import { REVIEW_PUBLIC_NS as NS } from '@/app/review/results/locales';

/**
 * Personal centre (reward): the caller's published awards, each with its appeal (复议) while the window is open,
 * apart from the certificates (newReward), which it points to instead of repeating them.
 */
export default function MyAwardsPage() {
  const { t } = useTranslation(NS);
  const lang = useLang();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const awards = useAsync((signal) => publicResultsApi.myAwards(page, signal), [page]);
  const appeals = useAsync((signal) => publicResultsApi.myAppeals(signal), []);
  const appealOf = (a: MyAward) => appeals.data?.find((x) => x.roundId === a.roundId && x.workId === a.workId);

  const appeal = async (a: MyAward) => {
    const { result, value } = await promptDialog(t('mine.appealPlaceholder'), { title: t('mine.appealTitle', { title: a.workTitle }), validator: (v) => v.trim().length > 0 && v.length <= 1000 });
    if (result !== 'confirm' || !value) return;
    try {
      await publicResultsApi.appeal({ roundId: a.roundId, workId: a.workId, reason: value.trim() });
      toast(t('mine.appealSent'), 'success');
      appeals.reload();
    } catch {
      /* toasted */
    }
  };

  return (
    <Card title={t('mine.title')} data-testid="my-awards" extra={<Link to="/center/newReward">{t('mine.certificatesHint')}</Link>}>
      <List<MyAward>
        loading={awards.loading}
        dataSource={awards.data?.list ?? []}
        locale={{ emptyText: <Empty description={t('mine.empty')} /> }}
        pagination={(awards.data?.total ?? 0) > page.pageSize ? { current: page.pageNum, pageSize: page.pageSize, total: awards.data?.total, onChange: (pageNum) => setPage((p) => ({ ...p, pageNum })) } : false}
        renderItem={(a) => {
          const mine = appealOf(a);
          const open = Date.parse(a.appealUntil) > Date.now();
          return (
            <List.Item
              actions={[
                mine ? (
                  <Tag key="appeal" color={APPEAL_COLOR[mine.status]}>
                    {t(`appealStatus.${mine.status}`)}
                    {mine.newScore !== null ? ` ${mine.oldScore} → ${mine.newScore}` : ''}
                  </Tag>
                ) : open ? (
                  <Button key="appeal" size="small" onClick={() => void appeal(a)}>
                    {t('mine.appeal')}
                  </Button>
                ) : null,
              ]}
            >
              <List.Item.Meta
                avatar={<TrophyOutlined style={{ fontSize: 28, color: '#faad14' }} />}
                title={
                  <Space wrap>
                    <Tag color="gold">{a.level}</Tag>
                    <span>{a.workTitle}</span>
                    <Typography.Text type="secondary">{t('mine.rank', { rank: a.rank })}</Typography.Text>
                  </Space>
                }
                description={
                  <Space direction="vertical" size={0}>
                    <span>
                      {a.competitionName} / {a.itemName}
                      {a.teamName ? ` / ${a.teamName}` : ''} · {a.roundName}
                    </span>
                    <Typography.Text type="secondary">
                      {t('mine.publishedAt', { time: formatDateTime(a.publishedAt, lang, 'minute') })}
                      {open && !mine ? ` · ${t('mine.appealUntil', { time: formatDateTime(a.appealUntil, lang, 'minute') })}` : ''}
                    </Typography.Text>
                    {mine?.reply && <Typography.Text type="secondary">{mine.reply}</Typography.Text>}
                  </Space>
                }
              />
            </List.Item>
          );
        }}
      />
    </Card>
  );
}
