import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RPC, runDurableConsumer, type NatsRpcClient, type RunningConsumer } from '@cmp/common';
import { EventConsumer, EventStream, EventSubject, type PromotionConfirmedEvent } from '@cmp/contracts';
import { displayName, notify } from '../signup/signup.sql';

/**
 * A round's confirmed promotion (review.promotion.confirmed, REVIEW stream): each sign-up of its works records
 * whether it goes on, and its members get a site message. At least once delivery: the (sign-up, round) key turns a
 * repeat into nothing, so nobody is told twice.
 */
@Injectable()
export class PromotionConsumer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('PromotionConsumer');
  private consumer?: RunningConsumer;

  constructor(
    @Inject(RPC) private readonly nats: NatsRpcClient,
    private readonly ds: DataSource,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.consumer = await runDurableConsumer<PromotionConfirmedEvent>(this.nats.connection, {
      stream: EventStream.review,
      durable: EventConsumer.enrollmentPromotion,
      subject: EventSubject.promotionConfirmed,
      handle: (e) => this.confirmed(e),
      logger: this.logger,
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.consumer?.stop();
  }

  async confirmed(e: PromotionConfirmedEvent): Promise<void> {
    if (!Number.isInteger(e?.roundId)) return;
    const ids = (list: unknown) => (Array.isArray(list) ? list.filter((x) => Number.isInteger(x)) : []);
    await this.ds.transaction(async (m) => {
      const fresh: { signupId: number; promoted: boolean }[] = await m.query(
        `INSERT INTO signup_rounds (signup_id, round_id, round_name, promoted)
         SELECT w.signup_id, $1, $2, w.id = ANY($3::bigint[]) FROM works w WHERE w.id = ANY($3::bigint[]) OR w.id = ANY($4::bigint[])
         ON CONFLICT DO NOTHING RETURNING signup_id::int AS "signupId", promoted`,
        [e.roundId, String(e.roundName ?? '').slice(0, 200), ids(e.promotedWorkIds), ids(e.eliminatedWorkIds)],
      );
      for (const f of fresh) {
        const [s] = await m.query(`SELECT competition_name AS "competitionName", item_name AS "itemName", team_name AS "teamName" FROM signups WHERE id = $1`, [f.signupId]);
        const members: { userId: number }[] = await m.query(`SELECT user_id AS "userId" FROM signup_members WHERE signup_id = $1 AND active`, [f.signupId]);
        await notify(m, members.map((x) => x.userId), f.promoted ? 'message.promoted' : 'message.eliminated', { name: displayName(s), round: e.roundName });
      }
    });
  }
}
