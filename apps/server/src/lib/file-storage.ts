import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files go (deposit receipts, withdrawal proofs): an interface with a local
 * folder by default (under DATA_DIR) and room for an S3-compatible adapter when configured.
 * Keys are generated here, never taken from a file's name, so an upload cannot choose its path.
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

const KEY_PATTERN = /^[a-z-]+\/\d{4}-\d{2}\/[a-f0-9]{32}$/;

/** The local-folder adapter: `<root>/<prefix>/<yyyy-mm>/<random>` plus a `.type` file beside it. */
export function createLocalFileStorage(root: string): FileStorage {
  const resolved = path.resolve(root);
  return {
    async put(prefix, bytes, contentType) {
      if (!/^[a-z-]+\/$/.test(prefix)) throw new Error(`bad storage prefix ${prefix}`);
      const month = new Date().toISOString().slice(0, 7);
      const key = `${prefix}${month}/${randomBytes(16).toString('hex')}`;
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
      const key = `${prefix}${new Date().toISOString().slice(0, 7)}/${randomBytes(16).toString('hex')}`;
      files.set(key, { bytes: Buffer.from(bytes), contentType });
      return key;
    },
    async get(key) {
      return files.get(key) ?? null;
    },
  };
}
