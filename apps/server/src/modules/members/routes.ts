import {
  affiliateCheckSchema,
  encryptedBodySchema,
  freePlayRequestSchema,
  languageUpdateSchema,
  loginResponseSchema,
  memberIconSchema,
  memberInfoSchema,
  profileSchema,
  profileUpdateSchema,
  registerRequestSchema,
  serverText,
  smsSendRequestSchema,
  smsSendResponseSchema,
  successEnvelope,
} from '@banca/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientKeyOf, clientOf, sessionOf } from '../../http/auth-guard';
import { requireEncryptedBody, type KeyStore } from '../../http/encrypted-body';
import { ok } from '../../http/envelope';
import { RATE_LIMITS } from '../../http/rate-limits';
import { normaliseMobile, type AuthService } from '../auth';
import type { MembersService } from './service';

export function membersRoutes(
  app: FastifyInstance,
  deps: { members: MembersService; auth: AuthService; keys: KeyStore },
): void {
  const { members, auth, keys } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['member'];
  const encrypted = { preValidation: requireEncryptedBody } as const;

  for (const [url, mode] of [
    ['/wps/member/register', 'username'],
    ['/wps/member/register/mobile', 'mobile'],
  ] as const) {
    r.put(
      url,
      {
        ...encrypted,
        config: { rateLimit: RATE_LIMITS.register },
        schema: {
          tags,
          summary: `Register by ${mode} and log in (encrypted)`,
          body: encryptedBodySchema,
          response: { 200: successEnvelope(loginResponseSchema) },
        },
      },
      async (request) => {
        const input = await keys.open(request, request.body, registerRequestSchema);
        return ok(
          await members.register(request.brand, input, mode, clientOf(request), request.language),
        );
      },
    );
  }

  r.post(
    '/wps/verification/sms/register',
    {
      schema: {
        tags,
        summary: 'Send the registration SMS code',
        body: smsSendRequestSchema,
        response: { 200: successEnvelope(smsSendResponseSchema) },
      },
    },
    async (request) =>
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
  );

  r.post(
    '/wps/agent/affiliate',
    {
      config: { rateLimit: RATE_LIMITS.affiliateCheck },
      schema: {
        tags,
        summary: 'Check an affiliate (invitation) code',
        body: affiliateCheckSchema,
        response: {
          200: successEnvelope(z.object({ valid: z.literal(true), agent: serverText() })),
        },
      },
    },
    async (request) => ok(await members.checkAffiliate(request.brand, request.body.code)),
  );

  r.post(
    '/wps/session/login/freeplay',
    {
      config: { rateLimit: RATE_LIMITS.freePlay },
      schema: {
        tags: ['session'],
        summary: 'Free play: a trial account, logged in',
        body: freePlayRequestSchema.optional(),
        response: { 200: successEnvelope(loginResponseSchema) },
      },
    },
    async (request) =>
      ok(await members.freePlay(request.brand, clientOf(request), request.language)),
  );

  r.get(
    '/wps/member/info',
    {
      // Allowed while a forced password change is pending, so the client knows who is logged in.
      config: { auth: 'required', allowPendingPasswordChange: true },
      schema: {
        tags,
        summary: 'The logged-in member',
        response: { 200: successEnvelope(memberInfoSchema) },
      },
    },
    async (request) => ok(await members.info(sessionOf(request), request.brand)),
  );

  r.get(
    '/wps/member/info/icon',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'The member’s avatar',
        response: { 200: successEnvelope(memberIconSchema) },
      },
    },
    async (request) => ok({ iconUrl: `/lgw/art/avatar/${sessionOf(request).memberId % 8}.svg` }),
  );

  r.put(
    '/wps/member/language',
    {
      config: { auth: 'required', allowTrial: false },
      schema: {
        tags,
        summary: 'Store the member’s language',
        body: languageUpdateSchema,
        response: { 200: successEnvelope(z.object({ language: serverText() })) },
      },
    },
    async (request) => ok(await members.setLanguage(sessionOf(request), request.body.language)),
  );

  r.get(
    '/wps/member/profile',
    {
      config: { auth: 'required' },
      schema: {
        tags,
        summary: 'Profile fields of “my account”',
        response: { 200: successEnvelope(profileSchema) },
      },
    },
    async (request) => ok(await members.profile(sessionOf(request))),
  );

  r.put(
    '/wps/member/profile',
    {
      config: { auth: 'required', allowTrial: false },
      schema: {
        tags,
        summary: 'Update profile fields',
        body: profileUpdateSchema,
        response: { 200: successEnvelope(profileSchema) },
      },
    },
    async (request) =>
      ok(await members.updateProfile(sessionOf(request), request.brand, request.body)),
  );
}
