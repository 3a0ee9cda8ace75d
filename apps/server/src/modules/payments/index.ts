import type { WebhookVerifier } from '../../http/scopes';
import { createMemoryFileStorage, type FileStorage } from '../../lib/file-storage';
import { defineModule } from '../manifest';
// Its tables join the Database type wherever the module is loaded (bench, e2e, tests).
import './tables';
import './errors';
import './events';
import { adminPaymentRoutes } from './admin-routes';
import { hookRoutes, type PayoutResultHandler } from './hook-routes';
import type { PaymentProviders } from './provider';
import { createPaymentsRepository } from './repository';
import { paymentRoutes } from './routes';
import { createPaymentsService, type PaymentsService } from './service';

export type { PaymentsService } from './service';
export type {
  PaymentProvider,
  PaymentProviders,
  PayoutState,
  ChargeState,
  ReceivedPayment,
} from './provider';
export { ProviderUnavailableError } from './provider';
export { createPixSandboxProvider, PIX_SANDBOX_PROVIDER } from './sandbox-provider';
export type { PayoutResultHandler } from './hook-routes';

declare module '../manifest' {
  interface ServiceRegistry {
    payments: PaymentsService;
    /** The webhooks scope's signature check: each provider's own (http/scopes.ts). */
    webhookVerifier: WebhookVerifier;
    /** Where payout result notifications go: the withdrawals part sets `handler`. */
    payoutResults: { handler: PayoutResultHandler | null };
  }
  interface PlatformAdapters {
    /** Payment providers by code; none configured hides their channels. */
    paymentProviders?: PaymentProviders;
    /** Uploaded receipts and proofs; in memory unless configured (main.ts: a folder under DATA_DIR). */
    fileStorage?: FileStorage;
    /** Link deposits to the sandbox PSP's pay page (development). */
    showPayPage?: boolean;
  }
}

/**
 * payments: money in (and, later, out) through payment providers (docs/payments.md). Owns
 * `payment_channels`, `deposits`, `payment_webhook_receipts`. Credits through the wallet's
 * ledger (key `deposit:<id>`), publishes `deposit.credited` / `deposit.failed` (events.ts).
 */
export const paymentsModule = defineModule({
  name: 'payments',
  requires: ['wallet'],
  provides: ['payments', 'webhookVerifier', 'payoutResults'],
  create: ({ db, adapters }, { wallet }) => {
    const providers: PaymentProviders = adapters.paymentProviders ?? new Map();
    return {
      payments: createPaymentsService({
        db,
        repo: createPaymentsRepository(db),
        wallet,
        providers,
        storage: adapters.fileStorage ?? createMemoryFileStorage(),
        showPayPage: adapters.showPayPage ?? false,
      }),
      webhookVerifier: {
        verify: (provider, headers, rawBody) =>
          providers.get(provider)?.verifyNotice(headers, rawBody) ?? false,
      },
      payoutResults: { handler: null },
    };
  },
  routes: {
    player: (scope, services) => paymentRoutes(scope, services.payments),
    webhooks: (scope, services) => hookRoutes(scope, services.payments, services.payoutResults),
    operator: (scope, services) => adminPaymentRoutes(scope, services.payments),
  },
  jobs: (runner, services) => {
    // Each minute's run claims its period (lib/jobs.ts), so one instance does it.
    runner.define({
      name: 'payments.expire-deposits',
      every: 'minute',
      run: async () => {
        await services.payments.finishDecided();
        await services.payments.expireDue();
      },
    });
    runner.define({
      name: 'payments.recheck-deposits',
      every: 'minute',
      run: async () => {
        await services.payments.recheckPending();
      },
    });
  },
});
