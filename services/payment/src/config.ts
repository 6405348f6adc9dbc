import { loadConfig, readStorageConfig } from '@cmp/common';

/**
 * Read once at start-up. The Alipay settings are the merchant's: app id, the app's private key, Alipay's public key
 * and the gateway address. `npm start` fills them with the local sandbox's when none are set (infra/ensure-env.js).
 */
export const loadPaymentConfig = () =>
  loadConfig((env) => {
    const port = env.int('PORT', 8080, 1, 65535);
    return {
      // Alipay's notifications come in bursts of short statements (one each): more connections than the other services.
      dbPoolSize: env.int('DB_POOL_SIZE', 30, 2, 200),
      alipay: {
        appId: env.string('ALIPAY_APP_ID'),
        privateKey: env.secret('ALIPAY_APP_PRIVATE_KEY'),
        alipayPublicKey: env.string('ALIPAY_PUBLIC_KEY'),
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
