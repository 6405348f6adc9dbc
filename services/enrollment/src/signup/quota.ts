import type { EntityManager } from 'typeorm';
import type { EnrollSetting } from '@cmp/contracts';

/**
 * Takes one free place of the event for the sign-up, inside the caller's transaction; false when none is left.
 * (Sign-ups take theirs inside signUpStatement, with the same two steps; this one serves the demo seed.)
 *
 * The fast path takes any free place that no other transaction holds (SKIP LOCKED), so concurrent sign-ups
 * claim different rows instead of queueing behind one counter. Only when every free place is held by
 * transactions still in flight (the last places of a rush) does it wait for them: a holder that rolls back
 * frees its place for us, and one that commits makes the row drop out of the search.
 */
export async function claimSlot(m: EntityManager, itemId: number, signupId: number): Promise<boolean> {
  const claim = (lock: string) =>
    m.query(
      `UPDATE event_slots SET signup_id = $2
       WHERE (item_id, slot_no) = (SELECT item_id, slot_no FROM event_slots WHERE item_id = $1 AND signup_id IS NULL
                                   ORDER BY slot_no LIMIT 1 FOR UPDATE ${lock})
       RETURNING slot_no`,
      [itemId, signupId],
    ) as Promise<[unknown[], number]>;
  const [fast] = await claim('SKIP LOCKED');
  if (fast.length) return true;
  const [slow] = await claim('');
  return slow.length > 0;
}

/** Frees the sign-up's place; drops it instead when the event has more rows than its (lowered) quota. */
export async function releaseSlot(m: EntityManager, signupId: number): Promise<void> {
  const [freed] = (await m.query(`UPDATE event_slots SET signup_id = NULL WHERE signup_id = $1 RETURNING item_id AS "itemId", slot_no AS "slotNo"`, [
    signupId,
  ])) as [{ itemId: number; slotNo: number }[], number];
  for (const f of freed) {
    await m.query(
      `DELETE FROM event_slots WHERE item_id = $1 AND slot_no = $2 AND signup_id IS NULL
         AND (SELECT count(*) FROM event_slots WHERE item_id = $1) > (SELECT quota FROM event_quotas WHERE item_id = $1)`,
      [f.itemId, f.slotNo],
    );
  }
}

/** The places one school has in the event: its own quota, else the competition's default, else none (null). */
export function schoolQuotaOf(enroll: EnrollSetting, schoolId: number | null): number | null {
  if (schoolId === null) return null;
  return enroll.schoolQuotas.find((q) => q.schoolId === schoolId)?.quota ?? enroll.schoolQuota;
}

export const hasSchoolQuota = (enroll: EnrollSetting) => enroll.schoolQuota !== null || enroll.schoolQuotas.length > 0;

export async function releaseSchool(m: EntityManager, itemId: number, schoolId: number | null): Promise<void> {
  if (schoolId === null) return;
  await m.query(`UPDATE school_counts SET used = used - 1 WHERE item_id = $1 AND school_id = $2 AND used > 0`, [itemId, schoolId]);
}
