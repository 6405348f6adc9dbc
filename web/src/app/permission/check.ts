import { hasAnyPermission } from '@cmp/contracts';

/** ROOT passes; others need one of `perms`. Calling it without a permission list is an error (spec section 5). */
export function checkPermission(roles: readonly string[], permissions: readonly string[], perms: readonly string[] | undefined): boolean {
  if (!perms || !Array.isArray(perms) || perms.length === 0) {
    throw new Error('checkPermission needs a non-empty list of permission strings');
  }
  return hasAnyPermission({ roleKeys: [...roles], permissions: [...permissions] }, perms);
}
