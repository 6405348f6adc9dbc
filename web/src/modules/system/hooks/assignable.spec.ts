import { ROOT_ROLE, type Role } from '@cmp/contracts';
import { assignableRoles } from './assignable';

const role = (key: string, permissions: string[]): Role => ({ id: key.length, key, name: key, permissions, menuIds: [], builtin: false });
const roles = [role(ROOT_ROLE, ['system:user:add', 'system:menu:edit']), role('admin', ['system:user:add']), role('editor', ['system:menu:edit']), role('student', [])];

describe('assignable roles', () => {
  it('gives ROOT every role', () => {
    expect(assignableRoles(roles, { roleKeys: [ROOT_ROLE], permissions: [] }).map((r) => r.key)).toEqual([ROOT_ROLE, 'admin', 'editor', 'student']);
  });

  it('never offers ROOT to others, nor a role with a permission they lack', () => {
    expect(assignableRoles(roles, { roleKeys: ['admin'], permissions: ['system:user:add'] }).map((r) => r.key)).toEqual(['admin', 'student']);
  });
});
