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
import { installGateway } from './http/gateway';
import { createWebShell } from './http/web-shell';
import { installSecurityHeaders } from './http/security-headers';
import { installRateLimits } from './http/rate-limits';
import fastifyFormbody from '@fastify/formbody';
import { installAuthGuard } from './http/auth-guard';
import { createKeyStore } from './http/encrypted-body';
import { createCaptchaService } from './modules/auth/captcha';
import { createOutboxSender, type MessageSender } from './modules/auth/outside-services';
import { createAuthRepository } from './modules/auth/repository';
import { authRoutes } from './modules/auth/routes';
import { createSecurityService } from './modules/auth/security-service';
import { createAuthService } from './modules/auth/service';
import { createVerificationCodes } from './modules/auth/verification-codes';
import { createMembersRepository } from './modules/members/repository';
import { membersRoutes } from './modules/members/routes';
import { createMembersService } from './modules/members/service';
import { createGamesRepository } from './modules/games/repository';
import { createContentRepository } from './modules/content/repository';
import { contentRoutes } from './modules/content/routes';
import { createContentService } from './modules/content/service';
import { createWalletRepository } from './modules/wallet/repository';
import { walletRoutes } from './modules/wallet/routes';
import { createWalletService } from './modules/wallet/service';
import { gamesRoutes } from './modules/games/routes';
import { createLobbyRepository } from './modules/games/lobby-repository';
import { lobbyRoutes } from './modules/games/lobby-routes';
import { createLobbyService } from './modules/games/lobby-service';
import { createGamesService } from './modules/games/service';
import { createSystemRepository } from './modules/system/repository';
import { systemRoutes } from './modules/system/routes';
import { createSystemService } from './modules/system/service';

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
  /** SMS and e-mail adapter; the development outbox by default. */
  messageSender?: MessageSender;
  /** Serve the API explorer at /docs (DOCS_ENABLED); on unless false. */
  docsEnabled?: boolean;
  /** Vendor origins the site may frame besides its own (GAME_FRAME_ORIGINS). */
  gameFrameOrigins?: string[];
};

export type Services = ReturnType<typeof createServices>;
export type App = FastifyInstance;

declare module 'fastify' {
  interface FastifyInstance {
    /** The module services, for main.ts's jobs and for tests that arrange state through the same rules. */
    services: Services;
  }
}

function createServices(db: Db, messageSender: MessageSender) {
  const system = createSystemService(createSystemRepository(db));
  const games = createGamesService(createGamesRepository(db));
  const lobby = createLobbyService({ repo: createLobbyRepository(db), games });
  const keys = createKeyStore(db);
  const captcha = createCaptchaService(db);
  const codes = createVerificationCodes(db, messageSender);
  const authRepository = createAuthRepository(db);
  const auth = createAuthService({ repo: authRepository, captcha, codes });
  const security = createSecurityService({ repo: authRepository, codes, auth });
  const wallet = createWalletService({ db, repo: createWalletRepository(db) });
  const members = createMembersService({ repo: createMembersRepository(db), auth, wallet });
  const content = createContentService({ repo: createContentRepository(db) });
  return { system, games, lobby, content, keys, captcha, auth, security, members, wallet };
}

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

  const services = createServices(deps.db, deps.messageSender ?? createOutboxSender(deps.db));
  app.decorate('services', services);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Banca gateway',
        version: '1.0.0',
        description:
          'Player, agent, vendor and operator API. Every answer is an envelope: `{success:true,value}` or `{success:false,code,message,data}`.',
      },
    },
    transform: jsonSchemaTransform,
  });
  // Off in production unless asked for (DOCS_ENABLED): /docs then answers not_found.
  if (deps.docsEnabled ?? true) await app.register(fastifySwaggerUi, { routePrefix: '/docs' });

  await installRateLimits(app, deps.rateLimitAllowList ?? []);
  // Before any route: the plugin attaches itself to each route as it is added.
  await installCompression(app);

  // Forgot-password by e-mail is form-encoded in the original client (spec §7).
  await app.register(fastifyFormbody, { bodyLimit: 16 * 1024 });

  await app.register(async (api) => {
    installGateway(api, services.system);
    installAuthGuard(api, services.auth);
    systemRoutes(api, services.system);
    gamesRoutes(api, services.games);
    lobbyRoutes(api, services.lobby);
    contentRoutes(api, services.content);
    authRoutes(api, services);
    membersRoutes(api, services);
    walletRoutes(api, services.wallet);
  });

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
      setHeaders: (res, filePath) => {
        res.setHeader(
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
    const isApi = API_PREFIXES.some((prefix) => url.startsWith(prefix));
    // Client-side routes (/member, /agentHome…) are the web app's: answer with its shell.
    if (sendShell && !isApi && (request.method === 'GET' || request.method === 'HEAD')) {
      return sendShell(request, reply);
    }
    throw new AppError('not_found');
  });

  return app;
}
