import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { installAuthGuard, type SessionResolver } from './auth-guard';
import { AppError } from './errors';
import { installGateway, type BrandResolver } from './gateway';

/**
 * The API's scopes (docs/architecture.md): each an encapsulated Fastify context with its own
 * callers, authentication and answer format. Modules add routes to a scope by name (their
 * manifest's `routes`); http/ receives what a scope needs as interfaces and imports no module.
 *
 * - player (`/wps`, `/lgw`): the gateway (brand, language, maintenance and region gate), the
 *   member-session guard and the envelope.
 * - provider (`/pam`): game providers' wallet calls. API-key authentication, no maintenance
 *   gate (money owed to a player must land during maintenance), the provider's answer format.
 * - operator (`/admin/api`): staff sessions, roles per route, an audit record of each change.
 * - webhooks (`/hooks/<provider>`): signature checked on the raw body before any parsing.
 * - realtime (`/ws`): the websocket, authenticated by the session token.
 */
export type ScopeName = 'player' | 'provider' | 'operator' | 'webhooks' | 'realtime';
export const SCOPE_NAMES: readonly ScopeName[] = [
  'player',
  'provider',
  'operator',
  'webhooks',
  'realtime',
];
export const SCOPE_PREFIXES: Record<Exclude<ScopeName, 'player'>, string> = {
  provider: '/pam',
  operator: '/admin/api',
  webhooks: '/hooks',
  realtime: '/ws',
};

/** A game provider (or an aggregator such as Valkyrie) known by its API key. */
export type ProviderCaller = { providerCode: string; merchantCode: string };
export interface ProviderAuthenticator {
  authenticate(apiKey: string): Promise<ProviderCaller | null>;
}

/** A member of the operator's staff, by session token. */
export type StaffCaller = { staffId: number; roles: readonly string[] };
export interface StaffResolver {
  authenticate(token: string): Promise<StaffCaller | null>;
}
/** Where the operator scope's audit records go (who changed what, when). */
export interface AuditSink {
  record(entry: {
    staffId: number;
    action: string;
    target: string;
    details: Record<string, unknown>;
    requestId: string;
  }): Promise<void>;
}

/** Checks a webhook's signature over the exact bytes received. */
export interface WebhookVerifier {
  verify(provider: string, headers: FastifyRequest['headers'], rawBody: Buffer): boolean;
}

export type ScopeDependencies = {
  player: { brands: BrandResolver; sessions: SessionResolver };
  provider: { providers: ProviderAuthenticator };
  operator: { staff: StaffResolver; audit: AuditSink };
  webhooks: { verifier: WebhookVerifier };
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set in the provider scope: who is calling. */
    provider: ProviderCaller | null;
    /** Set in the operator scope: which staff member is calling. */
    staff: StaffCaller | null;
    /** The body's exact bytes, in the webhooks scope. */
    rawBody: Buffer | null;
  }
  interface FastifyContextConfig {
    /** Operator routes: the roles allowed (any of them); none listed means any staff member. */
    roles?: readonly string[];
  }
}

type RegisterRoutes = (scope: FastifyInstance) => void;

/** Registers the five scopes, each with the routes the modules give it. */
export async function registerScopes(
  app: FastifyInstance,
  dependencies: ScopeDependencies,
  routes: Record<ScopeName, RegisterRoutes[]>,
): Promise<void> {
  await app.register(async (player) => {
    installGateway(player, dependencies.player.brands);
    installAuthGuard(player, dependencies.player.sessions);
    for (const add of routes.player) add(player);
  });
  await app.register(
    async (provider) => {
      installProviderAuth(provider, dependencies.provider.providers);
      for (const add of routes.provider) add(provider);
    },
    { prefix: SCOPE_PREFIXES.provider },
  );
  await app.register(
    async (operator) => {
      installOperatorGuard(operator, dependencies.operator);
      for (const add of routes.operator) add(operator);
    },
    { prefix: SCOPE_PREFIXES.operator },
  );
  await app.register(
    async (webhooks) => {
      installWebhookSignatures(webhooks, dependencies.webhooks.verifier);
      for (const add of routes.webhooks) add(webhooks);
    },
    { prefix: SCOPE_PREFIXES.webhooks },
  );
  await app.register(
    async (realtime) => {
      for (const add of routes.realtime) add(realtime);
    },
    { prefix: SCOPE_PREFIXES.realtime },
  );
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return token.trim() || null;
}

/**
 * Providers speak their own protocol: `{status: "ERROR", error: {code, message}}` with the
 * HTTP status of the failure class, never the player envelope. A wrong key is
 * `PAM_ERR_API_TOKEN` (the Valkyrie PAM API's code). No maintenance or region gate here.
 */
function installProviderAuth(scope: FastifyInstance, providers: ProviderAuthenticator): void {
  scope.decorateRequest('provider', null);
  scope.addHook('onRequest', async (request, reply) => {
    const key = bearer(request);
    const caller = key ? await providers.authenticate(key) : null;
    if (!caller) return providerError(reply, 401, 'PAM_ERR_API_TOKEN', 'Invalid API token');
    request.provider = caller;
  });
  scope.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) request.log.error({ err: error }, 'provider call failed');
    return providerError(
      reply,
      status,
      // pam_api.yml has no code of its own for a malformed request: 400 with PAM_ERR_UNDEFINED.
      'PAM_ERR_UNDEFINED',
      status === 500 ? `Internal error (request ${request.id})` : error.message,
    );
  });
}

function providerError(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).send({ status: 'ERROR', error: { code, message } });
}

/** Staff only, with the route's roles; `request.staff` names who acts, for the audit. */
function installOperatorGuard(scope: FastifyInstance, deps: ScopeDependencies['operator']): void {
  scope.decorateRequest('staff', null);
  scope.addHook('onRequest', async (request) => {
    const token = bearer(request);
    const staff = token ? await deps.staff.authenticate(token) : null;
    if (!staff) throw new AppError('staff_login_required');
    const roles = request.routeOptions.config.roles;
    if (roles && roles.length > 0 && !roles.some((role) => staff.roles.includes(role)))
      throw new AppError('staff_role_required');
    request.staff = staff;
  });
  // Every change an operator makes leaves a record: a successful non-GET is audited by route,
  // before its answer leaves, so an answered change is always on record.
  scope.addHook('onSend', async (request, reply) => {
    if (request.method === 'GET' || !request.staff || reply.statusCode >= 400) return;
    await deps.audit.record({
      staffId: request.staff.staffId,
      action: `${request.method} ${request.routeOptions.url ?? request.url}`,
      target: request.url,
      details: {},
      requestId: request.id,
    });
  });
}

/**
 * Webhooks are signed over their exact bytes, so the body is kept raw (no JSON parse before
 * the check); the route parses it after. The provider is the first path segment.
 */
function installWebhookSignatures(scope: FastifyInstance, verifier: WebhookVerifier): void {
  scope.decorateRequest('rawBody', null);
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
    done(null, body);
  });
  scope.addHook('preHandler', async (request) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const provider = (request.params as { provider?: string }).provider ?? '';
    if (!verifier.verify(provider, request.headers, raw))
      throw new AppError('webhook_signature_invalid');
    request.rawBody = raw;
  });
}
