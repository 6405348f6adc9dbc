import { useMemo, useState } from 'react';
import { Button, Card, Input, Radio, Space, Table, Tag, Typography } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { drawOrder, Perm, queueNumber, type DrawMethod, type SceneSetting } from '@cmp/contracts';
import { confirmDialog, toast } from '@/app/feedback/feedback';
import { formatDateTime } from '@/app/i18n/format';
import { useLang, useLocalName } from '@/app/i18n/hooks';
import { usePermission } from '@/app/permission/permission';
import { sceneApi, type SceneQueue } from '../../api/scene.api';
import { REVIEW_SCENE_NS } from '../../locales';
import { attempt, useTeamColumns } from './shared';

/** The order of appearance: draw (its seed checked in the browser), publish, and every team's room and number. */
export function OrderTab({ setting, queue, onChange }: { setting: SceneSetting; queue?: SceneQueue; onChange: () => void }) {
  const { t } = useTranslation(REVIEW_SCENE_NS);
  const lang = useLang();
  const canEdit = usePermission([Perm.reviewEdit]);
  const [method, setMethod] = useState<DrawMethod>('random');
  const [seed, setSeed] = useState('');
  const columns = useTeamColumns();
  const localName = useLocalName();
  const roomName = (id: number) => {
    const r = setting.rooms.find((x) => x.id === id);
    return r ? localName(r.name, r.nameEn) : '';
  };
  const teams = useMemo(() => queue?.teams ?? [], [queue]);

  // The draw checked in the browser: the seed and the works give the same numbers (contracts' drawOrder, dealt in turn).
  const verified = useMemo(() => {
    if (setting.draw?.method !== 'random' || !setting.draw.seed || !teams.length) return null;
    const rooms = setting.rooms.map((r) => r.id);
    const order = drawOrder(setting.draw.seed, teams.map((x) => x.workId));
    return order.every((w, i) => {
      const team = teams.find((x) => x.workId === w)!;
      const room = setting.rooms.find((r) => r.id === rooms[i % rooms.length])!;
      return team.number === queueNumber(room.code, Math.floor(i / rooms.length) + 1);
    });
  }, [setting, teams]);

  const draw = async () => {
    if (setting.draw && (await confirmDialog(t('order.redrawAsk'))) !== 'confirm') return;
    if (await attempt(() => sceneApi.draw(setting.roundId, method, seed))) {
      toast(t('order.drawn'), 'success');
      onChange();
    }
  };
  const publish = async () => {
    if ((await confirmDialog(t('order.publishAsk'))) !== 'confirm') return;
    if (await attempt(() => sceneApi.publish(setting.roundId))) onChange();
  };

  return (
    <>
      <Card size="small">
        <Space wrap>
          <Radio.Group value={method} onChange={(e) => setMethod(e.target.value)} disabled={!canEdit}>
            {(['random', 'signup'] as const).map((m) => (
              <Radio.Button key={m} value={m}>
                {t(`order.methods.${m}`)}
              </Radio.Button>
            ))}
          </Radio.Group>
          {method === 'random' && <Input placeholder={t('order.seed')} value={seed} onChange={(e) => setSeed(e.target.value)} style={{ width: 260 }} maxLength={64} />}
          <Button type="primary" onClick={() => void draw()} disabled={!canEdit} data-testid="scene-draw">
            {t('order.draw')}
          </Button>
          <Button onClick={() => void publish()} disabled={!canEdit || !setting.draw} data-testid="scene-publish">
            {t('order.publish')}
          </Button>
        </Space>
        <div style={{ marginTop: 12 }}>
          {!setting.draw ? (
            <Typography.Text type="secondary">{t('order.notDrawn')}</Typography.Text>
          ) : (
            <Space wrap>
              <Tag>{t(`order.methods.${setting.draw.method}`)}</Tag>
              {setting.draw.seed && <Typography.Text copyable={{ text: setting.draw.seed }}>{t('order.seedShown', { seed: setting.draw.seed })}</Typography.Text>}
              {verified !== null && (verified ? <Tag icon={<CheckCircleOutlined />} color="success">{t('order.verified')}</Tag> : <Tag color="error">{t('order.mismatch')}</Tag>)}
              {setting.draw.publishedAt && <Tag color="blue">{t('order.published', { time: formatDateTime(setting.draw.publishedAt, lang, 'minute') })}</Tag>}
            </Space>
          )}
        </div>
      </Card>
      <Table
        rowKey="workId"
        size="small"
        style={{ marginTop: 16 }}
        dataSource={teams}
        pagination={{ pageSize: 50, showSizeChanger: false }}
        columns={[...columns.slice(0, 1), { title: t('team.room'), dataIndex: 'roomId', width: 140, render: roomName }, ...columns.slice(1)]}
      />
    </>
  );
}
