import type { EntityManager } from 'typeorm';
import { maskPersonName, SCREEN_HISTORY_COUNT, SCREEN_NEXT_COUNT, type QueueTeam, type RoomState } from '@cmp/contracts';

/** A team's time slot at its place in the queue q of room r. */
export const SLOT = `r.starts_at + (q.position - 1) * make_interval(mins => r.minutes_per_team)`;

/**
 * A queue row as staff and screens see it. The on-site score appears once every (not declined) expert of the work
 * submitted, and only when the round shows scores.
 */
const TEAM_SELECT = `SELECT q.work_id AS "workId", q.room_id AS "roomId", q.number, q.position, w.title, w.member_names AS members,
    coalesce(w.school_names[1], '') AS school, q.status, q.checked_in_at AS "checkedInAt", q.late, q.called_at AS "calledAt", q.calls, q.skips,
    CASE WHEN s.show_score AND sc.done THEN round(sc.score, 2)::float8 END AS score, ${SLOT} AS "slotAt"
  FROM scene_queue q
  JOIN scene_rooms r ON r.id = q.room_id
  JOIN round_works w ON w.round_id = q.round_id AND w.work_id = q.work_id
  JOIN scene_settings s ON s.round_id = q.round_id
  LEFT JOIN LATERAL (
    SELECT count(*) > 0 AND bool_and(coalesce(sh.status, '') = 'submitted') AS done, avg(sh.total) AS score
    FROM assignments a LEFT JOIN score_sheets sh ON sh.assignment_id = a.id
    WHERE a.round_id = q.round_id AND a.work_id = q.work_id AND NOT a.declined
  ) sc ON true`;

type TeamRow = Omit<QueueTeam, 'members'> & { members: string[] | null };

const toTeam = (t: TeamRow): QueueTeam => ({ ...t, members: (t.members ?? []).map(maskPersonName) });

/** Every team of the given rooms (staff's queue table), in queue order. */
export async function roomTeams(m: EntityManager, roomIds: number[]): Promise<QueueTeam[]> {
  const rows: TeamRow[] = await m.query(`${TEAM_SELECT} WHERE q.room_id = ANY($1::int[]) ORDER BY q.room_id, q.position, q.work_id`, [roomIds]);
  return rows.map(toTeam);
}

/** What the screens show of each room (the current call, the next teams, the last calls, the counts), and every team. */
export async function roomView(m: EntityManager, roomIds: number[]): Promise<{ rooms: RoomState[]; teams: QueueTeam[] }> {
  if (!roomIds.length) return { rooms: [], teams: [] };
  const rooms: Omit<RoomState, 'current' | 'next' | 'history' | 'counts'>[] = await m.query(
    `SELECT r.id AS "roomId", r.round_id AS "roundId", r.name, r.name_en AS "nameEn", s.venue, s.notice, s.bilingual, r.seq::int AS seq, r.paused
     FROM scene_rooms r JOIN scene_settings s ON s.round_id = r.round_id WHERE r.id = ANY($1::int[]) ORDER BY r.sort, r.id`,
    [roomIds],
  );
  const teams = await roomTeams(m, roomIds);
  const states = rooms.map((room) => {
    const mine = teams.filter((t) => t.roomId === room.roomId);
    const count = (s: QueueTeam['status']) => mine.filter((t) => t.status === s).length;
    // calledAt is a Date here (JSON makes it a string later): compare instants, to the millisecond.
    const byCall = (a: QueueTeam, b: QueueTeam) => new Date(b.calledAt!).getTime() - new Date(a.calledAt!).getTime();
    return {
      ...room,
      current: mine.find((t) => t.status === 'called' || t.status === 'presenting') ?? null,
      next: mine.filter((t) => t.status === 'waiting' || t.status === 'skipped').slice(0, SCREEN_NEXT_COUNT),
      history: mine.filter((t) => t.calledAt && !['called', 'presenting'].includes(t.status)).sort(byCall).slice(0, SCREEN_HISTORY_COUNT),
      counts: { total: mine.length, waiting: count('waiting'), done: count('done'), skipped: count('skipped'), absent: count('absent') },
    };
  });
  return { rooms: states, teams };
}

export const roomStates = async (m: EntityManager, roomIds: number[]): Promise<RoomState[]> => (await roomView(m, roomIds)).rooms;
