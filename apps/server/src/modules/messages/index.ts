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
 * message when money in or out reaches a member-visible end (payments' events), once per
 * deposit or withdrawal however often the event is delivered.
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
    bus.on('deposit.credited', 'messages.deposit-credited', async ({ payload: p, createdAt }) => {
      await messages.deliver({
        memberId: p.memberId,
        merchantCode: p.merchantCode,
        kind: 'deposit_credited',
        params: { amountMinor: p.amountMinor, currency: p.currency, detail: p.method },
        sourceKey: `deposit_credited:${p.depositId}`,
        at: createdAt,
      });
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
  },
});
