import { isRoot, ROOT_ROLE, type Role } from '@cmp/contracts';

/**
 * The roles a caller may hand out, as the auth service decides it: ROOT hands out any; others never
 * ROOT and only roles whose permissions they hold themselves. Offering the rest would only end in a
 * refusal (401, which takes the person to the no-access page).
 */
export function assignableRoles(roles: readonly Role[], caller: { roleKeys: readonly string[]; permissions: readonly string[] }): Role[] {
  if (isRoot({ roleKeys: [...caller.roleKeys] })) return [...roles];
  const held = new Set(caller.permissions);
  return roles.filter((r) => r.key !== ROOT_ROLE && r.permissions.every((p) => held.has(p)));
}
