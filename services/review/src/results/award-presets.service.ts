import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, callerOf, isUniqueViolation, returnedRows } from '@cmp/common';
import type { AwardLevelInput, AwardPreset, AwardPresetSave, RpcRequest } from '@cmp/contracts';

const COLUMNS = `id, name, levels, updated_at AS "updatedAt"`;

/** The levels as kept: the fields a level has, nothing else the caller sent. */
const levelsOf = (levels: AwardLevelInput[]) => levels.map((l) => ({ name: l.name.trim(), nameEn: (l.nameEn ?? '').trim(), rule: l.rule, value: l.value }));

/**
 * 奖励管理: an organisation's award presets (levels, names in both languages, rules), kept per organisation and
 * listed by name; a round's awards start from one. Another organisation's preset is not found.
 */
@Injectable()
export class AwardPresetsService {
  constructor(private readonly ds: DataSource) {}

  list(req: RpcRequest): Promise<AwardPreset[]> {
    return this.ds.query(`SELECT ${COLUMNS} FROM award_presets WHERE group_id = $1 ORDER BY name`, [callerOf(req).groupId]);
  }

  async save(req: RpcRequest<AwardPresetSave>): Promise<AwardPreset> {
    const { id, name, levels } = req.payload;
    const caller = callerOf(req);
    try {
      const [saved] = id
        ? await returnedRows<AwardPreset>(this.ds, `UPDATE award_presets SET name = $3, levels = $4, updated_at = now() WHERE id = $1 AND group_id = $2 RETURNING ${COLUMNS}`, [
            id,
            caller.groupId,
            name.trim(),
            JSON.stringify(levelsOf(levels)),
          ])
        : await this.ds.query(`INSERT INTO award_presets (group_id, name, levels, created_by) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`, [
            caller.groupId,
            name.trim(),
            JSON.stringify(levelsOf(levels)),
            caller.userId,
          ]);
      if (!saved) throw AppError.notFound('review.awardPresetNotFound');
      return saved;
    } catch (e) {
      if (isUniqueViolation(e)) throw AppError.conflict('review.awardPresetName');
      throw e;
    }
  }

  async remove(req: RpcRequest<{ id: number }>): Promise<void> {
    const [, deleted]: [unknown, number] = await this.ds.query(`DELETE FROM award_presets WHERE id = $1 AND group_id = $2`, [req.payload.id, callerOf(req).groupId]);
    if (!deleted) throw AppError.notFound('review.awardPresetNotFound');
  }
}
