import type { ErrorEnvelope } from '@banca/contracts';
import { ApiError, CLIENT_ERROR_CODES } from './api-error';

/**
 * What a contract schema offers that the client needs; zod schemas from @banca/contracts fit,
 * and the web app need not depend on zod itself.
 */
export type ResponseSchema<T> = {
  safeParse: (
    value: unknown,
  ) => { success: true; data: T } | { success: false; error: { issues: unknown } };
};

export type ClientMessages = Record<
  (typeof CLIENT_ERROR_CODES)[keyof typeof CLIENT_ERROR_CODES],
  string
>;

/**
 * Turns a parsed response body into the call's value, or throws the ApiError it describes.
 * `{ success: true, value }` → value (checked against `schema` when given);
 * `{ success: false, code, message, data }` → ApiError with those fields;
 * anything else → `server_error` for a 5xx, `invalid_response` otherwise.
 */
export function unwrapEnvelope<T>(
  body: unknown,
  status: number,
  messages: ClientMessages,
  schema?: ResponseSchema<T>,
): T {
  if (typeof body === 'object' && body !== null && 'success' in body) {
    if (body.success === true && 'value' in body) {
      if (!schema) return body.value as T;
      const parsed = schema.safeParse(body.value);
      if (parsed.success) return parsed.data;
      // The shape drifted from the contract: fail loudly in the console, politely on screen.
      console.error('Response does not match its contract', parsed.error.issues);
      throw new ApiError(CLIENT_ERROR_CODES.invalidResponse, messages.invalid_response, status);
    }
    if (isErrorEnvelope(body)) throw new ApiError(body.code, body.message, status, body.data);
  }
  if (status >= 500)
    throw new ApiError(CLIENT_ERROR_CODES.serverError, messages.server_error, status);
  throw new ApiError(CLIENT_ERROR_CODES.invalidResponse, messages.invalid_response, status);
}

/**
 * The shape of errorEnvelopeSchema, checked by hand: this runs on every failed call in
 * production, where zod is not bundled (see RequestOptions.schema in client.ts).
 */
function isErrorEnvelope(body: object): body is ErrorEnvelope {
  const candidate = body as Partial<Record<keyof ErrorEnvelope, unknown>>;
  return (
    candidate.success === false &&
    typeof candidate.code === 'string' &&
    typeof candidate.message === 'string' &&
    (candidate.data === undefined ||
      (typeof candidate.data === 'object' &&
        candidate.data !== null &&
        !Array.isArray(candidate.data)))
  );
}
