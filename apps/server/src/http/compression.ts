import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Replies smaller than this go as they are: a few hundred bytes of JSON gain less from
 * compression than its header and CPU cost (@fastify/compress's own default).
 */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Brotli quality for replies made per request: 4 compresses a lobby page about as well as
 * gzip -6 at a fraction of quality 11's CPU (scripts/web-build.mjs uses 11 for static assets,
 * compressed once at build time). On two cores that CPU comes out of request throughput.
 */
const BROTLI_QUALITY_DYNAMIC = 4;
/** gzip level for browsers without brotli: zlib's default, the usual speed/size balance. */
const GZIP_LEVEL_DYNAMIC = 6;

/** The encodings the server produces, preferred first. Static assets are precompressed in both. */
const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

const negotiator = new Negotiator<Encoding>({ supportedValues: [...ENCODINGS] });

/**
 * Compresses JSON and SVG replies made at request time (API answers, generated artwork) for
 * clients that accept it. Files from the web build are not touched: @fastify/static sends their
 * precompressed .br/.gz with a content-encoding already set, which this plugin passes through.
 * Must be registered before the routes: it attaches itself to each route as it is added.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: [...ENCODINGS],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY_DYNAMIC } },
    zlibOptions: { level: GZIP_LEVEL_DYNAMIC },
    // Request bodies stay as they were: no route accepts compressed uploads, and inflating
    // them would let a small body grow past the body limit's intent.
    globalDecompression: false,
  });
}

/** The encoding to answer `request` in, as the plugin would choose it; null for none. */
export function acceptedEncoding(request: FastifyRequest): Encoding | null {
  const header = request.headers['accept-encoding'];
  if (!header) return null;
  return negotiator.negotiate(header.toLowerCase().replace(/x-gzip|\*/g, 'gzip'));
}

/** `body` compressed as acceptedEncoding() chose, with the plugin's settings. */
export function compressBody(body: string, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY_DYNAMIC,
          [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body),
        },
      })
    : gzipSync(body, { level: GZIP_LEVEL_DYNAMIC });
}

/**
 * Sends bytes compressed ahead of time. The content-encoding header tells the plugin's hook
 * the reply is already compressed; vary tells caches the answer depends on accept-encoding.
 */
export function sendCompressed(reply: FastifyReply, bytes: Buffer, encoding: Encoding) {
  return reply.header('content-encoding', encoding).header('vary', 'accept-encoding').send(bytes);
}
