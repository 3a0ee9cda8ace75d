import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What the sandbox PSP (apps/pix-sandbox) and the platform's adapter for it must agree on:
 * the webhook signature and the development secrets used when neither side is configured.
 * A deployment sets PIX_SANDBOX_TOKEN and PIX_SANDBOX_WEBHOOK_SECRET on both.
 */

/** The header of every sandbox webhook: `sha256=<hex HMAC-SHA256(secret, raw body)>`. */
export const SANDBOX_SIGNATURE_HEADER = 'x-pix-signature';
/** The bearer secret of the sandbox's API (stands in for the real API's OAuth2 + mTLS). */
export const DEV_PIX_SANDBOX_TOKEN = 'banca-dev-pix-sandbox-token-change-me';
/** The key of the sandbox's webhook signatures. */
export const DEV_PIX_SANDBOX_WEBHOOK_SECRET = 'banca-dev-pix-webhook-secret-change-me';

/** The signature header's value for a raw body. */
export function signWebhook(secret: string, rawBody: string | Uint8Array): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

/** Checks a signature header over the exact bytes received, in constant time. */
export function verifyWebhookSignature(
  secret: string,
  rawBody: string | Uint8Array,
  header: string | undefined,
): boolean {
  if (!header || header.length > 200) return false;
  const expected = Buffer.from(signWebhook(secret, rawBody));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
