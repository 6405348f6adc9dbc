import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AppError, callerOf, inScope, isUniqueViolation, Scopes } from '@cmp/common';
import type { CaptainFlag, ReviewGroup, RpcRequest } from '@cmp/contracts';
import { RoundService } from '../round/round.service';
import { splitByEvent } from './split';

export interface GroupSave {
  roundId: number;
  id?: number;
  name: string;
  expertIds: number[];
  captainExpertId: number | null;
  eventIds: number[];
}

const GROUP_COLUMNS = `g.id, g.round_id AS "roundId", g.name, g.captain_expert_id AS "captainExpertId", g.event_ids AS "eventIds",
  ARRAY(SELECT x.expert_id FROM group_experts x WHERE x.group_id = g.id ORDER BY x.expert_id) AS "expertIds"`;

/** Review groups (专家分组) of a round and their captains (组长); an expert is in one group per round (unique key). */
@Injectable()
export class GroupService {
  constructor(
    private readonly ds: DataSource,
    private readonly rounds: RoundService,
    private readonly scopes: Scopes,
  ) {}

  async list(req: RpcRequest<{ roundId: number }>): Promise<ReviewGroup[]> {
    const r = await this.rounds.scoped(req, req.payload.roundId);
    return this.ds.query(`SELECT ${GROUP_COLUMNS} FROM review_groups g WHERE g.round_id = $1 ORDER BY g.id`, [r.id]);
  }

  /** Experts must be the round organisation's (or its subordinates'): another organisation's are not found. */
  private async checkExperts(req: RpcRequest, m: EntityManager, ids: number[]): Promise<void> {
    if (!ids.length) return;
    const scope = await this.scopes.of(req);
    const rows: { id: number; groupId: number }[] = await m.query(
      `SELECT id, group_id AS "groupId" FROM experts WHERE id = ANY($1) AND deleted_at IS NULL AND status = 'active'`,
      [ids],
    );
    for (const id of ids) {
      const e = rows.find((x) => x.id === id);
      if (!e || !inScope(scope, e.groupId)) throw AppError.notFound('review.expertNotFound', { id });
    }
  }

  async save(req: RpcRequest<GroupSave>): Promise<ReviewGroup> {
    const p = req.payload;
    const expertIds = [...new Set(p.expertIds)];
    if (p.captainExpertId !== null && !expertIds.includes(p.captainExpertId)) throw AppError.badRequest('review.captainNotMember');
    const id = await this.ds.transaction(async (m) => {
      const r = await this.rounds.scoped(req, p.roundId, m, true);
      if (r.status === 'closed') throw AppError.conflict('review.roundClosed');
      await this.checkExperts(req, m, expertIds);
      let groupId = p.id;
      if (groupId) {
        const [g] = await m.query(`SELECT id FROM review_groups WHERE id = $1 AND round_id = $2`, [groupId, r.id]);
        if (!g) throw AppError.notFound('review.groupNotFound', { id: groupId });
        await m.query(`UPDATE review_groups SET name = $2, captain_expert_id = NULL, event_ids = $3 WHERE id = $1`, [groupId, p.name.trim(), p.eventIds]);
        await m.query(`DELETE FROM group_experts WHERE group_id = $1`, [groupId]);
      } else {
        [{ id: groupId }] = await m.query(`INSERT INTO review_groups (round_id, name, event_ids) VALUES ($1, $2, $3) RETURNING id`, [r.id, p.name.trim(), p.eventIds]);
      }
      await this.addExperts(m, r.id, groupId!, expertIds);
      await m.query(`UPDATE review_groups SET captain_expert_id = $2 WHERE id = $1`, [groupId, p.captainExpertId]);
      return groupId!;
    }).catch((e) => this.explain(e, p.roundId));
    const [g] = await this.ds.query(`SELECT ${GROUP_COLUMNS} FROM review_groups g WHERE g.id = $1`, [id]);
    return g;
  }

  private async addExperts(m: EntityManager, roundId: number, groupId: number, expertIds: number[]): Promise<void> {
    await m.query(`INSERT INTO group_experts (group_id, round_id, expert_id) SELECT $1, $2, unnest($3::int[])`, [groupId, roundId, expertIds]);
  }

  /** The database says who is already in another group (unique round, expert); say it with the name. */
  private async explain(e: unknown, roundId: number): Promise<never> {
    if (!isUniqueViolation(e)) throw e;
    const detail = String((e as { detail?: string }).detail ?? '');
    const expertId = Number(/expert_id\)=\(\d+, (\d+)\)/.exec(detail)?.[1] ?? /\(round_id, expert_id\)=\(\d+, (\d+)\)/.exec(detail)?.[1]);
    if (/name/.test(detail)) throw AppError.conflict('error.conflict');
    const [x] = expertId ? await this.ds.query(`SELECT name FROM experts WHERE id = $1`, [expertId]) : [];
    throw AppError.conflict('review.expertInOtherGroup', { name: x?.name ?? String(expertId || roundId) });
  }

  async remove(req: RpcRequest<{ id: number }>): Promise<null> {
    await this.ds.transaction(async (m) => {
      const [g] = await m.query(`SELECT round_id AS "roundId" FROM review_groups WHERE id = $1`, [req.payload.id]);
      if (!g) throw AppError.notFound('review.groupNotFound', { id: req.payload.id });
      const r = await this.rounds.scoped(req, g.roundId, m, true).catch(() => {
        throw AppError.notFound('review.groupNotFound', { id: req.payload.id });
      });
      if (r.status === 'closed') throw AppError.conflict('review.roundClosed');
      await m.query(`DELETE FROM review_groups WHERE id = $1`, [req.payload.id]);
    });
    return null;
  }

  /**
   * Replaces the round's groups by `count` groups split evenly by event: experts who judge the same events
   * end up together, every group's size within one of the others, the most senior-listed expert captains.
   */
  async auto(req: RpcRequest<{ roundId: number; count: number; expertIds: number[] }>): Promise<ReviewGroup[]> {
    const p = req.payload;
    const lang = req.meta?.lang;
    await this.ds.transaction(async (m) => {
      const r = await this.rounds.scoped(req, p.roundId, m, true);
      if (r.status === 'closed') throw AppError.conflict('review.roundClosed');
      const ids = [...new Set(p.expertIds)];
      if (!ids.length) throw AppError.badRequest('review.noExperts');
      if (p.count < 1 || p.count > ids.length) throw AppError.badRequest('review.groupCount', { experts: ids.length });
      await this.checkExperts(req, m, ids);
      const experts: { id: number; eventIds: number[] }[] = await m.query(`SELECT id, event_ids AS "eventIds" FROM experts WHERE id = ANY($1) ORDER BY id`, [ids]);
      await m.query(`DELETE FROM review_groups WHERE round_id = $1`, [r.id]);
      const groups = splitByEvent(experts, p.count, r.eventIds);
      for (const [i, g] of groups.entries()) {
        const name = lang === 'en' ? `Group ${i + 1}` : `第${i + 1}组`;
        const [{ id }] = await m.query(`INSERT INTO review_groups (round_id, name, event_ids) VALUES ($1, $2, $3) RETURNING id`, [r.id, name, g.eventIds]);
        await this.addExperts(m, r.id, id, g.expertIds);
        await m.query(`UPDATE review_groups SET captain_expert_id = $2 WHERE id = $1`, [id, g.expertIds[0]]);
      }
      // Works follow their event's group again (the next assignment run places them).
      await m.query(`UPDATE round_works SET review_group_id = NULL WHERE round_id = $1`, [r.id]);
    });
    return this.list({ ...req, payload: { roundId: p.roundId } });
  }

  /** Whether the calling expert captains their group in the round (any organisation's expert may ask about themself). */
  async captainFlag(req: RpcRequest<{ roundId: number }>): Promise<CaptainFlag> {
    const caller = callerOf(req);
    const [row] = await this.ds.query(
      `SELECT g.id, g.captain_expert_id = e.id AS captain FROM group_experts x JOIN review_groups g ON g.id = x.group_id
         JOIN experts e ON e.id = x.expert_id JOIN rounds r ON r.id = g.round_id
       WHERE x.round_id = $1 AND e.user_id = $2 AND e.deleted_at IS NULL AND r.deleted_at IS NULL`,
      [req.payload.roundId, caller.userId],
    );
    return { roundId: req.payload.roundId, captain: row?.captain === true, reviewGroupId: row?.id ?? null };
  }
}
