'use strict';

const { Client } = require('pg');
const { checkUpgrades, databaseNamed, differences, dropDatabase, shapeOf, upgradeFrom } = require('./upgrade');

// An installation of an earlier release, with its demo data, upgraded by today's migrations has the schema (and the
// built-in roles) of a database migrated fresh today. The commits are infra/upgrade-from.json's (docs/decisions.md,
// "Upgrades").
describe('an upgrade from an earlier commit of main', () => {
  const commits = upgradeFrom().map((c) => c.commit);
  const upgraded = databaseNamed(`cmp_upgrade_${commits[0].slice(0, 12)}`);
  let found;

  beforeAll(async () => {
    found = await checkUpgrades(commits, { keep: true });
  }, 600_000);

  afterAll(() => Promise.all(['cmp_upgrade_fresh', ...commits.map((c) => `cmp_upgrade_${c.slice(0, 12)}`)].map(dropDatabase)));

  it('reaches the schema of a fresh database from every commit it upgrades from', () => {
    expect(found).toEqual(Object.fromEntries(commits.map((c) => [c, []])));
  });

  it('notices a missing column, index, constraint and role permission (the drifts of edited migrations)', async () => {
    const client = new Client({ connectionString: upgraded });
    await client.connect();
    try {
      await client.query(`DROP INDEX payment.orders_signup`);
      await client.query(`ALTER TABLE review.scene_rooms DROP COLUMN minutes_per_team`);
      await client.query(`UPDATE auth.roles SET permissions = array_remove(permissions, 'competition:info:list') WHERE key = 'finance'`);
    } finally {
      await client.end();
    }
    expect(differences(await shapeOf(upgraded), await shapeOf(databaseNamed('cmp_upgrade_fresh'))).sort()).toEqual([
      'only fresh: built-in role finance permission competition:info:list',
      'only fresh: column review.scene_rooms.minutes_per_team integer not null default 10',
      'only fresh: constraint review.scene_rooms.scene_rooms_minutes: CHECK (((minutes_per_team >= 1) AND (minutes_per_team <= 240)))',
      'only fresh: index payment.orders_signup: CREATE INDEX orders_signup ON payment.orders USING btree (signup_id)',
    ]);
  });
});
