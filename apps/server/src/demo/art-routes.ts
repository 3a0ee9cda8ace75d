import { resolveLanguage, ROUTES } from '@banca/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../http/errors';
import { routeOptions } from '../http/route-options';
import type { GamesService } from '../modules/games/service';
import { renderAvatarSvg, renderBannerSvg, renderGameArtSvg, renderVendorLogoSvg } from './artwork';
import { DEMO_BANNERS } from './content';

/** Generated artwork never changes for a given id, so browsers and CDNs may keep it for a day. */
const ART_CACHE_CONTROL = 'public, max-age=86400';

function sendSvg(reply: FastifyReply, svg: string) {
  return reply
    .header('cache-control', ART_CACHE_CONTROL)
    .type('image/svg+xml; charset=utf-8')
    .send(svg);
}

/**
 * Generated artwork, drawn on request: the card of a game and the logo of a vendor that have no
 * picture of their own (the fallback addresses of modules/games/art-urls.ts), the demo brand's
 * home banners, and member avatars. app.ts registers these beside the modules' routes; no
 * module imports them.
 */
export function artRoutes(
  app: FastifyInstance,
  games: Pick<GamesService, 'findGameArt' | 'findVendor'>,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['games'];
  const routes = ROUTES.art;

  r.route({
    ...routeOptions(routes.game, {
      tags,
      summary: 'Generated card art of a game (SVG)',
    }),
    handler: async (request, reply) => {
      const game = await games.findGameArt(Number.parseInt(request.params.file, 10));
      if (!game) throw new AppError('not_found');
      return sendSvg(
        reply,
        renderGameArtSvg({
          nodeId: game.id,
          name: game.name_en,
          vendorCode: game.vendor_code,
          artSeed: game.art_seed,
          category: game.game_category,
        }),
      );
    },
  });

  r.route({
    ...routeOptions(routes.vendor, {
      tags,
      summary: 'Generated logo of a vendor (SVG)',
    }),
    handler: async (request, reply) => {
      const vendor = await games.findVendor(request.params.file.replace(/\.svg$/, ''));
      if (!vendor) throw new AppError('not_found');
      return sendSvg(reply, renderVendorLogoSvg(vendor));
    },
  });

  r.route({
    ...routeOptions(routes.banner, {
      tags,
      summary:
        'Generated home banner (SVG); `lang` picks the text because <img> requests carry no Language header',
    }),
    handler: async (request, reply) => {
      const id = Number.parseInt(request.params.file, 10);
      const banner = DEMO_BANNERS.find((b) => b.id === id);
      if (!banner) throw new AppError('not_found');
      const language = resolveLanguage(request.query.lang, request.language);
      return sendSvg(
        reply,
        renderBannerSvg({
          title: banner.title[language],
          subtitle: banner.subtitle[language],
          seed: banner.id,
        }),
      );
    },
  });

  r.route({
    ...routeOptions(routes.avatar, {
      tags,
      summary: 'Generated member avatar (SVG)',
    }),
    handler: async (request, reply) =>
      sendSvg(reply, renderAvatarSvg(Number.parseInt(request.params.file, 10))),
  });
}
