import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Endpoint, type S3Endpoint } from '../../test/s3-endpoint';
import { AppError, errorStatus } from '../http/errors';
import {
  answeringStorage,
  createS3FileStorage,
  FileStorageUnavailableError,
  s3ObjectUrl,
  sniffImage,
  sniffWebImage,
  type S3StorageSettings,
} from './file-storage';

const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const KEYS = {
  bucket: 'banca-uploads',
  accessKeyId: 'BANCATESTACCESSKEY',
  secretAccessKey: 'banca-test-secret-access-key-0123456789',
  region: 'sa-east-1',
};

/**
 * The S3-compatible adapter against an endpoint that checks AWS Signature V4 itself
 * (test/s3-endpoint.ts): what is stored comes back byte for byte with its type, and wrong keys
 * are refused by the store, not just by us.
 */
describe('S3-compatible file storage', () => {
  let s3: S3Endpoint;
  let settings: S3StorageSettings;
  beforeAll(async () => {
    s3 = await startS3Endpoint(KEYS);
    settings = { ...KEYS, endpoint: s3.url, pathStyle: true };
  });
  afterAll(() => s3?.close());

  it('stores an upload under a generated key and reads it back byte for byte', async () => {
    const storage = createS3FileStorage(settings);
    const key = await storage.put('receipts/', PNG_1X1, 'image/png');
    expect(key).toMatch(/^receipts\/\d{4}-\d{2}\/[0-9a-f]{32}$/);
    expect(s3.objects.get(`${KEYS.bucket}/${key}`)?.bytes.equals(PNG_1X1)).toBe(true);
    const back = await storage.get(key);
    expect(back?.contentType).toBe('image/png');
    expect(back?.bytes.equals(PNG_1X1)).toBe(true);
    // A second upload of the same bytes is a second object.
    expect(await storage.put('receipts/', PNG_1X1, 'image/png')).not.toBe(key);
    expect(s3.refused).toEqual([]);
  });

  it('answers null for a key that holds nothing or that it never makes', async () => {
    const storage = createS3FileStorage(settings);
    expect(await storage.get('receipts/2026-01/00000000000000000000000000000000')).toBeNull();
    // Keys are ours: a path-like key is not even asked for.
    const asked = s3.refused.length;
    expect(await storage.get('../etc/passwd')).toBeNull();
    expect(s3.refused.length).toBe(asked);
  });

  it('is refused by the store with a wrong secret, access key or region, and says so', async () => {
    const stored = s3.objects.size;
    for (const [wrong, code] of [
      [{ secretAccessKey: 'not-the-secret-access-key-0123456789' }, 'SignatureDoesNotMatch'],
      [{ accessKeyId: 'SOMEONEELSE' }, 'InvalidAccessKeyId'],
      [{ region: 'us-east-1' }, 'AuthorizationHeaderMalformed'],
    ] as const) {
      const storage = createS3FileStorage({ ...settings, ...wrong });
      await expect(storage.put('withdrawal-proofs/', PNG_1X1, 'image/png')).rejects.toThrow(
        FileStorageUnavailableError,
      );
      expect(s3.refused.at(-1)).toMatchObject({ method: 'PUT', code });
    }
    expect(s3.objects.size).toBe(stored);
  });

  it('says the store is unavailable when nothing answers', async () => {
    const storage = createS3FileStorage({ ...settings, endpoint: 'http://127.0.0.1:1' });
    await expect(storage.put('receipts/', PNG_1X1, 'image/png')).rejects.toThrow(
      FileStorageUnavailableError,
    );
  });

  it('is answered to the member as file_storage_unavailable (503) through answeringStorage', async () => {
    const storage = answeringStorage(
      createS3FileStorage({ ...settings, endpoint: 'http://127.0.0.1:1' }),
    );
    for (const call of [
      () => storage.put('receipts/', PNG_1X1, 'image/png'),
      () => storage.get('receipts/2026-11/0123456789abcdef0123456789abcdef'),
    ]) {
      const error = await call().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('file_storage_unavailable');
      expect(errorStatus('file_storage_unavailable')).toBe(503);
      // The store's own answer stays for the log.
      expect((error as AppError).cause).toBeInstanceOf(FileStorageUnavailableError);
    }
    // Anything else (a programming error) passes unchanged.
    await expect(storage.put('Bad Prefix', PNG_1X1, 'image/png')).rejects.toThrow(
      /bad storage prefix/,
    );
  });

  it('addresses objects path-style or virtual-hosted', () => {
    const key = 'receipts/2026-11/0123456789abcdef0123456789abcdef';
    expect(s3ObjectUrl({ ...settings, endpoint: 'http://127.0.0.1:9000/' }, key)).toBe(
      `http://127.0.0.1:9000/banca-uploads/${key}`,
    );
    expect(
      s3ObjectUrl(
        { ...settings, endpoint: 'https://s3.sa-east-1.amazonaws.com', pathStyle: false },
        key,
      ),
    ).toBe(`https://banca-uploads.s3.sa-east-1.amazonaws.com/${key}`);
  });
});

/** A 1×1 lossless WebP (as cwebp writes it): RIFF, its size, WEBP, a VP8L chunk. */
const WEBP_1X1 = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

describe('image sniffing', () => {
  it('tells PNG, JPEG and WebP by their bytes, whatever they are called', () => {
    expect(sniffWebImage(PNG_1X1)).toBe('image/png');
    expect(sniffWebImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image/jpeg');
    expect(sniffWebImage(WEBP_1X1)).toBe('image/webp');
    // Receipts and feedback stay PNG/JPEG only.
    expect(sniffImage(WEBP_1X1)).toBeNull();
  });

  it('refuses other RIFF files, scripts and truncated headers', () => {
    const wav = Buffer.concat([Buffer.from('RIFF\x24\0\0\0WAVEfmt ', 'latin1'), Buffer.alloc(16)]);
    expect(sniffWebImage(wav)).toBeNull();
    const fake = Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPEVIL', 'latin1'), Buffer.alloc(16)]);
    expect(sniffWebImage(fake)).toBeNull();
    expect(sniffWebImage(Buffer.from('<svg onload="alert(1)"></svg>'))).toBeNull();
    expect(sniffWebImage(WEBP_1X1.subarray(0, 16))).toBeNull();
    expect(sniffWebImage(PNG_1X1.subarray(0, 8))).toBeNull();
  });
});
