import { encryptBody, ENDPOINTS, type Endpoint } from '@banca/contracts';
import { isApiError } from './api-error';
import { apiRequest, type RequestOptions } from './client';

type ServerKey = { kid: string; jwk: Record<string, unknown> };

/**
 * The server's RSA key, fetched once per page and shared by every encrypted call. A failed
 * fetch is forgotten so the next call tries again.
 */
let serverKey: Promise<ServerKey> | null = null;

function currentKey(): Promise<ServerKey> {
  if (!serverKey) {
    serverKey = apiRequest<ServerKey>(ENDPOINTS.auth.rsaKey);
    serverKey.catch(() => {
      serverKey = null;
    });
  }
  return serverKey;
}

/** Test hook and key-rotation reaction: the next encrypted call fetches the key again. */
export function forgetServerKey(): void {
  serverKey = null;
}

/**
 * A call to a route marked E (login, register, passwords): the JSON payload travels as
 * `{ enc }` (AES-256-GCM, key wrapped with the server's RSA-OAEP key). When the server has
 * rotated its key away (`encryption_key_unknown`), the key is fetched again and the call
 * retried once.
 */
export async function encryptedRequest<T>(
  endpoint: Endpoint & { method: 'POST' | 'PUT' },
  payload: unknown,
  options: Omit<RequestOptions<T>, 'body' | 'form'> = {},
): Promise<T> {
  const attempt = async () =>
    apiRequest<T>(endpoint, { ...options, body: await encryptBody(payload, await currentKey()) });
  try {
    return await attempt();
  } catch (error) {
    if (!isApiError(error) || error.code !== 'encryption_key_unknown') throw error;
    forgetServerKey();
    return attempt();
  }
}
