import { resolveLanguage, ROUTES } from '@banca/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope';
import { RATE_LIMITS } from '../../http/rate-limits';
import { routeOptions } from '../../http/route-options';
import type { SystemService } from './service';

/** These answer in every site state: the web app needs them to draw the maintenance and region pages. */
const open = { openWhenClosed: true } as const;

export function systemRoutes(app: FastifyInstance, system: SystemService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['system'];
  const routes = ROUTES.system;

  r.route({
    ...routeOptions(routes.status, {
      tags,
      summary: 'Permission: site status, brand configuration, visitor location',
    }),
    config: open,
    handler: async (request) => ok(system.permission({ brand: request.brand, ip: request.ip })),
  });

  r.route({
    ...routeOptions(routes.whitelabel, { tags, summary: 'White-label module tree and site flags' }),
    config: open,
    handler: async ({ brand }) =>
      ok({
        merchantCode: brand.merchantCode,
        whitelabel: brand.settings.whitelabel,
        siteFlags: brand.settings.siteFlags,
      }),
  });

  r.route({
    ...routeOptions(routes.registerSettings, { tags, summary: 'Registration field rules' }),
    config: open,
    handler: async ({ brand }) =>
      ok({ fields: brand.settings.register, siteFlags: brand.settings.siteFlags }),
  });

  r.route({
    ...routeOptions(routes.country, {
      tags,
      summary: 'Country, dialing code and currency of the brand',
    }),
    config: open,
    handler: async ({ brand }) =>
      ok({
        countryCode: brand.countryCode,
        countryDialingCode: brand.countryDialingCode,
        currency: brand.currency,
        currencySymbol: brand.currencySymbol,
      }),
  });

  r.route({
    ...routeOptions(routes.domainRoute, { tags, summary: 'Mirror sites (line detection)' }),
    config: open,
    handler: async ({ brand }) => ok(brand.settings.domainRoute),
  });

  r.route({
    ...routeOptions(routes.helpCenter, { tags, summary: 'Help topics in the requested language' }),
    handler: async (request) =>
      ok(
        await system.helpTopics(
          request.brand,
          resolveLanguage(request.query.lang, request.language),
        ),
      ),
  });

  r.route({
    ...routeOptions(routes.clientError, {
      tags,
      summary: 'Report a chunk or stylesheet the browser failed to load',
    }),
    config: { rateLimit: RATE_LIMITS.clientError },
    // Small on purpose: a report is a few short strings; anything bigger is not one.
    bodyLimit: 8 * 1024,
    handler: async (request) => {
      request.log.warn(
        { clientError: request.body, merchant: request.brand.merchantCode },
        'client load error',
      );
      return ok({ received: true as const });
    },
  });
}
