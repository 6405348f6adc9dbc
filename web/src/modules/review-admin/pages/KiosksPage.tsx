import { useState } from 'react';
import { Alert, Button, Card, Empty, Form, Input, Radio, Select, Space, Table, Tag } from 'antd';
import { DesktopOutlined, LinkOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Perm, type KioskDevice, type KioskLayout } from '@cmp/contracts';
import { PageHeader } from '@/app/components/PageHeader';
import { confirmDialog, toast } from '@/app/feedback/feedback';
import { formatDateTime } from '@/app/i18n/format';
import { useLang, useLocalName } from '@/app/i18n/hooks';
import { useAsync } from '@/app/hooks/useAsync';
import { kioskUrl } from '@/app/kiosk-url';
import { usePermission } from '@/app/permission/permission';
import '@/app/components/page.css';
import { sceneApi } from '../api/scene.api';
import { useRoundChoice } from '../components/RoundPicker';
import { REVIEW_SCENE_NS } from '../locales';
import '../components/review-admin.css';

interface BindForm {
  code: string;
  name: string;
  roomIds: number[];
  layout: KioskLayout;
}

/** 叫号管理: pairs the venue's screens with rooms of an on-site round, lists them and revokes them. */
export default function KiosksPage() {
  const { t } = useTranslation(REVIEW_SCENE_NS);
  const lang = useLang();
  const canEdit = usePermission([Perm.reviewEdit]);
  const { round, picker } = useRoundChoice();
  const onsite = round?.type === 'onsite';
  const setting = useAsync((signal) => (round && onsite ? sceneApi.setting(round.id, signal) : Promise.resolve(null)), [round?.id, onsite]);
  const kiosks = useAsync((signal) => (round && onsite ? sceneApi.kiosks(round.id, signal) : Promise.resolve([] as KioskDevice[])), [round?.id, onsite]);
  const [form] = Form.useForm<BindForm>();
  const [busy, setBusy] = useState(false);
  const rooms = setting.data?.rooms ?? [];
  const localName = useLocalName();
  const roomName = (id: number) => {
    const r = rooms.find((x) => x.id === id);
    return r ? localName(r.name, r.nameEn) : String(id);
  };
  const roomNames = (ids: number[]) => ids.map(roomName).join(lang === 'en' ? ', ' : '、');

  const bind = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const d = await sceneApi.bind({ ...v, code: v.code.trim().toUpperCase(), roundId: round!.id });
      toast(t('kiosk.bound', { name: d.name }), 'success');
      form.resetFields(['code']);
      kiosks.reload();
    } catch {
      /* toasted */
    } finally {
      setBusy(false);
    }
  };
  const revoke = async (d: KioskDevice) => {
    if ((await confirmDialog(t('kiosk.revokeAsk', { name: d.name }))) !== 'confirm') return;
    try {
      await sceneApi.revoke(d.id);
      toast(t('kiosk.revokedDone'), 'success');
      kiosks.reload();
    } catch {
      /* toasted */
    }
  };

  return (
    <div className="system-page review-admin">
      <PageHeader
        title={t('kiosk.title')}
        extra={
          <Button icon={<LinkOutlined />} href={kioskUrl()} target="_blank">
            {t('kiosk.open')}
          </Button>
        }
      />
      {picker}
      {!round ? (
        <Empty />
      ) : !onsite ? (
        <Alert type="info" showIcon message={t('notOnsite')} />
      ) : (
        <>
          <Card size="small" title={t('kiosk.pair')}>
            <Form form={form} layout="inline" initialValues={{ layout: 'room', roomIds: [] }} disabled={!canEdit}>
              <Form.Item name="code" label={t('kiosk.code')} rules={[{ required: true, pattern: /^[A-Za-z0-9]{6}$/, message: t('kiosk.codeHint') }]}>
                <Input style={{ width: 140, textTransform: 'uppercase' }} maxLength={6} placeholder="ABC234" data-testid="pair-code" />
              </Form.Item>
              <Form.Item name="name" label={t('kiosk.name')} rules={[{ required: true, whitespace: true, max: 50 }]}>
                <Input style={{ width: 180 }} data-testid="pair-name" />
              </Form.Item>
              <Form.Item name="roomIds" label={t('kiosk.rooms')} rules={[{ required: true, type: 'array', min: 1 }]}>
                <Select mode="multiple" optionFilterProp="label" style={{ minWidth: 240 }} options={rooms.map((r) => ({ value: r.id, label: localName(r.name, r.nameEn) }))} data-testid="pair-rooms" />
              </Form.Item>
              <Form.Item name="layout" label={t('kiosk.layout')}>
                <Radio.Group options={(['room', 'venue'] as const).map((l) => ({ value: l, label: t(`kiosk.layouts.${l}`) }))} />
              </Form.Item>
              <Button type="primary" icon={<DesktopOutlined />} loading={busy} onClick={() => void bind()} data-testid="pair-bind">
                {t('kiosk.bind')}
              </Button>
            </Form>
          </Card>
          <Table
            rowKey="id"
            size="small"
            style={{ marginTop: 16 }}
            loading={kiosks.loading}
            dataSource={kiosks.data ?? []}
            locale={{ emptyText: <Empty description={t('kiosk.empty')} /> }}
            pagination={false}
            columns={[
              { title: t('kiosk.name'), dataIndex: 'name' },
              { title: t('kiosk.rooms'), dataIndex: 'roomIds', render: roomNames },
              { title: t('kiosk.layout'), dataIndex: 'layout', render: (l: KioskLayout) => t(`kiosk.layouts.${l}`) },
              { title: t('kiosk.lastSeen'), dataIndex: 'lastSeenAt', render: (v: string | null) => (v ? formatDateTime(v, lang, 'minute') : '-') },
              {
                title: t('kiosk.status'),
                dataIndex: 'revokedAt',
                render: (v: string | null) => (v ? <Tag>{t('kiosk.revoked')}</Tag> : <Tag color="success">{t('kiosk.active')}</Tag>),
              },
              {
                title: t('team.actions'),
                render: (_: unknown, d: KioskDevice) =>
                  !d.revokedAt && (
                    <Space>
                      <Button size="small" type="link" danger disabled={!canEdit} onClick={() => void revoke(d)}>
                        {t('kiosk.revoke')}
                      </Button>
                    </Space>
                  ),
              },
            ]}
          />
        </>
      )}
    </div>
  );
}
