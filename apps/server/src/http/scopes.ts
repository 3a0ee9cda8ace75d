import fastifyWebsocket from '@fastify/websocket';
import { REALTIME_CLIENT_FRAME_MAX_BYTES } from '@banca/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { installAuthGuard, type SessionResolver } from './auth-guard';
import { AppError } from './errors';
import { headerLanguage, installGateway, type BrandResolver } from './gateway';

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
export type StaffCaller = {
  staffId: number;
  roles: readonly string[];
  /** The staff session the call came with (the admin module's), for logout. */
  sessionId?: number;
};
/**
 * What the operator scope hands the resolver besides the token: the session's binding (the
 * HttpOnly cookie STAFF_BINDING_COOKIE set at login) and the caller, so a token alone, copied
 * out of a browser or a log, is refused.
 */
export type StaffClient = { binding: string | null; userAgent: string | null; ip: string };
export interface StaffResolver {
  authenticate(token: string, client: StaffClient): Promise<StaffCaller | null>;
}
/** The cookie carrying a staff session's binding secret (HttpOnly, SameSite=Strict, /admin/api). */
export const STAFF_BINDING_COOKIE = 'banca_staff_binding';

/** What a route tells the audit about its change (`request.audit`); the scope adds who and where. */
export type AuditNote = {
  /** A name for the change (`member.adjust`); the route's method and address when absent. */
  action?: string;
  /** What changed (`member:42`); the request's address when absent. */
  subject?: string;
  before?: unknown;
  after?: unknown;
  detail?: Record<string, unknown>;
};
/** Where the operator scope's audit records go (who changed what, when, from where). */
export interface AuditSink {
  record(entry: {
    staffId: number;
    action: string;
    target: string;
    details: Record<string, unknown>;
    requestId: string;
    ip?: string;
    before?: unknown;
    after?: unknown;
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
    /** Set by an operator route that describes its change for the audit (before/after). */
    audit: AuditNote | null;
    /** The body's exact bytes, in the webhooks scope. */
    rawBody: Buffer | null;
  }
  interface FastifyContextConfig {
    /** Operator routes: the roles allowed (any of them); none listed means any staff member. */
    roles?: readonly string[];
    /** Operator routes a caller without a staff session may call: the sign-in steps only. */
    staffSignIn?: boolean;
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
      // Upgrades are answered here only (the plugin wraps the handlers of its own scope).
      // Clients send small frames; a longer one closes the socket (1009) before it is read.
      await realtime.register(fastifyWebsocket, {
        options: { maxPayload: REALTIME_CLIENT_FRAME_MAX_BYTES },
      });
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
 * The provider's API key: `Authorization: Bearer <key>` exactly as pam_api.yml's bearer scheme
 * says (the scheme's name in any case, RFC 7235); a bare key is no key.
 */
function providerKey(request: FastifyRequest): string | null {
  const match = /^bearer +(\S+) *$/i.exec(request.headers.authorization ?? '');
  return match ? match[1]! : null;
}

/**
 * Providers speak their own protocol: `{status: "ERROR", error: {code, message}}` with the
 * HTTP status of the failure class, never the player envelope. A wrong key is
 * `PAM_ERR_API_TOKEN` (the Valkyrie PAM API's code). No maintenance or region gate here.
 */
function installProviderAuth(scope: FastifyInstance, providers: ProviderAuthenticator): void {
  scope.decorateRequest('provider', null);
  scope.addHook('onRequest', async (request, reply) => {
    const key = providerKey(request);
    const caller = key ? await providers.authenticate(key) : null;
    if (!caller) return providerError(reply, 401, 'PAM_ERR_API_TOKEN', 'Invalid API token');
    request.provider = caller;
  });
  scope.setNotFoundHandler((_request, reply) => providerNotFound(reply));
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

/**
 * A provider's call to a path the file does not have: the provider's envelope, never the web
 * app's page (the app's own 404 handler sends /pam paths here too: the web build's wildcard
 * route takes unknown GETs before the scope's handler would).
 */
export function providerNotFound(reply: FastifyReply) {
  return providerError(reply, 404, 'PAM_ERR_UNDEFINED', 'No such endpoint');
}

function providerError(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).send({ status: 'ERROR', error: { code, message } });
}

/** Staff only, with the route's roles; `request.staff` names who acts, for the audit. */
function installOperatorGuard(scope: FastifyInstance, deps: ScopeDependencies['operator']): void {
  scope.decorateRequest('staff', null);
  scope.decorateRequest('audit', null);
  // No gateway here, but answers (errors, validation) still speak the console's language.
  scope.decorateRequest('language', 'pt-BR');
  scope.addHook('onRequest', async (request) => {
    request.language = headerLanguage(request);
    // The sign-in steps are answered without a session; they set `request.staff` on success.
    if (request.routeOptions.config.staffSignIn) return;
    const token = bearer(request);
    const ua = request.headers['user-agent'];
    const staff = token
      ? await deps.staff.authenticate(token, {
          binding: cookieValue(request.headers.cookie, STAFF_BINDING_COOKIE),
          userAgent: typeof ua === 'string' ? ua : null,
          ip: request.ip,
        })
      : null;
    if (!staff) throw new AppError('staff_login_required');
    const roles = request.routeOptions.config.roles;
    if (roles && roles.length > 0 && !roles.some((role) => staff.roles.includes(role)))
      throw new AppError('staff_role_required');
    request.staff = staff;
  });
  // Every change an operator makes leaves a record: a successful non-GET is audited by route,
  // before its answer leaves, so an answered change is always on record. The route may name
  // the change and give its before/after (`request.audit`).
  scope.addHook('onSend', async (request, reply) => {
    if (request.method === 'GET' || !request.staff || reply.statusCode >= 400) return;
    const note = request.audit;
    await deps.audit.record({
      staffId: request.staff.staffId,
      action: note?.action ?? `${request.method} ${request.routeOptions.url ?? request.url}`,
      target: note?.subject ?? request.url,
      details: {
        ...note?.detail,
        route: `${request.method} ${request.routeOptions.url ?? request.url}`,
      },
      requestId: request.id,
      ip: request.ip,
      before: note?.before,
      after: note?.after,
    });
  });
}

/** One cookie's value from a Cookie header (no cookie parser plugin for one HttpOnly value). */
export function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) {
      const value = part.slice(index + 1).trim();
      return value.length > 0 && value.length <= 200 ? value : null;
    }
  }
  return null;
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
