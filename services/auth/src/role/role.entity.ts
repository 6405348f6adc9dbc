import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'roles' })
export class RoleEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 64 })
  key: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  permissions: string[];

  /** Seeded roles the platform relies on: their key cannot change and they cannot be deleted. */
  @Column({ type: 'boolean', default: false })
  builtin: boolean;
}
