import { parseAmountToMinor, ROUTES } from '@banca/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionOf } from '../../http/auth-guard';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { routeOptions } from '../../http/route-options';
import { MAX_UPLOAD_BYTES } from '../../lib/file-storage';
import type { MemberRef } from '../wallet';
import type { PaymentsService } from './service';

function memberOf(request: FastifyRequest): MemberRef {
  return {
    memberId: sessionOf(request).memberId,
    merchantCode: request.brand.merchantCode,
    currency: request.brand.currency,
  };
}

/** The deposit page's API (member centre depositv2): real members only, not free play. */
export function paymentRoutes(app: FastifyInstance, payments: PaymentsService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];
  const routes = ROUTES.payments;

  r.route({
    ...routeOptions(routes.channels, {
      tags,
      summary: 'Deposit channels of the brand: method, limits, quick amounts, bank details',
    }),
    config: { auth: 'required', allowTrial: false },
    handler: async (request) =>
      ok({
        currency: request.brand.currency,
        channels: await payments.channels(request.brand.merchantCode),
      }),
  });

  r.route({
    ...routeOptions(routes.createDeposit, {
      tags,
      summary:
        'Start a deposit (amount in major units): a PIX charge with its BR Code, or a bank transfer awaiting its receipt',
    }),
    config: { auth: 'required', allowTrial: false },
    handler: async (request) => {
      const amountMinor = parseAmountToMinor(request.body.amount);
      if (amountMinor === null) throw new AppError('invalid_amount');
      return ok(
        await payments.createDeposit(memberOf(request), {
          channelCode: request.body.channelCode,
          amountMinor,
          language: request.language,
        }),
      );
    },
  });

  r.route({
    ...routeOptions(routes.deposits, {
      tags,
      summary: 'Deposit records of the member, newest first',
    }),
    config: { auth: 'required', allowTrial: false },
    handler: async (request) => ok(await payments.memberDeposits(memberOf(request), request.query)),
  });

  r.route({
    ...routeOptions(routes.deposit, {
      tags,
      summary: 'One deposit of the member (the page polls it until it is credited or ends)',
    }),
    config: { auth: 'required', allowTrial: false },
    handler: async (request) =>
      ok(await payments.memberDeposit(memberOf(request), request.params.id)),
  });

  // The receipt's bytes are the body: parsed as a buffer here only (an encapsulated context),
  // up to the upload limit; the service tells PNG and JPEG by their bytes, never by the type.
  app.register(async (upload) => {
    upload.addContentTypeParser(
      ['image/png', 'image/jpeg', 'application/octet-stream'],
      { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES + 1 },
      (_request, body, done) => done(null, body),
    );
    upload.withTypeProvider<ZodTypeProvider>().route({
      ...routeOptions(routes.uploadReceipt, {
        tags,
        summary:
          'Upload the receipt of a manual bank transfer: the image bytes as the body (PNG or JPEG, at most 5 MB)',
      }),
      bodyLimit: MAX_UPLOAD_BYTES + 1,
      config: { auth: 'required', allowTrial: false },
      handler: async (request) => {
        const body = request.body as unknown;
        if (!Buffer.isBuffer(body))
          throw new AppError('receipt_invalid', {
            params: { maxMb: MAX_UPLOAD_BYTES / 1024 / 1024 },
          });
        return ok(await payments.uploadReceipt(memberOf(request), request.params.id, body));
      },
    });
  });
}
