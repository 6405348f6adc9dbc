import { useState } from 'react';
import { Button, Descriptions, Result, Space, Spin, Tag } from 'antd';
import { ArrowLeftOutlined, EditOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Perm, type NewsDetail } from '@cmp/contracts';
import { toast } from '@/app/feedback/feedback';
import { normaliseLang } from '@/app/i18n';
import { formatDateTime } from '@/app/i18n/format';
import { usePermission } from '@/app/permission/permission';
import { useAsync } from '@/app/hooks/useAsync';
import { newsApi } from '@/app/api/news.api';
import { ADD_EDIT_PATH, StatusTag } from '../components/NewsListScreen';
import '@/app/i18n/news';
import '@/app/components/rich-text/rich-text.css';
import '../components/news.css';

/** A news item as the public site will show it, with its workflow details. */
export default function NewsDetailPage() {
  const { t, i18n } = useTranslation('news');
  const lang = normaliseLang(i18n.language);
  const navigate = useNavigate();
  const id = Number(useSearchParams()[0].get('id')) || 0;
  const canEdit = usePermission([Perm.newsEdit]);
  const checker = usePermission([Perm.newsCheck]);
  const item = useAsync<NewsDetail>((signal) => newsApi.detail(id, signal), [id], id > 0);
  const [collected, setCollected] = useState<boolean | null>(null);
  const n = item.data;
  const isCollected = collected ?? !!n?.collected;

  const toggleCollect = async () => {
    if (!n) return;
    try {
      const r = await newsApi.collect(n.id, !isCollected);
      setCollected(r.collected);
      toast(r.collected ? t('detail.collectDone') : t('list.uncollected'), 'success');
    } catch {
      /* toasted */
    }
  };

  if (!id || item.error) return <Result status="404" title={t('edit.notFound')} />;
  if (!n) return <Spin style={{ display: 'block', margin: 48 }} />;
  return (
    <div className="news-page news-detail">
      <div className="news-page__header">
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)}>
          {t('detail.back')}
        </Button>
        <Space>
          <Button icon={isCollected ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />} onClick={() => void toggleCollect()}>
            {isCollected ? t('detail.collected') : t('detail.collect')}
          </Button>
          {canEdit && (checker || n.status !== 'published') && (
            <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(`${ADD_EDIT_PATH}?id=${n.id}`)}>
              {t('detail.edit')}
            </Button>
          )}
        </Space>
      </div>
      <div className="news-detail__body">
        <h1 className="news-detail__title">
          {n.title} {n.top && <Tag color="gold">{t('list.top')}</Tag>}
        </h1>
        <div className="news-detail__meta">
          <StatusTag item={n} />
          <span>{t(`category.${n.category}`)}</span>
          <span>{n.authorName}</span>
          <span>{formatDateTime(n.publishedAt ?? n.updatedAt, lang)}</span>
          <span>
            {t('list.views')} {n.views}
          </span>
        </div>
        {n.coverUrl && <img className="news-cover" style={{ width: 320, height: 180, marginBottom: 16 }} src={n.coverUrl} alt="" />}
        {n.summary && <p style={{ color: '#595959' }}>{n.summary}</p>}
        {/* Sanitised by the server against an allow-list before it was stored. */}
        <div className="news-html" dangerouslySetInnerHTML={{ __html: n.content }} />
        <Descriptions size="small" bordered column={1} title={t('detail.info')} style={{ marginTop: 24 }}>
          <Descriptions.Item label={t('detail.group')}>{n.groupId}</Descriptions.Item>
          {n.competitionId && <Descriptions.Item label={t('list.competitionId')}>{n.competitionId}</Descriptions.Item>}
          {n.appliedAt && <Descriptions.Item label={t('list.appliedAt')}>{formatDateTime(n.appliedAt, lang)}</Descriptions.Item>}
          {n.rejectReason && <Descriptions.Item label={t('list.rejectReason')}>{n.rejectReason}</Descriptions.Item>}
        </Descriptions>
      </div>
    </div>
  );
}
