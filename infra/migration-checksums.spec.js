'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { checksumOf, migrationFiles, recorded, ROOT } = require('./migration-checksums');

describe('migrations', () => {
  const list = recorded();

  it('are never edited once merged', () => {
    const edited = [...list].filter(([file, sum]) => fs.existsSync(path.join(ROOT, file)) && checksumOf(file) !== sum).map(([file]) => file);
    // A merged migration may have run on some database already: put the change in a new migration instead.
    expect(edited).toEqual([]);
  });

  it('are never deleted once merged', () => {
    expect([...list.keys()].filter((file) => !fs.existsSync(path.join(ROOT, file)))).toEqual([]);
  });

  it('are recorded when added (node infra/migration-checksums.js)', () => {
    expect(migrationFiles().filter((file) => !list.has(file))).toEqual([]);
  });

  it("are each listed in their service's data-source.ts, or they would never run", () => {
    const unlisted = migrationFiles().filter((file) => {
      const dataSource = fs.readFileSync(path.join(ROOT, file.replace(/migrations\/.*$/, 'data-source.ts')), 'utf8');
      const className = /export class (\w+)/.exec(fs.readFileSync(path.join(ROOT, file), 'utf8'))?.[1];
      return !className || !dataSource.includes(className);
    });
    expect(unlisted).toEqual([]);
  });
});
