'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { ensureEnvFile } = require('./ensure-env');

describe('ensureEnvFile', () => {
  let dir;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ensure-env-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = () => path.join(dir, '.env');
  const secret = (name) => new RegExp(`^${name}=[A-Za-z0-9_-]{48}$`, 'm');

  it('creates .env with both secrets', () => {
    expect(ensureEnvFile(file())).toBe('created');
    const text = fs.readFileSync(file(), 'utf8');
    expect(text).toMatch(secret('JWT_SECRET'));
    expect(text).toMatch(secret('BANK_CARD_KEY'));
  });

  it('adds a missing secret, fills an empty one and never overwrites a value', () => {
    fs.writeFileSync(file(), 'JWT_SECRET=mine-mine-mine-mine-mine-mine-mine-mine');
    expect(ensureEnvFile(file())).toBe('added BANK_CARD_KEY');
    expect(fs.readFileSync(file(), 'utf8')).toMatch(/^JWT_SECRET=mine-mine-mine-mine-mine-mine-mine-mine\nBANK_CARD_KEY=/);
    expect(ensureEnvFile(file())).toBe('kept');

    fs.writeFileSync(file(), 'JWT_SECRET=\nBANK_CARD_KEY=""\n');
    expect(ensureEnvFile(file())).toBe('filled empty JWT_SECRET, filled empty BANK_CARD_KEY');
    const text = fs.readFileSync(file(), 'utf8');
    expect(text).toMatch(secret('JWT_SECRET'));
    expect(text).toMatch(secret('BANK_CARD_KEY'));
  });
});
