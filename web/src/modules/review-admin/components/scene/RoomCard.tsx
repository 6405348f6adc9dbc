import { useState } from 'react';
import { Button, Card, InputNumber, Popover, Select, Space, Table, Tag, Typography } from 'antd';
import { SoundOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Perm, type QueueTeam, type RoomState, type SceneSetting } from '@cmp/contracts';
import { confirmDialog } from '@/app/feedback/feedback';
import { kioskUrl } from '@/app/kiosk-url';
import { useLocalName } from '@/app/i18n/hooks';
import { QUEUE_STATUS_COLORS } from '@/app/review/queue-status';
import { usePermission } from '@/app/permission/permission';
import { sceneApi } from '../../api/scene.api';
import { REVIEW_SCENE_NS } from '../../locales';
import { attempt, useTeamColumns } from './shared';

/** One room's calls: the team on stage, the actions, and its line. */
export function RoomCard({ room, roundId, rooms, teams, onChange }: { room: RoomState; roundId: number; rooms: SceneSetting['rooms']; teams: QueueTeam[]; onChange: () => void }) {
  const { t } = useTranslation(REVIEW_SCENE_NS);
  const canEdit = usePermission([Perm.reviewEdit]);
  const [after, setAfter] = useState<number | null>(3);
  const teamColumns = useTeamColumns();
  const localName = useLocalName();
  const c = room.current;
  const act = async (run: () => Promise<unknown>) => {
    if ((await attempt(run)) !== undefined) onChange();
  };
  const absent = async (team: QueueTeam) => {
    if ((await confirmDialog(t('queue.absentAsk', { number: team.number }))) === 'confirm') await act(() => sceneApi.absent(roundId, team.workId));
  };
  const movable = (s: QueueTeam['status']) => ['waiting', 'skipped', 'absent'].includes(s);
  return (
    <Card
      size="small"
      className="scene-room"
      data-room={room.roomId}
      title={
        <Space>
          {localName(room.name, room.nameEn)}
          {room.paused && <Tag color="red">{t('queue.pause')}</Tag>}
        </Space>
      }
      extra={
        <Space>
          <Typography.Text type="secondary">{t('queue.counts', room.counts)}</Typography.Text>
          <Button size="small" href={kioskUrl({ room: room.roomId })} target="_blank" icon={<SoundOutlined />}>
            {t('queue.openScreen')}
          </Button>
        </Space>
      }
    >
      <div className="scene-room__current">
        {c ? (
          <Space size="large" wrap>
            <span className="scene-room__number" data-testid="staff-current">{c.number}</span>
            <span>{c.title}</span>
            <Tag color={QUEUE_STATUS_COLORS[c.status]}>{t(`statuses.${c.status}`)}</Tag>
            {c.calls > 1 && <Tag>{t('team.calls')} {c.calls}</Tag>}
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('queue.none')}</Typography.Text>
        )}
      </div>
      <Space wrap style={{ margin: '12px 0' }}>
        <Button type="primary" disabled={!canEdit || !!c || room.paused} onClick={() => void act(() => sceneApi.act('call', room.roomId))} data-testid="call-next">
          {t('queue.call')}
        </Button>
        <Button disabled={!canEdit || c?.status !== 'called'} onClick={() => void act(() => sceneApi.act('recall', room.roomId))} data-testid="recall">
          {t('queue.recall')}
        </Button>
        <Button disabled={!canEdit || c?.status !== 'called'} onClick={() => void act(() => sceneApi.act('start', room.roomId))} data-testid="start">
          {t('queue.start')}
        </Button>
        <Button disabled={!canEdit || c?.status !== 'presenting'} onClick={() => void act(() => sceneApi.act('end', room.roomId))} data-testid="end">
          {t('queue.end')}
        </Button>
        <Popover
          trigger="click"
          content={
            <Space>
              <InputNumber min={1} max={100} value={after} onChange={setAfter} addonBefore={t('queue.skipAfter')} style={{ width: 200 }} />
              <Button type="primary" onClick={() => void act(() => sceneApi.skip(room.roomId, after))} data-testid="skip-after">
                {t('queue.skip')}
              </Button>
              <Button onClick={() => void act(() => sceneApi.skip(room.roomId, null))}>{t('queue.skipEnd')}</Button>
            </Space>
          }
        >
          <Button disabled={!canEdit || c?.status !== 'called'} data-testid="skip">
            {t('queue.skip')}
          </Button>
        </Popover>
        {c?.status === 'called' && (
          <Button danger disabled={!canEdit} onClick={() => void absent(c)}>
            {t('queue.absent')}
          </Button>
        )}
        <Button disabled={!canEdit} onClick={() => void act(() => sceneApi.pause(room.roomId, !room.paused))}>
          {room.paused ? t('queue.resume') : t('queue.pause')}
        </Button>
      </Space>
      <Table
        rowKey="workId"
        size="small"
        dataSource={teams}
        pagination={{ pageSize: 8, showSizeChanger: false, size: 'small' }}
        columns={[
          ...teamColumns.filter((c) => ['number', 'title', 'status'].includes(c.dataIndex)),
          {
            title: t('team.actions'),
            width: 230,
            render: (_: unknown, team: QueueTeam) => (
              <Space size={4}>
                {['waiting', 'skipped'].includes(team.status) && (
                  <Button size="small" type="link" danger disabled={!canEdit} onClick={() => void absent(team)}>
                    {t('queue.absent')}
                  </Button>
                )}
                {movable(team.status) && rooms.length > 1 && (
                  <Select
                    size="small"
                    placeholder={t('queue.moveTo')}
                    style={{ width: 130 }}
                    disabled={!canEdit}
                    options={rooms.filter((r) => r.id !== room.roomId).map((r) => ({ value: r.id, label: localName(r.name, r.nameEn) }))}
                    onChange={(to: number) => void act(() => sceneApi.move(roundId, team.workId, to))}
                  />
                )}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
