import type { z } from 'zod';
import type { Endpoint } from './endpoints';

/**
 * The schemas of a route: what its body, query and path parameters must be, and the `value` of
 * its success envelope. An encrypted route (docs/architecture.md) names the payload inside
 * `{ enc }` as its body; on the wire the body is `encryptedBodySchema`. No `response` means the
 * route answers something other than the envelope (a file, an image) or never succeeds yet.
 *
 * A leaf file (no runtime imports): each feature's contracts file may import `defineRoute` from
 * here while routes.ts imports that file's routes, without an import cycle
 * (import-cycles.test.ts).
 */
export type RouteSchemas = {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response?: z.ZodType;
  encrypted?: true;
};
export type RouteDescriptor = Endpoint & RouteSchemas;

/** An endpoint with its schemas: one description that the server and the web app both use. */
export function defineRoute<const E extends Endpoint, const S extends RouteSchemas>(
  endpoint: E,
  schemas: S,
): E & S {
  return { ...endpoint, ...schemas };
}
