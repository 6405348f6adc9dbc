import { useState } from 'react';
import { Badge, Button, Card, Empty, List, Radio, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EnrollMessage, Lang, PageQuery } from '@cmp/contracts';
import { GuardedButton } from '@/app/click-guard/GuardedButton';
import { toast } from '@/app/feedback/feedback';
import { LANGUAGES, normaliseLang, setLanguage } from '@/app/i18n';
import { formatDateTime } from '@/app/i18n/format';
import { LoadError } from '@/app/components/PageHeader';
import { useAsync } from '@/app/hooks/useAsync';
import { centreApi } from '../api/centre.api';
import '../locales';

function Messages() {
  const { t, i18n } = useTranslation('centre');
  const lang = normaliseLang(i18n.language);
  const [query, setQuery] = useState<PageQuery>({ pageNum: 1, pageSize: 10 });
  // Messages come in the interface language: ask again when it changes.
  const page = useAsync((signal) => centreApi.messages(query, signal), [query, lang]);
  const unread = page.data?.unread ?? 0;

  const read = async (ids?: number[]) => {
    try {
      await centreApi.readMessages(ids);
    } catch {
      return; // toasted
    }
    if (!ids) toast(t('set.markedAllRead'), 'success');
    page.reload();
  };

  return (
    <Card
      title={
        <Space>
          {t('set.messages')}
          {page.data && page.data.total > 0 && (unread > 0 ? <Badge count={unread} overflowCount={99} title={t('set.unread', { count: unread })} /> : <Tag>{t('set.allRead')}</Tag>)}
        </Space>
      }
      extra={
        <GuardedButton size="small" disabled={unread === 0} onClick={() => read()}>
          {t('set.markAllRead')}
        </GuardedButton>
      }
      data-testid="messages"
    >
      <LoadError error={page.error} onRetry={page.reload} />
      <List<EnrollMessage>
        loading={page.loading}
        dataSource={page.data?.list ?? []}
        locale={{ emptyText: <Empty description={t('set.empty')} /> }}
        pagination={
          (page.data?.total ?? 0) > 0 && {
            current: query.pageNum,
            pageSize: query.pageSize,
            total: page.data?.total ?? 0,
            showSizeChanger: true,
            size: 'small',
            onChange: (pageNum, pageSize) => setQuery({ pageNum, pageSize }),
          }
        }
        renderItem={(m) => (
          <List.Item
            data-testid={`message-${m.id}`}
            actions={[
              m.read ? (
                <Typography.Text key="state" type="secondary">
                  {t('set.read')}
                </Typography.Text>
              ) : (
                <Button key="read" type="link" size="small" onClick={() => void read([m.id])}>
                  {t('set.markRead')}
                </Button>
              ),
            ]}
          >
            <List.Item.Meta
              avatar={<Badge status={m.read ? 'default' : 'processing'} title={m.read ? t('set.read') : t('set.isUnread')} />}
              title={<Typography.Text strong={!m.read}>{m.title}</Typography.Text>}
              description={
                <>
                  {m.content && <div>{m.content}</div>}
                  {formatDateTime(m.createdAt, lang, 'minute')}
                </>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}

function LanguagePreference() {
  const { t, i18n } = useTranslation('centre');
  const lang = normaliseLang(i18n.language);
  const labels: Record<Lang, string> = { 'zh-CN': t('set.zh'), en: t('set.en') };
  return (
    <Card title={t('set.language')} data-testid="language-preference">
      <Radio.Group value={lang} onChange={(e) => setLanguage(e.target.value as Lang)} optionType="button" options={LANGUAGES.map((l) => ({ value: l, label: labels[l] }))} />
      <div style={{ marginTop: 8 }}>
        <Typography.Text type="secondary">{t('set.languageHint')}</Typography.Text>
      </div>
    </Card>
  );
}

/** /center/set: the enrollment messages (unread badge, mark one or all read) and the interface language. */
export default function SettingsPage() {
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Messages />
      <LanguagePreference />
    </Space>
  );
}
