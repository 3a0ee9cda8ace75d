import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TransferRecord, TransferStore } from './transfer-store';

/**
 * The transfer API of the provider's transfer-wallet vendors (issue 12 §3; docs/demo-provider.md
 * "Transfer API"), which the operator calls to move money in and out of a player's balance here
 * and to read the rounds played from it. `Authorization: Bearer <key>` (the shared secret,
 * VENDOR_TRANSFER_API_KEY); answers `{status: "OK", …}` or `{status: "ERROR", error: {code,
 * message}}`, business refusals with HTTP 200. Amounts are JSON numbers in major units; one that
 * is not a whole number of minor units is refused, never rounded.
 */

/** A test's hook to misbehave on a transfer: refuse it, apply it and answer late, or lose it. */
export type TransferFault = 'refuse' | 'answer-late' | 'lose' | undefined;

export interface TransferApiOptions {
  apiKey: string;
  store: TransferStore;
  /** Vendors whose players hold a balance here (wallet mode transfer). */
  isTransferVendor(vendor: string): boolean;
  /** Tests only: how to misbehave on a transfer request. */
  fault?: (transfer: { direction: string; transferId: string }) => TransferFault;
  /** How long a late answer is held (tests set it above the operator's timeout). */
  lateAnswerMs?: number;
}

const DIGITS = 2;
const MAX_FEED_PAGE = 500;
const ID = /^[\w.:-]{1,64}$/;

const digest = (value: string) => createHash('sha256').update(value).digest();

function minorOf(amount: unknown): number | null {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) return null;
  const minor = Math.round(amount * 10 ** DIGITS);
  return minor / 10 ** DIGITS === amount && Number.isSafeInteger(minor) ? minor : null;
}
const major = (minor: number) => minor / 10 ** DIGITS;

function error(reply: FastifyReply, status: number, code: string, message: string, extra = {}) {
  return reply.status(status).send({ status: 'ERROR', error: { code, message }, ...extra });
}

function transferView(t: TransferRecord) {
  return {
    transferId: t.transferId,
    vendorTransferId: t.vendorTransferId,
    playerId: t.playerId,
    currency: t.currency,
    direction: t.direction,
    amount: major(t.amountMinor),
    state: t.state,
    ...(t.code ? { code: t.code } : {}),
    balance: major(t.balanceAfterMinor),
    at: t.at,
  };
}

export function transferApiRoutes(app: FastifyInstance, options: TransferApiOptions): void {
  const key = digest(options.apiKey);
  const lateMs = options.lateAnswerMs ?? 10_000;

  app.register(
    async (scope) => {
      scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
        const header = request.headers.authorization ?? '';
        const given = header.startsWith('Bearer ') ? header.slice(7) : '';
        if (!timingSafeEqual(digest(given), key))
          return error(reply, 401, 'API_TOKEN', 'missing or wrong API key');
        const vendor = (request.params as { vendor?: string }).vendor ?? '';
        if (!options.isTransferVendor(vendor))
          return error(reply, 404, 'VENDOR_NOT_FOUND', 'no transfer wallet for this vendor');
        return undefined;
      });

      scope.post('/:vendor/transfers', async (request, reply) => {
        const { vendor } = request.params as { vendor: string };
        const body = (request.body ?? {}) as Record<string, unknown>;
        const amountMinor = minorOf(body.amount);
        const { transferId, playerId, currency, direction } = body;
        if (
          typeof transferId !== 'string' ||
          !ID.test(transferId) ||
          typeof playerId !== 'string' ||
          !ID.test(playerId) ||
          currency !== 'BRL' ||
          (direction !== 'IN' && direction !== 'OUT')
        )
          return error(
            reply,
            400,
            'BAD_REQUEST',
            'transferId, playerId, currency BRL, direction IN|OUT',
          );
        if (amountMinor === null)
          return error(reply, 400, 'BAD_REQUEST', 'amount: a positive number of centavos');
        const fault = options.fault?.({ direction, transferId });
        if (fault === 'lose') {
          // Never applied and never answered (the operator times out).
          await new Promise((resolve) => setTimeout(resolve, lateMs));
          return reply
            .status(503)
            .send({ status: 'ERROR', error: { code: 'UNAVAILABLE', message: '' } });
        }
        const outcome = options.store.transfer({
          vendor,
          transferId,
          playerId,
          currency,
          direction,
          amountMinor,
          ...(fault === 'refuse' ? { refuseWith: 'PLAYER_BLOCKED' } : {}),
        });
        if (outcome === 'duplicate')
          return error(
            reply,
            200,
            'DUPLICATE_TRANSFER',
            'this transfer id was used with other content',
          );
        if (fault === 'answer-late') await new Promise((resolve) => setTimeout(resolve, lateMs));
        return { status: 'OK', transfer: transferView(outcome) };
      });

      scope.get('/:vendor/transfers/:transferId', async (request, reply) => {
        const { vendor, transferId } = request.params as { vendor: string; transferId: string };
        const found = options.store.findTransfer(vendor, transferId);
        if (!found) return error(reply, 200, 'TRANSFER_NOT_FOUND', 'no transfer with this id');
        return { status: 'OK', transfer: transferView(found) };
      });

      scope.get('/:vendor/players/:playerId/balance', async (request, reply) => {
        const { vendor, playerId } = request.params as { vendor: string; playerId: string };
        const currency = (request.query as { currency?: string }).currency ?? 'BRL';
        if (!ID.test(playerId) || currency !== 'BRL')
          return error(reply, 400, 'BAD_REQUEST', 'playerId, currency BRL');
        return {
          status: 'OK',
          balance: { amount: major(options.store.balance(vendor, playerId, currency)), currency },
        };
      });

      scope.get('/:vendor/rounds', async (request, reply) => {
        const { vendor } = request.params as { vendor: string };
        const query = request.query as { after?: string; limit?: string };
        const after = query.after === undefined ? 0 : Number(query.after);
        const limit = query.limit === undefined ? 100 : Number(query.limit);
        if (!Number.isSafeInteger(after) || after < 0 || !Number.isSafeInteger(limit) || limit < 1)
          return error(reply, 400, 'BAD_REQUEST', 'after: a cursor, limit: 1..500');
        const rounds = options.store.rounds(vendor, after, Math.min(limit, MAX_FEED_PAGE));
        return {
          status: 'OK',
          rounds: rounds.map((r) => ({
            cursor: String(r.seq),
            roundId: r.roundId,
            playerId: r.playerId,
            currency: r.currency,
            gameCode: r.gameCode,
            stake: major(r.stakeMinor),
            payout: major(r.payoutMinor),
            openedAt: r.openedAt,
            settledAt: r.settledAt,
          })),
          next: String(rounds.length > 0 ? rounds[rounds.length - 1]!.seq : after),
        };
      });
    },
    { prefix: '/transfer' },
  );
}
