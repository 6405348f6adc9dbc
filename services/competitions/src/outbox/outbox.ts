import type { EntityManager } from 'typeorm';

/** Records an event in the same transaction as the change it describes; the relay publishes it after commit. */
export async function writeEvent(m: EntityManager, subject: string, payload: object): Promise<void> {
  await m.query(`INSERT INTO outbox (subject, payload) VALUES ($1, $2)`, [subject, JSON.stringify(payload)]);
}
