import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'menus' })
export class MenuEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'parent_id', type: 'int', nullable: true })
  parentId: number | null;

  @Column({ type: 'varchar', length: 64 })
  name: string;

  @Column({ name: 'name_en', type: 'varchar', length: 64 })
  nameEn: string;

  /** 1 directory, 2 page, 4 leaf page. */
  @Column({ name: 'menu_type', type: 'smallint' })
  menuType: number;

  @Column({ type: 'varchar', length: 200 })
  path: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  component: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  query: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  icon: string | null;

  @Column({ type: 'smallint', default: 1 })
  visible: number;

  @Column({ name: 'order_num', type: 'int', default: 0 })
  orderNum: number;
}
