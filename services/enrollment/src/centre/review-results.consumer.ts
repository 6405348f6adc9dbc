import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ConsumeEvent } from '@cmp/common';
import { EventConsumer, EventStream, EventSubject, localName, type PromotionConfirmedEvent, type ResultsPublishedEvent } from '@cmp/contracts';
import { displayName, notify, SIGNUP_COLUMNS } from '../signup/signup.sql';

/**
 * What review decides about a round (REVIEW stream), kept per sign-up: a confirmed promotion (review.promotion.confirmed)
 * records whether each sign-up goes on; published results (review.results.published) record each awarded sign-up's
 * level for /center/reward. Members get a site message either way. At least once delivery: the (sign-up, round) keys
 * turn a repeat into nothing, so nobody is told twice.
 */
@Injectable()
export class ReviewResultsConsumer {
  constructor(private readonly ds: DataSource) {}

  @ConsumeEvent({ stream: EventStream.review, durable: EventConsumer.enrollmentPromotion, subject: EventSubject.promotionConfirmed })
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
        const [s] = await m.query(`SELECT ${SIGNUP_COLUMNS} FROM signups s WHERE s.id = $1`, [f.signupId]);
        const members: { userId: number }[] = await m.query(`SELECT user_id AS "userId" FROM signup_members WHERE signup_id = $1 AND active`, [f.signupId]);
        await notify(m, members.map((x) => x.userId), f.promoted ? 'message.promoted' : 'message.eliminated', (lang) => ({ name: displayName(s, lang), round: e.roundName }));
      }
    });
  }

  @ConsumeEvent({ stream: EventStream.review, durable: EventConsumer.enrollmentResults, subject: EventSubject.resultsPublished })
  async published(e: ResultsPublishedEvent): Promise<void> {
    if (!Number.isInteger(e?.roundId) || !Array.isArray(e.awards)) return;
    const awards = e.awards.filter((a) => Number.isInteger(a?.workId) && typeof a.level === 'string');
    await this.ds.transaction(async (m) => {
      const fresh: { signupId: number; level: string; levelEn: string }[] = await m.query(
        `INSERT INTO signup_awards (signup_id, round_id, round_name, work_id, level, level_en, rank, published_at, appeal_until)
         SELECT w.signup_id, $1, $2, w.id, a.level, a."levelEn", a.rank, $3, $4
         FROM jsonb_to_recordset($5::jsonb) AS a("workId" bigint, level text, "levelEn" text, rank int) JOIN works w ON w.id = a."workId"
         ON CONFLICT DO NOTHING RETURNING signup_id::int AS "signupId", level, level_en AS "levelEn"`,
        [
          e.roundId, String(e.roundName ?? '').slice(0, 200), e.publishedAt, e.appealUntil,
          JSON.stringify(awards.map((a) => ({ workId: a.workId, level: a.level.slice(0, 50), levelEn: typeof a.levelEn === 'string' ? a.levelEn.slice(0, 50) : '', rank: a.rank }))),
        ],
      );
      for (const f of fresh) {
        const [s] = await m.query(`SELECT ${SIGNUP_COLUMNS} FROM signups s WHERE s.id = $1`, [f.signupId]);
        const members: { userId: number }[] = await m.query(`SELECT user_id AS "userId" FROM signup_members WHERE signup_id = $1 AND active`, [f.signupId]);
        await notify(m, members.map((x) => x.userId), 'message.awarded', (lang) => ({ name: displayName(s, lang), round: e.roundName, level: localName(f.level, f.levelEn, lang) }));
      }
    });
  }
}
