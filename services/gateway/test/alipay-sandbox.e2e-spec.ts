import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { alipayEnv, REPO } from './support/platform';

/**
 * Starts a program of the platform with only the given environment and waits for it to stop: a program that must
 * refuse to start stops at once; one that starts anyway is stopped after 20 s and the test fails on its exit status.
 */
function start(script: string, env: Record<string, string>): { status: number | null; output: string } {
  const r = spawnSync(process.execPath, [path.join(REPO, script)], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8', timeout: 20_000 });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

// Nothing the refused programs could reach: a check that did not happen shows as a failed connection instead.
const NOWHERE = { NATS_URL: 'nats://127.0.0.1:1', DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none', REDIS_URL: 'redis://127.0.0.1:1/0' };

describe('the local Alipay sandbox never runs beside a live merchant (issue 27)', () => {
  it('refuses to start the sandbox when NODE_ENV=production, saying what to change', () => {
    const r = start('infra/alipay-sandbox/main.js', { ...alipayEnv(), NODE_ENV: 'production', ALIPAY_SANDBOX_PORT: '0' });
    expect(r.status).toBe(1);
    expect(r.output).toContain('The Alipay sandbox does not run with NODE_ENV=production');
  });

  it("refuses to start the payment service with a live app id while Alipay's public key is the sandbox's, saying what to change", () => {
    const sandbox = alipayEnv();
    const r = start('services/payment/dist/main.js', { ...sandbox, ...NOWHERE, NODE_ENV: 'production', ALIPAY_APP_ID: '2021004100000001' });
    expect(r.status).toBe(1);
    expect(r.output).toContain("ALIPAY_PUBLIC_KEY is the local Alipay sandbox's key while ALIPAY_APP_ID (2021004100000001) is a live merchant's");
  });
});
