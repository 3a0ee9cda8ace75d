import type { IncomingHttpHeaders } from 'node:http';

/**
 * A payment provider (PSP) behind one interface (docs/payments.md): the deposits use charges,
 * notifications and queries; the withdrawals use payouts. Each adapter speaks its PSP's own
 * protocol; the sandbox PSP (apps/pix-sandbox) has one (sandbox-provider.ts), a real PSP gets
 * another with the same shape.
 */

/** A charge as the member pays it: the PIX BR Code ("copia e cola"), its location, its deadline. */
export type ChargeInstructions = {
  txid: string;
  copiaECola: string;
  location: string;
  expiresAt: Date;
};

/** A payment the provider received for a charge (from a webhook or a query). */
export type ReceivedPayment = {
  txid: string;
  endToEndId: string;
  amountMinor: number;
  paidAt: Date;
  payer: { cpf: string | null; name: string | null };
};

/** A charge as the provider sees it now. */
export type ChargeState = {
  status: 'active' | 'paid' | 'removed' | 'not_found';
  payments: ReceivedPayment[];
};

/** A payout's outcome, as a query or the provider's result notification says. */
export type PayoutState = {
  id: string;
  status: 'processing' | 'paid' | 'failed' | 'not_found';
  amountMinor: number | null;
  endToEndId: string | null;
  reason: string | null;
};

/** What a verified notification says, parsed. */
export type ProviderNotice =
  { kind: 'pix'; payments: ReceivedPayment[] } | { kind: 'payout'; payout: PayoutState };

export class ProviderUnavailableError extends Error {}
export class NoticeFormatError extends Error {}

export interface PaymentProvider {
  /** The provider's code: the path segment of its webhooks (`/hooks/<code>/…`) and the ledger's clearing account. */
  readonly code: string;
  /** Creates (or, on a retry of the same txid, returns) a charge. Throws ProviderUnavailableError. */
  createCharge(input: {
    txid: string;
    amountMinor: number;
    expiresInSeconds: number;
    description: string;
  }): Promise<ChargeInstructions>;
  queryCharge(txid: string): Promise<ChargeState>;
  /** Removes an unpaid charge so it can no longer be paid; answers the state after (a paid one stays paid). */
  cancelCharge(txid: string): Promise<ChargeState>;
  /** Checks a notification's signature over its exact bytes. */
  verifyNotice(headers: IncomingHttpHeaders, rawBody: Buffer): boolean;
  /** Parses a verified notification posted to `/hooks/<code>/<path>`. Throws NoticeFormatError. */
  parseNotice(path: string, rawBody: Buffer): ProviderNotice;
  /** Sends money to a PIX key, once per id (a retry answers the same payout). */
  sendPayout(input: {
    id: string;
    pixKey: string;
    amountMinor: number;
    description: string;
  }): Promise<PayoutState>;
  queryPayout(id: string): Promise<PayoutState>;
  /** Where a person pays a charge by hand (sandboxes only; a real PSP has none). */
  payPageUrl?(txid: string): string;
}

/** The configured providers, by code (PlatformAdapters.paymentProviders). */
export type PaymentProviders = ReadonlyMap<string, PaymentProvider>;
