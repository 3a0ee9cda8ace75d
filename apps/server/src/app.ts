import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Db } from './db/connect';
import { installCompression } from './http/compression';
import { API_PREFIXES, installErrorHandling } from './http/error-handler';
import { AppError } from './http/errors';
import { LOG_REDACTION, serializeError } from './http/logging';
import {
  answerFrameworkError,
  createClientErrorHandler,
  installJsonBodyParser,
} from './http/malformed-requests';
import { createWebShell } from './http/web-shell';
import { installSecurityHeaders } from './http/security-headers';
import { installRateLimits } from './http/rate-limits';
import fastifyFormbody from '@fastify/formbody';
import {
  providerNotFound,
  registerScopes,
  SCOPE_PREFIXES,
  SCOPE_NAMES,
  type ProviderAuthenticator,
  type ScopeName,
  type StaffResolver,
  type WebhookVerifier,
} from './http/scopes';
import { artRoutes } from './demo/art-routes';
import { assembleServices, MODULES, type ServiceRegistry } from './modules';
import type { AnyModuleManifest, PlatformAdapters } from './modules/manifest';
import { createEventBus, type EventBus } from './lib/events';
import { createJobRunner, type JobRunner } from './lib/jobs';

/** Largest request body any route reads; bigger bodies are refused before parsing. */
const MAX_BODY_BYTES = 1024 * 1024;

export type AppDeps = {
  db: Db;
  logLevel?: string;
  /** Where log lines go (tests read them); standard output by default. */
  logStream?: { write(line: string): void };
  /** Folder of the built web app; null serves the API only. */
  webDistDir?: string | null;
  /** Reverse proxies in front of the server whose X-Forwarded-For is believed. */
  trustedProxyHops?: number;
  /** Client addresses the per-IP request limits never apply to. */
  rateLimitAllowList?: string[];
  /** Outside-service adapters (SMS and e-mail…); each module's development adapter by default. */
  adapters?: PlatformAdapters;
  /** The modules to run; all of them (modules/index.ts) unless a test adds its own. */
  modules?: readonly AnyModuleManifest[];
  /** Webhook signature checks per provider; none configured refuses every webhook. */
  webhookVerifier?: WebhookVerifier;
  /** Providers' API keys for the provider scope (/pam); the vendors module's unless given. */
  providerAuthenticator?: ProviderAuthenticator;
  /** Staff sessions of the operator scope; the admin module's (none yet) unless given. */
  staffResolver?: StaffResolver;
  /** Serve the API explorer at /docs (DOCS_ENABLED); on unless false. */
  docsEnabled?: boolean;
  /** Vendor origins the site may frame besides its own (GAME_FRAME_ORIGINS). */
  gameFrameOrigins?: string[];
};

export type Services = ServiceRegistry;
export type App = FastifyInstance;

declare module 'fastify' {
  interface FastifyInstance {
    /** The module services, for main.ts's jobs and for tests that arrange state through the same rules. */
    services: Services;
    /** Domain events (lib/events.ts): modules register handlers; main.ts starts delivery. */
    events: EventBus;
    /** Periodic and delayed jobs (lib/jobs.ts): modules define them; main.ts starts the runner. */
    jobs: JobRunner;
  }
}

/** Without the payments module no webhook is accepted; without the vendors module, no provider key. */
const REFUSE_ALL_WEBHOOKS: WebhookVerifier = { verify: () => false };
const NO_PROVIDERS: ProviderAuthenticator = { authenticate: async () => null };

/**
 * Request ids (logged, and sent back as `x-request-id`): random per process, then counted, so
 * they stay unique across instances and restarts without a random UUID per request.
 */
const REQUEST_ID_PREFIX = randomBytes(6).toString('base64url');
let requestCount = 0;
function nextRequestId(): string {
  requestCount += 1;
  return `${REQUEST_ID_PREFIX}-${requestCount.toString(36)}`;
}

/** Builds the whole gateway on the given dependencies; main.ts and the tests both call it. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    logger: {
      level: deps.logLevel ?? 'info',
      // No personal data in the log (issue 10 §6): see http/logging.ts.
      redact: LOG_REDACTION,
      serializers: { err: serializeError },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    genReqId: nextRequestId,
    // Requests refused before a route sees them still get the envelope and a request id.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: createClientErrorHandler(nextRequestId),
    // Believe X-Forwarded-For only across the configured number of proxies (0: never).
    trustProxy: (_address: string, hop: number) => hop < (deps.trustedProxyHops ?? 0),
    bodyLimit: MAX_BODY_BYTES,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installJsonBodyParser(app);

  // The request id goes back to the client so support can find the log line of a failure.
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  const security = await installSecurityHeaders(app, { gameFrameOrigins: deps.gameFrameOrigins });

  // Domain events and jobs (docs/events-and-jobs.md): idle until main.ts starts them; tests
  // call deliverPending() and runNow().
  const events = createEventBus(deps.db, { logger: app.log });
  const jobs = createJobRunner(deps.db, { logger: app.log });
  app.decorate('events', events);
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => {
    await Promise.all([events.stop(), jobs.stop()]);
  });

  const modules = deps.modules ?? MODULES;
  const services = assembleServices(modules, { db: deps.db, adapters: deps.adapters ?? {} });
  app.decorate('services', services);
  for (const module of modules) {
    module.handlers?.(events, services);
    module.jobs?.(jobs, services);
  }

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Banca gateway',
        version: '1.0.0',
        description:
          'Player, agent, vendor and operator API. Every answer is an envelope: `{success:true,value}` or `{success:false,code,message,data}`.',
      },
      components: {
        // The provider scope (/pam): each provider's API key as `Authorization: Bearer <key>`.
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  // Off in production unless asked for (DOCS_ENABLED): /docs then answers not_found.
  if (deps.docsEnabled ?? true) await app.register(fastifySwaggerUi, { routePrefix: '/docs' });

  await installRateLimits(app, deps.rateLimitAllowList ?? []);
  // Before any route: the plugin attaches itself to each route as it is added.
  await installCompression(app);

  // Forgot-password by e-mail is form-encoded in the original client (docs/product.md §7).
  await app.register(fastifyFormbody, { bodyLimit: 16 * 1024 });

  // Each module adds its routes to the scopes it serves (http/scopes.ts).
  const routes = Object.fromEntries(SCOPE_NAMES.map((name) => [name, []])) as unknown as Record<
    ScopeName,
    ((scope: FastifyInstance) => void)[]
  >;
  for (const module of modules)
    for (const name of SCOPE_NAMES) {
      const add = module.routes?.[name];
      if (add) routes[name].push((scope) => add(scope, services));
    }
  // Generated art: the fallback picture of games and vendors without their own (demo/art-routes.ts).
  if ('games' in services) routes.player.push((scope) => artRoutes(scope, services.games));
  await registerScopes(
    app,
    {
      player: { brands: services.system, sessions: services.auth },
      // The vendors module's API keys, unless a test gives its own.
      provider: {
        providers:
          deps.providerAuthenticator ??
          ('providerKeys' in services ? services.providerKeys : NO_PROVIDERS),
      },
      operator: { staff: deps.staffResolver ?? services.staff, audit: services.operatorAudit },
      // Each payment provider checks its own signatures (the payments module), unless a test gives its own.
      webhooks: {
        verifier:
          deps.webhookVerifier ??
          ('webhookVerifier' in services ? services.webhookVerifier : REFUSE_ALL_WEBHOOKS),
      },
    },
    routes,
  );

  const webDist = deps.webDistDir ?? null;
  const indexHtml = webDist ? path.join(webDist, 'index.html') : null;
  const serveWeb = indexHtml !== null && existsSync(indexHtml);
  if (serveWeb && webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      // A wildcard route finds files at request time, so a rebuilt web app is served without a restart.
      wildcard: true,
      // scripts/web-build.mjs writes .br/.gz beside each asset; send those to browsers that accept them.
      preCompressed: true,
      // Hashed assets never change; index.html must be revalidated so a deploy shows at once.
      // Since @fastify/static 10 this callback gets the Fastify reply, not Node's response.
      setHeaders: (reply, filePath) => {
        reply.header(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }

  const sendShell =
    serveWeb && indexHtml ? createWebShell(app, indexHtml, security.pagePolicy) : null;
  if (sendShell) {
    // The shell carries its first page's answers (http/web-shell.ts), so it is made per request
    // rather than sent as the file: here, and for every client-side route below.
    app.get('/', { schema: { hide: true } }, sendShell);
    app.get('/index.html', { schema: { hide: true } }, sendShell);
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    if (url.startsWith(`${SCOPE_PREFIXES.provider}/`)) return providerNotFound(reply);
    const isApi = API_PREFIXES.some((prefix) => url.startsWith(prefix));
    // Client-side routes (/member, /agentHome…) are the web app's: answer with its shell.
    if (sendShell && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return sendShell(request, reply);
    }
    throw new AppError('not_found');
  });

  return app;
}
