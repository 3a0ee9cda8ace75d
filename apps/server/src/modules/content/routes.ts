import { noticeQuerySchema, noticeResponseSchema, successEnvelope } from '@banca/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okOnce } from '../../http/envelope';
import type { ContentService } from './service';

export function contentRoutes(app: FastifyInstance, content: ContentService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sendNotices = okOnce(noticeResponseSchema);

  r.get(
    '/wps/notice',
    {
      schema: {
        tags: ['content'],
        summary:
          'Banners of every group, player notices, the arrival popup and promotion titles, in the caller’s language',
        querystring: noticeQuerySchema,
        response: { 200: successEnvelope(noticeResponseSchema) },
      },
    },
    async (request, reply) => {
      const value = await content.notices(request.brand, request.language, request.query.execution);
      return sendNotices(reply, value, () => value);
    },
  );
}
