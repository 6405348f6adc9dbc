import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Checkbox, DatePicker, Empty, Form, Input, InputNumber, Popover, Radio, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { CameraOutlined, CheckCircleOutlined, DeleteOutlined, PlusOutlined, SoundOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { drawOrder, Perm, queueNumber, type DrawMethod, type QueueTeam, type RoomState, type SceneSetting, type SceneSettingInput } from '@cmp/contracts';
import { PageHeader } from '@/app/components/PageHeader';
import { confirmDialog, toast } from '@/app/feedback/feedback';
import { formatDateTime } from '@/app/i18n/format';
import { useLang } from '@/app/i18n/hooks';
import { useAsync } from '@/app/hooks/useAsync';
import { kioskUrl } from '@/app/kiosk-url';
import { QUEUE_STATUS_COLORS } from '@/app/review/queue-status';
import { usePermission } from '@/app/permission/permission';
import '@/app/components/page.css';
import { groupApi } from '../api/review-admin.api';
import { sceneApi, type SceneQueue } from '../api/scene.api';
import { useRoundChoice } from '../components/RoundPicker';
import { REVIEW_SCENE_NS } from '../locales';
import '../components/review-admin.css';


/** Runs an action and says what went wrong (the http client toasts refusals). */
async function attempt<T>(run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch {
    return undefined;
  }
}

/** 现场评审: the venue and rooms, the order of appearance, check-in at the door and each room's calls. */
export default function ScenePage() {
  const { t } = useTranslation(REVIEW_SCENE_NS);
  const { round, picker } = useRoundChoice();
  const onsite = round?.type === 'onsite';
  const setting = useAsync((signal) => (round && onsite ? sceneApi.setting(round.id, signal) : Promise.resolve(null)), [round?.id, onsite]);
  const [queue, setQueue] = useState<SceneQueue>();
  const roundId = round?.id;

  // Staff screens follow the queue: their own actions answer at once, others' show within two seconds.
  useEffect(() => {
    if (!roundId || !onsite) return;
    const ctl = new AbortController();
    const load = () => void sceneApi.queue(roundId, ctl.signal).then(setQueue, () => undefined);
    load();
    const id = setInterval(load, 2000);
    return () => {
      ctl.abort();
      clearInterval(id);
    };
  }, [roundId, onsite, setting.data]);
  const reloadQueue = () => roundId && void sceneApi.queue(roundId).then(setQueue, () => undefined);

  return (
    <div className="system-page review-admin">
      <PageHeader title={t('title')} />
      {picker}
      {!round ? (
        <Empty />
      ) : !onsite ? (
        <Alert type="info" showIcon message={t('notOnsite')} />
      ) : setting.data ? (
        <Tabs
          items={[
            { key: 'queue', label: t('tabs.queue'), children: <QueueTab setting={setting.data} queue={queue} onChange={reloadQueue} /> },
            { key: 'checkin', label: t('tabs.checkin'), children: <CheckInTab roundId={round.id} queue={queue} onChange={reloadQueue} /> },
            { key: 'order', label: t('tabs.order'), children: <OrderTab setting={setting.data} queue={queue} onChange={setting.reload} /> },
            { key: 'setting', label: t('tabs.setting'), children: <SettingTab setting={setting.data} onSaved={setting.reload} /> },
          ]}
        />
      ) : null}
    </div>
  );
}

function SettingTab({ setting, onSaved }: { setting: SceneSetting; onSaved: () => void }) {
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

function useTeamColumns() {
  const { t } = useTranslation(REVIEW_SCENE_NS);
  const lang = useLang();
  return [
    { title: t('team.number'), dataIndex: 'number', width: 90, render: (n: string) => <b>{n}</b> },
    { title: t('team.title'), dataIndex: 'title', ellipsis: true },
    { title: t('team.slot'), dataIndex: 'slotAt', width: 150, render: (at: string | null) => (at ? formatDateTime(at, lang, 'minute') : '-') },
    { title: t('team.members'), dataIndex: 'members', render: (m: string[]) => m.join('、') },
    { title: t('team.school'), dataIndex: 'school', ellipsis: true },
    { title: t('team.status'), dataIndex: 'status', width: 100, render: (s: QueueTeam['status']) => <Tag color={QUEUE_STATUS_COLORS[s]}>{t(`statuses.${s}`)}</Tag> },
    {
      title: t('team.checkedIn'),
      dataIndex: 'checkedInAt',
      width: 170,
      render: (at: string | null, r: QueueTeam) =>
        at ? (
          <Space size={4}>
            {formatDateTime(at, lang, 'minute')}
            {r.late && <Tag color="orange">{t('team.late')}</Tag>}
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('team.notChecked')}</Typography.Text>
        ),
    },
  ];
}

function OrderTab({ setting, queue, onChange }: { setting: SceneSetting; queue?: SceneQueue; onChange: () => void }) {
  const { t } = useTranslation(REVIEW_SCENE_NS);
  const lang = useLang();
  const canEdit = usePermission([Perm.reviewEdit]);
  const [method, setMethod] = useState<DrawMethod>('random');
  const [seed, setSeed] = useState('');
  const columns = useTeamColumns();
  const roomName = (id: number) => setting.rooms.find((r) => r.id === id)?.name ?? '';
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

/** Scanning in Chromium's BarcodeDetector (phones and tablets); a scanner gun or typing works everywhere. */
function CameraScan({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation(REVIEW_SCENE_NS);
  const video = useRef<HTMLVideoElement>(null);
  const [on, setOn] = useState(false);
  const supported = 'BarcodeDetector' in window && !!navigator.mediaDevices?.getUserMedia;
  useEffect(() => {
    if (!on) return;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setInterval>;
    const Detector = (window as unknown as { BarcodeDetector: new (o: object) => { detect: (v: HTMLVideoElement) => Promise<{ rawValue: string }[]> } }).BarcodeDetector;
    const detector = new Detector({ formats: ['qr_code'] });
    void navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } }).then((s) => {
      stream = s;
      if (video.current) {
        video.current.srcObject = s;
        void video.current.play();
      }
      timer = setInterval(async () => {
        const [hit] = video.current ? await detector.detect(video.current).catch(() => []) : [];
        if (hit) {
          setOn(false);
          onCode(hit.rawValue);
        }
      }, 300);
    }, () => setOn(false));
    return () => {
      clearInterval(timer);
      stream?.getTracks().forEach((tr) => tr.stop());
    };
  }, [on, onCode]);
  if (!supported) return <Typography.Text type="secondary">{t('checkin.scanUnsupported')}</Typography.Text>;
  return (
    <>
      <Button icon={<CameraOutlined />} onClick={() => setOn(!on)}>
        {t('checkin.scan')}
      </Button>
      {on && <video ref={video} muted playsInline style={{ width: 320, display: 'block', marginTop: 8 }} />}
    </>
  );
}

function CheckInTab({ roundId, queue, onChange }: { roundId: number; queue?: SceneQueue; onChange: () => void }) {
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

function RoomCard({ room, roundId, rooms, teams, onChange }: { room: RoomState; roundId: number; rooms: SceneSetting['rooms']; teams: QueueTeam[]; onChange: () => void }) {
  const { t } = useTranslation(REVIEW_SCENE_NS);
  const canEdit = usePermission([Perm.reviewEdit]);
  const [after, setAfter] = useState<number | null>(3);
  const teamColumns = useTeamColumns();
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
          {room.name}
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
                    options={rooms.filter((r) => r.id !== room.roomId).map((r) => ({ value: r.id, label: r.name }))}
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

function QueueTab({ setting, queue, onChange }: { setting: SceneSetting; queue?: SceneQueue; onChange: () => void }) {
  const { t } = useTranslation(REVIEW_SCENE_NS);
  if (!queue?.rooms.length) return <Empty description={setting.rooms.length ? t('order.notDrawn') : t('setting.noRooms')} />;
  return (
    <div className="scene-rooms">
      {queue.rooms.map((r) => (
        <RoomCard key={r.roomId} room={r} roundId={setting.roundId} rooms={setting.rooms} teams={queue.teams.filter((x) => x.roomId === r.roomId)} onChange={onChange} />
      ))}
    </div>
  );
}
