import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { Banner, NavigationSetting } from '@cmp/contracts';

/** One public site per organisation; the organisation itself lives in the auth service (referenced by id). */
@Entity({ name: 'website_settings' })
export class WebsiteSettingEntity {
  @PrimaryColumn({ name: 'group_id', type: 'int' })
  groupId: number;

  @Column({ name: 'template_type', type: 'smallint' })
  templateType: number;

  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ name: 'navigation_settings', type: 'jsonb', default: () => "'[]'" })
  navigationSettings: NavigationSetting[];

  @Column({ type: 'jsonb', default: () => "'[]'" })
  banners: Banner[];

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
