import { successEnvelope, type SuccessEnvelope } from '@banca/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** Wraps a route's result in the success envelope (`{ success: true, value }`). */
export function ok<T>(value: T): SuccessEnvelope<T> {
  return { success: true, value };
}

/**
 * For replies that many requests share while a service keeps them cached (a lobby page, the
 * lanes, a hot list): the envelope is checked against the route's schema and serialized once
 * per cached value, then the same string is sent. Encoding through zod on every request was
 * the largest cost of a game-list request in bench:lobby's CPU profile. `key` is the cached
 * object itself, so a body lives exactly as long as the value it was made from.
 */
export function okOnce<S extends z.ZodType>(valueSchema: S) {
  const envelope = successEnvelope(valueSchema);
  const bodies = new WeakMap<object, string>();
  return (reply: FastifyReply, key: object, value: () => z.input<S>): FastifyReply => {
    let body = bodies.get(key);
    if (body === undefined) {
      body = JSON.stringify(z.encode(envelope, ok(value()) as z.output<typeof envelope>));
      bodies.set(key, body);
    }
    return reply.type('application/json; charset=utf-8').send(body);
  };
}
