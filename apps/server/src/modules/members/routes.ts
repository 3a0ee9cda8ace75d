import { ENDPOINTS, pathOf, ROUTES } from '@banca/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientKeyOf, clientOf, sessionOf } from '../../http/auth-guard';
import type { KeyStore } from '../../http/encrypted-body';
import { ok } from '../../http/envelope';
import { RATE_LIMITS } from '../../http/rate-limits';
import { routeOptions } from '../../http/route-options';
import { normaliseMobile, type AuthService } from '../auth';
import type { MembersService } from './service';

export function membersRoutes(
  app: FastifyInstance,
  deps: { members: MembersService; auth: AuthService; keys: KeyStore },
): void {
  const { members, auth, keys } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['member'];
  const routes = ROUTES.members;

  for (const [route, mode] of [
    [routes.register, 'username'],
    [routes.registerMobile, 'mobile'],
  ] as const) {
    r.route({
      ...routeOptions(route, { tags, summary: `Register by ${mode} and log in (encrypted)` }),
      config: { rateLimit: RATE_LIMITS.register },
      handler: async (request) => {
        const input = await keys.open(request, request.body, route.body);
        return ok(
          await members.register(request.brand, input, mode, clientOf(request), request.language),
        );
      },
    });
  }

  r.route({
    ...routeOptions(routes.sendRegisterSms, { tags, summary: 'Send the registration SMS code' }),
    handler: async (request) =>
      ok(
        await auth.sendRegisterCode(
          request.brand,
          {
            mobile: normaliseMobile(request.body.mobileNo ?? request.body.mobileNum),
            dialing: request.body.countryDialingCode,
          },
          clientKeyOf(request),
          request.language,
        ),
      ),
  });

  r.route({
    ...routeOptions(routes.checkAffiliate, {
      tags,
      summary: 'Check an affiliate (invitation) code',
    }),
    config: { rateLimit: RATE_LIMITS.affiliateCheck },
    handler: async (request) => ok(await members.checkAffiliate(request.brand, request.body.code)),
  });

  r.route({
    ...routeOptions(routes.freePlay, {
      tags: ['session'],
      summary: 'Free play: a trial account, logged in',
    }),
    config: { rateLimit: RATE_LIMITS.freePlay },
    handler: async (request) =>
      ok(await members.freePlay(request.brand, clientOf(request), request.language)),
  });

  r.route({
    ...routeOptions(routes.info, { tags, summary: 'The logged-in member' }),
    // Allowed while a forced password change is pending, so the client knows who is logged in.
    config: { auth: 'required', allowPendingPasswordChange: true },
    handler: async (request) => ok(await members.info(sessionOf(request), request.brand)),
  });

  r.route({
    ...routeOptions(routes.icon, { tags, summary: 'The member’s avatar' }),
    config: { auth: 'required' },
    handler: async (request) =>
      ok({
        iconUrl: pathOf(ENDPOINTS.art.avatar, { file: `${sessionOf(request).memberId % 8}.svg` }),
      }),
  });

  r.route({
    ...routeOptions(routes.setLanguage, { tags, summary: 'Store the member’s language' }),
    config: { auth: 'required', allowTrial: false },
    handler: async (request) =>
      ok(await members.setLanguage(sessionOf(request), request.body.language)),
  });

  r.route({
    ...routeOptions(routes.profile, { tags, summary: 'Profile fields of “my account”' }),
    config: { auth: 'required' },
    handler: async (request) => ok(await members.profile(sessionOf(request))),
  });

  r.route({
    ...routeOptions(routes.updateProfile, { tags, summary: 'Update profile fields' }),
    config: { auth: 'required', allowTrial: false },
    handler: async (request) =>
      ok(await members.updateProfile(sessionOf(request), request.brand, request.body)),
  });
}
