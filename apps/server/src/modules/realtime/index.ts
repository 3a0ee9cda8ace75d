import { minorToMajor } from '@banca/contracts';
import { defineModule } from '../manifest';
// Its tables join the Database type wherever the module is loaded (bench, e2e, tests).
import './tables';
import './errors';
import { createRealtimeService, type RealtimeService } from './service';
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
  handlers: (bus, { realtime, messages }) => {
    bus.on('deposit.credited', 'realtime.deposit-credited', async ({ payload: p }) => {
      await realtime.push(
        p,
        'DEPOSIT',
        {
          depositId: p.depositId,
          amount: minorToMajor(p.amountMinor),
          amountMinor: p.amountMinor,
          currency: p.currency,
          time: p.creditedAt,
          success: true,
          remarks: p.method,
        },
        `deposit.credited:${p.depositId}`,
      );
    });
    bus.on('deposit.failed', 'realtime.deposit-failed', async ({ payload: p, createdAt }) => {
      await realtime.push(
        p,
        'DEPOSIT',
        {
          depositId: p.depositId,
          amount: minorToMajor(p.amountMinor),
          amountMinor: p.amountMinor,
          currency: p.currency,
          time: createdAt.toISOString(),
          success: false,
          remarks: p.reason,
        },
        `deposit.failed:${p.depositId}`,
      );
    });
    // A withdrawal's steps as the member sees them (withdrawal.confirmed is the member's own
    // answer, or the 15-minute job's, and carries no amount: nothing to push).
    for (const status of ['requested', 'approved', 'rejected', 'paid'] as const) {
      bus.on(`withdrawal.${status}`, `realtime.withdrawal-${status}`, async (event) => {
        const p = event.payload;
        const time = event.createdAt.toISOString();
        const amount = { amount: minorToMajor(p.amountMinor), amountMinor: p.amountMinor };
        await realtime.push(
          p,
          'WITHDRAW',
          {
            withdrawalId: p.withdrawalId,
            ...amount,
            currency: p.currency,
            time,
            success: status !== 'rejected',
            remarks: 'reason' in p ? p.reason : status,
            status,
          },
          `withdrawal.${status}:${p.withdrawalId}`,
        );
        if ('confirmBy' in p)
          await realtime.push(
            p,
            'PAYMENT_CONFIRMATION',
            {
              withdrawalId: p.withdrawalId,
              ...amount,
              currency: p.currency,
              time,
              confirmBy: p.confirmBy,
            },
            `payment-confirmation:${p.withdrawalId}`,
          );
      });
    }
    bus.on('message.created', 'realtime.inbox', async ({ payload: p }) => {
      await realtime.push(
        p,
        'INBOX',
        { messageId: p.messageId, kind: p.kind, unread: await messages.unreadCount(p) },
        `message:${p.messageId}`,
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
