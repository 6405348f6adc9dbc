import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { NumberingScheme } from '@cmp/contracts';
import { capacityOf, counterKeyOf, digitsOf, formatNumber, numberBody } from './numbering';

export type NumberingOutcome =
  | { ok: true; numbered: number }
  | { ok: false; key: 'cert.numberingFull'; params: Record<string, number> }
  | { ok: false; key: 'cert.numberTaken'; params: { number: string } };

// Raw UPDATE … RETURNING goes through a CTE throughout: TypeORM answers a bare UPDATE with [rows, count].

/** An unguessable trace token: 128 random bits, URL-safe. */
export const newTraceToken = (): string => randomBytes(16).toString('base64url');

interface BatchRow {
  id: number;
  group_id: number;
  competition_id: number | null;
  item_id: number | null;
  numbering: NumberingScheme;
}

/**
 * Numbers every live, unnumbered certificate of a batch, in position order, inside the caller's transaction.
 *
 * Auto-increment: one UPDATE of the counter row takes a contiguous block (`last_value + n`) only if the block
 * still fits the width; the row lock makes concurrent batches on the same counter queue up, and because the
 * counter and the certificates change in the same transaction, a worker killed halfway leaves neither: no gap,
 * no repeat. The unique index (counter_key, seq) is the second wall.
 * Random: codes are drawn until none collides with a live number of the organisation (index on group_id, number).
 */
export async function assignNumbers(m: EntityManager, batch: BatchRow): Promise<NumberingOutcome> {
  const rows: { id: number }[] = await m.query(
    `SELECT id FROM certificates WHERE batch_id = $1 AND number IS NULL AND revoked_at IS NULL ORDER BY position`,
    [batch.id],
  );
  if (!rows.length) return { ok: true, numbered: 0 };
  const scheme = batch.numbering;
  const key = counterKeyOf(scheme.variant, batch.competition_id, batch.item_id);
  const ids = rows.map((r) => r.id);

  if (key) {
    const max = capacityOf(scheme.variant);
    await m.query(`INSERT INTO counters (counter_key) VALUES ($1) ON CONFLICT DO NOTHING`, [key]);
    const taken: { last_value: number }[] = await m.query(
      `WITH u AS (UPDATE counters SET last_value = last_value + $2 WHERE counter_key = $1 AND last_value + $2 <= $3 RETURNING last_value) SELECT * FROM u`,
      [key, ids.length, max],
    );
    if (!taken.length) {
      const [{ last_value: used }] = await m.query(`SELECT last_value FROM counters WHERE counter_key = $1`, [key]);
      return { ok: false, key: 'cert.numberingFull', params: { digits: digitsOf(scheme.variant)!, max, used, count: ids.length } };
    }
    const first = taken[0].last_value - ids.length + 1;
    const seqs = ids.map((_, i) => first + i);
    const numbers = seqs.map((seq) => formatNumber(scheme, numberBody(scheme.variant, seq)));
    // Another counter printing the same prefix and width may have handed these out already: the batch fails
    // naming one (the counter is put back; this transaction holds its row) rather than hit the unique index.
    const [clash]: { number: string }[] = await m.query(
      `SELECT number FROM certificates WHERE group_id = $1 AND number = ANY($2::text[]) AND revoked_at IS NULL ORDER BY number LIMIT 1`,
      [batch.group_id, numbers],
    );
    if (clash) {
      await m.query(`UPDATE counters SET last_value = last_value - $2 WHERE counter_key = $1`, [key, ids.length]);
      return { ok: false, key: 'cert.numberTaken', params: { number: clash.number } };
    }
    await m.query(
      `UPDATE certificates c SET counter_key = $1, seq = v.seq, number = v.number
         FROM unnest($2::int[], $3::int[], $4::text[]) AS v(id, seq, number) WHERE c.id = v.id`,
      [key, ids, seqs, numbers],
    );
    return { ok: true, numbered: ids.length };
  }

  const chosen = new Set<string>();
  let pending = ids.length;
  while (pending > 0) {
    const candidates: string[] = [];
    while (candidates.length < pending) {
      const n = formatNumber(scheme, numberBody(scheme.variant));
      if (!chosen.has(n) && !candidates.includes(n)) candidates.push(n);
    }
    const clash: { number: string }[] = await m.query(
      `SELECT number FROM certificates WHERE group_id = $1 AND number = ANY($2::text[]) AND revoked_at IS NULL`,
      [batch.group_id, candidates],
    );
    const clashing = new Set(clash.map((c) => c.number));
    for (const c of candidates) if (!clashing.has(c)) chosen.add(c);
    pending = ids.length - chosen.size;
  }
  await m.query(
    `UPDATE certificates c SET number = v.number FROM unnest($1::int[], $2::text[]) AS v(id, number) WHERE c.id = v.id`,
    [ids, [...chosen]],
  );
  return { ok: true, numbered: ids.length };
}

/** Numbers left on a batch's counter: what the issue call checks before queueing anything. */
export async function numbersLeft(m: EntityManager, batch: Omit<BatchRow, 'group_id' | 'id'>): Promise<{ used: number; max: number } | null> {
  const key = counterKeyOf(batch.numbering.variant, batch.competition_id, batch.item_id);
  if (!key) return null;
  const rows: { last_value: number }[] = await m.query(`SELECT last_value FROM counters WHERE counter_key = $1`, [key]);
  return { used: rows[0]?.last_value ?? 0, max: capacityOf(batch.numbering.variant) };
}
