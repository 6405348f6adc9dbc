import { RequestMethod } from '@nestjs/common';

/** One route of a Nest controller as Fastify will match it. */
export interface RouteInfo {
  method: string;
  /** "/prefix/controller-path/handler-path" */
  path: string;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  controller: Function;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  handler: Function;
  name: string;
}

const joinPath = (...parts: (string | undefined)[]) =>
  '/' +
  parts
    .flatMap((p) => (p ?? '').split('/'))
    .filter(Boolean)
    .join('/');

/** Every route of the given controllers, read from Nest's decorator metadata. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export function routesOf(controllers: Function[], prefix: string): RouteInfo[] {
  const routes: RouteInfo[] = [];
  for (const controller of controllers) {
    const base = Reflect.getMetadata('path', controller) as string | undefined;
    const proto = controller.prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(proto)) {
      const handler = proto[name];
      if (name === 'constructor' || typeof handler !== 'function' || !Reflect.hasMetadata('path', handler)) continue;
      const method = RequestMethod[Reflect.getMetadata('method', handler) as number];
      for (const p of [Reflect.getMetadata('path', handler) as string | string[]].flat()) {
        routes.push({ method, path: joinPath(prefix, base, p), controller, handler, name });
      }
    }
  }
  return routes;
}
