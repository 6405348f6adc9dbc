import type { ReactNode } from 'react';
import { sessionStore, useSession } from '../session/session';
import { checkPermission } from './check';

export { checkPermission };

export function hasPermission(perms: readonly string[]): boolean {
  const s = sessionStore.get();
  return checkPermission(s.roles, s.permissions, perms);
}

export function usePermission(perms: readonly string[]): boolean {
  const roles = useSession((s) => s.roles);
  const permissions = useSession((s) => s.permissions);
  return checkPermission(roles, permissions, perms);
}

/** Removes its children for a user without any of `perms`. */
export function Permission({ perms, children }: { perms: readonly string[]; children: ReactNode }) {
  return usePermission(perms) ? <>{children}</> : null;
}
