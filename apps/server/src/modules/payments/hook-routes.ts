import type { FastifyInstance } from 'fastify';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { NoticeFormatError, type PayoutState } from './provider';
import type { PaymentsService } from './service';

/** Where payout results go once withdrawals exist (the withdrawals part registers itself here). */
export type PayoutResultHandler = (provider: string, payout: PayoutState) => Promise<void>;

/**
 * The PSPs' notifications, in the webhooks scope (`/hooks/<provider>/<kind>`): the scope has
 * checked the signature over the raw bytes (WebhookVerifier → the provider's verifyNotice)
 * before this parses them. Answers 200 once the notice is applied (a repeat applies nothing
 * again); a refusal is a 4xx with a code, so the PSP stops or an operator looks.
 */
export function hookRoutes(
  app: FastifyInstance,
  payments: PaymentsService,
  payoutResults: { handler: PayoutResultHandler | null },
): void {
  app.post<{ Params: { provider: string; kind: string } }>(
    '/:provider/:kind',
    { schema: { hide: true } },
    async (request) => {
      const provider = payments.providers.get(request.params.provider);
      if (!provider) throw new AppError('not_found');
      let notice;
      try {
        notice = provider.parseNotice(request.params.kind, request.rawBody ?? Buffer.alloc(0));
      } catch (error) {
        if (error instanceof NoticeFormatError) throw new AppError('webhook_payload_invalid');
        throw error;
      }
      if (notice.kind === 'pix') {
        await payments.handlePixNotice(provider.code, notice.payments);
        return ok({ received: notice.payments.length });
      }
      if (!payoutResults.handler) throw new AppError('webhook_unknown_reference');
      await payoutResults.handler(provider.code, notice.payout);
      return ok({ received: 1 });
    },
  );
}
