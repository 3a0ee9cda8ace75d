import type { EncryptedBody } from './auth';

/**
 * Client side of encrypted bodies (docs/architecture.md): a fresh AES-256-GCM key per request
 * encrypts the JSON; the server's RSA-OAEP-256 public key wraps the AES key. Uses WebCrypto,
 * so the same code runs in browsers, in Node (tests) and anywhere else.
 */
export async function encryptBody(
  payload: unknown,
  serverKey: { kid: string; jwk: Record<string, unknown> },
): Promise<EncryptedBody> {
  const subtle = globalThis.crypto.subtle;
  // The JWK type differs between the DOM and Node typings; the value is a plain RSA public JWK either way.
  const rsa = await subtle.importKey(
    'jwk',
    serverKey.jwk as never,
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const aes = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const plaintext = new TextEncoder().encode(JSON.stringify(payload));
  const data = await subtle.encrypt({ name: 'AES-GCM', iv }, aes, plaintext);
  const rawKey = await subtle.exportKey('raw', aes);
  const wrapped = await subtle.encrypt({ name: 'RSA-OAEP' }, rsa, rawKey);
  return {
    enc: { kid: serverKey.kid, key: toBase64(wrapped), iv: toBase64(iv), data: toBase64(data) },
  };
}

export function toBase64(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let binary = '';
  for (const byte of view) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
