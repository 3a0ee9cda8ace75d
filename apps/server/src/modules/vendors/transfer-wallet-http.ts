import { randomUUID } from 'node:crypto';
import { minorToPam, parsePamAmount } from './amounts';
import {
  TransferUnknown,
  type FeedRound,
  type TransferOutcome,
  type TransferRefusal,
  type TransferWalletClient,
  type TransferWalletClients,
} from './transfer-wallet';

/**
 * The transfer API Banca speaks to transfer-wallet vendors over HTTP (docs/demo-provider.md
 * "Transfer API"; the demo provider implements it). Base URL per brand and vendor
 * (vendor_integrations.transfer_api_url), `Authorization: Bearer <key>` (VENDOR_TRANSFER_API_KEY),
 * `X-Correlation-ID`; answers `{status: "OK", …}` or `{status: "ERROR", error: {code, message}}`
 * like the PAM API; amounts are JSON numbers in major units, never rounded.
 *
 *   POST {base}/{vendor}/transfers {transferId, playerId, currency, direction: IN|OUT, amount}
 *   GET  {base}/{vendor}/transfers/{transferId}
 *   GET  {base}/{vendor}/players/{playerId}/balance?currency=
 *   GET  {base}/{vendor}/rounds?after=&limit=
 */

/** Long enough for a busy vendor; a transfer that takes longer is settled by the job. */
const DEFAULT_TIMEOUT_MS = 5_000;

const REFUSALS: Record<string, TransferRefusal> = {
  INSUFFICIENT_FUNDS: 'insufficient_funds',
  PLAYER_BLOCKED: 'player_blocked',
  CURRENCY_MISMATCH: 'currency',
};

type Answer = {
  status?: string;
  error?: { code?: string; message?: string };
  transfer?: { state?: string; vendorTransferId?: string; balance?: number; code?: string };
  balance?: { amount?: number };
  rounds?: Array<Record<string, unknown>>;
  next?: string | null;
};

function minorOf(value: unknown): number | null {
  const parsed = parsePamAmount(value);
  return parsed.ok ? parsed.minor : null;
}

export function httpTransferWalletClients(options: {
  apiKey: string;
  timeoutMs?: number;
}): TransferWalletClients {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return ({ vendorCode, apiUrl }) => {
    const base = `${apiUrl.replace(/\/+$/, '')}/${encodeURIComponent(vendorCode)}`;

    async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> {
      let response: Response;
      try {
        response = await fetch(`${base}${path}`, {
          method,
          headers: {
            Authorization: `Bearer ${options.apiKey}`,
            'X-Correlation-ID': randomUUID(),
            Accept: 'application/json',
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new TransferUnknown(`vendor ${method} ${path}: ${(error as Error).message}`);
      }
      let answer: Answer;
      try {
        answer = (await response.json()) as Answer;
      } catch {
        throw new TransferUnknown(`vendor ${method} ${path}: HTTP ${response.status}, no JSON`);
      }
      if (answer.status !== 'OK' && answer.status !== 'ERROR')
        throw new TransferUnknown(`vendor ${method} ${path}: HTTP ${response.status}`);
      if (response.status >= 500 || (answer.status === 'OK' && !response.ok))
        throw new TransferUnknown(`vendor ${method} ${path}: HTTP ${response.status}`);
      return answer;
    }

    /** A transfer's answer: OK with its state, or a business refusal (final for that id). */
    function outcomeOf(answer: Answer): TransferOutcome | 'not_found' {
      if (answer.status === 'ERROR') {
        const code = answer.error?.code ?? '';
        if (code === 'TRANSFER_NOT_FOUND') return 'not_found';
        if (code === 'API_TOKEN' || code === 'BAD_REQUEST')
          throw new TransferUnknown(`vendor answered ${code}`);
        return {
          state: 'failed',
          code: REFUSALS[code] ?? 'refused',
          balanceMinor: minorOf(answer.balance?.amount),
        };
      }
      const t = answer.transfer ?? {};
      if (t.state === 'SUCCEEDED')
        return {
          state: 'succeeded',
          vendorRef: String(t.vendorTransferId ?? ''),
          balanceMinor: minorOf(t.balance),
        };
      if (t.state === 'FAILED')
        return {
          state: 'failed',
          code: REFUSALS[t.code ?? ''] ?? 'refused',
          balanceMinor: minorOf(t.balance),
        };
      throw new TransferUnknown(`vendor answered transfer state ${String(t.state)}`);
    }

    async function transfer(
      direction: 'IN' | 'OUT',
      request: Parameters<TransferWalletClient['transferIn']>[0],
    ): Promise<TransferOutcome> {
      const outcome = outcomeOf(
        await call('POST', '/transfers', {
          transferId: request.transferId,
          playerId: request.playerId,
          currency: request.currency,
          direction,
          amount: minorToPam(request.amountMinor),
        }),
      );
      if (outcome === 'not_found') throw new TransferUnknown('vendor lost the transfer');
      return outcome;
    }

    return {
      transferIn: (request) => transfer('IN', request),
      transferOut: (request) => transfer('OUT', request),
      async queryTransfer(transferId) {
        const outcome = outcomeOf(
          await call('GET', `/transfers/${encodeURIComponent(transferId)}`),
        );
        return outcome === 'not_found' ? null : outcome;
      },
      async balance(playerId, currency) {
        const answer = await call(
          'GET',
          `/players/${encodeURIComponent(playerId)}/balance?currency=${encodeURIComponent(currency)}`,
        );
        const minor = answer.status === 'OK' ? minorOf(answer.balance?.amount) : null;
        if (minor === null) throw new TransferUnknown('vendor balance unreadable');
        return minor;
      },
      async rounds(cursor, limit) {
        const query = new URLSearchParams({ limit: String(limit) });
        if (cursor !== null) query.set('after', cursor);
        const answer = await call('GET', `/rounds?${query.toString()}`);
        if (answer.status !== 'OK' || !Array.isArray(answer.rounds))
          throw new TransferUnknown('vendor round feed unreadable');
        const rounds: FeedRound[] = [];
        for (const r of answer.rounds) {
          const stakeMinor = minorOf(r.stake);
          const payoutMinor = minorOf(r.payout);
          const fields = [
            r.cursor,
            r.roundId,
            r.playerId,
            r.currency,
            r.gameCode,
            r.openedAt,
            r.settledAt,
          ];
          if (
            stakeMinor === null ||
            payoutMinor === null ||
            fields.some((f) => typeof f !== 'string')
          )
            throw new TransferUnknown('vendor round feed: a malformed round');
          rounds.push({
            cursor: r.cursor as string,
            roundId: r.roundId as string,
            playerId: r.playerId as string,
            currency: r.currency as string,
            gameCode: r.gameCode as string,
            stakeMinor,
            payoutMinor,
            openedAt: r.openedAt as string,
            settledAt: r.settledAt as string,
          });
        }
        return { rounds, next: typeof answer.next === 'string' ? answer.next : cursor };
      },
    };
  };
}
