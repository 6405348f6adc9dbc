import { Button, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Perm, type NewsItem } from '@cmp/contracts';
import { formatDateTime } from '@/app/i18n/format';
import { usePermission } from '@/app/permission/permission';
import { useAsync } from '@/app/hooks/useAsync';
import { newsApi } from '@/app/api/news.api';
import '@/app/i18n/news';
import { NS, useLang } from './shared';

const STATUS_COLOR: Record<NewsItem['status'], string> = { draft: 'default', pending: 'orange', published: 'green', rejected: 'red' };

/** The news attached to a competition, with a way to write one for it. */
export function CompetitionNewsTab({ competitionId }: { competitionId: number }) {
  const { t } = useTranslation(NS);
  const { t: tn } = useTranslation('news');
  const lang = useLang();
  const navigate = useNavigate();
  const canWrite = usePermission([Perm.newsEdit, Perm.newsCheck]);
  const news = useAsync((signal) => newsApi.page({ competitionId, pageNum: 1, pageSize: 100 }, signal), [competitionId]);
  return (
    <>
      {canWrite && (
        <Button type="primary" icon={<PlusOutlined />} style={{ marginBottom: 12 }} onClick={() => navigate(`/newsManagement/addEdit?competitionId=${competitionId}`)}>
          {t('details.writeNews')}
        </Button>
      )}
      <Table<NewsItem>
        rowKey="id"
        size="middle"
        loading={news.loading}
        dataSource={news.data?.list ?? []}
        pagination={false}
        locale={{ emptyText: t('details.noNews') }}
        scroll={{ x: 640 }}
        columns={[
          { title: tn('list.newsTitle'), render: (_, n) => <Link to={`/newsManagement/detail?id=${n.id}`}>{n.title}</Link> },
          { title: tn('list.category'), render: (_, n) => tn(`category.${n.category}`), width: 140 },
          { title: tn('list.status'), render: (_, n) => <Tag color={STATUS_COLOR[n.status]}>{tn(`status.${n.status}`)}</Tag>, width: 110 },
          { title: tn('list.publishedAt'), render: (_, n) => formatDateTime(n.publishedAt, lang, 'minute'), width: 180 },
        ]}
      />
    </>
  );
}
