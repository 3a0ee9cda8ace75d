import { createHash, randomBytes, webcrypto } from 'node:crypto';
import { fromBase64, type EncryptedBody } from '@banca/contracts';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../db/connect';
import { AppError } from './errors';
import { describeZodIssues } from './validation-messages';

/** A new key every day; the one before stays valid this long so pages loaded before a rotation still work. */
const KEY_ROTATION_MS = 24 * 60 * 60 * 1000;
const KEY_GRACE_MS = 60 * 60 * 1000;

type LoadedKey = {
  kid: string;
  publicJwk: Record<string, unknown>;
  privateKey: webcrypto.CryptoKey;
  retireAfterMs: number;
  createdAtMs: number;
};

const subtle = webcrypto.subtle;

/**
 * The RSA-OAEP-256 keys of encrypted bodies (docs/architecture.md), shared by all instances through
 * the database. Private keys never leave the server.
 */
export function createKeyStore(db: Db, now: () => number = Date.now) {
  let keys: LoadedKey[] = [];
  let loadedAtMs = 0;

  async function load(): Promise<void> {
    const rows = await db
      .selectFrom('encryption_keys')
      .selectAll()
      .where('retire_after', '>', new Date(now()))
      .orderBy('created_at', 'desc')
      .execute();
    keys = await Promise.all(
      rows.map(async (row) => ({
        kid: row.kid,
        publicJwk: row.public_jwk as Record<string, unknown>,
        privateKey: await subtle.importKey(
          'pkcs8',
          Buffer.from(row.private_pkcs8, 'base64'),
          { name: 'RSA-OAEP', hash: 'SHA-256' },
          false,
          ['decrypt'],
        ),
        retireAfterMs: row.retire_after.getTime(),
        createdAtMs: row.created_at.getTime(),
      })),
    );
    loadedAtMs = now();
  }

  async function createKey(): Promise<void> {
    const pair = await subtle.generateKey(
      {
        name: 'RSA-OAEP',
        modulusLength: 2048,
        publicExponent: new Uint8Array([1, 0, 1]),
        hash: 'SHA-256',
      },
      true,
      ['encrypt', 'decrypt'],
    );
    const publicJwk = await subtle.exportKey('jwk', pair.publicKey);
    const pkcs8 = Buffer.from(await subtle.exportKey('pkcs8', pair.privateKey)).toString('base64');
    const kid = randomBytes(8).toString('hex');
    await db
      .insertInto('encryption_keys')
      .values({
        kid,
        public_jwk: JSON.stringify({
          kty: publicJwk.kty,
          n: publicJwk.n,
          e: publicJwk.e,
          alg: 'RSA-OAEP-256',
        }),
        private_pkcs8: pkcs8,
        retire_after: new Date(now() + KEY_ROTATION_MS + KEY_GRACE_MS),
      })
      .execute();
    // Expired keys are of no use to anyone, nor the memory of bodies sealed with them; keep both small.
    await sql`DELETE FROM encryption_keys WHERE retire_after < ${new Date(now())}`.execute(db);
    await sql`DELETE FROM encrypted_body_uses WHERE expires_at < ${new Date(now())}`.execute(db);
  }

  /** The key clients should use now, made (or rotated) on demand. */
  async function currentKey(): Promise<{ kid: string; jwk: Record<string, unknown> }> {
    if (now() - loadedAtMs > 60_000 || keys.length === 0) await load();
    const newest = keys[0];
    if (!newest || now() - newest.createdAtMs > KEY_ROTATION_MS) {
      await createKey();
      await load();
    }
    const key = keys[0]!;
    return { kid: key.kid, jwk: key.publicJwk };
  }

  async function liveKey(kid: string): Promise<LoadedKey | null> {
    let key = keys.find((k) => k.kid === kid);
    if (!key) {
      await load();
      key = keys.find((k) => k.kid === kid);
    }
    return key && key.retireAfterMs > now() ? key : null;
  }

  /**
   * Accepts each ciphertext once (a captured login must not log in again). The wrapped AES key
   * and the IV identify it: nobody without the AES key can make another valid body from it, and
   * honest clients draw both at random. Remembered until the RSA key retires, after which the
   * body cannot be opened anyway; shared by every instance through the database.
   */
  async function claimSingleUse(body: EncryptedBody, key: LoadedKey): Promise<void> {
    const digest = createHash('sha256')
      .update(`${body.enc.kid}.${body.enc.key}.${body.enc.iv}`)
      .digest('base64url');
    const claimed = await db
      .insertInto('encrypted_body_uses')
      .values({ digest, expires_at: new Date(key.retireAfterMs) })
      .onConflict((oc) => oc.column('digest').doNothing())
      .executeTakeFirst();
    if ((claimed.numInsertedOrUpdatedRows ?? 0n) === 0n) throw new AppError('encryption_replayed');
  }

  /** Decrypts `{enc}` and validates the JSON inside with the route's schema. */
  async function open<S extends z.ZodType>(
    request: FastifyRequest,
    body: EncryptedBody,
    schema: S,
  ): Promise<z.output<S>> {
    const key = await liveKey(body.enc.kid);
    if (!key) throw new AppError('encryption_key_unknown');
    const privateKey = key.privateKey;
    let json: unknown;
    try {
      const rawKey = await subtle.decrypt(
        { name: 'RSA-OAEP' },
        privateKey,
        fromBase64(body.enc.key),
      );
      const aes = await subtle.importKey('raw', rawKey, { name: 'AES-GCM' }, false, ['decrypt']);
      const plaintext = await subtle.decrypt(
        { name: 'AES-GCM', iv: fromBase64(body.enc.iv) },
        aes,
        fromBase64(body.enc.data),
      );
      json = JSON.parse(new TextDecoder().decode(plaintext));
    } catch {
      throw new AppError('encryption_invalid');
    }
    // Only after decryption: garbage must not fill the table, and a body that fails its schema
    // below is still used up, like any other attempt.
    await claimSingleUse(body, key);
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issues = describeZodIssues(parsed.error.issues, request.language, json);
      throw new AppError('validation_failed', {
        params: { detail: issues[0]?.message ?? '' },
        data: { issues },
      });
    }
    return parsed.data;
  }

  return { currentKey, open };
}
export type KeyStore = ReturnType<typeof createKeyStore>;

/** preValidation hook of routes marked E: a plain body is refused before anything reads it. */
export async function requireEncryptedBody(request: FastifyRequest): Promise<void> {
  const body = request.body as { enc?: unknown } | null | undefined;
  if (!body || typeof body !== 'object' || !('enc' in body))
    throw new AppError('encryption_required');
}
