import { ROUTES } from '@banca/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { okOnce } from '../../http/envelope';
import { routeOptions } from '../../http/route-options';
import type { ContentService } from './service';

export function contentRoutes(app: FastifyInstance, content: ContentService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const route = ROUTES.content.notices;
  const sendNotices = okOnce(route.response);

  r.route({
    ...routeOptions(route, {
      tags: ['content'],
      summary:
        'Banners of every group, player notices, the arrival popup and promotion titles, in the caller’s language',
    }),
    handler: async (request, reply) => {
      const value = await content.notices(request.brand, request.language, request.query.execution);
      return sendNotices(reply, value, () => value);
    },
  });
}
