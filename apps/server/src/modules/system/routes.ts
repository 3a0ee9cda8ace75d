import {
  clientErrorReportSchema,
  countrySchema,
  domainRouteEntrySchema,
  helpCenterQuerySchema,
  helpTopicSchema,
  registerSettingsSchema,
  resolveLanguage,
  successEnvelope,
  systemStatusSchema,
  whitelabelSchema,
} from '@banca/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { RATE_LIMITS } from '../../http/rate-limits';
import type { SystemService } from './service';

/** These answer in every site state: the web app needs them to draw the maintenance and region pages. */
const open = { openWhenClosed: true } as const;

export function systemRoutes(app: FastifyInstance, system: SystemService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['system'];

  r.get(
    '/wps/system/status',
    {
      config: open,
      schema: {
        tags,
        summary: 'Permission: site status, brand configuration, visitor location',
        response: { 200: successEnvelope(systemStatusSchema) },
      },
    },
    async (request) => ok(system.permission({ brand: request.brand, ip: request.ip })),
  );

  r.get(
    '/wps/system/whitelabel',
    {
      config: open,
      schema: {
        tags,
        summary: 'White-label module tree and site flags',
        response: { 200: successEnvelope(whitelabelSchema) },
      },
    },
    async ({ brand }) =>
      ok({
        merchantCode: brand.merchantCode,
        whitelabel: brand.settings.whitelabel,
        siteFlags: brand.settings.siteFlags,
      }),
  );

  r.get(
    '/wps/system/setting/register',
    {
      config: open,
      schema: {
        tags,
        summary: 'Registration field rules',
        response: { 200: successEnvelope(registerSettingsSchema) },
      },
    },
    async ({ brand }) =>
      ok({ fields: brand.settings.register, siteFlags: brand.settings.siteFlags }),
  );

  r.get(
    '/wps/system/country',
    {
      config: open,
      schema: {
        tags,
        summary: 'Country, dialing code and currency of the brand',
        response: { 200: successEnvelope(countrySchema) },
      },
    },
    async ({ brand }) =>
      ok({
        countryCode: brand.countryCode,
        countryDialingCode: brand.countryDialingCode,
        currency: brand.currency,
        currencySymbol: brand.currencySymbol,
      }),
  );

  r.get(
    '/wps/system/domainRoute',
    {
      config: open,
      schema: {
        tags,
        summary: 'Mirror sites (line detection)',
        response: { 200: successEnvelope(z.array(domainRouteEntrySchema)) },
      },
    },
    async ({ brand }) => ok(brand.settings.domainRoute),
  );

  r.get(
    '/wps/system/helpCenter',
    {
      schema: {
        tags,
        summary: 'Help topics in the requested language',
        querystring: helpCenterQuerySchema,
        response: { 200: successEnvelope(z.array(helpTopicSchema)) },
      },
    },
    async (request) =>
      ok(
        await system.helpTopics(
          request.brand,
          resolveLanguage(request.query.lang, request.language),
        ),
      ),
  );

  r.post(
    '/wps/system/clientError',
    {
      config: { rateLimit: RATE_LIMITS.clientError },
      // Small on purpose: a report is a few short strings; anything bigger is not one.
      bodyLimit: 8 * 1024,
      schema: {
        tags,
        summary: 'Report a chunk or stylesheet the browser failed to load',
        body: clientErrorReportSchema,
        response: { 200: successEnvelope(z.object({ received: z.literal(true) })) },
      },
    },
    async (request) => {
      request.log.warn(
        { clientError: request.body, merchant: request.brand.merchantCode },
        'client load error',
      );
      return ok({ received: true as const });
    },
  );
}
