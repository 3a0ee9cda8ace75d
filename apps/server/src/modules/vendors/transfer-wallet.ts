/**
 * A transfer-wallet vendor's API as Banca uses it (issue 12 §3, docs/pam.md "Transfer-wallet
 * vendors"): vendors that keep each player's balance themselves. Banca moves money in and out by
 * its own transfer id, which the vendor applies once (a repeat answers the first outcome), and
 * reads back the rounds played there. One client per (brand, vendor); the adapter that speaks
 * HTTP is transfer-wallet-http.ts, and tests may plug in their own (PlatformAdapters).
 */

/** The vendor's final word on one transfer. */
export type TransferOutcome =
  | {
      state: 'succeeded';
      /** The vendor's own id of the transfer. */
      vendorRef: string;
      /** The player's balance at the vendor after it, when the vendor says. */
      balanceMinor: number | null;
    }
  | {
      state: 'failed';
      /** The vendor's refusal: `insufficient_funds`, `player_blocked`, `currency`, `refused`. */
      code: TransferRefusal;
      balanceMinor: number | null;
    };

export type TransferRefusal = 'insufficient_funds' | 'player_blocked' | 'currency' | 'refused';

/** A round the player played from the vendor's balance, as its feed reports it. */
export type FeedRound = {
  /** Position in the vendor's feed; rounds come in this order. */
  cursor: string;
  roundId: string;
  playerId: string;
  currency: string;
  gameCode: string;
  stakeMinor: number;
  payoutMinor: number;
  openedAt: string;
  settledAt: string;
};

export type TransferRequest = {
  /** Banca's id of the transfer (≤ 40 characters); the vendor applies an id once. */
  transferId: string;
  playerId: string;
  currency: string;
  amountMinor: number;
};

/**
 * The client. `transferIn`/`transferOut` answer the vendor's outcome, or throw
 * `TransferUnknown` when no answer came (timeout, network, a reply outside the contract): the
 * transfer may or may not have been applied, and only `queryTransfer` (or sending the same id
 * again) can tell.
 */
export interface TransferWalletClient {
  transferIn(request: TransferRequest): Promise<TransferOutcome>;
  transferOut(request: TransferRequest): Promise<TransferOutcome>;
  /** The outcome of a transfer by Banca's id; null when the vendor never received it. */
  queryTransfer(transferId: string): Promise<TransferOutcome | null>;
  /** The player's balance at the vendor. */
  balance(playerId: string, currency: string): Promise<number>;
  /** Rounds after `cursor` (null: from the start), oldest first, at most `limit`. */
  rounds(
    cursor: string | null,
    limit: number,
  ): Promise<{ rounds: FeedRound[]; next: string | null }>;
}

/** No answer from the vendor: the outcome of the call is not known. */
export class TransferUnknown extends Error {}

/** Where a brand reaches a vendor's transfer API: the client for it. */
export type TransferWalletClients = (target: {
  merchantCode: string;
  vendorCode: string;
  /** vendor_integrations.transfer_api_url */
  apiUrl: string;
}) => TransferWalletClient;
