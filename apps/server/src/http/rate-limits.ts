import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * Per-IP request limits on the routes that create things or cost CPU for anyone who asks.
 * Brute force on passwords and codes has its own, stricter counters in the database (auth
 * module); these bound the rest. Counters live in memory per instance.
 */
export const RATE_LIMITS = {
  /** Each call creates a member with demo credit: a person needs one or two. */
  freePlay: { max: 30, timeWindow: '1 hour' },
  /** Registrations from one address: a family or an internet café, not a bot farm. */
  register: { max: 30, timeWindow: '1 hour' },
  /** Invitation codes must not be enumerable. */
  affiliateCheck: { max: 30, timeWindow: '1 minute' },
  /** Each captcha is a stored row and an image to draw. */
  captcha: { max: 30, timeWindow: '1 minute' },
  /** A login costs an argon2 verification (~30 ms of CPU). */
  login: { max: 60, timeWindow: '1 minute' },
  /** Reset requests (codes have their own throttle too). */
  passwordReset: { max: 20, timeWindow: '1 hour' },
  /** Client error reports are logged: keep a broken page from flooding the log. */
  clientError: { max: 30, timeWindow: '1 minute' },
} as const;

/** `allowList`: addresses never limited (the operator's own tools, load tests on loopback). */
export async function installRateLimits(
  app: FastifyInstance,
  allowList: string[] = [],
): Promise<void> {
  const allowed = new Set(allowList);
  await app.register(rateLimit, {
    global: false,
    // Since @fastify/rate-limit 11.2 the key is the client's IPv6 /64 (an IPv4-mapped address
    // becomes IPv4), and a plain allowList is matched against that key, so `::1` would no longer
    // match. The list names addresses: match the address, and the key for IPv4-mapped clients.
    allowList: (request, key) => allowed.has(request.ip) || allowed.has(key),
    errorResponseBuilder: (_request, context) =>
      new AppError('too_many_requests', {
        params: { retryAfterSeconds: Math.max(1, Math.ceil(context.ttl / 1000)) },
      }),
  });
}
