/**
 * The domain events money in and out publishes (lib/events.ts), declared before the module's
 * code so the modules that react to them (messages, realtime, later rewards, VIP and agents)
 * are written against one catalogue. Amounts in minor units; times as ISO strings; ids only.
 */
declare module '../../lib/events' {
  interface DomainEvents {
    /** A deposit was credited to the member's main wallet (the ledger moved it, once). */
    'deposit.credited': {
      depositId: number;
      merchantCode: string;
      memberId: number;
      amountMinor: number;
      currency: string;
      /** `pix`, `bank_transfer`, … (the channel's method). */
      method: string;
      creditedAt: string;
    };
    /** A deposit ended without money: the charge expired, the provider failed it, or an operator rejected a manual transfer. */
    'deposit.failed': {
      depositId: number;
      merchantCode: string;
      memberId: number;
      amountMinor: number;
      currency: string;
      method: string;
      reason: 'expired' | 'failed' | 'rejected';
    };
    /** A member asked to withdraw; the amount sits in the withdrawal lock account. */
    'withdrawal.requested': {
      withdrawalId: number;
      merchantCode: string;
      memberId: number;
      amountMinor: number;
      currency: string;
    };
    /** An operator approved a withdrawal; the payout goes to the provider. */
    'withdrawal.approved': {
      withdrawalId: number;
      merchantCode: string;
      memberId: number;
      amountMinor: number;
      currency: string;
    };
    /** An operator rejected a withdrawal, or its payout failed for good: the money went back. */
    'withdrawal.rejected': {
      withdrawalId: number;
      merchantCode: string;
      memberId: number;
      amountMinor: number;
      currency: string;
      /** The operator's reason, or `payout_failed`. */
      reason: string;
    };
    /** The provider paid the withdrawal out; the member is asked to confirm receipt. */
    'withdrawal.paid': {
      withdrawalId: number;
      merchantCode: string;
      memberId: number;
      amountMinor: number;
      currency: string;
      /** When an unanswered confirmation is deemed "received" (15 minutes after payout). */
      confirmBy: string;
    };
    /**
     * The cashier settled a disputed payout: `refunded` (the missing amount credited back to the
     * member's main wallet, `refundMinor`) or `closed` (no refund), with the reason the member reads.
     */
    'withdrawal.dispute_settled': {
      withdrawalId: number;
      merchantCode: string;
      memberId: number;
      amountMinor: number;
      currency: string;
      outcome: 'refunded' | 'closed';
      /** 0 when closed. */
      refundMinor: number;
      reason: string;
    };
    /** The member (or the 15-minute job) answered the payout confirmation. */
    'withdrawal.confirmed': {
      withdrawalId: number;
      merchantCode: string;
      memberId: number;
      answer: 'received' | 'partial' | 'not_received' | 'deemed_received';
    };
  }
}

export {};
