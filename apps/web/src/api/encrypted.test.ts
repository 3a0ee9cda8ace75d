import { ENDPOINTS } from '@banca/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encryptedRequest, forgetServerKey } from './encrypted';

async function publicJwk(): Promise<Record<string, unknown>> {
  const pair = await crypto.subtle.generateKey(
    {
      name: 'RSA-OAEP',
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: 'SHA-256',
    },
    true,
    ['encrypt', 'decrypt'],
  );
  return (await crypto.subtle.exportKey('jwk', pair.publicKey)) as Record<string, unknown>;
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

describe('encryptedRequest', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetServerKey();
  });

  it('sends only the encrypted envelope, never the plain payload', async () => {
    const jwk = await publicJwk();
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(json(200, { success: true, value: { kid: 'k1', jwk } }))
      .mockResolvedValueOnce(json(200, { success: true, value: { done: true } }));
    vi.stubGlobal('fetch', fetchMock);
    await encryptedRequest(ENDPOINTS.auth.changePassword, { oldPassword: 'segredo' });
    const body = String(fetchMock.mock.calls[1]?.[1]?.body);
    expect(JSON.parse(body)).toMatchObject({ enc: { kid: 'k1' } });
    expect(body).not.toContain('segredo');
  });

  it('fetches the key again and retries once when the server has rotated it away', async () => {
    const jwk = await publicJwk();
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(json(200, { success: true, value: { kid: 'old', jwk } }))
      .mockResolvedValueOnce(
        json(400, { success: false, code: 'encryption_key_unknown', message: 'Chave expirada.' }),
      )
      .mockResolvedValueOnce(json(200, { success: true, value: { kid: 'new', jwk } }))
      .mockResolvedValueOnce(json(200, { success: true, value: { token: 't' } }));
    vi.stubGlobal('fetch', fetchMock);
    const value = await encryptedRequest<{ token: string }>(ENDPOINTS.auth.login, { a: 1 });
    expect(value).toEqual({ token: 't' });
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(JSON.parse(String(fetchMock.mock.calls[3]?.[1]?.body))).toMatchObject({
      enc: { kid: 'new' },
    });
  });

  it('gives up after one retry', async () => {
    const jwk = await publicJwk();
    const unknownKey = () =>
      json(400, { success: false, code: 'encryption_key_unknown', message: 'Chave expirada.' });
    const fetchMock = vi.fn<typeof fetch>(async (input) =>
      String(input).includes('/key/rsa')
        ? json(200, { success: true, value: { kid: 'k', jwk } })
        : unknownKey(),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(encryptedRequest(ENDPOINTS.auth.login, {})).rejects.toMatchObject({
      code: 'encryption_key_unknown',
    });
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });
});
