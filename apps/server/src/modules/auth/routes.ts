import {
  captchaIdHeader,
  changePasswordSchema,
  contactCodeRequestSchema,
  encryptedBodySchema,
  forgotPasswordEmailSchema,
  loginRequestSchema,
  loginResponseSchema,
  loginVerificationRequestSchema,
  loginVerificationSendSchema,
  memberSessionSchema,
  paymentPasswordSchema,
  reauthCodeRequestSchema,
  reauthRequestSchema,
  reauthResponseSchema,
  resetPasswordSchema,
  resetPasswordSmsSchema,
  rsaKeyResponseSchema,
  serverText,
  smsSendRequestSchema,
  smsSendResponseSchema,
  successEnvelope,
  totpCodeSchema,
  totpSetupSchema,
} from '@banca/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clientKeyOf, clientOf, sessionOf } from '../../http/auth-guard';
import { requireEncryptedBody, type KeyStore } from '../../http/encrypted-body';
import { ok } from '../../http/envelope';
import { RATE_LIMITS } from '../../http/rate-limits';
import type { CaptchaService } from './captcha';
import type { SecurityService } from './security-service';
import { normaliseMobile, type AuthService } from './service';

const done = successEnvelope(z.object({ done: z.literal(true) }));
const DONE = { done: true as const };

export function authRoutes(
  app: FastifyInstance,
  deps: { auth: AuthService; security: SecurityService; captcha: CaptchaService; keys: KeyStore },
): void {
  const { auth, security, captcha, keys } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['session'];
  const encrypted = { preValidation: requireEncryptedBody } as const;

  r.get(
    '/wps/session/key/rsa',
    {
      schema: {
        tags,
        summary: 'RSA-OAEP-256 public key for encrypted bodies',
        response: { 200: successEnvelope(rsaKeyResponseSchema) },
      },
    },
    async () => ok(await keys.currentKey()),
  );

  r.get(
    '/wps/captcha',
    {
      config: { rateLimit: RATE_LIMITS.captcha },
      schema: {
        tags,
        summary: `Captcha image (data URL in value; its id in the ${captchaIdHeader} header)`,
        response: { 200: successEnvelope(serverText()) },
      },
    },
    async (request, reply) => {
      const issued = await captcha.issue(clientOf(request));
      reply.header(captchaIdHeader, issued.id).header('cache-control', 'no-store');
      return ok(issued.imageDataUrl);
    },
  );

  // One counter for both login addresses: a client that alternates them gets no second allowance.
  const loginRateLimit = app.rateLimit(RATE_LIMITS.login);
  for (const url of ['/wps/session/login', '/wps/session/loginV2']) {
    r.post(
      url,
      {
        ...encrypted,
        onRequest: loginRateLimit,
        schema: {
          tags,
          summary: 'Log in (encrypted body: username | sms | firebase)',
          body: encryptedBodySchema,
          response: { 200: successEnvelope(loginResponseSchema) },
        },
      },
      async (request) => {
        const input = await keys.open(request, request.body, loginRequestSchema);
        return ok(await auth.login(request.brand, input, clientOf(request)));
      },
    );
  }

  r.post(
    '/wps/session/login/verification/send',
    {
      schema: {
        tags,
        summary: 'Send the code of a held login (new IP) by SMS or e-mail',
        body: loginVerificationSendSchema,
        response: { 200: successEnvelope(smsSendResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await auth.sendLoginVerificationCode(
          request.brand,
          request.body.pendingToken,
          request.body.method,
          request.language,
        ),
      ),
  );

  r.post(
    '/wps/session/login/verification',
    {
      schema: {
        tags,
        summary: 'Complete a login held for extra verification',
        body: loginVerificationRequestSchema,
        response: { 200: successEnvelope(loginResponseSchema) },
      },
    },
    async (request) => ok(await auth.verifyLogin(request.brand, request.body, clientOf(request))),
  );

  r.post(
    '/wps/verification/sms/noLogin',
    {
      schema: {
        tags,
        summary: 'Send an SMS login code',
        body: smsSendRequestSchema,
        response: { 200: successEnvelope(smsSendResponseSchema) },
      },
    },
    async (request) =>
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
  );

  r.delete(
    '/wps/session/logout',
    {
      config: { auth: 'required', allowPendingPasswordChange: true },
      schema: { tags, summary: 'End this session', response: { 200: done } },
    },
    async (request) => {
      await auth.logout(sessionOf(request));
      return ok(DONE);
    },
  );

  const member = ['member'];
  r.post(
    '/wps/member/password',
    {
      ...encrypted,
      config: { auth: 'required', allowPendingPasswordChange: true },
      schema: {
        tags: member,
        summary: 'Change password (encrypted)',
        body: encryptedBodySchema,
        response: { 200: done },
      },
    },
    async (request) => {
      const input = await keys.open(request, request.body, changePasswordSchema);
      await security.changePassword(
        sessionOf(request),
        request.brand,
        input,
        request.language,
        clientOf(request),
      );
      return ok(DONE);
    },
  );

  r.post(
    '/wps/member/password/email',
    {
      config: { rateLimit: RATE_LIMITS.passwordReset },
      schema: {
        tags: member,
        summary: 'Forgot password: send a reset code by e-mail (form-encoded username, email)',
        body: forgotPasswordEmailSchema,
        response: { 200: successEnvelope(smsSendResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await security.sendResetByEmail(
          request.brand,
          request.body,
          clientKeyOf(request),
          request.language,
        ),
      ),
  );

  r.post(
    '/wps/member/password/sms',
    {
      config: { rateLimit: RATE_LIMITS.passwordReset },
      schema: {
        tags: member,
        summary: 'Forgot password: send a reset code by SMS',
        body: resetPasswordSmsSchema,
        response: { 200: successEnvelope(smsSendResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await security.sendResetBySms(
          request.brand,
          request.body,
          clientKeyOf(request),
          request.language,
        ),
      ),
  );

  r.post(
    '/wps/member/password/verification',
    {
      ...encrypted,
      schema: {
        tags: member,
        summary: 'Set a new password with a reset code, then log in (encrypted)',
        body: encryptedBodySchema,
        response: { 200: successEnvelope(loginResponseSchema) },
      },
    },
    async (request) => {
      const input = await keys.open(request, request.body, resetPasswordSchema);
      return ok(
        await security.resetPassword(request.brand, input, clientOf(request), request.language),
      );
    },
  );

  r.put(
    '/wps/member/password/payment',
    {
      ...encrypted,
      config: { auth: 'required', allowTrial: false },
      schema: {
        tags: member,
        summary: 'Set or change the payment (withdraw) password (encrypted)',
        body: encryptedBodySchema,
        response: { 200: done },
      },
    },
    async (request) => {
      const input = await keys.open(request, request.body, paymentPasswordSchema);
      await security.setPaymentPassword(sessionOf(request), input, clientOf(request));
      return ok(DONE);
    },
  );

  r.post(
    '/wps/member/totp/setup',
    {
      config: { auth: 'required', allowTrial: false },
      schema: {
        tags: member,
        summary: 'Start authenticator (TOTP) setup',
        response: { 200: successEnvelope(totpSetupSchema) },
      },
    },
    async (request) => ok(await security.startTotpSetup(sessionOf(request), request.brand)),
  );

  r.post(
    '/wps/member/totp/enable',
    {
      config: { auth: 'required', allowTrial: false },
      schema: {
        tags: member,
        summary: 'Confirm authenticator setup with a code',
        body: totpCodeSchema,
        response: { 200: done },
      },
    },
    async (request) => {
      await security.enableTotp(
        sessionOf(request),
        request.brand,
        request.body.code,
        clientOf(request),
      );
      return ok(DONE);
    },
  );

  r.post(
    '/wps/member/totp/disable',
    {
      config: { auth: 'required', allowTrial: false },
      schema: {
        tags: member,
        summary: 'Turn the authenticator off with a code',
        body: totpCodeSchema,
        response: { 200: done },
      },
    },
    async (request) => {
      await security.disableTotp(
        sessionOf(request),
        request.brand,
        request.body.code,
        clientOf(request),
      );
      return ok(DONE);
    },
  );

  r.post(
    '/wps/member/reauth',
    {
      ...encrypted,
      config: { auth: 'required', allowTrial: false },
      schema: {
        tags: member,
        summary:
          'Prove the owner again (encrypted: password, or a code): for 10 minutes this session may change e-mail, mobile and authenticator',
        body: encryptedBodySchema,
        response: { 200: successEnvelope(reauthResponseSchema) },
      },
    },
    async (request) => {
      const input = await keys.open(request, request.body, reauthRequestSchema);
      return ok(
        await security.reauthenticate(sessionOf(request), request.brand, input, clientOf(request)),
      );
    },
  );

  r.post(
    '/wps/member/reauth/code',
    {
      config: { auth: 'required', allowTrial: false, rateLimit: RATE_LIMITS.passwordReset },
      schema: {
        tags: member,
        summary: 'Send a re-authentication code to the account’s own mobile or e-mail',
        body: reauthCodeRequestSchema,
        response: { 200: successEnvelope(smsSendResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await security.sendReauthCode(
          sessionOf(request),
          request.brand,
          request.body.method,
          request.language,
        ),
      ),
  );

  r.post(
    '/wps/member/contact/code',
    {
      config: { auth: 'required', allowTrial: false, rateLimit: RATE_LIMITS.passwordReset },
      schema: {
        tags: member,
        summary:
          'Send a code to a new e-mail or mobile; PUT /wps/member/profile saves it with that code (needs re-authentication)',
        body: contactCodeRequestSchema,
        response: { 200: successEnvelope(smsSendResponseSchema) },
      },
    },
    async (request) =>
      ok(
        await security.sendContactCode(
          sessionOf(request),
          request.brand,
          request.body,
          request.language,
        ),
      ),
  );

  r.get(
    '/wps/member/sessions',
    {
      config: { auth: 'required' },
      schema: {
        tags: member,
        summary: 'The member’s open sessions',
        response: { 200: successEnvelope(z.array(memberSessionSchema)) },
      },
    },
    async (request) => ok(await security.listSessions(sessionOf(request))),
  );

  r.delete(
    '/wps/member/sessions/:id',
    {
      config: { auth: 'required' },
      schema: {
        tags: member,
        summary: 'End one of the member’s sessions',
        params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
        response: { 200: done },
      },
    },
    async (request) => {
      await security.endSession(sessionOf(request), request.params.id);
      return ok(DONE);
    },
  );
}
