import { useEffect, useState } from 'react';
import { Badge, Button, Card, Checkbox, Empty, Form, Select, Space, Switch, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { NEWS_CATEGORIES, type MessagePageQuery, type NewsCategory, type SubscribeMessage, type Subscription } from '@cmp/contracts';
import { GuardedButton } from '@/app/click-guard/GuardedButton';
import { confirmDelete, toast } from '@/app/feedback/feedback';
import { normaliseLang } from '@/app/i18n';
import { dateColumn } from '@/app/components/ListParts';
import { LoadError } from '@/app/components/PageHeader';
import { useAsync } from '@/app/hooks/useAsync';
import { competitionChoices, subscriptionApi } from '@/app/api/news.api';
import '@/app/i18n/news';
import '../components/news.css';

function SettingsCard() {
  const { t } = useTranslation('news');
  const sub = useAsync(() => subscriptionApi.detail(), []);
  const [form] = Form.useForm<{ categories: NewsCategory[]; competitionIds: number[] }>();
  const choices = useAsync((signal) => competitionChoices(signal), []);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (sub.data) form.setFieldsValue({ categories: sub.data.categories, competitionIds: sub.data.competitionIds });
  }, [sub.data, form]);

  const save = async () => {
    if (!sub.data) return;
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      const p: Subscription = { groupId: sub.data.groupId, categories: v.categories ?? [], competitionIds: v.competitionIds ?? [] };
      await subscriptionApi.save(p);
      toast(t('sub.saved'), 'success');
    } catch {
      /* toasted */
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t('sub.settings')} size="small" loading={sub.loading} className="sub-settings">
      <LoadError error={sub.error} onRetry={sub.reload} />
      <p style={{ color: '#8c8c8c', marginTop: 0 }}>{t('sub.settingsHint')}</p>
      <Form form={form} layout="vertical">
        <Form.Item name="categories" label={t('sub.categories')}>
          <Checkbox.Group options={NEWS_CATEGORIES.map((c) => ({ value: c, label: t(`category.${c}`) }))} />
        </Form.Item>
        <Form.Item name="competitionIds" label={t('sub.competitions')}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            loading={choices.loading}
            options={choices.data}
            placeholder={t('sub.competitionsPlaceholder')}
            style={{ maxWidth: 520 }}
          />
        </Form.Item>
        <GuardedButton type="primary" loading={saving} onClick={() => void save()}>
          {t('sub.save')}
        </GuardedButton>
      </Form>
    </Card>
  );
}

function MessagesCard() {
  const { t, i18n } = useTranslation('news');
  const lang = normaliseLang(i18n.language);
  const navigate = useNavigate();
  const [query, setQuery] = useState<MessagePageQuery>({ pageNum: 1, pageSize: 10 });
  const list = useAsync((signal) => subscriptionApi.messages(query, signal), [query]);
  const [selected, setSelected] = useState<number[]>([]);

  const open = async (m: SubscribeMessage) => {
    if (!m.read) await subscriptionApi.markRead([m.id]).catch(() => undefined);
    navigate(m.link);
  };
  const markRead = async (ids: number[]) => {
    try {
      await subscriptionApi.markRead(ids);
      list.reload();
    } catch {
      /* toasted */
    }
  };
  const removeSelected = async () => {
    const deleted = await confirmDelete({
      question: t('sub.deleteConfirm', { count: selected.length }),
      okText: t('common.delete'),
      done: t('sub.deleted'),
      run: () => subscriptionApi.remove(selected),
    });
    if (!deleted) return;
    setSelected([]);
    const emptied = (list.data?.list.length ?? 0) <= selected.length && (query.pageNum ?? 1) > 1;
    if (emptied) setQuery((q) => ({ ...q, pageNum: (q.pageNum ?? 2) - 1 }));
    else list.reload();
  };

  const columns: TableColumnsType<SubscribeMessage> = [
    {
      title: t('sub.messageTitle'),
      dataIndex: 'title',
      render: (title: string, m) => (
        <Space>
          {!m.read && <Badge status="processing" />}
          <a onClick={() => void open(m)} style={{ fontWeight: m.read ? 400 : 600 }}>
            {title}
          </a>
        </Space>
      ),
    },
    { title: t('list.status'), dataIndex: 'read', width: 90, render: (read: boolean) => (read ? <Tag>{t('sub.read')}</Tag> : <Tag color="blue">{t('sub.unreadTag')}</Tag>) },
    dateColumn(t('sub.receivedAt'), 'createdAt', lang),
    {
      title: t('common.actions'),
      key: 'actions',
      width: 170,
      render: (_, m) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => void open(m)}>
            {t('sub.open')}
          </Button>
          {!m.read && (
            <Button type="link" size="small" onClick={() => void markRead([m.id])}>
              {t('sub.markRead')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      size="small"
      className="sub-messages"
      title={
        <Space>
          {t('sub.messages')}
          {!!list.data?.unread && <Tag color="blue">{t('sub.unread', { count: list.data.unread })}</Tag>}
        </Space>
      }
      extra={
        <Space>
          <Space size={4}>
            <Switch size="small" checked={query.read === false} onChange={(on) => setQuery((q) => ({ ...q, pageNum: 1, read: on ? false : undefined }))} />
            {t('sub.onlyUnread')}
          </Space>
          <Button danger disabled={!selected.length} onClick={() => void removeSelected()}>
            {t('sub.deleteSelected')}
          </Button>
        </Space>
      }
    >
      <LoadError error={list.error} onRetry={list.reload} />
      <Table<SubscribeMessage>
        rowKey="id"
        size="small"
        loading={list.loading}
        columns={columns}
        dataSource={list.data?.list ?? []}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('sub.empty')} /> }}
        scroll={{ x: 640 }}
        pagination={{
          current: query.pageNum,
          pageSize: query.pageSize,
          total: list.data?.total ?? 0,
          showTotal: (total) => t('common.total', { total }),
          onChange: (pageNum, pageSize) => setQuery((q) => ({ ...q, pageNum: pageSize === q.pageSize ? pageNum : 1, pageSize })),
        }}
      />
    </Card>
  );
}

/** Personal centre /center/informationSub: what I follow and the messages it brought. */
export default function InformationSubPage() {
  const { t } = useTranslation('news');
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} className="information-sub">
      <h2 className="news-page__title">{t('sub.title')}</h2>
      <SettingsCard />
      <MessagesCard />
    </Space>
  );
}
