import { CLIENT_TIMEOUT_MS, ENDPOINTS } from '@banca/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiDownload,
  apiRequest,
  apiRequestWithHeaders,
  buildUrl,
  fileNameOf,
  onSessionRejected,
} from './client';

function memoryStorage(entries: Record<string, string>): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (key) => map.get(key) ?? null,
    key: (index) => [...map.keys()][index] ?? null,
    removeItem: (key) => void map.delete(key),
    setItem: (key, value) => void map.set(key, value),
  };
}

const ok = (value: unknown) =>
  new Response(JSON.stringify({ success: true, value }), { status: 200 });

describe('apiRequest', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', memoryStorage({ merchantCode: 'BANCA', token: 'tok-123' }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('sends the gateway headers on every call', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(ok([]));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest(ENDPOINTS.games.menus);
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers).toMatchObject({
      'x-gateway-version': '3',
      merchant: 'BANCA',
      device: 'web',
      language: 'pt-BR',
      authorization: 'tok-123',
    });
  });

  it('gives up after 20 seconds with network_timeout', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(
        (_url, init) =>
          new Promise((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () =>
              reject(new DOMException('aborted', 'AbortError')),
            ),
          ),
      ),
    );
    const outcome = apiRequest(ENDPOINTS.system.status).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CLIENT_TIMEOUT_MS);
    expect(await outcome).toMatchObject({ code: 'network_timeout', status: 0 });
  });

  it('reports a broken connection as network_error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')),
    );
    await expect(apiRequest(ENDPOINTS.system.status)).rejects.toMatchObject({
      code: 'network_error',
      status: 0,
    });
  });

  it("passes the caller's own cancellation through untouched", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(
        (_url, init) =>
          new Promise((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () =>
              reject(new DOMException('aborted', 'AbortError')),
            ),
          ),
      ),
    );
    const controller = new AbortController();
    const outcome = apiRequest(ENDPOINTS.system.status, { signal: controller.signal }).catch(
      (error: unknown) => error,
    );
    controller.abort();
    expect(await outcome).toMatchObject({ name: 'AbortError' });
  });
});

describe('accounts additions', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', memoryStorage({ merchantCode: 'BANCA', token: 'tok-123' }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('posts a form-encoded body when asked to', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(ok({ expiredMinutes: 10 }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest(ENDPOINTS.auth.sendResetEmail, {
      form: { username: 'demo', email: 'demo@banca.local' },
    });
    const init = fetchMock.mock.calls[0]?.[1];
    expect((init?.headers as Record<string, string>)['content-type']).toBe(
      'application/x-www-form-urlencoded',
    );
    expect(init?.body).toBe('username=demo&email=demo%40banca.local');
  });

  it('gives the response headers to calls that need them', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(
        new Response(JSON.stringify({ success: true, value: 'data:image/png;base64,AA==' }), {
          status: 200,
          headers: { 'x-captcha-id': 'cap-1' },
        }),
      ),
    );
    const { value, headers } = await apiRequestWithHeaders<string>(ENDPOINTS.auth.captcha);
    expect(value).toMatch(/^data:image/);
    expect(headers.get('x-captcha-id')).toBe('cap-1');
  });

  it('reports a rejected session, unless the caller handles it', async () => {
    const rejected = new Response(
      JSON.stringify({ success: false, code: 'not_logged_in', message: 'Faça login.' }),
      { status: 401 },
    );
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => rejected.clone()),
    );
    const heard: string[] = [];
    const stop = onSessionRejected((code) => heard.push(code));
    await expect(apiRequest(ENDPOINTS.members.info)).rejects.toMatchObject({
      code: 'not_logged_in',
    });
    await expect(
      apiRequest(ENDPOINTS.auth.logout, { ignoreSessionRejection: true }),
    ).rejects.toMatchObject({ code: 'not_logged_in' });
    stop();
    expect(heard).toEqual(['not_logged_in']);
  });
});

describe('wallet additions', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', memoryStorage({ merchantCode: 'BANCA', token: 'tok-123' }));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('adds a call’s own headers, never over the gateway’s', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(ok({ done: true }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest(ENDPOINTS.wallet.transfer, {
      body: { amount: '1.00' },
      headers: { 'idempotency-key': 'key-12345678', authorization: 'someone-else' },
    });
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers['idempotency-key']).toBe('key-12345678');
    expect(headers.authorization).toBe('tok-123');
  });

  it('downloads a file with the session header and the name the server gives', async () => {
    const fetchMock = vi.fn<typeof fetch>().mockResolvedValue(
      new Response('"id"\r\n"1"\r\n', {
        status: 200,
        headers: {
          'content-type': 'text/csv',
          'content-disposition': 'attachment; filename="extrato.csv"',
        },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { blob, fileName } = await apiDownload(ENDPOINTS.wallet.transactionsCsv, {
      query: { type: 'bet', from: undefined },
    });
    expect(fileName).toBe('extrato.csv');
    expect(await blob.text()).toBe('"id"\r\n"1"\r\n');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/wps/wallet/transactions.csv?type=bet');
    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers.authorization).toBe('tok-123');
  });

  it('turns a refused download into the server’s error, and reports a rejected session', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof fetch>()
        .mockResolvedValue(
          new Response(
            JSON.stringify({ success: false, code: 'not_logged_in', message: 'Faça login.' }),
            { status: 401 },
          ),
        ),
    );
    const heard: string[] = [];
    const stop = onSessionRejected((code) => heard.push(code));
    await expect(apiDownload(ENDPOINTS.wallet.transactionsCsv)).rejects.toMatchObject({
      code: 'not_logged_in',
      message: 'Faça login.',
    });
    stop();
    expect(heard).toEqual(['not_logged_in']);
  });

  it('reads the file name from Content-Disposition', () => {
    expect(fileNameOf('attachment; filename="account-record.csv"')).toBe('account-record.csv');
    expect(fileNameOf("attachment; filename*=UTF-8''extrato%20maio.csv")).toBe('extrato maio.csv');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});

describe('buildUrl', () => {
  it('drops empty parameters and encodes the rest', () => {
    expect(
      buildUrl('/wps/system/helpCenter', { lang: 'pt-BR', device: 'WEB', page: undefined }),
    ).toBe('/wps/system/helpCenter?lang=pt-BR&device=WEB');
    expect(buildUrl('/x')).toBe('/x');
  });
});
