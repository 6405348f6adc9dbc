import { useMemo } from 'react';
import { Button, Checkbox, DatePicker, Empty, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Perm, type SceneSetting, type SceneSettingInput } from '@cmp/contracts';
import { toast } from '@/app/feedback/feedback';
import { useAsync } from '@/app/hooks/useAsync';
import { usePermission } from '@/app/permission/permission';
import { groupApi } from '../../api/review-admin.api';
import { sceneApi } from '../../api/scene.api';
import { REVIEW_SCENE_NS } from '../../locales';
import { attempt } from './shared';

/** The venue, the notice, languages and the rooms with their review groups and time slots. */
export function SettingTab({ setting, onSaved }: { setting: SceneSetting; onSaved: () => void }) {
  const { t } = useTranslation(REVIEW_SCENE_NS);
  const canEdit = usePermission([Perm.reviewEdit]);
  const groups = useAsync((signal) => groupApi.list(setting.roundId, signal), [setting.roundId]);
  const [form] = Form.useForm();
  const initial = useMemo(
    () => ({ ...setting, rooms: setting.rooms.map((r) => ({ ...r, startsAt: r.startsAt ? dayjs(r.startsAt) : null })) }),
    [setting],
  );
  const save = async () => {
    const v = await form.validateFields();
    const body: SceneSettingInput = {
      roundId: setting.roundId,
      venue: v.venue ?? '',
      notice: v.notice ?? '',
      showScore: !!v.showScore,
      bilingual: !!v.bilingual,
      rooms: (v.rooms ?? []).map((r: { id?: number; name: string; nameEn?: string; reviewGroupId?: number; startsAt?: dayjs.Dayjs | null; minutesPerTeam?: number }) => ({
        id: r.id,
        name: r.name,
        nameEn: r.nameEn ?? '',
        reviewGroupId: r.reviewGroupId ?? null,
        startsAt: r.startsAt ? r.startsAt.toISOString() : null,
        endsAt: null,
        minutesPerTeam: r.minutesPerTeam ?? 10,
      })),
    };
    if (await attempt(() => sceneApi.save(body))) {
      toast(t('setting.saved'), 'success');
      onSaved();
    }
  };
  return (
    <Form form={form} layout="vertical" initialValues={initial} disabled={!canEdit} style={{ maxWidth: 960 }}>
      <Space wrap size="large">
        <Form.Item name="venue" label={t('setting.venue')}>
          <Input maxLength={100} style={{ width: 320 }} />
        </Form.Item>
        <Form.Item name="notice" label={t('setting.notice')}>
          <Input maxLength={500} style={{ width: 480 }} />
        </Form.Item>
      </Space>
      <Space size="large">
        <Form.Item name="bilingual" valuePropName="checked">
          <Checkbox>{t('setting.bilingual')}</Checkbox>
        </Form.Item>
        <Form.Item name="showScore" valuePropName="checked">
          <Checkbox>{t('setting.showScore')}</Checkbox>
        </Form.Item>
      </Space>
      <Typography.Title level={5}>{t('setting.rooms')}</Typography.Title>
      <Form.List name="rooms">
        {(fields, { add, remove }) => (
          <>
            {!fields.length && <Empty description={t('setting.noRooms')} image={Empty.PRESENTED_IMAGE_SIMPLE} />}
            {fields.map((f) => (
              <Space key={f.key} align="start" wrap className="scene-room-row">
                <Form.Item name={[f.name, 'id']} hidden>
                  <Input />
                </Form.Item>
                <Form.Item name={[f.name, 'name']} label={t('setting.roomName')} rules={[{ required: true, whitespace: true, max: 50 }]}>
                  <Input style={{ width: 160 }} placeholder="第1评审室" />
                </Form.Item>
                <Form.Item name={[f.name, 'nameEn']} label={t('setting.roomNameEn')} rules={[{ max: 50 }]}>
                  <Input style={{ width: 140 }} placeholder="Room 1" />
                </Form.Item>
                <Form.Item name={[f.name, 'reviewGroupId']} label={t('setting.group')}>
                  <Select allowClear style={{ width: 220 }} loading={groups.loading} options={(groups.data ?? []).map((g) => ({ value: g.id, label: g.name }))} />
                </Form.Item>
                <Form.Item name={[f.name, 'startsAt']} label={t('setting.startsAt')}>
                  <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
                </Form.Item>
                <Form.Item name={[f.name, 'minutesPerTeam']} label={t('setting.minutesPerTeam')} rules={[{ required: true }]}>
                  <InputNumber min={1} max={240} precision={0} style={{ width: 110 }} />
                </Form.Item>
                <Form.Item label=" ">
                  <Button icon={<DeleteOutlined />} danger aria-label={t('setting.removeRoom')} onClick={() => remove(f.name)} />
                </Form.Item>
              </Space>
            ))}
            <Form.Item>
              <Button icon={<PlusOutlined />} onClick={() => add({ name: '', nameEn: '', minutesPerTeam: 10 })} disabled={fields.length >= 24}>
                {t('setting.addRoom')}
              </Button>
            </Form.Item>
          </>
        )}
      </Form.List>
      <Button type="primary" onClick={() => void save()} data-testid="scene-save">
        {t('setting.save')}
      </Button>
    </Form>
  );
}
