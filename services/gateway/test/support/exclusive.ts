import { Client } from 'pg';
import { DATABASE_URL } from './platform';

/**
 * End-to-end files run two at a time (jest.e2e-runner.js). A file that changes something other files read
 * (an organisation's finance settings, say) holds a lock named after it from its first beforeAll to its last
 * afterAll: two files holding the same name never overlap, and a file waits for the other to finish.
 * Call it at the top level of the file, before any other hook, so that the file's own setup runs inside it.
 * Names in use: `finance` (an organisation's finance settings, its day's reconciliation and totals), `website`
 * (the demo organisations' public sites: template, banners).
 * A PostgreSQL advisory lock: it is released when the connection closes, even if the test process dies.
 */
export function exclusive(...names: string[]): void {
  let db: Client | null = null;
  beforeAll(async () => {
    db = new Client({ connectionString: DATABASE_URL });
    await db.connect();
    // Always in the same order, so two files that both hold two names cannot wait for each other.
    for (const name of [...names].sort()) await db.query('SELECT pg_advisory_lock(hashtext($1))', [`e2e:${name}`]);
  }, 30 * 60_000);
  afterAll(async () => {
    await db?.end();
    db = null;
  });
}
