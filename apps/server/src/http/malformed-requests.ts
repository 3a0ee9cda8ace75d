import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { resolveLanguage, type ErrorEnvelope } from '@banca/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorStatus, translateError, type ErrorCode } from './errors';
import { headerLanguage } from './gateway';

/**
 * Requests that never reach a route: a URL that does not decode, headers larger than Node's
 * parser takes, a JSON content type with nothing after it. Each gets the failure envelope in
 * the caller's language and a request id, like any other failure (issue 10 §5).
 */

/**
 * Fastify's `frameworkErrors`: the router refused the URL (a broken percent-escape, a path
 * parameter over the router's length limit). No hook runs for these, so the request id header
 * is set here.
 */
export function answerFrameworkError(
  error: { code?: string },
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const code: ErrorCode =
    error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'bad_url'
      : 'internal_error';
  if (code === 'internal_error') request.log.error({ err: error }, 'router error');
  const body: ErrorEnvelope = {
    success: false,
    code,
    message: translateError(code, headerLanguage(request), { requestId: request.id }),
  };
  return reply
    .code(errorStatus(code))
    .header('x-request-id', request.id)
    .type('application/json; charset=utf-8')
    .send(body);
}

/** Bytes of a refused request searched for its `Language` header: the start of it is enough. */
const LANGUAGE_SCAN_BYTES = 64 * 1024;
const LANGUAGE_HEADER = /\r\nlanguage:[ \t]*([A-Za-z-]{1,16})/i;

/**
 * The HTTP server's `clientError`: Node's parser refused the request before Fastify saw it
 * (431 headers too large, a malformed request line, a client too slow to send its headers).
 * There is no request object, so the answer is written on the socket, with a request id of
 * the same series as every other request's and a log line carrying it.
 */
export function createClientErrorHandler(nextRequestId: () => string) {
  return function onClientError(
    this: FastifyInstance,
    // Fastify types rawPacket as Buffer#toJSON's shape; Node passes the Buffer itself.
    error: Error & { code?: string; rawPacket?: unknown },
    socket: Socket,
  ): void {
    // A reset connection has nobody left to answer (as Fastify's own handler does).
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const code: ErrorCode =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? 'headers_too_large'
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? 'request_timeout'
          : 'malformed_request';
    const requestId = nextRequestId();
    const raw = Buffer.isBuffer(error.rawPacket)
      ? error.rawPacket.subarray(0, LANGUAGE_SCAN_BYTES).toString('latin1')
      : '';
    const language = resolveLanguage(LANGUAGE_HEADER.exec(raw)?.[1]);
    this.log.info(
      { reqId: requestId, parserError: error.code },
      'request refused by the HTTP parser',
    );
    if (socket.writable) {
      const status = errorStatus(code);
      const body = JSON.stringify({
        success: false,
        code,
        message: translateError(code, language),
      } satisfies ErrorEnvelope);
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
          'Content-Type: application/json; charset=utf-8\r\n' +
          `Content-Length: ${Buffer.byteLength(body)}\r\n` +
          `x-request-id: ${requestId}\r\n` +
          'Connection: close\r\n\r\n' +
          body,
      );
    }
    socket.destroy(error);
  };
}

/**
 * JSON bodies as Fastify reads them, except that an empty body is no body: a client that sets
 * `Content-Type: application/json` on every call (a DELETE, a POST that sends nothing) is not
 * sending malformed JSON. A route that needs a body then answers validation_failed (the body
 * is required); malformed JSON is still invalid_json.
 */
export function installJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) return done(null, undefined);
    // parseAs 'string': Fastify hands the parser text.
    parseJson(request, body as string, done);
  });
}
