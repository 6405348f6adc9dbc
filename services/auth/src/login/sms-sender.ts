import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from '@cmp/common';
import { translate, type Lang } from '@cmp/contracts';
import { REDIS } from '../redis.provider';

/**
 * A text message by template, as SMS providers take them: a code for a purpose, or the notice that a phone already
 * has an account (sent instead of a sign-up code, so the caller's answer never tells).
 */
export type Sms =
  | { template: 'login' | 'register' | 'retrieve' | 'trial'; params: { code: string; minutes: number } }
  | { template: 'alreadyRegistered'; params: { username: string } };

/** Delivers text messages. Production wires an SMS provider behind the same interface (its template per `template`). */
export abstract class SmsSender {
  abstract send(phone: string, sms: Sms, lang: Lang): Promise<void>;
}

/** The development outbox of a phone: its latest messages, newest first. */
export const outboxKey = (phone: string) => `sms-outbox:${phone}`;
const OUTBOX_SIZE = 10;
const OUTBOX_SECONDS = 600;

/**
 * Development sender: writes the text (`sms.<template>` in the catalogue) to the service log, and keeps the phone's
 * last messages in Redis for 10 minutes (`sms-outbox:<phone>`, JSON `{ template, text }`), where a developer and the
 * tests read what would have been sent.
 */
@Injectable()
export class LogSmsSender extends SmsSender {
  private readonly logger = new Logger('Sms');

  constructor(@Inject(REDIS) private readonly redis: Redis) {
    super();
  }

  async send(phone: string, sms: Sms, lang: Lang): Promise<void> {
    const text = translate(`sms.${sms.template}`, lang, sms.params);
    this.logger.log(`to ${phone}: ${text}`);
    const key = outboxKey(phone);
    await this.redis
      .multi()
      .lpush(key, JSON.stringify({ template: sms.template, text }))
      .ltrim(key, 0, OUTBOX_SIZE - 1)
      .expire(key, OUTBOX_SECONDS)
      .exec();
  }
}
