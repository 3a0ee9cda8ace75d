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
/** pam_api.yml's `Timestamp`: an RFC 3339 date-time (with its offset, as Go's time writes it). */
const timestamp = z.iso.datetime({ offset: true });
const currency = text(3).regex(/^[A-Z]{3}$/);
/** The file's free-text references (promo, jackpot and bucket names and ids): 1–40 characters. */
const ref40 = text(40).min(1);
/** The nested objects the file types (Promo, Jackpot, JackpotBucket, Tip, RoundTransaction). */
const promo = z.object({
  promoType: z
    .enum([
      'PROMOBONUS',
      'PROMOTOURNAMENT',
      'PROMOFROMGAME',
      'PROMOCAP',
      'PROMOLIMIT',
      'PROMOMONEYREWARD',
      'FREEROUNDS',
      'FREESPINS',
    ])
    .optional(),
  promoName: ref40.optional(),
  promoStatus: ref40.optional(),
  promoReference: ref40.optional(),
  promoCode: ref40.optional(),
  promoAmount: amount.optional(),
  promoAmountTotal: amount.optional(),
  promoConfigRef: ref40.optional(),
  promoAwardRef: ref40.optional(),
  currency: currency.optional(),
});
const jackpot = z.object({
  jackpotId: ref40.optional(),
  jackpotReference: ref40.optional(),
  jackpotAmount: amount.optional(),
  jackpotBuckets: z
    .array(
      z.object({
        bucketType: ref40.optional(),
        bucketReference: ref40.optional(),
        bucketAmount: amount.optional(),
        currency: currency.optional(),
      }),
    )
    .max(100)
    .optional(),
});
const roundTransaction = z.object({
  providerTransactionId: id40.optional(),
  transactionDateTime: timestamp.optional(),
  cashAmount: amount.optional(),
  isGameOver: z.boolean().optional(),
  jackpotContribution: amount.optional(),
});
const transactionBody = z.object({
  currency,
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
  transactionDateTime: timestamp,
  providerTransactionId: id40,
  providerBetRef: id40.optional(),
  providerGameId: id40.optional(),
  providerRoundId: id40.optional(),
  betCode: text(100).optional(),
  isGameOver: z.boolean().optional(),
  // Typed as the file types them, so a malformed one is refused; Banca keeps none of them.
  promos: z.array(promo).max(100).optional(),
  jackpots: z.array(jackpot).max(100).optional(),
  tip: z.object({ tipAmount: amount.optional() }).optional(),
  roundTransactions: z.array(roundTransaction).max(1000).optional(),
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
