import type { MessageKind } from '@banca/contracts';
import { defineModule } from '../manifest';
// Its tables join the Database type wherever the module is loaded (bench, e2e, tests).
import './tables';
import './events';
import { createMessagesRepository } from './repository';
import { messagesRoutes } from './routes';
import { createMessagesService, type MessagesService } from './service';

export type { MessagesService, InboxOwner } from './service';

declare module '../manifest' {
  interface ServiceRegistry {
    messages: MessagesService;
  }
}

/**
 * messages: the member inbox (messageV2) and its unread count. Owns `member_messages`. Writes a
 * message when money in or out reaches a member-visible end (payments' and rewards' events),
 * once per deposit, withdrawal, payout or bonus however often the event is delivered.
 */
export const messagesModule = defineModule({
  name: 'messages',
  requires: [],
  provides: ['messages'],
  create: ({ db }) => ({
    messages: createMessagesService({ db, repo: createMessagesRepository(db) }),
  }),
  routes: { player: (scope, services) => messagesRoutes(scope, services.messages) },
  handlers: (bus, { messages }) => {
    // A batch handler: credited deposits are the frequent event (bench:ws, 1,000/s), and one
    // transaction per message held back the bus; the others are rare.
    bus.onBatch('deposit.credited', 'messages.deposit-credited', async (events) => {
      await messages.deliverMany(
        events.map(({ payload: p, createdAt }) => ({
          memberId: p.memberId,
          merchantCode: p.merchantCode,
          kind: 'deposit_credited' as const,
          params: { amountMinor: p.amountMinor, currency: p.currency, detail: p.method },
          sourceKey: `deposit_credited:${p.depositId}`,
          at: createdAt,
        })),
      );
    });
    bus.on('deposit.failed', 'messages.deposit-failed', async ({ payload: p, createdAt }) => {
      await messages.deliver({
        memberId: p.memberId,
        merchantCode: p.merchantCode,
        kind: 'deposit_failed',
        params: { amountMinor: p.amountMinor, currency: p.currency, detail: p.reason },
        sourceKey: `deposit_failed:${p.depositId}`,
        at: createdAt,
      });
    });
    bus.on(
      'withdrawal.approved',
      'messages.withdrawal-approved',
      async ({ payload: p, createdAt }) => {
        await messages.deliver({
          memberId: p.memberId,
          merchantCode: p.merchantCode,
          kind: 'withdrawal_approved',
          params: {
            amountMinor: p.amountMinor,
            currency: p.currency,
            detail: String(p.withdrawalId),
          },
          sourceKey: `withdrawal_approved:${p.withdrawalId}`,
          at: createdAt,
        });
      },
    );
    bus.on(
      'withdrawal.rejected',
      'messages.withdrawal-rejected',
      async ({ payload: p, createdAt }) => {
        await messages.deliver({
          memberId: p.memberId,
          merchantCode: p.merchantCode,
          kind: 'withdrawal_rejected',
          params: { amountMinor: p.amountMinor, currency: p.currency, detail: p.reason },
          sourceKey: `withdrawal_rejected:${p.withdrawalId}`,
          at: createdAt,
        });
      },
    );
    // A disputed payout settled by the cashier: refunded, or closed without a refund.
    bus.on(
      'withdrawal.dispute_settled',
      'messages.withdrawal-dispute-settled',
      async ({ payload: p, createdAt }) => {
        const refunded = p.outcome === 'refunded';
        await messages.deliver({
          memberId: p.memberId,
          merchantCode: p.merchantCode,
          kind: refunded ? 'withdrawal_refunded' : 'withdrawal_dispute_closed',
          params: {
            amountMinor: refunded ? p.refundMinor : p.amountMinor,
            currency: p.currency,
            detail: p.reason,
          },
          sourceKey: `withdrawal_dispute_settled:${p.withdrawalId}`,
          at: createdAt,
        });
      },
    );
    // The rewards module's money (docs/bonus.md): a job pays many members' cashback at once.
    bus.onBatch('cashback.credited', 'messages.cashback-credited', async (events) => {
      await messages.deliverMany(
        events.map(({ payload: p, createdAt }) => ({
          memberId: p.memberId,
          merchantCode: p.merchantCode,
          kind: 'cashback_credited' as const,
          params: {
            amountMinor: p.amountMinor,
            currency: p.currency,
            detail: `${p.firstDay}/${p.lastDay}`,
          },
          sourceKey: `cashback_credited:${p.payoutId}`,
          at: createdAt,
        })),
      );
    });
    bus.on('rebate.credited', 'messages.rebate-credited', async ({ payload: p, createdAt }) => {
      await messages.deliver({
        memberId: p.memberId,
        merchantCode: p.merchantCode,
        kind: 'rebate_credited',
        params: { amountMinor: p.amountMinor, currency: p.currency, detail: String(p.payoutId) },
        sourceKey: `rebate_credited:${p.payoutId}`,
        at: createdAt,
      });
    });
    bus.onBatch('bonus.closed', 'messages.bonus-closed', async (events) => {
      await messages.deliverMany(
        events.map(({ payload: p, createdAt }) => ({
          memberId: p.memberId,
          merchantCode: p.merchantCode,
          kind: BONUS_CLOSE_MESSAGE[p.outcome],
          params: { amountMinor: p.amountMinor, currency: p.currency, detail: String(p.grantId) },
          sourceKey: `bonus_closed:${p.grantId}`,
          at: createdAt,
        })),
      );
    });
    // An operator's answer to a member's feedback (the content module's console queue).
    bus.on('feedback.answered', 'messages.feedback-answered', async ({ payload: p, createdAt }) => {
      await messages.deliver({
        memberId: p.memberId,
        merchantCode: p.merchantCode,
        kind: 'feedback_answered',
        params: { amountMinor: 0, currency: p.currency, detail: p.reply },
        sourceKey: `feedback_answered:${p.feedbackId}`,
        at: createdAt,
      });
    });
  },
});

const BONUS_CLOSE_MESSAGE = {
  completed: 'bonus_converted',
  forfeited: 'bonus_forfeited',
  expired: 'bonus_expired',
} as const satisfies Record<string, MessageKind>;
