import type { WebhookVerifier } from '../../http/scopes';
import {
  answeringStorage,
  createMemoryFileStorage,
  type FileStorage,
} from '../../lib/file-storage';
import { defineModule } from '../manifest';
// Its tables join the Database type wherever the module is loaded (bench, e2e, tests).
import './tables';
import './errors';
import './events';
import './withdrawal-errors';
import { adminPaymentRoutes } from './admin-routes';
import { hookRoutes, type PayoutResultHandler } from './hook-routes';
import type { PaymentProviders } from './provider';
import { createPaymentsRepository } from './repository';
import { paymentRoutes } from './routes';
import { createPaymentsService, type PaymentsService } from './service';
import { createIdentityService, type IdentityService } from './identity';
import { settingsAdminRoutes } from './settings-admin-routes';
import { withdrawalAdminRoutes } from './withdrawal-admin-routes';
import { withdrawalRoutes } from './withdrawal-routes';
import { createWithdrawalsRepository } from './withdrawals-repository';
import { createWithdrawalsService, type WithdrawalsService } from './withdrawals';

export type { PaymentsService } from './service';
export type { WithdrawalsService, WageringGate } from './withdrawals';
export type { IdentityService } from './identity';
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
    /** Money out: withdrawals, payouts and their confirmation (withdrawals.ts). */
    withdrawals: WithdrawalsService;
    /**
     * The member's identity (CPF) and the compliance profile's money rules (identity.ts): the
     * deposit path asks `assertMayDeposit` and `payerAllowed` under br-regulated.
     */
    identity: IdentityService;
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
 * payments: money in and out through payment providers (docs/payments.md). Owns
 * `payment_channels`, `deposits`, `payment_webhook_receipts` (money in) and
 * `member_identities`, `member_pix_keys`, `withdrawal_settings`, `withdrawals`,
 * `withdrawal_proofs` (money out). Credits through the wallet's ledger (key `deposit:<id>`),
 * locks, returns and pays out withdrawals through it (`withdrawal-lock|return|payout:<id>`),
 * publishes `deposit.*` and `withdrawal.*` (events.ts).
 */
export const paymentsModule = defineModule({
  name: 'payments',
  requires: ['wallet', 'system', 'security'],
  provides: ['payments', 'webhookVerifier', 'payoutResults', 'withdrawals', 'identity'],
  create: ({ db, adapters }, { wallet, system, security }) => {
    const providers: PaymentProviders = adapters.paymentProviders ?? new Map();
    const storage = answeringStorage(adapters.fileStorage ?? createMemoryFileStorage());
    const withdrawalsRepo = createWithdrawalsRepository(db);
    const identity = createIdentityService({
      repo: withdrawalsRepo,
      brandByCode: (code) => system.brandByCode(code),
    });
    const withdrawals = createWithdrawalsService({
      db,
      repo: withdrawalsRepo,
      paymentsRepo: createPaymentsRepository(db),
      wallet,
      providers,
      storage,
      identity,
      security,
    });
    return {
      withdrawals,
      identity,
      payments: createPaymentsService({
        db,
        repo: createPaymentsRepository(db),
        wallet,
        providers,
        storage,
        showPayPage: adapters.showPayPage ?? false,
        compliance: identity,
      }),
      webhookVerifier: {
        verify: (provider, headers, rawBody) =>
          providers.get(provider)?.verifyNotice(headers, rawBody) ?? false,
      },
      payoutResults: {
        handler: (provider, payout) => withdrawals.handlePayoutResult(provider, payout),
      },
    };
  },
  routes: {
    player: (scope, services) => {
      paymentRoutes(scope, services.payments);
      withdrawalRoutes(scope, services);
    },
    webhooks: (scope, services) => hookRoutes(scope, services.payments, services.payoutResults),
    operator: (scope, services) => {
      adminPaymentRoutes(scope, services.payments);
      withdrawalAdminRoutes(scope, services.withdrawals);
      settingsAdminRoutes(scope, services);
    },
  },
  jobs: (runner, services) => {
    // Payouts to send again or ask about, and steps an instance left half-done; each minute's
    // run claims its period, and the cut-off is the period's end.
    runner.define({
      name: 'payments.withdrawal-payouts',
      every: 'minute',
      run: async (period) => {
        await services.withdrawals.runPayouts(period.endUtc);
      },
    });
    // Payouts nobody confirmed by their deadline are deemed received (spec §4: 15 minutes).
    runner.define({
      name: 'payments.withdrawal-auto-confirm',
      every: 'minute',
      run: async (period) => {
        await services.withdrawals.autoConfirm(period.endUtc);
      },
    });
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
