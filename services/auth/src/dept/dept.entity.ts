import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'depts' })
export class DeptEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'group_id', type: 'int' })
  groupId: number;

  @Column({ name: 'parent_id', type: 'int', nullable: true })
  parentId: number | null;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ name: 'order_num', type: 'int', default: 0 })
  orderNum: number;
}
