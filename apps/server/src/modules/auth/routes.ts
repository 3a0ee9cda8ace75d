import { captchaIdHeader, ROUTES } from '@banca/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientKeyOf, clientOf, sessionOf } from '../../http/auth-guard';
import type { KeyStore } from '../../http/encrypted-body';
import { ok } from '../../http/envelope';
import { RATE_LIMITS } from '../../http/rate-limits';
import { routeOptions } from '../../http/route-options';
import type { CaptchaService } from './captcha';
import type { SecurityService } from './security-service';
import { normaliseMobile, type AuthService } from './service';

const DONE = { done: true as const };

export function authRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; security: SecurityService; captcha: CaptchaService; keys: KeyStore },
): void {
  const { auth, security, captcha, keys } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['session'];
  const routes = ROUTES.auth;

  r.route({
    ...routeOptions(routes.rsaKey, {
      tags,
      summary: 'RSA-OAEP-256 public key for encrypted bodies',
    }),
    handler: async () => ok(await keys.currentKey()),
  });

  r.route({
    ...routeOptions(routes.captcha, {
      tags,
      summary: `Captcha image (data URL in value; its id in the ${captchaIdHeader} header)`,
    }),
    config: { rateLimit: RATE_LIMITS.captcha },
    handler: async (request, reply) => {
      const issued = await captcha.issue(clientOf(request));
      reply.header(captchaIdHeader, issued.id).header('cache-control', 'no-store');
      return ok(issued.imageDataUrl);
    },
  });

  // One counter for both login addresses: a client that alternates them gets no second allowance.
  const loginRateLimit = app.rateLimit(RATE_LIMITS.login);
  for (const route of [routes.login, routes.loginV2]) {
    r.route({
      ...routeOptions(route, {
        tags,
        summary: 'Log in (encrypted body: username | sms | firebase)',
      }),
      onRequest: loginRateLimit,
      handler: async (request) => {
        const input = await keys.open(request, request.body, route.body);
        return ok(await auth.login(request.brand, input, clientOf(request)));
      },
    });
  }

  r.route({
    ...routeOptions(routes.sendLoginVerification, {
      tags,
      summary: 'Send the code of a held login (new IP) by SMS or e-mail',
    }),
    handler: async (request) =>
      ok(
        await auth.sendLoginVerificationCode(
          request.brand,
          request.body.pendingToken,
          request.body.method,
          request.language,
        ),
      ),
  });

  r.route({
    ...routeOptions(routes.verifyLogin, {
      tags,
      summary: 'Complete a login held for extra verification',
    }),
    handler: async (request) =>
      ok(await auth.verifyLogin(request.brand, request.body, clientOf(request))),
  });

  r.route({
    ...routeOptions(routes.sendLoginSms, { tags, summary: 'Send an SMS login code' }),
    handler: async (request) =>
      ok(
        await auth.sendLoginCode(
          request.brand,
          {
            mobile: normaliseMobile(request.body.mobileNum ?? request.body.mobileNo),
            dialing: request.body.countryDialingCode,
          },
          clientKeyOf(request),
          request.language,
        ),
      ),
  });

  r.route({
    ...routeOptions(routes.logout, { tags, summary: 'End this session' }),
    config: { auth: 'required', allowPendingPasswordChange: true },
    handler: async (request) => {
      await auth.logout(sessionOf(request));
      return ok(DONE);
    },
  });

  const member = ['member'];
  r.route({
    ...routeOptions(routes.changePassword, {
      tags: member,
      summary: 'Change password (encrypted)',
    }),
    config: { auth: 'required', allowPendingPasswordChange: true },
    handler: async (request) => {
      const input = await keys.open(request, request.body, routes.changePassword.body);
      await security.changePassword(
        sessionOf(request),
        request.brand,
        input,
        request.language,
        clientOf(request),
      );
      return ok(DONE);
    },
  });

  r.route({
    ...routeOptions(routes.sendResetEmail, {
      tags: member,
      summary: 'Forgot password: send a reset code by e-mail (form-encoded username, email)',
    }),
    config: { rateLimit: RATE_LIMITS.passwordReset },
    handler: async (request) =>
      ok(
        await security.sendResetByEmail(
          request.brand,
          request.body,
          clientKeyOf(request),
          request.language,
        ),
      ),
  });

  r.route({
    ...routeOptions(routes.sendResetSms, {
      tags: member,
      summary: 'Forgot password: send a reset code by SMS',
    }),
    config: { rateLimit: RATE_LIMITS.passwordReset },
    handler: async (request) =>
      ok(
        await security.sendResetBySms(
          request.brand,
          request.body,
          clientKeyOf(request),
          request.language,
        ),
      ),
  });

  r.route({
    ...routeOptions(routes.resetPassword, {
      tags: member,
      summary: 'Set a new password with a reset code, then log in (encrypted)',
    }),
    handler: async (request) => {
      const input = await keys.open(request, request.body, routes.resetPassword.body);
      return ok(
        await security.resetPassword(request.brand, input, clientOf(request), request.language),
      );
    },
  });

  r.route({
    ...routeOptions(routes.setPaymentPassword, {
      tags: member,
      summary: 'Set or change the payment (withdraw) password (encrypted)',
    }),
    config: { auth: 'required', allowTrial: false },
    handler: async (request) => {
      const input = await keys.open(request, request.body, routes.setPaymentPassword.body);
      await security.setPaymentPassword(sessionOf(request), input, clientOf(request));
      return ok(DONE);
    },
  });

  r.route({
    ...routeOptions(routes.startTotpSetup, {
      tags: member,
      summary: 'Start authenticator (TOTP) setup',
    }),
    config: { auth: 'required', allowTrial: false },
    handler: async (request) =>
      ok(await security.startTotpSetup(sessionOf(request), request.brand)),
  });

  r.route({
    ...routeOptions(routes.enableTotp, {
      tags: member,
      summary: 'Confirm authenticator setup with a code',
    }),
    config: { auth: 'required', allowTrial: false },
    handler: async (request) => {
      await security.enableTotp(
        sessionOf(request),
        request.brand,
        request.body.code,
        clientOf(request),
      );
      return ok(DONE);
    },
  });

  r.route({
    ...routeOptions(routes.disableTotp, {
      tags: member,
      summary: 'Turn the authenticator off with a code',
    }),
    config: { auth: 'required', allowTrial: false },
    handler: async (request) => {
      await security.disableTotp(
        sessionOf(request),
        request.brand,
        request.body.code,
        clientOf(request),
      );
      return ok(DONE);
    },
  });

  r.route({
    ...routeOptions(routes.reauthenticate, {
      tags: member,
      summary:
        'Prove the owner again (encrypted: password, or a code): for 10 minutes this session may change e-mail, mobile and authenticator',
    }),
    config: { auth: 'required', allowTrial: false },
    handler: async (request) => {
      const input = await keys.open(request, request.body, routes.reauthenticate.body);
      return ok(
        await security.reauthenticate(sessionOf(request), request.brand, input, clientOf(request)),
      );
    },
  });

  r.route({
    ...routeOptions(routes.sendReauthCode, {
      tags: member,
      summary: 'Send a re-authentication code to the account’s own mobile or e-mail',
    }),
    config: { auth: 'required', allowTrial: false, rateLimit: RATE_LIMITS.passwordReset },
    handler: async (request) =>
      ok(
        await security.sendReauthCode(
          sessionOf(request),
          request.brand,
          request.body.method,
          request.language,
        ),
      ),
  });

  r.route({
    ...routeOptions(routes.sendContactCode, {
      tags: member,
      summary:
        'Send a code to a new e-mail or mobile; PUT /wps/member/profile saves it with that code (needs re-authentication)',
    }),
    config: { auth: 'required', allowTrial: false, rateLimit: RATE_LIMITS.passwordReset },
    handler: async (request) =>
      ok(
        await security.sendContactCode(
          sessionOf(request),
          request.brand,
          request.body,
          request.language,
        ),
      ),
  });

  r.route({
    ...routeOptions(routes.sessions, { tags: member, summary: 'The member’s open sessions' }),
    config: { auth: 'required' },
    handler: async (request) => ok(await security.listSessions(sessionOf(request))),
  });

  r.route({
    ...routeOptions(routes.endSession, {
      tags: member,
      summary: 'End one of the member’s sessions',
    }),
    config: { auth: 'required' },
    handler: async (request) => {
      await security.endSession(sessionOf(request), request.params.id);
      return ok(DONE);
    },
  });
}
