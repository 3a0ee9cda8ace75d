import { z } from 'zod';
import { serverText } from './text';

/**
 * Every response of the gateway is an envelope (docs/platform-facts.md §1, docs/architecture.md).
 * Success: HTTP 200 `{ success: true, value }`. Failure: a 4xx/5xx status with a stable
 * snake_case `code` the web app translates, a `message` already in the request's language,
 * and optional `data` (e.g. `data.captcha: true` after a failed login that needs one).
 */
export const successEnvelope = <T extends z.ZodType>(value: T) =>
  z.object({ success: z.literal(true), value });

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  code: serverText(),
  message: serverText(),
  data: z.record(serverText(), z.unknown()).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export type SuccessEnvelope<T> = { success: true; value: T };
export type Envelope<T> = SuccessEnvelope<T> | ErrorEnvelope;

/** The value of the calls that answer only that they were done. */
export const doneSchema = z.object({ done: z.literal(true) });
