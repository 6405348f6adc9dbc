import type { DataSource } from 'typeorm';

/** How often the votes are tallied for the statistics: a vote counts in the figures within this. */
export const VOTE_TALLY_MS = 5000;

/**
 * The works voted for since the last tally get a new fact (its trigger counts their votes now): one fact per work and
 * tally, however many votes it took, and nothing on the vote's own path. Votes made a moment before the last tally
 * but committed after it are seen by the overlap. Replicas take turns on the tally row.
 */
export async function tallyVotes(ds: DataSource): Promise<{ works: number }> {
  const [, works]: [unknown, number] = await ds.query(
    `WITH since AS (SELECT tallied_at - interval '5 seconds' AS at FROM vote_tallies FOR UPDATE),
          marked AS (UPDATE vote_tallies SET tallied_at = now() RETURNING 1),
          voted AS (SELECT DISTINCT vw.round_id, v.work_id FROM votes v JOIN vote_windows vw ON vw.id = v.window_id, since WHERE v.created_at > since.at)
     UPDATE round_works w SET fact_version = -1 FROM voted WHERE w.round_id = voted.round_id AND w.work_id = voted.work_id`,
  );
  return { works };
}
