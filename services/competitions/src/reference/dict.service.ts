import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, callerOf, changedRows, isUniqueViolation, RPC, subscribeBroadcast, type NatsRpcClient, type RunningConsumer } from '@cmp/common';
import {
  hasAnyPermission,
  Perm,
  type DictItemSavePayload,
  type DictItemView,
  type DictOption,
  type DictTypeSavePayload,
  type DictTypeView,
  type RpcRequest,
  PUBLIC_CACHE_INVALIDATED,
} from '@cmp/contracts';
import { invalidatePublicCache } from '../public-cache';
import { TtlCache } from './ttl-cache';

const ITEM_COLUMNS = `id, dict_type AS "dictType", value, label, label_en AS "labelEn", sort, enabled`;

/** Dictionaries: platform-wide, read by everyone, changed by ROOT only. */
@Injectable()
export class DictService implements OnApplicationBootstrap, OnApplicationShutdown {
  /** Enabled items of one type, null when the type is unknown or disabled. */
  private readonly cache = new TtlCache<DictItemView[] | null>(60_000);
  private sub?: RunningConsumer;

  constructor(
    private readonly ds: DataSource,
    @Inject(RPC) private readonly rpc: NatsRpcClient,
  ) {}

  /** Every replica drops its copy when any replica changes a dictionary (or any public data changes). */
  onApplicationBootstrap(): void {
    this.sub = subscribeBroadcast(this.rpc.connection, PUBLIC_CACHE_INVALIDATED, () => this.cache.clear());
  }

  async onApplicationShutdown(): Promise<void> {
    await this.sub?.stop();
  }

  /** After a change: this replica's copy at once, the other replicas' and the gateways' through the broadcast. */
  private async changed(): Promise<void> {
    this.cache.clear();
    await invalidatePublicCache(this.rpc);
  }

  /** The public list: enabled items in their order, labelled in the caller's language. */
  async publicList(req: RpcRequest<{ dictType: string }>): Promise<DictOption[]> {
    const type = req.payload.dictType;
    const lang = req.meta.lang;
    const items = await this.enabledItems(type);
    if (!items) throw AppError.notFound('dict.unknownType', { type });
    return items.map((i) => ({ dictType: i.dictType, value: i.value, label: lang === 'en' ? i.labelEn || i.label : i.label, sort: i.sort }));
  }

  /** Enabled values of a type, for checking what other reference rows store. */
  async values(type: string): Promise<DictItemView[]> {
    return (await this.enabledItems(type)) ?? [];
  }

  private enabledItems(type: string): Promise<DictItemView[] | null> {
    return this.cache.get(type, async () => {
      const [t] = await this.ds.query(`SELECT 1 FROM dict_types WHERE type = $1 AND enabled`, [type]);
      if (!t) return null;
      return this.ds.query(`SELECT ${ITEM_COLUMNS} FROM dict_items WHERE dict_type = $1 AND enabled ORDER BY sort, id`, [type]);
    });
  }

  typeList(req: RpcRequest): Promise<DictTypeView[]> {
    callerOf(req);
    return this.ds.query(
      `SELECT t.id, t.type, t.name, t.name_en AS "nameEn", t.remark, t.enabled, t.builtin,
              (SELECT count(*)::int FROM dict_items i WHERE i.dict_type = t.type) AS "itemCount"
         FROM dict_types t ORDER BY t.builtin DESC, t.id`,
    );
  }

  async typeSave(req: RpcRequest<DictTypeSavePayload>): Promise<{ id: number }> {
    const p = req.payload;
    this.assertEditor(req);
    try {
      if (!p.id) {
        const [row] = await this.ds.query(
          `INSERT INTO dict_types (type, name, name_en, remark, enabled) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
          [p.type, p.name, p.nameEn ?? '', p.remark ?? '', p.enabled ?? true],
        );
        return { id: row.id };
      }
      const [old] = await this.ds.query(`SELECT type, builtin FROM dict_types WHERE id = $1`, [p.id]);
      if (!old) throw AppError.notFound('dict.unknownType', { type: p.id });
      if (old.builtin && old.type !== p.type) throw AppError.badRequest('dict.builtin');
      await this.ds.query(
        `UPDATE dict_types SET type = $2, name = $3, name_en = $4, remark = $5, enabled = $6, updated_at = now() WHERE id = $1`,
        [p.id, p.type, p.name, p.nameEn ?? '', p.remark ?? '', p.enabled ?? true],
      );
      return { id: p.id };
    } catch (e) {
      throw isUniqueViolation(e, 'dict_types_type_uq') ? AppError.conflict('dict.typeTaken', { type: p.type }) : e;
    } finally {
      await this.changed();
    }
  }

  async typeDelete(req: RpcRequest<{ id: number }>): Promise<null> {
    const { id } = req.payload;
    this.assertEditor(req);
    const [t] = await this.ds.query(
      `SELECT type, builtin, EXISTS (SELECT 1 FROM dict_items i WHERE i.dict_type = t.type) AS "hasItems" FROM dict_types t WHERE id = $1`,
      [id],
    );
    if (!t) throw AppError.notFound('dict.unknownType', { type: id });
    if (t.builtin) throw AppError.badRequest('dict.builtin');
    if (t.hasItems) throw AppError.badRequest('dict.typeHasItems');
    await this.ds.query(`DELETE FROM dict_types WHERE id = $1`, [id]);
    await this.changed();
    return null;
  }

  async itemList(req: RpcRequest<{ dictType: string }>): Promise<DictItemView[]> {
    callerOf(req);
    const type = req.payload.dictType;
    await this.assertType(type);
    return this.ds.query(`SELECT ${ITEM_COLUMNS} FROM dict_items WHERE dict_type = $1 ORDER BY sort, id`, [type]);
  }

  async itemSave(req: RpcRequest<DictItemSavePayload>): Promise<{ id: number }> {
    const p = req.payload;
    this.assertEditor(req);
    await this.assertType(p.dictType);
    const args = [p.dictType, p.value, p.label, p.labelEn, p.sort ?? 0, p.enabled ?? true];
    try {
      if (!p.id) {
        const [row] = await this.ds.query(
          `INSERT INTO dict_items (dict_type, value, label, label_en, sort, enabled) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
          args,
        );
        return { id: row.id };
      }
      const result = await this.ds.query(
        `UPDATE dict_items SET dict_type = $1, value = $2, label = $3, label_en = $4, sort = $5, enabled = $6, updated_at = now() WHERE id = $7`,
        [...args, p.id],
      );
      if (!changedRows(result)) throw AppError.notFound('dict.itemNotFound', { id: p.id });
      return { id: p.id };
    } catch (e) {
      throw isUniqueViolation(e, 'dict_items_value_uq') ? AppError.conflict('dict.valueTaken', { type: p.dictType, value: p.value }) : e;
    } finally {
      await this.changed();
    }
  }

  async itemDelete(req: RpcRequest<{ id: number }>): Promise<null> {
    const { id } = req.payload;
    this.assertEditor(req);
    if (!changedRows(await this.ds.query(`DELETE FROM dict_items WHERE id = $1`, [id]))) throw AppError.notFound('dict.itemNotFound', { id });
    await this.changed();
    return null;
  }

  private async assertType(type: string): Promise<void> {
    const [t] = await this.ds.query(`SELECT 1 FROM dict_types WHERE type = $1`, [type]);
    if (!t) throw AppError.notFound('dict.unknownType', { type });
  }

  // The gateway checks the permission too; the service does not rely on it.
  private assertEditor(req: RpcRequest): void {
    if (!hasAnyPermission(callerOf(req), [Perm.dictEdit])) throw AppError.noAccess();
  }
}
