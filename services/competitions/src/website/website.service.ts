import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppError, NatsRpcClient, RPC, Scopes } from '@cmp/common';
import { AuthSubject, type Banner, type RpcRequest, type WebsiteQuery, type WebsiteSetting } from '@cmp/contracts';
import { invalidatePublicCache } from '../public-cache';
import { publicGroupOf } from '../public-group';

export const SETTING_SQL = `
  SELECT group_id AS "groupId", template_type AS "templateType", description, navigation_settings AS "navigationSettings", banners
    FROM website_settings WHERE group_id = $1`;

@Injectable()
export class WebsiteService {
  constructor(
    private readonly ds: DataSource,
    @Inject(RPC) private readonly rpc: NatsRpcClient,
    private readonly scopes: Scopes,
  ) {}

  /** The site of an organisation given by id, or else by the host name the visitor used. */
  async get(req: RpcRequest<WebsiteQuery>): Promise<WebsiteSetting & { groupName: string; groupNameEn: string }> {
    const groupId = await publicGroupOf(this.rpc, req);
    const [row] = await this.ds.query(SETTING_SQL, [groupId]);
    if (!row) throw AppError.notFound('website.notFound');
    const [group] = await this.rpc.request<{ name: string; nameEn: string }[]>(AuthSubject.groupNames, { ...req, payload: { ids: [groupId] } });
    return { ...row, groupName: group?.name ?? '', groupNameEn: group?.nameEn ?? '' };
  }

  /** Organisers set the sites of their organisation and its subordinates. */
  async save(req: RpcRequest<WebsiteSetting>): Promise<WebsiteSetting> {
    const p = req.payload;
    await this.scopes.assertGroup(req, p.groupId);
    await this.ds.query(
      `INSERT INTO website_settings (group_id, template_type, description, navigation_settings, banners)
       VALUES ($1, $2, $3, $4, coalesce($5::jsonb, '[]'))
       ON CONFLICT (group_id) DO UPDATE
         SET template_type = EXCLUDED.template_type, description = EXCLUDED.description,
             navigation_settings = EXCLUDED.navigation_settings,
             banners = coalesce($5::jsonb, website_settings.banners), updated_at = now()`,
      [p.groupId, p.templateType, p.description, JSON.stringify(p.navigationSettings), p.banners ? JSON.stringify(p.banners) : null],
    );
    const [row] = await this.ds.query(SETTING_SQL, [p.groupId]);
    await invalidatePublicCache(this.rpc, p.groupId);
    return row;
  }

  /** The banners alone (网站横幅); an organisation without a site gets the first template with them. */
  async saveBanners(req: RpcRequest<{ groupId: number; banners: Banner[] }>): Promise<Banner[]> {
    const { groupId, banners } = req.payload;
    await this.scopes.assertGroup(req, groupId);
    const [row] = await this.ds.query(
      `INSERT INTO website_settings (group_id, template_type, navigation_settings, banners)
       VALUES ($1, 1, '[{"name": "首页", "tem": "home", "children": []}]', $2::jsonb)
       ON CONFLICT (group_id) DO UPDATE SET banners = EXCLUDED.banners, updated_at = now()
       RETURNING banners`,
      [groupId, JSON.stringify(banners)],
    );
    await invalidatePublicCache(this.rpc, groupId);
    return row.banners;
  }
}
