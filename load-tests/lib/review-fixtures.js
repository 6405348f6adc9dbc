'use strict';
// Review fixtures for load runs, written straight into the review schema (setting them up through the back office
// would measure the back office): a public voting window, and a round of works assigned to one expert.

/** A round with `works` works (ids workBase …) and an open voting window of `perVoter` works a day: the window's id. */
async function votingWindow(db, groupId, { name, workBase, works, perVoter }) {
  const [{ id: roundId }] = (await db.query(`INSERT INTO review.rounds (group_id, competition_id, name, status) VALUES ($1, 1, $2, 'open') RETURNING id`, [groupId, name])).rows;
  await db.query(`INSERT INTO review.round_works (round_id, work_id, title) SELECT $1, $2::int + g, '作品' || g FROM generate_series(0, $3 - 1) g`, [roundId, workBase, works]);
  const [{ id }] = (
    await db.query(
      `INSERT INTO review.vote_windows (round_id, opens_at, closes_at, daily_limit, created_by) VALUES ($1, now() - interval '1 hour', now() + interval '1 day', $2, 'bench') RETURNING id`,
      [roundId, perVoter],
    )
  ).rows;
  return id;
}

/**
 * An open round of `works` works (ids workBase …), each assigned to the expert whose account is `username`, with
 * `columns` score columns: { roundId, assignmentIds }.
 */
async function scoringRound(db, groupId, { name, username, workBase, works, columns }) {
  const [{ id: roundId }] = (
    await db.query(`INSERT INTO review.rounds (group_id, competition_id, name, experts_per_work, score_columns, status) VALUES ($1, 1, $2, 1, $3, 'open') RETURNING id`, [
      groupId,
      name,
      JSON.stringify(columns),
    ])
  ).rows;
  await db.query(`INSERT INTO review.round_works (round_id, work_id, title) SELECT $1, $2::int + g, '作品' || g FROM generate_series(0, $3 - 1) g`, [roundId, workBase, works]);
  const [{ id: userId }] = (await db.query(`SELECT id FROM auth.users WHERE username = $1`, [username])).rows;
  let [expert] = (await db.query(`SELECT id FROM review.experts WHERE user_id = $1 AND deleted_at IS NULL`, [userId])).rows;
  if (!expert) [expert] = (await db.query(`INSERT INTO review.experts (group_id, name, user_id) VALUES ($1, $2, $3) RETURNING id`, [groupId, username, userId])).rows;
  const assignmentIds = (
    await db.query(`INSERT INTO review.assignments (round_id, work_id, expert_id) SELECT $1, $2::int + g, $3 FROM generate_series(0, $4 - 1) g RETURNING id`, [
      roundId,
      workBase,
      expert.id,
      works,
    ])
  ).rows.map((r) => r.id);
  return { roundId, assignmentIds };
}

module.exports = { votingWindow, scoringRound };
