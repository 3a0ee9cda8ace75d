import { successEnvelope, type SuccessEnvelope } from '@banca/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  acceptedEncoding,
  compressBody,
  COMPRESS_THRESHOLD_BYTES,
  sendCompressed,
  type Encoding,
} from './compression';

/** Wraps a route's result in the success envelope (`{ success: true, value }`). */
export function ok<T>(value: T): SuccessEnvelope<T> {
  return { success: true, value };
}

/** One cached reply: its JSON, and that JSON compressed in each encoding a client has asked for. */
type CachedBody = { json: string; compressed: Partial<Record<Encoding, Buffer>> };

/**
 * For replies that many requests share while a service keeps them cached (a lobby page, the
 * lanes, a hot list): the envelope is checked against the route's schema and serialized once
 * per cached value, then the same string is sent. Encoding through zod on every request was
 * the largest cost of a game-list request in bench:lobby's CPU profile. Compression would be
 * the next one, so the compressed bytes are kept too, made the first time an encoding is
 * asked for. `key` is the cached object itself, so a body lives exactly as long as the value
 * it was made from.
 */
export function okOnce<S extends z.ZodType>(valueSchema: S) {
  const envelope = successEnvelope(valueSchema);
  const bodies = new WeakMap<object, CachedBody>();
  return (reply: FastifyReply, key: object, value: () => z.input<S>): FastifyReply => {
    let body = bodies.get(key);
    if (body === undefined) {
      const json = JSON.stringify(z.encode(envelope, ok(value()) as z.output<typeof envelope>));
      body = { json, compressed: {} };
      bodies.set(key, body);
    }
    reply.type('application/json; charset=utf-8');
    const encoding =
      body.json.length >= COMPRESS_THRESHOLD_BYTES ? acceptedEncoding(reply.request) : null;
    if (encoding === null) return reply.send(body.json);
    const bytes = (body.compressed[encoding] ??= compressBody(body.json, encoding));
    return sendCompressed(reply, bytes, encoding);
  };
}
