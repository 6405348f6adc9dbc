import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, callerOf, RPC, type NatsRpcClient } from '@cmp/common';
import {
  CompetitionsSubject,
  TEMPORARY_EXPERTS_MAX,
  type CompetitionDetail,
  type RpcRequest,
  type TemporaryExpertsPayload,
  type TemporaryExpertsReply,
} from '@cmp/contracts';
import { ExpertAccounts } from './expert-accounts';
import { ExpertService } from './expert.service';

/**
 * Temporary experts (临时专家) for one competition, e.g. on-site judges: generated accounts that end when the
 * competition's last stage ends, with one-time passwords for the printed login slips.
 */
@Injectable()
export class TemporaryExpertService {
  constructor(
    private readonly ds: DataSource,
    private readonly experts: ExpertService,
    private readonly accounts: ExpertAccounts,
    @Inject(RPC) private readonly rpc: NatsRpcClient,
  ) {}

  async create(req: RpcRequest<TemporaryExpertsPayload>): Promise<TemporaryExpertsReply> {
    const caller = callerOf(req);
    const p = req.payload;
    if (p.count < 1 || p.count > TEMPORARY_EXPERTS_MAX) throw AppError.badRequest('expert.tooManyTemporary', { max: TEMPORARY_EXPERTS_MAX });
    // Competitions answers only the caller's own: another organisation's competition is "not found" there.
    const competition = await this.rpc.request<CompetitionDetail>(CompetitionsSubject.competitionDetail, {
      identity: req.identity,
      meta: req.meta,
      payload: { id: p.competitionId },
    });
    const expiresAt = competitionEnd(competition);
    if (!expiresAt || new Date(expiresAt) <= new Date()) throw AppError.badRequest('expert.competitionEnded');
    const prefix = p.namePrefix?.trim() || (req.meta.lang === 'en' ? 'Judge ' : '临时专家');
    const [{ n }] = await this.ds.query(`SELECT count(*)::int AS n FROM experts WHERE source = 'temporary' AND competition_id = $1`, [competition.id]);
    const names = Array.from({ length: p.count }, (_, i) => `${prefix}${String(n + i + 1).padStart(2, '0')}`);
    const accounts = await this.accounts.request(
      req,
      caller.groupId,
      names.map((name) => ({ realName: name, expiresAt, usernamePrefix: `t${competition.id}` })),
    );
    const ids = await this.ds.transaction(async (m) => {
      const out: number[] = [];
      for (const [i, name] of names.entries()) {
        const a = accounts[i];
        out.push(
          await this.experts.insert(m, {
            userId: a.userId!,
            username: a.username!,
            groupId: caller.groupId,
            name,
            title: '',
            unit: '',
            phone: '',
            email: '',
            subjects: [],
            keywords: [],
            itemIds: competition.items.map((it) => it.id),
            source: 'temporary',
            competitionId: competition.id,
            expiresAt,
          }),
        );
      }
      return out;
    });
    return { expiresAt, credentials: names.map((name, i) => ({ expertId: ids[i], name, username: accounts[i].username!, password: accounts[i].password! })) };
  }
}

/** When a competition ends: the end of its last stage (null when it has no stages). */
export function competitionEnd(c: Pick<CompetitionDetail, 'stages'>): string | null {
  const ends = c.stages.map((s) => s.endAt).filter(Boolean).sort();
  return ends.length ? new Date(ends[ends.length - 1]).toISOString() : null;
}
