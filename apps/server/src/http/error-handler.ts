import type { ErrorEnvelope } from '@banca/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, translateError, type ErrorCode, type ErrorParams } from './errors';
import { headerLanguage } from './gateway';
import { describeIssues } from './validation-messages';

/** Prefixes that belong to the API: unknown paths under them get the envelope, never the web app. */
export const API_PREFIXES = [
  '/wps/',
  '/lgw/',
  '/vendor/',
  '/admin/api/',
  '/hooks/',
  '/pam/',
  '/docs',
  '/ws',
];

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  status: number,
  params: ErrorParams = {},
  data?: Record<string, unknown>,
) {
  // The gateway hook may not have run (a parse error, an unknown route): fall back to the header.
  const language = request.language ?? headerLanguage(request);
  const body: ErrorEnvelope = {
    success: false,
    code,
    message: translateError(code, language, params),
    ...(data ? { data } : {}),
  };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/**
 * Turns every error into the failure envelope in one place (docs/conventions.md "Errors"). Bad
 * input is a 4xx with a code; anything unexpected is a 500 that carries only the request id, with
 * the details in the log.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return send(request, reply, error.code, error.status, error.params, error.data);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const language = request.language ?? headerLanguage(request);
      const context = error.validationContext;
      const input =
        context === 'body'
          ? request.body
          : context === 'querystring'
            ? request.query
            : context === 'params'
              ? request.params
              : request.headers;
      const issues = describeIssues(error.validation, language, context, input);
      return send(
        request,
        reply,
        'validation_failed',
        400,
        { detail: issues[0]?.message ?? '' },
        { issues },
      );
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return send(request, reply, 'payload_too_large', 413);
    if (status === 415) return send(request, reply, 'unsupported_media_type', 415);
    if (status === 404) return send(request, reply, 'not_found', 404);
    if (status === 429)
      return send(request, reply, 'too_many_requests', 429, { retryAfterSeconds: 60 });
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx: content parsing (malformed JSON, empty body with a JSON type…).
      const parsing = error.code?.startsWith('FST_ERR_CTP') || error instanceof SyntaxError;
      if (parsing) return send(request, reply, 'invalid_json', 400);
      return send(request, reply, 'validation_failed', 400, { detail: '' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(request, reply, 'internal_error', 500, { requestId: request.id });
  });
}
