import { useEffect, useState } from 'react';
import { Button, Tag } from 'antd';
import { SoundOutlined, DisconnectOutlined, AudioMutedOutlined } from '@ant-design/icons';
import type { QueueTeam, RoomState } from '@cmp/contracts';
import { lang, t } from './i18n';
import type { Live } from './live';
import type { Voice } from './voice';

const roomName = (r: RoomState) => (lang === 'en' && r.nameEn ? r.nameEn : r.name);
const time = (d: Date) => d.toLocaleTimeString(lang, { hour12: false });

function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(id);
  }, []);
  return <span className="clock">{time(now)}</span>;
}

function Team({ team, big }: { team: QueueTeam; big?: boolean }) {
  return (
    <div className={big ? 'team team--big' : 'team'}>
      <span className="team__number">{team.number}</span>
      <span className="team__title">{team.title}</span>
      {big && <span className="team__people">{[team.school, ...team.members].filter(Boolean).join(' · ')}</span>}
      {team.status === 'skipped' && <Tag color="orange">{t('skippedTag')}</Tag>}
      {team.status === 'absent' && <Tag color="red">{t('absentTag')}</Tag>}
      {team.score !== null && <span className="team__score">{t('score')} {team.score}</span>}
    </div>
  );
}

/** One room: the call in large type, the next teams, the counts and the last calls. */
function Room({ room, wide }: { room: RoomState; wide: boolean }) {
  const c = room.current;
  return (
    <section className={wide ? 'room room--wide' : 'room'} data-room={room.roomId} data-seq={room.seq}>
      <h2 className="room__name">{roomName(room)}{room.paused && <Tag color="red" className="room__paused">{t('paused')}</Tag>}</h2>
      <div className="room__current" data-testid="current">
        {c ? (
          <>
            <div className="room__label">{c.status === 'presenting' ? t('presenting') : t('nowCalling')}</div>
            <Team team={c} big />
            {c.status === 'called' && <div className="room__go">{t('pleaseGo', { room: roomName(room) })}{c.calls > 1 && ` · ${t('callCount', { n: c.calls })}`}</div>}
          </>
        ) : (
          <div className="room__idle">{t('noCall')}</div>
        )}
      </div>
      <div className="room__lists">
        <div className="room__next">
          <h3>{t('next')}</h3>
          {room.next.length ? room.next.map((x) => <Team key={x.workId} team={x} />) : <div className="room__empty">{t('noNext')}</div>}
        </div>
        {wide && (
          <div className="room__history" data-testid="history">
            <h3>{t('history')}</h3>
            {room.history.map((x) => <Team key={x.workId} team={x} />)}
          </div>
        )}
      </div>
      <div className="room__counts">
        <span>{t('done')} <b>{room.counts.done}</b></span>
        <span>{t('skipped')} <b>{room.counts.skipped}</b></span>
        <span>{t('waiting')} <b>{room.counts.waiting}</b></span>
        <span>{t('absent')} <b>{room.counts.absent}</b></span>
      </div>
    </section>
  );
}

/** The big screen: one room full screen, or the venue's rooms in columns. */
export function Screen({ live, voice, only }: { live: Live; voice: Voice; only: number | null }) {
  const rooms = only ? live.rooms.filter((r) => r.roomId === only) : live.rooms;
  const venue = live.device?.layout === 'venue' && rooms.length > 1;
  const first = rooms[0];
  return (
    <div className="screen">
      <header className="screen__bar">
        <span className="screen__venue">{first?.venue || t('title')}</span>
        <span className="screen__status">
          {live.offlineSince && (
            <Tag icon={<DisconnectOutlined />} color="error" className="offline" data-testid="offline">
              {t('offline', { time: time(live.offlineSince) })}
            </Tag>
          )}
          {!voice.on && (
            <Tag icon={<AudioMutedOutlined />} color="warning" data-testid="muted">
              {t('muted')}
            </Tag>
          )}
          {voice.needsTap && (
            <Button type="primary" icon={<SoundOutlined />} className="sound-button" onClick={voice.enable}>
              {t('enableSound')}
            </Button>
          )}
          <Clock />
        </span>
      </header>
      <main className={venue ? 'screen__rooms screen__rooms--venue' : 'screen__rooms'}>
        {rooms.map((r) => <Room key={r.roomId} room={r} wide={!venue} />)}
      </main>
      {first?.notice && (
        <footer className="screen__notice">
          <span>{first.notice}</span>
        </footer>
      )}
    </div>
  );
}
