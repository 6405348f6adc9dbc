import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, callerOf, likePattern, OutboxRelay, pageOf, Scopes, writeEvent } from '@cmp/common';
import {
  EventSubject,
  type Lang,
  type Page,
  type PublicRankingRound,
  type Publication,
  type PublishedAward,
  type PublishReadiness,
  type PublishRequest,
  type ResultsPublishedEvent,
  type AwardSummaryQuery,
  type AwardSummaryRow,
  type RewardQuery,
  type RewardRow,
  type RpcRequest,
  translate,
} from '@cmp/contracts';
import { RoundService } from '../round/round.service';
import { eventNameIn } from '../round/round.sql';

/** A published (or confirmed) award with its work: the award set's version gives the score. */
const AWARD_FROM = `work_awards a JOIN award_sets s ON s.round_id = a.round_id
  JOIN round_works w ON w.round_id = a.round_id AND w.work_id = a.work_id
  JOIN work_results r ON r.version_id = s.version_id AND r.work_id = a.work_id`;
/** Published awards' columns, the event named in `lang` (the published event carries the Chinese names, as sign-ups keep them). */
const awardColumns = (lang?: Lang) => `a.work_id AS "workId", w.signup_id AS "signupId", w.event_id AS "eventId", ${eventNameIn(lang)} AS "eventName", w.title, a.level, a.level_en AS "levelEn", a.rank,
  r.score::float8 AS score, w.school_names AS "schoolNames"`;

const PUBLICATION_COLUMNS = `p.round_id AS "roundId", rd.name AS "roundName", rd.competition_id AS "competitionId", p.version_id AS "versionId",
  p.published_at AS "publishedAt", p.appeal_until AS "appealUntil", (SELECT count(*)::int FROM work_awards a WHERE a.round_id = p.round_id) AS awards, p.reason`;

/**
 * 公布: a round's confirmed awards made public once. Publishing freezes the award set's version (computing again
 * makes new versions; the published one stays), opens the appeal window and sends review.results.published, from
 * which enrollment keeps each sign-up's award and tells its people and certificates offers the winners.
 */
@Injectable()
export class PublicationService {
  constructor(
    private readonly ds: DataSource,
    private readonly rounds: RoundService,
    private readonly scopes: Scopes,
    private readonly relay: OutboxRelay,
  ) {}

  /** What is unfinished in the round: still open, groups their captain has not confirmed, sheets not submitted. */
  async readiness(req: RpcRequest<{ roundId: number }>): Promise<PublishReadiness> {
    const round = await this.rounds.scoped(req, req.payload.roundId);
    const [r] = await this.ds.query(
      `SELECT ARRAY(SELECT g.name FROM review_groups g WHERE g.round_id = $1 AND g.captain_expert_id IS NOT NULL AND g.confirmed_at IS NULL ORDER BY g.id) AS "unconfirmedGroups",
              (SELECT count(*)::int FROM assignments a WHERE a.round_id = $1 AND NOT a.declined
                 AND NOT EXISTS (SELECT 1 FROM score_sheets s WHERE s.assignment_id = a.id AND s.status = 'submitted')) AS "unscoredSheets"`,
      [round.id],
    );
    return { roundOpen: round.status === 'open', unconfirmedGroups: r.unconfirmedGroups, unscoredSheets: r.unscoredSheets };
  }

  async publish(req: RpcRequest<PublishRequest>): Promise<Publication> {
    const round = await this.rounds.scoped(req, req.payload.roundId);
    const reason = req.payload.reason?.trim() || null;
    if (!reason) {
      const ready = await this.readiness(req);
      const lang = req.meta?.lang ?? 'zh-CN';
      const what = [
        ready.roundOpen && translate('result.notReady.open', lang),
        ready.unconfirmedGroups.length && translate('result.notReady.groups', lang, { n: ready.unconfirmedGroups.length, names: ready.unconfirmedGroups.join(lang === 'en' ? ', ' : '、') }),
        ready.unscoredSheets && translate('result.notReady.sheets', lang, { n: ready.unscoredSheets }),
      ].filter((x): x is string => typeof x === 'string');
      if (what.length) throw AppError.conflict('result.notReady', { what: what.join(lang === 'en' ? '; ' : '；') });
    }
    await this.ds.transaction(async (m) => {
      const [set] = await m.query(`SELECT version_id AS "versionId" FROM award_sets WHERE round_id = $1 FOR UPDATE`, [round.id]);
      if (!set) throw AppError.conflict('result.notAwarded');
      // Once per round: the primary key refuses a second publication, even two at once.
      const [made] = await m.query(
        `INSERT INTO publications (round_id, version_id, published_by, appeal_until, reason) VALUES ($1, $2, $3, now() + make_interval(days => $4), $5)
         ON CONFLICT (round_id) DO NOTHING RETURNING published_at AS "publishedAt", appeal_until AS "appealUntil"`,
        [round.id, set.versionId, callerOf(req).username.slice(0, 64), req.payload.appealDays, reason],
      );
      if (!made) throw AppError.conflict('result.alreadyPublished');
      await m.query(`UPDATE score_versions SET published_at = $2 WHERE id = $1`, [set.versionId, made.publishedAt]);
      const awards: PublishedAward[] = await m.query(`SELECT ${awardColumns()} FROM ${AWARD_FROM} WHERE a.round_id = $1 ORDER BY w.event_id, a.rank, a.work_id`, [round.id]);
      await writeEvent(m, EventSubject.resultsPublished, {
        roundId: round.id,
        roundName: round.name,
        competitionId: round.competitionId,
        groupId: round.groupId,
        publishedAt: new Date(made.publishedAt).toISOString(),
        appealUntil: new Date(made.appealUntil).toISOString(),
        awards,
      } satisfies ResultsPublishedEvent);
    });
    this.relay.kick();
    return (await this.publications(req, round.id))[0];
  }

  /** Publications of the caller's rounds: one round's, or a competition's. */
  async publications(req: RpcRequest<{ roundId?: number; competitionId?: number }>, roundId = req.payload.roundId): Promise<Publication[]> {
    const scope = await this.scopes.of(req);
    return this.ds.query(
      `SELECT ${PUBLICATION_COLUMNS} FROM publications p JOIN rounds rd ON rd.id = p.round_id
       WHERE rd.deleted_at IS NULL AND ($1::int[] IS NULL OR rd.group_id = ANY($1)) AND ($2::int IS NULL OR p.round_id = $2) AND ($3::int IS NULL OR rd.competition_id = $3)
       ORDER BY p.published_at DESC`,
      [scope, roundId ?? null, req.payload.competitionId ?? null],
    );
  }

  /** 获奖明细: published awards of the caller's organisations, filtered, best first within each round and event. */
  async rewards(req: RpcRequest<RewardQuery>): Promise<Page<RewardRow>> {
    const q = req.payload;
    const scope = await this.scopes.of(req);
    const { pageNum, pageSize, offset } = q.all ? { pageNum: 1, pageSize: 10_000, offset: 0 } : pageOf(q);
    const from = `${AWARD_FROM} JOIN publications p ON p.round_id = a.round_id JOIN rounds rd ON rd.id = a.round_id`;
    const where = `rd.deleted_at IS NULL AND ($1::int[] IS NULL OR rd.group_id = ANY($1)) AND ($2::int IS NULL OR rd.competition_id = $2)
      AND ($3::int IS NULL OR a.round_id = $3) AND ($4::text IS NULL OR a.level = $4)
      AND ($5::text IS NULL OR w.title ILIKE $5 OR array_to_string(w.member_names, ' ') ILIKE $5 OR array_to_string(w.adviser_names, ' ') ILIKE $5
        OR array_to_string(w.school_names, ' ') ILIKE $5)`;
    const params = [scope, q.competitionId ?? null, q.roundId ?? null, q.level?.trim() || null, likePattern(q.keyword)];
    const [list, [{ total }]] = await Promise.all([
      this.ds.query(
        `SELECT ${awardColumns(req.meta?.lang)}, a.round_id AS "roundId", rd.name AS "roundName", rd.competition_id AS "competitionId", w.member_names AS "memberNames",
           w.adviser_names AS "adviserNames", p.published_at AS "publishedAt"
         FROM ${from} WHERE ${where} ORDER BY p.published_at DESC, a.round_id, w.event_id, a.rank, a.work_id LIMIT $6 OFFSET $7`,
        [...params, pageSize, offset],
      ),
      this.ds.query(`SELECT count(*)::int AS total FROM ${from} WHERE ${where}`, params),
    ]);
    return { list, total, pageNum, pageSize };
  }

  /** 获奖列表: the published rounds' awards per event, each level counted (best level first: its best rank), newest first. */
  async summary(req: RpcRequest<AwardSummaryQuery>): Promise<Page<AwardSummaryRow>> {
    const q = req.payload;
    const scope = await this.scopes.of(req);
    const { pageNum, pageSize, offset } = pageOf(q);
    const params = [scope, q.competitionId ?? null];
    const events = `SELECT rd.competition_id, a.round_id, rd.name AS round_name, w.event_id, max(${eventNameIn(req.meta?.lang)}) AS event_name, p.published_at,
        a.level, max(a.level_en) AS level_en, min(a.rank) AS best, count(*)::int AS works
      FROM ${AWARD_FROM} JOIN publications p ON p.round_id = a.round_id JOIN rounds rd ON rd.id = a.round_id
      WHERE rd.deleted_at IS NULL AND ($1::int[] IS NULL OR rd.group_id = ANY($1)) AND ($2::int IS NULL OR rd.competition_id = $2)
      GROUP BY rd.competition_id, a.round_id, rd.name, w.event_id, p.published_at, a.level`;
    const [list, [{ total }]] = await Promise.all([
      this.ds.query(
        `SELECT competition_id AS "competitionId", round_id AS "roundId", round_name AS "roundName", event_id AS "eventId", COALESCE(max(event_name), '') AS "eventName",
           published_at AS "publishedAt", json_agg(json_build_object('level', level, 'levelEn', level_en, 'works', works) ORDER BY best, level) AS levels, sum(works)::int AS works
         FROM (${events}) x GROUP BY competition_id, round_id, round_name, event_id, published_at
         ORDER BY published_at DESC, round_id, event_id NULLS LAST LIMIT $3 OFFSET $4`,
        [...params, pageSize, offset],
      ),
      this.ds.query(`SELECT count(*)::int AS total FROM (SELECT DISTINCT round_id, event_id FROM (${events}) x) y`, params),
    ]);
    return { list, total, pageNum, pageSize };
  }

  /** The public ranking tab: a competition's published rounds, each with its awards by event and rank (no login). */
  async ranking(req: RpcRequest<{ competitionId: number }>): Promise<PublicRankingRound[]> {
    return this.ds.query(
      `SELECT p.round_id AS "roundId", rd.name AS "roundName", p.published_at AS "publishedAt",
         (SELECT COALESCE(json_agg(json_build_object('rank', a.rank, 'title', w.title, 'eventName', ${eventNameIn(req.meta?.lang)}, 'level', a.level, 'levelEn', a.level_en, 'score', r.score::float8,
            'schoolNames', w.school_names) ORDER BY w.event_id, a.rank, a.work_id), '[]')
          FROM ${AWARD_FROM} WHERE a.round_id = p.round_id) AS rows
       FROM publications p JOIN rounds rd ON rd.id = p.round_id
       WHERE rd.deleted_at IS NULL AND rd.competition_id = $1 ORDER BY rd.sort DESC, p.published_at DESC`,
      [req.payload.competitionId],
    );
  }
}
