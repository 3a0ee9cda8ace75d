import path from 'node:path';
import { z } from 'zod';
import { isFrameOrigin } from './http/security-headers';
import type { S3StorageSettings } from './lib/file-storage';

/**
 * Every setting of the server, read from the environment once at start (docs/architecture.md).
 * Anything not set has a default that runs the whole platform on one machine.
 */
const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * The development API key of the provider scope (/pam): the demo seed configures it for every
 * demo vendor of the demo brand. Set PAM_API_KEY to anything else outside a laptop.
 */
export const DEV_PAM_API_KEY = 'banca-dev-pam-key-change-me-0123456789';

/**
 * The development key Banca sends to transfer-wallet vendors' transfer API (the demo provider
 * accepts it by default). Set VENDOR_TRANSFER_API_KEY on both sides outside a laptop.
 */
export const DEV_VENDOR_TRANSFER_API_KEY = 'banca-dev-transfer-key-change-me-0123456789';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  DATABASE_URL: z.string().url().optional(),
  /** Folder of the embedded database (ignored when DATABASE_URL is set). */
  DATA_DIR: z.string().default('./data'),
  /** Seed the demo brand and catalogue into an empty database. */
  SEED_DEMO: booleanFromEnv.default(true),
  /**
   * Deliver domain events and run jobs on this instance. `false` makes an API-only instance
   * (the handlers' work then never shares its event loop with requests); at least one instance
   * must keep it on.
   */
  RUN_JOBS: booleanFromEnv.default(true),
  /**
   * Where this instance's events and jobs run: `thread` (a worker thread of this process, with
   * its own event loop and database pool: the handlers' batches never hold up requests) or
   * `main` (the event loop that answers requests). Unset: `thread` on PostgreSQL, `main` on the
   * embedded database, which one thread owns.
   */
  JOBS_IN: z.enum(['thread', 'main']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Built web app to serve; absent folder → API only. */
  WEB_DIST_DIR: z.string().optional(),
  /**
   * How many reverse proxies sit in front of the server. The visitor's IP (region rules,
   * brute-force counters) is taken from X-Forwarded-For only across this many hops;
   * 0 trusts no header, so a visitor cannot fake their IP by sending one.
   */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /** Comma-separated IPs exempt from the per-IP request limits (operator tools, load tests). */
  RATE_LIMIT_ALLOWLIST: z.string().default(''),
  /** Size of the PostgreSQL connection pool (ignored for the embedded database). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  /** The API explorer at /docs; unset: on, except when NODE_ENV is production. */
  DOCS_ENABLED: booleanFromEnv.optional(),
  NODE_ENV: z.string().optional(),
  /** API key the demo seed gives every demo vendor on /pam (docs/pam.md); 32–200 characters. */
  PAM_API_KEY: z.string().min(32).max(200).default(DEV_PAM_API_KEY),
  /** Key Banca sends to transfer-wallet vendors' transfer API (docs/pam.md); 32–200 characters. */
  VENDOR_TRANSFER_API_KEY: z.string().min(32).max(200).default(DEV_VENDOR_TRANSFER_API_KEY),
  /**
   * Comma-separated origins of game vendors whose pages /seamless may frame (the CSP's
   * frame-src). Unset outside production: the demo provider's (http://localhost and
   * http://127.0.0.1 on DEMO_PROVIDER_PORT); set it (even empty) to say exactly.
   */
  GAME_FRAME_ORIGINS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim().replace(/\/+$/, ''))
        .filter(Boolean),
    )
    .refine((origins) => origins.every(isFrameOrigin), {
      message: 'each entry must be an origin such as https://games.example.com',
    })
    .optional(),
  /** The demo game provider's port (scripts/start.mjs runs it; default PORT + 1). */
  DEMO_PROVIDER_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  /** `0` when `npm start` leaves the demo provider out (docs/demo-provider.md). */
  DEMO_PROVIDER: z.string().optional(),
  /**
   * Redis of the realtime fan-out across instances (docs/realtime.md): pub/sub instead of
   * PostgreSQL LISTEN/NOTIFY. Unset: LISTEN/NOTIFY on the database (in-process on PGlite).
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'a redis:// or rediss:// address')
    .optional(),
  /** `0`: no sandbox PIX PSP (npm start leaves it out, and the PIX channel is hidden). docs/payments.md */
  PIX_SANDBOX: z.string().optional(),
  /** The sandbox PSP's port (scripts/start.mjs runs it; default PORT + 2). */
  PIX_SANDBOX_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  /** Its API as the server reaches it (default http://127.0.0.1:<PIX_SANDBOX_PORT>). */
  PIX_SANDBOX_URL: z.string().url().optional(),
  /** Its pay page as people's browsers reach it (default http://localhost:<PIX_SANDBOX_PORT>). */
  PIX_SANDBOX_PUBLIC_URL: z.string().url().optional(),
  /** Bearer secret of its API and key of its webhook signatures; development defaults (@banca/pix). */
  PIX_SANDBOX_TOKEN: z.string().min(16).max(200).optional(),
  PIX_SANDBOX_WEBHOOK_SECRET: z.string().min(16).max(200).optional(),
  /** Folder of uploaded receipts and proofs (default <DATA_DIR>/uploads), unless S3_BUCKET is set. */
  UPLOADS_DIR: z.string().optional(),
  /**
   * An S3-compatible bucket for uploads instead of the folder (docs/payments.md "File storage"):
   * set S3_BUCKET and the keys; S3_ENDPOINT for anything but AWS (MinIO, Ceph, R2…).
   */
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().min(1).max(40).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).max(200).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).max(200).optional(),
  /** Unset: path-style when S3_ENDPOINT is given (self-hosted stores), virtual-hosted on AWS. */
  S3_FORCE_PATH_STYLE: booleanFromEnv.optional(),
});

export type Config = {
  port: number;
  host: string;
  database:
    { kind: 'postgres'; url: string; poolSize: number } | { kind: 'embedded'; dataDir: string };
  seedDemo: boolean;
  /** Where events and jobs run: not here (an API-only instance), in a worker thread, or on the main thread. */
  jobs: 'off' | 'thread' | 'main';
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDistDir: string | null;
  trustedProxyHops: number;
  rateLimitAllowList: string[];
  docsEnabled: boolean;
  gameFrameOrigins: string[];
  pamApiKey: string;
  vendorTransferApiKey: string;
  /** The demo game provider's origin (http://localhost:<DEMO_PROVIDER_PORT>), for its launch URLs. */
  demoProviderOrigin: string;
  /**
   * Whether the demo game provider runs beside this server (npm start starts it; DEMO_PROVIDER=0
   * leaves it out): only then are the demo brand's transfer-wallet vendors connected to its
   * transfer API, otherwise their wallets stay inside the ledger.
   */
  demoProviderRunning: boolean;
  /** Redis of the realtime fan-out (REDIS_URL), or null for LISTEN/NOTIFY. */
  redisUrl: string | null;
  /** The sandbox PIX PSP (docs/payments.md), or null when PIX_SANDBOX=0. */
  pixSandbox: {
    apiUrl: string;
    publicUrl: string;
    token: string | undefined;
    webhookSecret: string | undefined;
  } | null;
  /** Where uploaded receipts and proofs are kept: a local folder, or an S3-compatible bucket. */
  fileStorage: { kind: 'local'; dir: string } | ({ kind: 's3' } & S3StorageSettings);
};

/** The origins a browser may use for a provider on this machine's port (the frame-src sources). */
export function localOrigins(port: number): string[] {
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
}

/** Repository root, so relative defaults work from any working directory. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  if (e.S3_BUCKET && !(e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY))
    throw new Error(
      'Invalid configuration: S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    );
  const demoPort = e.DEMO_PROVIDER_PORT ?? e.PORT + 1;
  const pixSandboxPort = e.PIX_SANDBOX_PORT ?? e.PORT + 2;
  return {
    port: e.PORT,
    host: e.HOST,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : { kind: 'embedded', dataDir: path.resolve(process.cwd(), e.DATA_DIR) },
    seedDemo: e.SEED_DEMO,
    jobs: !e.RUN_JOBS ? 'off' : (e.JOBS_IN ?? (e.DATABASE_URL ? 'thread' : 'main')),
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(REPO_ROOT, 'apps/web/dist')),
    trustedProxyHops: e.TRUSTED_PROXY_HOPS,
    rateLimitAllowList: e.RATE_LIMIT_ALLOWLIST.split(',')
      .map((ip) => ip.trim())
      .filter(Boolean),
    docsEnabled: e.DOCS_ENABLED ?? e.NODE_ENV !== 'production',
    gameFrameOrigins:
      e.GAME_FRAME_ORIGINS ??
      (e.NODE_ENV === 'production' || e.DEMO_PROVIDER === '0' ? [] : localOrigins(demoPort)),
    pamApiKey: e.PAM_API_KEY,
    vendorTransferApiKey: e.VENDOR_TRANSFER_API_KEY,
    demoProviderOrigin: `http://localhost:${demoPort}`,
    demoProviderRunning: e.DEMO_PROVIDER !== '0',
    redisUrl: e.REDIS_URL ?? null,
    pixSandbox:
      e.PIX_SANDBOX === '0'
        ? null
        : {
            apiUrl: e.PIX_SANDBOX_URL ?? `http://127.0.0.1:${pixSandboxPort}`,
            publicUrl: e.PIX_SANDBOX_PUBLIC_URL ?? `http://localhost:${pixSandboxPort}`,
            token: e.PIX_SANDBOX_TOKEN,
            webhookSecret: e.PIX_SANDBOX_WEBHOOK_SECRET,
          },
    fileStorage: e.S3_BUCKET
      ? {
          kind: 's3',
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION}.amazonaws.com`,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID!,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
          pathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
        }
      : {
          kind: 'local',
          dir: path.resolve(process.cwd(), e.UPLOADS_DIR ?? path.join(e.DATA_DIR, 'uploads')),
        },
  };
}
