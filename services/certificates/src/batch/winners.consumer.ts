import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ConsumeEvent } from '@cmp/common';
import { EventConsumer, EventStream, EventSubject, type ResultsPublishedEvent } from '@cmp/contracts';

/**
 * Published results (review.results.published, REVIEW stream): each awarded sign-up is kept with its level, rank and
 * score, so the winners picker offers them the way it offers approved sign-ups. At least once delivery: the
 * (round, sign-up) key turns a repeat into nothing.
 */
@Injectable()
export class WinnersConsumer {
  constructor(private readonly ds: DataSource) {}

  @ConsumeEvent({ stream: EventStream.review, durable: EventConsumer.certificatesResults, subject: EventSubject.resultsPublished })
  async published(e: ResultsPublishedEvent): Promise<void> {
    if (!Number.isInteger(e?.roundId) || !Number.isInteger(e.competitionId) || !Array.isArray(e.awards)) return;
    const awards = e.awards.filter((a) => Number.isInteger(a?.signupId) && typeof a.level === 'string');
    if (!awards.length) return;
    const score = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : null);
    await this.ds.query(
      `INSERT INTO published_winners (round_id, signup_id, competition_id, round_name, level, level_en, rank, score, published_at)
       SELECT $1, a."signupId", $2, $3, a.level, a."levelEn", a.rank, a.score, $4
         FROM jsonb_to_recordset($5::jsonb) AS a("signupId" bigint, level text, "levelEn" text, rank int, score numeric)
       ON CONFLICT DO NOTHING`,
      [
        e.roundId, e.competitionId, String(e.roundName ?? '').slice(0, 200), e.publishedAt,
        JSON.stringify(awards.map((a) => ({ signupId: a.signupId, level: a.level.slice(0, 50), levelEn: typeof a.levelEn === 'string' ? a.levelEn.slice(0, 50) : '', rank: a.rank, score: score(a.score) }))),
      ],
    );
  }
}
