import { useState } from 'react';
import { Card, Input, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { QueueTeam } from '@cmp/contracts';
import { toast } from '@/app/feedback/feedback';
import { sceneApi, type SceneQueue } from '../../api/scene.api';
import { REVIEW_SCENE_NS } from '../../locales';
import { CameraScan } from './CameraScan';
import { attempt, useTeamColumns } from './shared';

/** Check-in at the door: the participant's QR code scanned or the number typed. */
export function CheckInTab({ roundId, queue, onChange }: { roundId: number; queue?: SceneQueue; onChange: () => void }) {
  const { t } = useTranslation(REVIEW_SCENE_NS);
  const [code, setCode] = useState('');
  const [last, setLast] = useState<QueueTeam>();
  const columns = useTeamColumns();
  const teams = queue?.teams ?? [];
  const submit = async (value: string) => {
    if (!value.trim()) return;
    const team = await attempt(() => sceneApi.checkIn(roundId, value.trim()));
    setCode('');
    if (!team) return;
    setLast(team);
    toast(t(team.late ? 'checkin.lateDone' : 'checkin.done', { number: team.number, title: team.title }), 'success');
    onChange();
  };
  return (
    <>
      <Card size="small">
        <Space wrap align="start">
          <Input.Search
            autoFocus
            style={{ width: 480 }}
            placeholder={t('checkin.placeholder')}
            enterButton={t('checkin.submit')}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onSearch={(v) => void submit(v)}
            maxLength={100}
            data-testid="checkin-input"
          />
          <CameraScan onCode={(c) => void submit(c)} />
        </Space>
        <div style={{ marginTop: 12 }}>
          <Tag color="blue">{t('checkin.count', { done: teams.filter((x) => x.checkedInAt).length, total: teams.length })}</Tag>
          {last && <Tag color={last.late ? 'orange' : 'success'}>{t(last.late ? 'checkin.lateDone' : 'checkin.done', { number: last.number, title: last.title })}</Tag>}
        </div>
      </Card>
      <Table rowKey="workId" size="small" style={{ marginTop: 16 }} dataSource={teams} columns={columns} pagination={{ pageSize: 50, showSizeChanger: false }} />
    </>
  );
}
