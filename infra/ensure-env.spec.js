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

  it('creates .env with both secrets and a password for each NATS user', () => {
    expect(ensureEnvFile(file(), {})).toBe('created');
    const text = fs.readFileSync(file(), 'utf8');
    expect(text).toMatch(secret('JWT_SECRET'));
    expect(text).toMatch(secret('BANK_CARD_KEY'));
    // A letter first: nats-server reads it from its environment as a configuration value (a leading digit is a number).
    for (const user of ['GATEWAY', 'AUTH', 'PAYMENT_WORKER']) expect(text).toMatch(new RegExp(`^NATS_PASSWORD_${user}=n[0-9a-f]{48}$`, 'm'));
  });

  it('adds the Alipay sandbox merchant when no Alipay app is configured, with keys the SDK can use', () => {
    expect(ensureEnvFile(file(), {})).toBe('created');
    const text = fs.readFileSync(file(), 'utf8');
    for (const name of ['ALIPAY_APP_ID', 'ALIPAY_SELLER_ID', 'ALIPAY_GATEWAY', 'ALIPAY_APP_PRIVATE_KEY', 'ALIPAY_APP_PUBLIC_KEY', 'ALIPAY_PUBLIC_KEY', 'ALIPAY_SANDBOX_PRIVATE_KEY']) {
      expect(text).toMatch(new RegExp(`^${name}=\\S+$`, 'm'));
    }
    const value = (name) => new RegExp(`^${name}=(.*)$`, 'm').exec(text)[1];
    const { signText, verifyText, toKey } = require('./alipay-sandbox/sign');
    // The sandbox verifies what the app signs, and the app verifies what the sandbox signs.
    expect(verifyText('a=1', signText('a=1', toKey(value('ALIPAY_APP_PRIVATE_KEY'), 'private')), toKey(value('ALIPAY_APP_PUBLIC_KEY'), 'public'))).toBe(true);
    expect(verifyText('a=1', signText('a=1', toKey(value('ALIPAY_SANDBOX_PRIVATE_KEY'), 'private')), toKey(value('ALIPAY_PUBLIC_KEY'), 'public'))).toBe(true);
    // A real merchant's app id in the file keeps the sandbox out.
    fs.writeFileSync(file(), 'ALIPAY_APP_ID=2021000000000000\n');
    expect(ensureEnvFile(file(), {})).toBe('added JWT_SECRET, added BANK_CARD_KEY, added 12 NATS passwords');
    expect(fs.readFileSync(file(), 'utf8')).not.toMatch(/ALIPAY_SANDBOX_PRIVATE_KEY/);
  });

  it('adds a missing secret, fills an empty one and never overwrites a value', () => {
    fs.writeFileSync(file(), 'ALIPAY_APP_ID=2021000000000000\nJWT_SECRET=mine-mine-mine-mine-mine-mine-mine-mine');
    expect(ensureEnvFile(file(), {})).toBe('added BANK_CARD_KEY, added 12 NATS passwords');
    expect(fs.readFileSync(file(), 'utf8')).toMatch(/\nJWT_SECRET=mine-mine-mine-mine-mine-mine-mine-mine\nBANK_CARD_KEY=/);
    expect(ensureEnvFile(file(), {})).toBe('kept');

    fs.writeFileSync(file(), 'ALIPAY_APP_ID=2021000000000000\nJWT_SECRET=\nBANK_CARD_KEY=""\n');
    expect(ensureEnvFile(file(), {})).toBe('filled empty JWT_SECRET, filled empty BANK_CARD_KEY, added 12 NATS passwords');
    const text = fs.readFileSync(file(), 'utf8');
    expect(text).toMatch(secret('JWT_SECRET'));
    expect(text).toMatch(secret('BANK_CARD_KEY'));
  });
});
