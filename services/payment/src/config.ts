import { loadConfig, readStorageConfig } from '@cmp/common';
import { isPublicHalfOf, SANDBOX_APP_ID } from './alipay/sandbox-key';

/**
 * Read once at start-up. The Alipay settings are the merchant's: app id, the app's private key, Alipay's public key
 * and the gateway address. `npm start` fills them with the local sandbox's when none are set (infra/ensure-env.js).
 */
export const loadPaymentConfig = () =>
  loadConfig((env) => {
    const port = env.int('PORT', 8080, 1, 65535);
    const appId = env.string('ALIPAY_APP_ID');
    const alipayPublicKey = env.string('ALIPAY_PUBLIC_KEY');
    // The local sandbox signs with ALIPAY_SANDBOX_PRIVATE_KEY and marks any order paid on request: a live merchant
    // that believed its key would take the sandbox's word for real payments.
    env.check(
      appId === SANDBOX_APP_ID || !isPublicHalfOf(alipayPublicKey, env.string('ALIPAY_SANDBOX_PRIVATE_KEY', '')),
      `ALIPAY_PUBLIC_KEY is the local Alipay sandbox's key while ALIPAY_APP_ID (${appId}) is a live merchant's: the sandbox ` +
        `would be believed about real payments. Set ALIPAY_PUBLIC_KEY to Alipay's public key shown for the app on the Alipay ` +
        `open platform and remove ALIPAY_SANDBOX_PRIVATE_KEY and ALIPAY_APP_PUBLIC_KEY (README, "Going live with Alipay"), ` +
        `or set ALIPAY_APP_ID back to the sandbox's ${SANDBOX_APP_ID}.`,
    );
    return {
      // Alipay's notifications come in bursts of short statements (one each): more connections than the other services.
      dbPoolSize: env.int('DB_POOL_SIZE', 30, 2, 200),
      alipay: {
        appId,
        privateKey: env.secret('ALIPAY_APP_PRIVATE_KEY'),
        alipayPublicKey,
        gateway: env.string('ALIPAY_GATEWAY', 'https://openapi.alipay.com/gateway.do'),
        /** The merchant's Alipay account (2088…): a callback for another seller is refused. */
        sellerId: env.string('ALIPAY_SELLER_ID'),
        timeoutMs: env.int('ALIPAY_TIMEOUT_MS', 5000, 200, 60000),
      },
      /** Where Alipay posts its notifications: the gateway's public /prod-api/alipay/payment/notify. */
      notifyUrl: env.string('PAYMENT_NOTIFY_URL', `http://127.0.0.1:${port}/prod-api/alipay/payment/notify`),
      /** Where the cashier sends the payer back. */
      returnUrl: env.string('PAYMENT_RETURN_URL', `${env.string('PUBLIC_WEB_URL', 'http://localhost:5173')}/home/paySuccess`),
      orderTimeoutMinutes: env.int('PAYMENT_ORDER_TIMEOUT_MINUTES', 30, 1, 1440),
      /** How often the worker closes stale orders and resends pending refunds. */
      jobIntervalSeconds: env.int('PAYMENT_JOB_INTERVAL_SECONDS', 60, 1, 3600),
      /** When the day before is reconciled, as a cron pattern in Beijing time (Alipay's bills are ready after 9:00). */
      reconcileCron: env.string('PAYMENT_RECONCILE_CRON', '0 30 9 * * *'),
      /** The gateway's stored files (same STORAGE_* settings): uploaded bills are read from bills/, receipts written to receipts/. */
      storage: readStorageConfig(env),
      /** Chromium that prints receipts (收据) as PDF. */
      chromiumPath: env.string('CHROMIUM_PATH', '/usr/bin/chromium'),
    };
  });
export type PaymentConfig = ReturnType<typeof loadPaymentConfig>;

export const PAYMENT_CONFIG = Symbol('PAYMENT_CONFIG');
/** The stored files' backend (STORAGE_DRIVER). */
export const STORAGE = Symbol('STORAGE');
export const PAYMENT_SCHEMA = 'payment';
