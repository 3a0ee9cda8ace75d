import {
  closeSync,
  existsSync,
  fdatasyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  truncateSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

/**
 * The provider's own wallet for its transfer-wallet vendors (issue 12 §3): each player's balance
 * per vendor and currency, the transfers the operator made (each transfer id decided once,
 * success or refusal) and the rounds played from that balance, in order (the round feed the
 * operator reads by cursor). It never touches the operator's database.
 *
 * Persistence: an append-only journal (one JSON line per transfer or round, written and
 * fdatasync'ed before the answer leaves), replayed at start. Without a file (tests) it lives in
 * memory. Every change is made synchronously on the one Node thread, so a round's stake, draw
 * and payout are never interleaved with a transfer of the same player.
 */

export type TransferDirection = 'IN' | 'OUT';

export type TransferRecord = {
  vendor: string;
  transferId: string;
  vendorTransferId: string;
  playerId: string;
  currency: string;
  direction: TransferDirection;
  amountMinor: number;
  state: 'SUCCEEDED' | 'FAILED';
  /** Why it failed: INSUFFICIENT_FUNDS, PLAYER_BLOCKED. */
  code?: string;
  balanceAfterMinor: number;
  at: string;
};

export type RoundRecord = {
  vendor: string;
  /** Position in the vendor's feed, from 1. */
  seq: number;
  roundId: string;
  playerId: string;
  currency: string;
  gameCode: string;
  stakeMinor: number;
  payoutMinor: number;
  balanceAfterMinor: number;
  openedAt: string;
  settledAt: string;
};

type Entry = ({ kind: 'transfer' } & TransferRecord) | ({ kind: 'round' } & RoundRecord);

export interface TransferStore {
  balance(vendor: string, playerId: string, currency: string): number;
  findTransfer(vendor: string, transferId: string): TransferRecord | undefined;
  /**
   * Applies a transfer once per (vendor, transfer id): a repeat with the same content answers the
   * first decision; with other content it is `duplicate`.
   */
  transfer(input: {
    vendor: string;
    transferId: string;
    playerId: string;
    currency: string;
    direction: TransferDirection;
    amountMinor: number;
    /** Refuse it with this code (a blocked player); recorded, so a repeat is refused alike. */
    refuseWith?: string;
  }): TransferRecord | 'duplicate';
  /**
   * One round from the player's balance: refused (`insufficient`) when the balance is short,
   * else the stake is taken, `draw` decides the payout, and the round is recorded, at once.
   */
  playRound<T>(
    input: {
      vendor: string;
      playerId: string;
      currency: string;
      gameCode: string;
      roundId: string;
      stakeMinor: number;
    },
    draw: () => { result: T; payoutMinor: number },
  ):
    | { insufficient: true; balanceMinor: number }
    | { insufficient: false; round: RoundRecord; result: T };
  /** The vendor's rounds after `afterSeq`, oldest first. */
  rounds(vendor: string, afterSeq: number, limit: number): RoundRecord[];
  close(): void;
}

export function createTransferStore(options: { file?: string } = {}): TransferStore {
  const balances = new Map<string, number>();
  const transfers = new Map<string, TransferRecord>();
  const feeds = new Map<string, RoundRecord[]>();
  let transferCount = 0;
  const walletKey = (vendor: string, playerId: string, currency: string) =>
    `${vendor}\u0000${playerId}\u0000${currency}`;

  function apply(entry: Entry): void {
    if (entry.kind === 'transfer') {
      const { kind: _kind, ...record } = entry;
      transfers.set(`${record.vendor}\u0000${record.transferId}`, record);
      transferCount += 1;
      if (record.state === 'SUCCEEDED')
        balances.set(
          walletKey(record.vendor, record.playerId, record.currency),
          record.balanceAfterMinor,
        );
    } else {
      const { kind: _kind, ...record } = entry;
      const feed = feeds.get(record.vendor) ?? [];
      feed.push(record);
      feeds.set(record.vendor, feed);
      balances.set(
        walletKey(record.vendor, record.playerId, record.currency),
        record.balanceAfterMinor,
      );
    }
  }

  let fd: number | null = null;
  if (options.file) {
    mkdirSync(path.dirname(options.file), { recursive: true });
    if (existsSync(options.file)) {
      const text = readFileSync(options.file, 'utf8');
      // A line torn by a crash mid-write never had its answer sent: cut it, so the next entry
      // starts on a line of its own.
      if (text.length > 0 && !text.endsWith('\n'))
        truncateSync(options.file, Buffer.byteLength(text.slice(0, text.lastIndexOf('\n') + 1)));
      const lines = text.split('\n');
      for (const [i, line] of lines.entries()) {
        if (!line.trim()) continue;
        try {
          apply(JSON.parse(line) as Entry);
        } catch {
          // Only the last line can be torn (a crash mid-write); anything else is corruption.
          if (i < lines.length - 1 && lines.slice(i + 1).some((l) => l.trim()))
            throw new Error(`transfer journal ${options.file}: line ${i + 1} is unreadable`);
        }
      }
    }
    fd = openSync(options.file, 'a');
  }

  /** Journals an entry (durably, when there is a file), then applies it. */
  function record(entry: Entry): void {
    if (fd !== null) {
      writeSync(fd, `${JSON.stringify(entry)}\n`);
      fdatasyncSync(fd);
    }
    apply(entry);
  }

  function balance(vendor: string, playerId: string, currency: string): number {
    return balances.get(walletKey(vendor, playerId, currency)) ?? 0;
  }

  return {
    balance,
    findTransfer: (vendor, transferId) => transfers.get(`${vendor}\u0000${transferId}`),
    transfer(input) {
      const known = transfers.get(`${input.vendor}\u0000${input.transferId}`);
      if (known) {
        const same =
          known.playerId === input.playerId &&
          known.currency === input.currency &&
          known.direction === input.direction &&
          known.amountMinor === input.amountMinor;
        return same ? known : 'duplicate';
      }
      const before = balance(input.vendor, input.playerId, input.currency);
      const refused =
        input.refuseWith ??
        (input.direction === 'OUT' && input.amountMinor > before ? 'INSUFFICIENT_FUNDS' : null);
      const entry: Entry = {
        kind: 'transfer',
        vendor: input.vendor,
        transferId: input.transferId,
        vendorTransferId: `dt-${transferCount + 1}`,
        playerId: input.playerId,
        currency: input.currency,
        direction: input.direction,
        amountMinor: input.amountMinor,
        state: refused ? 'FAILED' : 'SUCCEEDED',
        ...(refused ? { code: refused } : {}),
        balanceAfterMinor: refused
          ? before
          : before + (input.direction === 'IN' ? input.amountMinor : -input.amountMinor),
        at: new Date().toISOString(),
      };
      record(entry);
      return transfers.get(`${input.vendor}\u0000${input.transferId}`)!;
    },
    playRound(input, draw) {
      const before = balance(input.vendor, input.playerId, input.currency);
      if (input.stakeMinor > before) return { insufficient: true, balanceMinor: before };
      const openedAt = new Date().toISOString();
      const { result, payoutMinor } = draw();
      const entry: Entry = {
        kind: 'round',
        vendor: input.vendor,
        seq: (feeds.get(input.vendor)?.length ?? 0) + 1,
        roundId: input.roundId,
        playerId: input.playerId,
        currency: input.currency,
        gameCode: input.gameCode,
        stakeMinor: input.stakeMinor,
        payoutMinor,
        balanceAfterMinor: before - input.stakeMinor + payoutMinor,
        openedAt,
        settledAt: new Date().toISOString(),
      };
      record(entry);
      const { kind: _kind, ...round } = entry;
      return { insufficient: false, round, result };
    },
    rounds(vendor, afterSeq, limit) {
      const feed = feeds.get(vendor) ?? [];
      // seq n sits at index n − 1
      return feed.slice(Math.max(0, afterSeq), Math.max(0, afterSeq) + limit);
    },
    close() {
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
}
