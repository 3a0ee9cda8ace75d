import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { text } from '@banca/contracts';
import { z } from 'zod';
import type { Pam, PamAnswer, PamCall } from './pam';

/**
 * The provider scope's routes (/pam): the Valkyrie PAM API v0.6.0, exactly (pam_api.yml of
 * valkyrie-fnd/valkyrie; docs/pam.md). HTTP only: parse, call the rules (pam.ts), answer.
 */
const tags = ['pam'];
const id40 = text(40).min(1);
const query = z.object({ provider: text(100).optional() });
const headers = z.object({
  'x-player-token': text(200).optional(),
  'x-correlation-id': text(200).optional(),
});
const playerParams = z.object({ playerId: text(40) });
/** An amount as pam_api.yml's `Amount`: a JSON number; its sign and precision are judged by the rules. */
const amount = z.number();
const transactionBody = z.object({
  currency: text(3).regex(/^[A-Z]{3}$/),
  provider: text(100),
  transactionType: z.enum([
    'DEPOSIT',
    'WITHDRAW',
    'CANCEL',
    'PROMODEPOSIT',
    'PROMOWITHDRAW',
    'PROMOCANCEL',
  ]),
  cashAmount: amount,
  bonusAmount: amount,
  promoAmount: amount,
  transactionDateTime: text(64),
  providerTransactionId: id40,
  providerBetRef: id40.optional(),
  providerGameId: id40.optional(),
  providerRoundId: id40.optional(),
  betCode: text(100).optional(),
  isGameOver: z.boolean().optional(),
  promos: z.array(z.unknown()).max(100).optional(),
  jackpots: z.array(z.unknown()).max(100).optional(),
  tip: z.unknown().optional(),
  roundTransactions: z.array(z.unknown()).max(1000).optional(),
});

function callOf(request: FastifyRequest): PamCall {
  const q = request.query as { provider?: string };
  const h = request.headers as Record<string, string | undefined>;
  return {
    caller: request.provider!,
    provider: q.provider || undefined,
    token: h['x-player-token'],
  };
}

/** Every answer carries the caller's correlation id back; a call without one is malformed (the file requires it). */
async function send(
  request: FastifyRequest,
  reply: FastifyReply,
  run: () => Promise<PamAnswer>,
): Promise<FastifyReply> {
  const correlationId = request.headers['x-correlation-id'];
  if (typeof correlationId !== 'string' || correlationId.length === 0)
    return reply.code(400).send({
      status: 'ERROR',
      error: { code: 'PAM_ERR_UNDEFINED', message: 'header X-Correlation-ID is required' },
    });
  reply.header('x-correlation-id', correlationId);
  const answer = await run();
  return reply.code(answer.httpStatus).send(answer.body);
}

export function pamRoutes(app: FastifyInstance, pam: Pam): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ bearerAuth: [] }];

  r.get(
    '/players/session',
    {
      schema: {
        tags,
        summary: 'Get session details (getSession)',
        security,
        querystring: query,
        headers,
      },
    },
    (request, reply) => send(request, reply, () => pam.getSession(callOf(request))),
  );
  r.put(
    '/players/session',
    {
      schema: {
        tags,
        summary: 'Refresh the session: a new token, the old one invalid (refreshSession)',
        security,
        querystring: query,
        headers,
      },
    },
    (request, reply) => send(request, reply, () => pam.putSession(callOf(request))),
  );
  r.get(
    '/players/:playerId/balance',
    {
      schema: {
        tags,
        summary: 'Player balance (getBalance)',
        security,
        params: playerParams,
        querystring: query,
        headers,
      },
    },
    (request, reply) =>
      send(request, reply, () => pam.getBalance(callOf(request), request.params.playerId)),
  );
  r.get(
    '/players/:playerId/transactions',
    {
      schema: {
        tags,
        summary:
          'Look up transactions by providerTransactionId or providerBetRef (getTransactions)',
        security,
        params: playerParams,
        querystring: query.extend({
          providerTransactionId: id40.optional(),
          providerBetRef: id40.optional(),
        }),
        headers,
      },
    },
    (request, reply) =>
      send(request, reply, () =>
        pam.getTransactions(callOf(request), request.params.playerId, request.query),
      ),
  );
  r.post(
    '/players/:playerId/transactions',
    {
      schema: {
        tags,
        summary: 'Add a transaction: WITHDRAW, DEPOSIT, CANCEL, PROMO… (addTransaction)',
        security,
        params: playerParams,
        querystring: query,
        headers,
        body: transactionBody,
      },
    },
    (request, reply) =>
      send(request, reply, () =>
        pam.addTransaction(callOf(request), request.params.playerId, request.body),
      ),
  );
  r.get(
    '/players/:playerId/gamerounds/:providerGameRoundId',
    {
      schema: {
        tags,
        summary: 'A game round (getGameRound)',
        security,
        params: playerParams.extend({ providerGameRoundId: id40 }),
        querystring: query,
        headers,
      },
    },
    (request, reply) =>
      send(request, reply, () =>
        pam.getGameRound(
          callOf(request),
          request.params.playerId,
          request.params.providerGameRoundId,
        ),
      ),
  );
}
