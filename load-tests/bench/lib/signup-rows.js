'use strict';
// The rows one sign-up makes (its signups row and the captain's signup_members row), as one
// statement: what the two baselines of the sign-up-rush bench insert. The service does the same
// inserts plus its rules (window, settings, the place claimed in event_slots, the saved profile).

const INSERT_SIGNUP_SQL = `
  WITH s AS (
    INSERT INTO enrollment.signups (competition_id, item_id, group_id, competition_name, item_name, type, captain_user_id,
                                    pay_status, fee_fen, member_count, teachers, invite_code)
    VALUES ($1, $2, $3, $4, $5, 1, $6, 0, 0, 1, '[]', md5(random()::text || clock_timestamp()::text))
    RETURNING id, item_id, captain_user_id)
  INSERT INTO enrollment.signup_members (signup_id, item_id, user_id, username, captain, profile)
  SELECT id, item_id, captain_user_id, $7, true, $8 FROM s RETURNING signup_id`;

module.exports = { INSERT_SIGNUP_SQL };
