#!/usr/bin/env node
// Runs the local Alipay sandbox (sandbox.js) from the environment: the app id and the app's public key it verifies
// requests with, its own private key for answers and notifications, the seller id, the port.
'use strict';

const { readEnvFile } = require('../ensure-env');
const { createSandbox } = require('./sandbox');

// The environment wins over .env, as for the services.
const env = { ...readEnvFile(), ...process.env };
// The sandbox marks any order paid on request (POST /sandbox/pay): it never runs where real money is taken.
if (env.NODE_ENV === 'production') {
  console.error(
    'alipay-sandbox: The Alipay sandbox does not run with NODE_ENV=production: it marks any order paid on request. ' +
      "In production configure the real merchant (ALIPAY_APP_ID, ALIPAY_PUBLIC_KEY, ALIPAY_GATEWAY; see README) and don't start the sandbox; " +
      'to try payments locally, run it with NODE_ENV unset or development.',
  );
  process.exit(1);
}
const port = Number(env.ALIPAY_SANDBOX_PORT ?? new URL(env.ALIPAY_GATEWAY ?? 'http://127.0.0.1:7070').port ?? 7070);
const sandbox = createSandbox({
  appId: env.ALIPAY_APP_ID,
  appPublicKey: env.ALIPAY_APP_PUBLIC_KEY,
  privateKey: env.ALIPAY_SANDBOX_PRIVATE_KEY,
  sellerId: env.ALIPAY_SELLER_ID,
  retryScale: Number(env.ALIPAY_SANDBOX_RETRY_SCALE ?? 1),
  log: env.LOG_LEVEL === 'debug' ? (line) => console.log(`alipay-sandbox: ${line}`) : undefined,
});
sandbox.listen(port, env.ALIPAY_SANDBOX_HOST ?? '127.0.0.1').then((p) => console.log(`alipay-sandbox: listening on http://127.0.0.1:${p}/gateway.do`));
const stop = () => sandbox.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
