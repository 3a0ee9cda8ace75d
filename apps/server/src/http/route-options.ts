import { encryptedBodySchema, successEnvelope, type RouteDescriptor } from '@banca/contracts';
import type { z } from 'zod';
import { requireEncryptedBody } from './encrypted-body';
import { SCOPE_PREFIXES } from './scopes';

/** What only the server's documentation needs: the OpenAPI tags and one line on the route. */
export type RouteDocs = { tags: string[]; summary: string };

type Envelope<S extends z.ZodType> = ReturnType<typeof successEnvelope<S>>;

/** The Fastify schema a descriptor stands for, typed, so handlers see their body and reply types. */
type SchemaOf<R extends RouteDescriptor> = RouteDocs & {
  body: R extends { encrypted: true }
    ? typeof encryptedBodySchema
    : R extends { body: infer B }
      ? B
      : undefined;
  querystring: R extends { query: infer Q } ? Q : undefined;
  params: R extends { params: infer P } ? P : undefined;
  response: R extends { response: infer S extends z.ZodType } ? { 200: Envelope<S> } : undefined;
};

type PreValidation = { preValidation?: typeof requireEncryptedBody };

/**
 * The method, address and schemas of a route, from its descriptor in @banca/contracts (issue
 * 11 §6), so a route file never types an address or a shape; spread into `r.route({ ... })`
 * beside the route's own config and handler. Success answers are checked against the envelope
 * of the descriptor's `response`. An encrypted route takes `{ enc }` on the wire and refuses a
 * plain body before anything reads it; its handler opens the payload with
 * `keys.open(request, request.body, descriptor.body)`.
 */
export function routeOptions<const R extends RouteDescriptor>(
  route: R,
  docs: RouteDocs,
): { method: R['method']; url: R['path']; schema: SchemaOf<R> } & PreValidation {
  const schema: Record<string, unknown> = { ...docs };
  // Absent keys rather than undefined ones: the OpenAPI transform reads every key it finds.
  const body = route.encrypted ? encryptedBodySchema : route.body;
  if (body) schema.body = body;
  if (route.query) schema.querystring = route.query;
  if (route.params) schema.params = route.params;
  if (route.response) schema.response = { 200: successEnvelope(route.response) };
  return {
    method: route.method,
    url: route.path,
    schema: schema as SchemaOf<R>,
    ...(route.encrypted ? { preValidation: requireEncryptedBody } : {}),
  };
}

/**
 * routeOptions for a route of the operator scope (`/admin/api`, ADMIN_ROUTES): the descriptor
 * holds the whole address the console calls; the scope adds its prefix itself, so the route is
 * registered under the rest.
 */
export function operatorRouteOptions<const R extends RouteDescriptor>(route: R, docs: RouteDocs) {
  const options = routeOptions(route, docs);
  if (!options.url.startsWith(`${SCOPE_PREFIXES.operator}/`))
    throw new Error(`${options.url} is not under ${SCOPE_PREFIXES.operator}`);
  return { ...options, url: options.url.slice(SCOPE_PREFIXES.operator.length) };
}
