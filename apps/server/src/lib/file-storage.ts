import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import { AppError } from '../http/errors';

/**
 * Where uploaded files go (deposit receipts, withdrawal proofs): an interface with a local
 * folder by default (under DATA_DIR) and an S3-compatible bucket when configured (S3_BUCKET,
 * docs/payments.md "File storage"). Keys are generated here, never taken from a file's name, so
 * an upload cannot choose its path.
 */
export interface FileStorage {
  /** Stores the bytes under a new key beginning with `prefix` (`receipts/`); returns the key. */
  put(prefix: string, bytes: Buffer, contentType: string): Promise<string>;
  /** The bytes and type of a key, or null when nothing is stored there. */
  get(key: string): Promise<{ bytes: Buffer; contentType: string } | null>;
}

/** Image uploads people may send (receipts, proofs): PNG or JPEG, told by their bytes. */
export type UploadedImageType = 'image/png' | 'image/jpeg';

/** Largest upload accepted: 5 MB, enough for a phone photo of a receipt (issue 13 §5). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The image type the bytes say, or null. A PNG starts with its 8-byte signature and its IHDR
 * chunk; a JPEG with SOI (FF D8) and a marker byte (FF). The name and the declared type are
 * never believed: a script with a PNG header still needs the IHDR chunk after it, and an
 * image/png Content-Type on anything else is refused.
 */
export function sniffImage(bytes: Buffer): UploadedImageType | null {
  if (
    bytes.length > 24 &&
    bytes.subarray(0, 8).equals(PNG_SIGNATURE) &&
    bytes.subarray(12, 16).toString('latin1') === 'IHDR'
  )
    return 'image/png';
  if (bytes.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'image/jpeg';
  return null;
}

/** Images shown on the site (banners, chat pictures): PNG, JPEG or WebP, told by their bytes. */
export type WebImageType = UploadedImageType | 'image/webp';

/** The WebP chunks a browser draws: lossy (`VP8 `), lossless (`VP8L`) and extended (`VP8X`). */
const WEBP_CHUNKS = new Set(['VP8 ', 'VP8L', 'VP8X']);

/**
 * sniffImage plus WebP: a RIFF container whose form is `WEBP` and whose first chunk is one of
 * WebP's image chunks (a WAV or AVI is RIFF too, with another form). Uploads meant for the
 * site's pages, where browsers draw WebP; receipts stay PNG/JPEG for the payment teams' tools.
 */
export function sniffWebImage(bytes: Buffer): WebImageType | null {
  const known = sniffImage(bytes);
  if (known) return known;
  if (
    bytes.length > 20 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP' &&
    WEBP_CHUNKS.has(bytes.subarray(12, 16).toString('latin1'))
  )
    return 'image/webp';
  return null;
}

const KEY_PATTERN = /^[a-z-]+\/\d{4}-\d{2}\/[a-f0-9]{32}$/;
const PREFIX_PATTERN = /^[a-z-]+\/$/;

/** A new key under `prefix`: `<prefix><yyyy-mm>/<128 random bits>`, so nobody can guess one. */
function newKey(prefix: string): string {
  if (!PREFIX_PATTERN.test(prefix)) throw new Error(`bad storage prefix ${prefix}`);
  return `${prefix}${new Date().toISOString().slice(0, 7)}/${randomBytes(16).toString('hex')}`;
}

/** The store could not be reached or refused the call (the route answers 503, nothing recorded). */
export class FileStorageUnavailableError extends Error {
  override name = 'FileStorageUnavailableError';
}

/**
 * The storage as a module's services use it: an outage is answered `file_storage_unavailable`
 * (503, the gateway's shared code) with the store's own error kept as the cause for the log, so
 * the caller records nothing and the member may send again; any other error passes unchanged.
 */
export function answeringStorage(storage: FileStorage): FileStorage {
  const answer = (error: unknown): never => {
    if (!(error instanceof FileStorageUnavailableError)) throw error;
    const unavailable = new AppError('file_storage_unavailable');
    unavailable.cause = error;
    throw unavailable;
  };
  return {
    put: (prefix, bytes, contentType) => storage.put(prefix, bytes, contentType).catch(answer),
    get: (key) => storage.get(key).catch(answer),
  };
}

/** The local-folder adapter: `<root>/<prefix>/<yyyy-mm>/<random>` plus a `.type` file beside it. */
export function createLocalFileStorage(root: string): FileStorage {
  const resolved = path.resolve(root);
  return {
    async put(prefix, bytes, contentType) {
      const key = newKey(prefix);
      const file = path.join(resolved, key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes, { flag: 'wx' });
      await writeFile(`${file}.type`, contentType, { flag: 'wx' });
      return key;
    },
    async get(key) {
      if (!KEY_PATTERN.test(key)) return null;
      const file = path.join(resolved, key);
      try {
        const [bytes, contentType] = await Promise.all([
          readFile(file),
          readFile(`${file}.type`, 'utf8'),
        ]);
        return { bytes, contentType };
      } catch {
        return null;
      }
    },
  };
}

/** An in-memory adapter for tests and the embedded in-memory database. */
export function createMemoryFileStorage(): FileStorage {
  const files = new Map<string, { bytes: Buffer; contentType: string }>();
  return {
    async put(prefix, bytes, contentType) {
      const key = newKey(prefix);
      files.set(key, { bytes: Buffer.from(bytes), contentType });
      return key;
    },
    async get(key) {
      return files.get(key) ?? null;
    },
  };
}

/** An S3-compatible bucket (AWS S3, MinIO, Ceph, R2, …): the settings of config.ts `fileStorage`. */
export type S3StorageSettings = {
  /** The service's address (`https://s3.sa-east-1.amazonaws.com`, `http://127.0.0.1:9000`). */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /**
   * `https://endpoint/bucket/key` (MinIO, most self-hosted stores, any endpoint without DNS per
   * bucket) rather than `https://bucket.endpoint/key` (AWS's virtual-hosted style).
   */
  pathStyle: boolean;
};

/**
 * How long one call to the store may take: an upload of the largest file (5 MB) over a slow
 * link finishes well within it, and a member is not kept waiting on a store that hangs.
 */
export const S3_REQUEST_TIMEOUT_MS = 20_000;
/** Retries of a call the store answered with a 5xx or that failed to connect (aws4fetch's back-off). */
const S3_RETRIES = 2;

/** The object's address in either addressing style; each key segment is URI-encoded once. */
export function s3ObjectUrl(settings: S3StorageSettings, key: string): string {
  const endpoint = new URL(settings.endpoint);
  const encodedKey = key.split('/').map(encodeURIComponent).join('/');
  const base = endpoint.pathname.replace(/\/+$/, '');
  if (settings.pathStyle)
    return `${endpoint.origin}${base}/${encodeURIComponent(settings.bucket)}/${encodedKey}`;
  return `${endpoint.protocol}//${settings.bucket}.${endpoint.host}${base}/${encodedKey}`;
}

/**
 * The S3-compatible adapter: `PUT` and `GET` of an object, signed with AWS Signature V4
 * (aws4fetch). The body's SHA-256 is signed too (`x-amz-content-sha256`), so a store that
 * checks it refuses a body changed on the way. The content type travels as the object's own
 * `Content-Type` and comes back with it.
 */
export function createS3FileStorage(settings: S3StorageSettings): FileStorage {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    service: 's3',
    region: settings.region,
    retries: S3_RETRIES,
  });
  async function call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await client.fetch(url, {
        ...init,
        signal: AbortSignal.timeout(S3_REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new FileStorageUnavailableError(
        `S3 ${init.method} failed: ${(error as Error).message}`,
      );
    }
  }
  return {
    async put(prefix, bytes, contentType) {
      const key = newKey(prefix);
      const response = await call(s3ObjectUrl(settings, key), {
        method: 'PUT',
        headers: {
          'content-type': contentType,
          'x-amz-content-sha256': createHash('sha256').update(bytes).digest('hex'),
        },
        body: new Uint8Array(bytes),
      });
      if (!response.ok)
        throw new FileStorageUnavailableError(
          `S3 PUT answered ${response.status}: ${(await response.text()).slice(0, 300)}`,
        );
      await response.body?.cancel();
      return key;
    },
    async get(key) {
      if (!KEY_PATTERN.test(key)) return null;
      const response = await call(s3ObjectUrl(settings, key), {
        method: 'GET',
        headers: { 'x-amz-content-sha256': createHash('sha256').update('').digest('hex') },
      });
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok)
        throw new FileStorageUnavailableError(
          `S3 GET answered ${response.status}: ${(await response.text()).slice(0, 300)}`,
        );
      return {
        bytes: Buffer.from(await response.arrayBuffer()),
        contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      };
    },
  };
}
