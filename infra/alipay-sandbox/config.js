// The sandbox's configuration: a fresh merchant app and sandbox key pair, as environment variables. Both the
// payment service (ALIPAY_APP_*, ALIPAY_PUBLIC_KEY, ALIPAY_GATEWAY, ALIPAY_SELLER_ID) and the sandbox
// (ALIPAY_APP_PUBLIC_KEY, ALIPAY_SANDBOX_PRIVATE_KEY) read them.
'use strict';

const { generateKeyPair } = require('./sign');

const SANDBOX_APP_ID = '9021000000000001';
const SANDBOX_SELLER_ID = '2088000000000001';

function sandboxEnv(port = 7070) {
  const app = generateKeyPair();
  const alipay = generateKeyPair();
  return {
    ALIPAY_APP_ID: SANDBOX_APP_ID,
    ALIPAY_SELLER_ID: SANDBOX_SELLER_ID,
    ALIPAY_GATEWAY: `http://127.0.0.1:${port}/gateway.do`,
    ALIPAY_APP_PRIVATE_KEY: app.privateKey,
    ALIPAY_APP_PUBLIC_KEY: app.publicKey,
    ALIPAY_PUBLIC_KEY: alipay.publicKey,
    ALIPAY_SANDBOX_PRIVATE_KEY: alipay.privateKey,
  };
}

/** Whether a configuration points at the local sandbox (then `npm start` runs it). */
const usesSandbox = (env) => Boolean(env.ALIPAY_SANDBOX_PRIVATE_KEY) && /^http:\/\/(127\.0\.0\.1|localhost)[:/]/.test(env.ALIPAY_GATEWAY ?? '');

module.exports = { sandboxEnv, usesSandbox, SANDBOX_APP_ID, SANDBOX_SELLER_ID };
