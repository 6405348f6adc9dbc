import { Card, Descriptions, Empty, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MyAppearance } from '@cmp/contracts';
import { useAsync } from '@/app/hooks/useAsync';
import { QUEUE_STATUS_COLORS } from '@/app/review/queue-status';
import { formatDateTime } from '@/app/i18n/format';
import { useLang } from '@/app/i18n/hooks';
import { centreApi } from '../api/centre.api';
import { CENTRE_NS } from '../locales';
import './my-scene.css';


/** Personal centre (scene): the published on-site appearances, each with its number, room and check-in QR code. */
export default function MyScenePage() {
  const { t } = useTranslation(CENTRE_NS);
  const lang = useLang();
  const mine = useAsync((signal) => centreApi.myScene(signal), []);
  return (
    <Card title={t('scene.title')} data-testid="my-scene">
      <Typography.Paragraph type="secondary">{t('scene.intro')}</Typography.Paragraph>
      <List<MyAppearance>
        loading={mine.loading}
        dataSource={mine.data ?? []}
        locale={{ emptyText: <Empty description={t('scene.empty')} /> }}
        renderItem={(a) => (
          <List.Item key={`${a.roundId}-${a.workId}`} className="my-scene__item">
            <div className="my-scene__text">
              <Space wrap>
                <Typography.Text strong>{a.title}</Typography.Text>
                <Tag color={QUEUE_STATUS_COLORS[a.status]}>{t(`scene.statuses.${a.status}`)}</Tag>
                <Tag color={a.checkedInAt ? 'success' : 'default'}>{a.checkedInAt ? t('scene.checkedIn') : t('scene.notChecked')}</Tag>
              </Space>
              <Typography.Paragraph type="secondary">{`${a.roundName}${a.venue ? ` · ${a.venue}` : ''}`}</Typography.Paragraph>
              <Descriptions size="small" column={1}>
                <Descriptions.Item label={t('scene.number')}>
                  <Typography.Text strong style={{ fontSize: 20 }}>
                    {a.number}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                    {t('scene.place', { position: a.position })}
                  </Typography.Text>
                </Descriptions.Item>
                <Descriptions.Item label={t('scene.room')}>{lang === 'en' && a.roomNameEn ? a.roomNameEn : a.roomName}</Descriptions.Item>
                <Descriptions.Item label={t('scene.slotAt')}>{a.slotAt ? formatDateTime(a.slotAt, lang, 'minute') : '-'}</Descriptions.Item>
              </Descriptions>
            </div>
            {a.qr && <img src={a.qr} alt={a.number} width={180} height={180} />}
          </List.Item>
        )}
      />
    </Card>
  );
}
