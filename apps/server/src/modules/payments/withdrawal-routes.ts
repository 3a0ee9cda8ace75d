import { ROUTES } from '@banca/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../http/auth-guard';
import type { KeyStore } from '../../http/encrypted-body';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { routeOptions } from '../../http/route-options';
import { MAX_UPLOAD_BYTES } from '../../lib/file-storage';
import type { MemberRef } from '../wallet';
import type { IdentityService } from './identity';
import type { WithdrawalsService } from './withdrawals';

function memberOf(request: FastifyRequest): MemberRef {
  return {
    memberId: sessionOf(request).memberId,
    merchantCode: request.brand.merchantCode,
    currency: request.brand.currency,
  };
}

/**
 * Money out for the member (member centre `withdraw`, docs/payments.md "Withdrawals"): identity,
 * PIX keys, the withdraw page, records, proofs and the payout confirmation. Real members only.
 */
export function withdrawalRoutes(
  app: FastifyInstance,
  deps: { withdrawals: WithdrawalsService; identity: IdentityService; keys: KeyStore },
): void {
  const { withdrawals, identity, keys } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['withdrawals'];
  const routes = ROUTES.withdrawals;
  const member = { auth: 'required', allowTrial: false } as const;

  r.route({
    ...routeOptions(routes.identity, {
      tags,
      summary: "The member's identity (CPF masked) and the brand's compliance profile",
    }),
    config: member,
    handler: async (request) => ok(await identity.status(memberOf(request), request.brand)),
  });

  r.route({
    ...routeOptions(routes.setIdentity, {
      tags,
      summary: 'Record the CPF, full name and birth date (encrypted; 18+; once)',
    }),
    config: member,
    handler: async (request) => {
      const input = await keys.open(request, request.body, routes.setIdentity.body);
      return ok(await identity.record(memberOf(request), request.brand, input));
    },
  });

  r.route({
    ...routeOptions(routes.overview, {
      tags,
      summary: 'The withdraw page: limits, today’s use, requirements, identity, PIX keys',
    }),
    config: member,
    handler: async (request) => ok(await withdrawals.overview(memberOf(request), request.brand)),
  });

  r.route({
    ...routeOptions(routes.addPixKey, {
      tags,
      summary: 'Save a PIX key (CPF, e-mail, phone, random); br-regulated: only the own CPF',
    }),
    config: member,
    handler: async (request) =>
      ok(await identity.addPixKey(memberOf(request), request.brand, request.body)),
  });

  r.route({
    ...routeOptions(routes.removePixKey, { tags, summary: 'Delete a saved PIX key' }),
    config: member,
    handler: async (request) => {
      await identity.removePixKey(memberOf(request), request.params.id);
      return ok({ done: true as const });
    },
  });

  r.route({
    ...routeOptions(routes.create, {
      tags,
      summary:
        'Request a withdrawal (encrypted: amount, PIX key, payment password); the amount is locked until the cashier decides',
    }),
    config: member,
    handler: async (request) => {
      const input = await keys.open(request, request.body, routes.create.body);
      return ok(
        await withdrawals.request(memberOf(request), request.brand, input, {
          ip: request.ip,
          language: request.language,
        }),
      );
    },
  });

  r.route({
    ...routeOptions(routes.list, {
      tags,
      summary: 'Withdrawal records of the member, newest first',
    }),
    config: member,
    handler: async (request) =>
      ok(await withdrawals.memberWithdrawals(memberOf(request), request.query)),
  });

  r.route({
    ...routeOptions(routes.pendingConfirmations, {
      tags,
      summary: 'Payouts waiting for the member to confirm receipt',
    }),
    config: member,
    handler: async (request) => ok(await withdrawals.pendingConfirmations(memberOf(request))),
  });

  r.route({
    ...routeOptions(routes.one, { tags, summary: 'One withdrawal of the member' }),
    config: member,
    handler: async (request) =>
      ok(await withdrawals.memberWithdrawal(memberOf(request), request.params.id)),
  });

  r.route({
    ...routeOptions(routes.confirm, {
      tags,
      summary: 'Answer the payout confirmation: received, partly received, or not received',
    }),
    config: member,
    handler: async (request) =>
      ok(await withdrawals.confirm(memberOf(request), request.params.id, request.body)),
  });

  // The proof's bytes are the body: parsed as a buffer here only (an encapsulated context), up
  // to the upload limit; the service tells PNG and JPEG by their bytes, never by the type.
  app.register(async (upload) => {
    upload.addContentTypeParser(
      ['image/png', 'image/jpeg', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES + 1 },
      (_request, body, done) => done(null, body),
    );
    upload.withTypeProvider<ZodTypeProvider>().route({
      ...routeOptions(routes.uploadProof, {
        tags,
        summary:
          'Upload a proof that the payout did not arrive: the image bytes as the body (PNG or JPEG, at most 5 MB, 3 per withdrawal)',
      }),
      bodyLimit: MAX_UPLOAD_BYTES + 1,
      config: member,
      handler: async (request) => {
        const body = request.body as unknown;
        if (!Buffer.isBuffer(body))
          throw new AppError('receipt_invalid', {
            params: { maxMb: MAX_UPLOAD_BYTES / 1024 / 1024 },
          });
        return ok(await withdrawals.uploadProof(memberOf(request), request.params.id, body));
      },
    });
  });
}
