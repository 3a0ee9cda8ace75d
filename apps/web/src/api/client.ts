import {
  CLIENT_TIMEOUT_MS,
  GATEWAY_VERSION,
  gatewayHeaderNames,
  type Device,
  type Endpoint,
} from '@banca/contracts';
import { currentLanguage, i18n } from '@/i18n';
import { takeEarlyResponse } from '@/lib/early-requests';
import { readSessionToken } from '@/lib/session-token';
import { readStorage, STORAGE_KEYS } from '@/lib/storage';
import { ApiError, CLIENT_ERROR_CODES, isApiError } from './api-error';
import { unwrapEnvelope, type ClientMessages, type ResponseSchema } from './envelope';

/** The web app always presents itself as `web` (docs/platform-facts.md §1). */
const DEVICE: Device = 'web';

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions<T> = {
  query?: Record<string, QueryValue>;
  /** JSON body. */
  body?: unknown;
  /** A file sent as the body itself, with its own type (a receipt image). Exclusive with body and form. */
  file?: Blob;
  /**
   * Form-encoded body (`application/x-www-form-urlencoded`), for the few gateway routes the
   * original client posts as a form (forgot password by e-mail). Mutually exclusive with body.
   */
  form?: Record<string, string>;
  /**
   * Contract schema the envelope's `value` must match. Pass it in development and tests only,
   * written at the call site as
   * `schema: import.meta.env.DEV ? ROUTES.<area>.<name>.response : undefined` (the schema the
   * server answers with, from the same route descriptor as the endpoint):
   * - production skips the check because the server already validates every response against
   *   the same @banca/contracts schemas, and zod would add ~28 KB gzipped to the home route;
   * - `import.meta.env.DEV` must be inline: the build folds it to `false` inside the module, so
   *   the schema reference (and zod) is gone before tree-shaking. A flag imported from another
   *   module is folded only after tree-shaking has kept zod.
   * Lazy areas that need zod anyway (forms) may use schemas freely: zod then lands in a split
   * chunk, not in the home route.
   */
  schema?: ResponseSchema<T>;
  /** Cancels the call (TanStack Query passes one per query). */
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * Headers of this call only (a wallet transfer's `Idempotency-Key`); the gateway headers
   * win a clash, so no call can replace the session or the merchant.
   */
  headers?: Record<string, string>;
  /**
   * The caller handles `not_logged_in` itself (logout: the session is being ended anyway), so
   * the app-wide reaction (clear the session, open the login dialog) is skipped.
   */
  ignoreSessionRejection?: boolean;
  /**
   * The `Authorization` of this call instead of the member's session token: the operator
   * console sends its staff token (api/admin-client.ts); null sends none.
   */
  authorization?: string | null;
};

/** Server codes meaning the session the call carried is no longer good for it. */
export type SessionRejection = 'not_logged_in' | 'password_change_required';
type SessionRejectionListener = (code: SessionRejection) => void;
const sessionRejectionListeners = new Set<SessionRejectionListener>();

/**
 * Hook point for the session: any call answered `not_logged_in` or `password_change_required`
 * is reported here, wherever it was made, so the app can clear the session and open the login
 * (or forced password change) dialog in one place.
 */
export function onSessionRejected(listener: SessionRejectionListener): () => void {
  sessionRejectionListeners.add(listener);
  return () => sessionRejectionListeners.delete(listener);
}

function reportSessionRejection(error: unknown): void {
  if (!isApiError(error)) return;
  const code =
    error.code === 'not_logged_in' || error.code === 'password_change_required' ? error.code : null;
  if (!code) return;
  for (const listener of sessionRejectionListeners) listener(code);
}

/** The gateway headers of every call (docs/platform-facts.md §1). */
export function gatewayHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    [gatewayHeaderNames.version]: GATEWAY_VERSION,
    [gatewayHeaderNames.device]: DEVICE,
    [gatewayHeaderNames.language]: currentLanguage(),
  };
  // Unknown until the first status call answers; the server then falls back to the host name.
  const merchant = readStorage('session', STORAGE_KEYS.merchantCode);
  if (merchant) headers[gatewayHeaderNames.merchant] = merchant;
  const token = readSessionToken();
  if (token) headers[gatewayHeaderNames.authorization] = token;
  return headers;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function clientMessages(): ClientMessages {
  return {
    network_timeout: i18n.t('errors.network_timeout'),
    network_error: i18n.t('errors.network_error'),
    invalid_response: i18n.t('errors.invalid_response'),
    server_error: i18n.t('errors.server_error'),
  };
}

/**
 * The one HTTP call of the app: gateway headers, a 20 s timeout, and the envelope unwrapped.
 * Resolves with `value`; rejects with an ApiError carrying a code the UI can act on. A
 * cancellation by the caller's own signal rejects with the AbortError, untouched.
 *
 * `endpoint` is one of @banca/contracts' `ENDPOINTS` (method and address, written once for the
 * server and the app); an address with parameters is filled in with `pathOf` first.
 */
export async function apiRequest<T>(
  endpoint: Endpoint,
  options: RequestOptions<T> = {},
): Promise<T> {
  return (await apiRequestWithHeaders(endpoint, options)).value;
}

/**
 * apiRequest that also gives the response headers, for the calls whose answer travels partly
 * in a header (the captcha's id in `x-captcha-id`).
 */
export async function apiRequestWithHeaders<T>(
  endpoint: Endpoint,
  options: RequestOptions<T> = {},
): Promise<{ value: T; headers: Headers }> {
  const headers = { ...options.headers, ...gatewayHeaders() };
  if (options.authorization !== undefined) {
    delete headers[gatewayHeaderNames.authorization];
    if (options.authorization !== null)
      headers[gatewayHeaderNames.authorization] = options.authorization;
  }
  try {
    return await send(endpoint, options, headers);
  } catch (error) {
    if (!options.ignoreSessionRejection) reportSessionRejection(error);
    throw error;
  }
}

async function send<T>(
  { method, path }: Endpoint,
  options: RequestOptions<T>,
  headers: Record<string, string>,
): Promise<{ value: T; headers: Headers }> {
  const { query, body, form, file, schema, signal, timeoutMs = CLIENT_TIMEOUT_MS } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', forwardAbort, { once: true });

  let payload: string | Blob | undefined;
  if (file !== undefined) {
    headers['content-type'] = file.type || 'application/octet-stream';
    payload = file;
  } else if (form !== undefined) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(form).toString();
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const messages = clientMessages();

  try {
    let response: Response;
    try {
      const url = buildUrl(path, query);
      // A GET that index.html started before the app arrived is read, not asked again.
      const early =
        method === 'GET'
          ? takeEarlyResponse(url, headers[gatewayHeaderNames.language] ?? '')
          : null;
      response = await (early
        ? untilAborted(early, controller.signal)
        : fetch(url, {
            method,
            headers,
            body: payload,
            signal: controller.signal,
            credentials: 'same-origin',
          }));
    } catch (error) {
      throw networkFailure(error, timedOut, signal, messages);
    }
    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch (error) {
      // A body cut off by the timeout or the network is a network failure, not a bad answer.
      if (timedOut || signal?.aborted) throw networkFailure(error, timedOut, signal, messages);
      parsed = undefined;
    }
    return {
      value: unwrapEnvelope(parsed, response.status, messages, schema),
      headers: response.headers,
    };
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

/** A downloaded file: its body and the name the server suggested (Content-Disposition). */
export type Download = { blob: Blob; fileName: string | null };

/**
 * A file from the gateway (the account record as CSV) with the same headers, timeout and
 * errors as apiRequest: a failure still answers the error envelope, which becomes an ApiError.
 */
export async function apiDownload(
  { path }: Endpoint & { method: 'GET' },
  options: Pick<RequestOptions<never>, 'query' | 'signal' | 'timeoutMs'> = {},
): Promise<Download> {
  const { query, signal, timeoutMs = CLIENT_TIMEOUT_MS } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', forwardAbort, { once: true });
  const messages = clientMessages();
  try {
    const response = await fetch(buildUrl(path, query), {
      headers: gatewayHeaders(),
      signal: controller.signal,
      credentials: 'same-origin',
    });
    if (!response.ok) {
      const body: unknown = await response.json().catch(() => undefined);
      unwrapEnvelope(body, response.status, messages);
      throw new ApiError(CLIENT_ERROR_CODES.invalidResponse, messages.invalid_response, 0);
    }
    const blob = await response.blob();
    return { blob, fileName: fileNameOf(response.headers.get('content-disposition')) };
  } catch (error) {
    if (isApiError(error)) {
      reportSessionRejection(error);
      throw error;
    }
    throw networkFailure(error, timedOut, signal, messages);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

/** `attachment; filename="extrato.csv"` (or RFC 5987 `filename*=UTF-8''…`) → the name. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed escape: fall back to the plain parameter.
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(disposition)?.[1]?.trim() ?? null;
}

/** A response started elsewhere cannot be cancelled, but the caller can stop waiting for it. */
function untilAborted(response: Promise<Response>, signal: AbortSignal): Promise<Response> {
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) return abort();
    signal.addEventListener('abort', abort, { once: true });
    response.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

function networkFailure(
  error: unknown,
  timedOut: boolean,
  signal: AbortSignal | undefined,
  messages: ClientMessages,
): unknown {
  if (timedOut) return new ApiError(CLIENT_ERROR_CODES.networkTimeout, messages.network_timeout, 0);
  if (signal?.aborted) return error;
  return new ApiError(CLIENT_ERROR_CODES.networkError, messages.network_error, 0);
}
