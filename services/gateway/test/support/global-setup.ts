import * as fs from 'node:fs';
import Redis from 'ioredis';
import { ALIPAY_URL, DATABASE_URL, LLM_URL, kioskHealthy, LOG_DIR, NATS_URL, platformHealthy, REDIS_URL, REPO, SERVICES, SHOT_DIR, startService, startWeb, stopAll, waitFor, webHealthy, writeAlipayEnv } from './platform';

/* eslint-disable @typescript-eslint/no-require-imports */
export default async function globalSetup(): Promise<void> {
  // The same bring-up as for development, pointed at the tests' URLs (it starts the tests' NATS).
  Object.assign(process.env, { DATABASE_URL, REDIS_URL, NATS_URL });
  await require(`${REPO}/infra/up.js`).ensureInfra({ log: () => undefined });
  require(`${REPO}/infra/ensure-env.js`).ensureEnvFile();
  for (const svc of SERVICES) {
    if (!fs.existsSync(`${REPO}/services/${svc}/dist/main.js`)) throw new Error(`services/${svc} is not built: run "npm test" (it builds first)`);
  }
  for (const app of ['web', 'kiosk']) {
    if (!fs.existsSync(`${REPO}/${app}/dist/index.html`)) throw new Error(`${app} is not built: run "npm test" (it builds first)`);
  }
  stopAll();
  fs.rmSync(LOG_DIR, { recursive: true, force: true });
  fs.rmSync(SHOT_DIR, { recursive: true, force: true });
  // A clean, migrated and seeded database and an empty Redis database for every run.
  await require(`${REPO}/infra/db-reset.js`).resetAll(DATABASE_URL);
  const redis = new Redis(REDIS_URL);
  await redis.flushdb();
  redis.disconnect();

  writeAlipayEnv();
  startService('alipay-sandbox');
  startService('llm-sandbox');
  startService('auth');
  startService('competitions');
  startService('enrollment');
  startService('certificates');
  startService('certificates-worker');
  startService('review');
  startService('review-worker');
  startService('payment');
  startService('payment-worker');
  startService('statistics-worker');
  // Its first build asks enrollment and competitions for their facts: both are started above.
  startService('statistics');
  startService('gateway');
  // The built web app for the browser tests (web/test), recorded with the services so teardown stops it.
  startWeb();
  startWeb('kiosk');
  // Fourteen processes start at once: on a busy 2-core machine the last of them can take more than a minute.
  await waitFor('the platform to answer /health', platformHealthy, 180000);
  await waitFor('the Alipay sandbox', async () => (await fetch(`${ALIPAY_URL}/health`)).ok, 10000);
  await waitFor('the chat-model stand-in', async () => (await fetch(`${LLM_URL}/health`)).ok, 10000);
  await waitFor('the web app to answer through its proxy', webHealthy, 30000);
  await waitFor('the kiosk app to answer through its proxy', kioskHealthy, 30000);
}
