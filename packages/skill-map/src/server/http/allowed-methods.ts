/** A registered route as Hono lists it (`app.routes`). */
export interface RouteEntry {
  readonly method: string;
  readonly path: string;
}

/** A Hono route path (`/api/nodes/:pathB64`) as an anchored matcher; `*` matches the rest. */
function matcherOf(path: string): RegExp {
  const source = path
    .split('/')
    .map((seg) =>
      seg.startsWith(':') ? '[^/]+' : seg === '*' ? '.*' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}$`);
}

/**
 * The methods the routes answer on `path` (middleware, registered as `ALL`, does not count), with `HEAD` wherever
 * `GET` is (Hono answers HEAD from the GET handler). Empty when no route has this path.
 */
export function allowedMethods(routes: readonly RouteEntry[], path: string): string[] {
  const methods = new Set<string>();
  for (const r of routes) {
    if (r.method === 'ALL' || r.path.includes('*')) continue;
    if (matcherOf(r.path).test(path)) methods.add(r.method);
  }
  if (methods.has('GET')) methods.add('HEAD');
  const order = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
  return [...methods].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}
