import { minorToMajor } from '@banca/contracts';
import { defineModule } from '../manifest';
// Its tables join the Database type wherever the module is loaded (bench, e2e, tests).
import './tables';
import './errors';
import { createRealtimeService, type PushItem, type RealtimeService } from './service';
import { realtimeRoutes } from './socket';
import { createPostgresTransport, type RealtimeTransport } from './transport';

export type { RealtimeService } from './service';
export type { RealtimeTransport } from './transport';
export { createPostgresTransport, createRedisTransport } from './transport';

declare module '../manifest' {
  interface ServiceRegistry {
    realtime: RealtimeService;
  }
  interface PlatformAdapters {
    /** How events reach other instances: Redis pub/sub (REDIS_URL), else PostgreSQL LISTEN/NOTIFY. */
    realtimeTransport?: RealtimeTransport;
  }
}

/**
 * realtime: the member's websocket at `/ws` (docs/realtime.md). Pushes DEPOSIT, WITHDRAW,
 * PAYMENT_CONFIRMATION and INBOX (docs/platform-facts.md) when payments and messages publish
 * their facts, numbered per member and kept briefly so a reconnecting socket catches up; across
 * instances through LISTEN/NOTIFY or Redis. Owns `realtime_cursors`, `realtime_events`.
 */
export const realtimeModule = defineModule({
  name: 'realtime',
  requires: ['auth', 'system', 'messages'],
  provides: ['realtime'],
  create: ({ db, adapters }, { auth }) => ({
    realtime: createRealtimeService({
      db,
      transport: adapters.realtimeTransport ?? createPostgresTransport(db),
      sessions: auth,
    }),
  }),
  routes: {
    realtime: (scope, services) =>
      realtimeRoutes(scope, {
        realtime: services.realtime,
        brands: services.system,
        sessions: services.auth,
      }),
  },
  // Batch handlers: the due events of one claim are pushed in one transaction and one transport
  // message (service.pushMany); one transaction and NOTIFY per event held bench:ws to ~500/s.
  handlers: (bus, { realtime, messages }) => {
    bus.onBatch('deposit.credited', 'realtime.deposit-credited', async (events) => {
      await realtime.pushMany(
        events.map(({ payload: p }) => ({
          owner: p,
          type: 'DEPOSIT',
          data: {
            depositId: p.depositId,
            amount: minorToMajor(p.amountMinor),
            amountMinor: p.amountMinor,
            currency: p.currency,
            time: p.creditedAt,
            success: true,
            remarks: p.method,
          },
          sourceKey: `deposit.credited:${p.depositId}`,
        })),
      );
    });
    bus.onBatch('deposit.failed', 'realtime.deposit-failed', async (events) => {
      await realtime.pushMany(
        events.map(({ payload: p, createdAt }) => ({
          owner: p,
          type: 'DEPOSIT',
          data: {
            depositId: p.depositId,
            amount: minorToMajor(p.amountMinor),
            amountMinor: p.amountMinor,
            currency: p.currency,
            time: createdAt.toISOString(),
            success: false,
            remarks: p.reason,
          },
          sourceKey: `deposit.failed:${p.depositId}`,
        })),
      );
    });
    // A withdrawal's steps as the member sees them (withdrawal.confirmed is the member's own
    // answer, or the 15-minute job's, and carries no amount: nothing to push).
    for (const status of ['requested', 'approved', 'rejected', 'paid'] as const) {
      bus.onBatch(`withdrawal.${status}`, `realtime.withdrawal-${status}`, async (events) => {
        const items: PushItem[] = [];
        for (const event of events) {
          const p = event.payload;
          const time = event.createdAt.toISOString();
          const amount = { amount: minorToMajor(p.amountMinor), amountMinor: p.amountMinor };
          items.push({
            owner: p,
            type: 'WITHDRAW',
            data: {
              withdrawalId: p.withdrawalId,
              ...amount,
              currency: p.currency,
              time,
              success: status !== 'rejected',
              remarks: 'reason' in p ? p.reason : status,
              status,
            },
            sourceKey: `withdrawal.${status}:${p.withdrawalId}`,
          });
          if ('confirmBy' in p)
            items.push({
              owner: p,
              type: 'PAYMENT_CONFIRMATION',
              data: {
                withdrawalId: p.withdrawalId,
                ...amount,
                currency: p.currency,
                time,
                confirmBy: p.confirmBy,
              },
              sourceKey: `payment-confirmation:${p.withdrawalId}`,
            });
        }
        await realtime.pushMany(items);
      });
    }
    // A disputed payout refunded by an operator: the balance moved, so the header must refresh
    // (a dispute closed without refund moves nothing; its inbox message is pushed as INBOX).
    bus.onBatch('withdrawal.dispute_settled', 'realtime.withdrawal-refunded', async (events) => {
      const refunded = events.filter((e) => e.payload.outcome === 'refunded');
      await realtime.pushMany(
        refunded.map(({ payload: p, createdAt }) => ({
          owner: p,
          type: 'WITHDRAW',
          data: {
            withdrawalId: p.withdrawalId,
            amount: minorToMajor(p.refundMinor),
            amountMinor: p.refundMinor,
            currency: p.currency,
            time: createdAt.toISOString(),
            success: true,
            remarks: p.reason,
            status: 'refunded',
          },
          sourceKey: `withdrawal.refunded:${p.withdrawalId}`,
        })),
      );
    });
    bus.onBatch('message.created', 'realtime.inbox', async (events) => {
      // The unread counts of the batch's members in one query, read after all its messages were written.
      const unread = await messages.unreadCounts([
        ...new Set(events.map((e) => e.payload.memberId)),
      ]);
      const items: PushItem[] = events.map(({ payload: p }) => ({
        owner: p,
        type: 'INBOX',
        data: { messageId: p.messageId, kind: p.kind, unread: unread.get(p.memberId)! },
        sourceKey: `message:${p.messageId}`,
      }));
      await realtime.pushMany(items);
    });
    // Promotions (rewards module): a reward ready to claim or issued, an application decided.
    bus.onBatch('promotion.reward-ready', 'realtime.promotion-ready', async (events) => {
      await realtime.pushMany(
        events.map(({ payload: p, createdAt }) => ({
          owner: p,
          type: 'PROMOTION_CLAIM',
          data: {
            promotionId: p.promotionId,
            status: 'claim',
            amountMinor: null,
            currency: p.currency,
            time: createdAt.toISOString(),
          },
          sourceKey: `promotion.reward-ready:${p.entryId}`,
        })),
      );
    });
    bus.onBatch('promotion.reward-issued', 'realtime.promotion-issued', async (events) => {
      await realtime.pushMany(
        events.map(({ payload: p, createdAt }) => ({
          owner: p,
          type: 'PROMOTION_CLAIM',
          data: {
            promotionId: p.promotionId,
            status: p.claimed ? 'claimed' : 'issued',
            amountMinor: p.rewardMinor,
            currency: p.currency,
            time: createdAt.toISOString(),
          },
          sourceKey: `promotion.reward-issued:${p.entryId}`,
        })),
      );
    });
    bus.onBatch('promotion.application-decided', 'realtime.manual-promo', async (events) => {
      await realtime.pushMany(
        events.map(({ payload: p, createdAt }) => ({
          owner: p,
          type: 'MANUAL_PROMO',
          data: {
            promotionId: p.promotionId,
            applicationId: p.applicationId,
            status: p.status,
            reason: p.reason,
            time: createdAt.toISOString(),
          },
          sourceKey: `promotion.application-decided:${p.applicationId}`,
        })),
      );
    });
  },
  jobs: (runner, { realtime }) => {
    runner.define({
      name: 'realtime.prune-backlog',
      every: 'hour',
      run: async (period) => {
        await realtime.prune(period.endUtc);
      },
    });
  },
});
