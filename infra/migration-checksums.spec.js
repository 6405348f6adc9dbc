'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { AMENDED, checksumOf, editedSinceLanded, firstRecorded, migrationFiles, recorded, ROOT } = require('./migration-checksums');

describe('migrations', () => {
  const list = recorded();

  it('match their recorded checksums', () => {
    const edited = [...list].filter(([file, sum]) => fs.existsSync(path.join(ROOT, file)) && checksumOf(file) !== sum).map(([file]) => file);
    expect(edited).toEqual([]);
  });

  it('are never edited once landed on main, even when the list is re-recorded', () => {
    // A landed migration may have run on some database already: put the change in a new migration instead.
    expect(editedSinceLanded()).toEqual([]);
  });

  it('list each reviewed amendment against the checksum first recorded for its file', () => {
    const first = firstRecorded();
    expect(AMENDED.filter((a) => first.get(a.file) !== a.from)).toEqual([]);
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

  it('import nothing that can change after they landed (only typeorm types)', () => {
    const importing = migrationFiles().filter((file) =>
      [...fs.readFileSync(path.join(ROOT, file), 'utf8').matchAll(/^import\s+(.*?)\s+from\s+'([^']+)'/gm)].some(([, what, from]) => from !== 'typeorm' || !what.startsWith('type ')),
    );
    expect(importing).toEqual([]);
  });
});
