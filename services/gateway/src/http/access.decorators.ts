import { SetMetadata } from '@nestjs/common';

export const ACCESS_KEY = 'cmp:access';

/** How a route is guarded. Every route declares one; see undeclaredRoutes(). */
export type Access = { kind: 'public' } | { kind: 'loggedIn' } | { kind: 'permissions'; anyOf: string[] } | { kind: 'root' };

/** Open to anyone, no token needed. */
export const Public = () => SetMetadata(ACCESS_KEY, { kind: 'public' } satisfies Access);
/** Any logged-in user. */
export const LoggedIn = () => SetMetadata(ACCESS_KEY, { kind: 'loggedIn' } satisfies Access);
/** Logged-in users holding at least one of the permissions (ROOT passes every check). */
export const Permissions = (...anyOf: string[]) => {
  if (!anyOf.length) throw new Error('@Permissions() needs at least one permission string');
  return SetMetadata(ACCESS_KEY, { kind: 'permissions', anyOf } satisfies Access);
};

/** The platform's ROOT administrators only (operations: the job queues). */
export const RootOnly = () => SetMetadata(ACCESS_KEY, { kind: 'root' } satisfies Access);

/**
 * Handlers of the given controllers that declare no access rule: a programming error,
 * refused at start-up and by a test.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export function undeclaredRoutes(controllers: Function[]): string[] {
  const missing: string[] = [];
  for (const ctrl of controllers) {
    const proto = ctrl.prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(proto)) {
      const handler = proto[name];
      if (name === 'constructor' || typeof handler !== 'function') continue;
      if (!Reflect.hasMetadata('path', handler)) continue; // not a route
      if (!Reflect.getMetadata(ACCESS_KEY, handler) && !Reflect.getMetadata(ACCESS_KEY, ctrl)) missing.push(`${ctrl.name}.${name}`);
    }
  }
  return missing;
}
