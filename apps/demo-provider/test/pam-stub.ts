import Fastify, { type FastifyInstance } from 'fastify';

/**
 * A tiny PAM written from pam_api.yml's happy path plus an overdraft: enough for the provider's
 * tests to run without Banca. Amounts in centavos internally; `dropNext` makes the next
 * WITHDRAW apply and then close the connection without an answer (a network failure).
 */
export interface PamStub {
  app: FastifyInstance;
  url: string;
  balances: Map<string, number>;
  transactions: { type: string; id: string; amount: number; round?: string; betRef?: string }[];
  dropNextWithdraw(): void;
  close(): Promise<void>;
}

export const STUB_API_KEY = 'stub-api-key-0123456789abcdef0123';

export async function startPamStub(
  sessions: Record<string, { playerId: string; currency: string; gameId: string }>,
  balances: Record<string, number>,
): Promise<PamStub> {
  const app = Fastify();
  const state = new Map(Object.entries(balances));
  const applied = new Map<
    string,
    { type: string; id: string; amount: number; round?: string; betRef?: string }
  >();
  const transactions: PamStub['transactions'] = [];
  let drop = false;
  const balanceOf = (playerId: string) => ({
    cashAmount: (state.get(playerId) ?? 0) / 100,
    bonusAmount: 0,
    promoAmount: 0,
  });
  const error = (code: string, extra: object = {}) => ({
    status: 'ERROR',
    error: { code, message: code },
    ...extra,
  });

  app.addHook('preHandler', async (request, reply) => {
    if (request.headers.authorization !== `Bearer ${STUB_API_KEY}`)
      return reply.status(401).send(error('PAM_ERR_API_TOKEN'));
    if (!request.headers['x-correlation-id'])
      return reply.status(400).send(error('PAM_ERR_UNDEFINED'));
    if (!(request.query as { provider?: string }).provider)
      return reply.status(400).send(error('PAM_ERR_MISSING_PROVIDER'));
    const token = request.headers['x-player-token'];
    if (typeof token !== 'string' || !sessions[token])
      return reply.status(401).send(error('PAM_ERR_SESSION_NOT_FOUND'));
  });
  app.get('/pam/players/session', async (request) => {
    const token = request.headers['x-player-token'] as string;
    return { status: 'OK', session: { ...sessions[token], token, country: 'BR', language: 'PT' } };
  });
  app.get('/pam/players/:playerId/balance', async (request) => ({
    status: 'OK',
    balance: balanceOf((request.params as { playerId: string }).playerId),
  }));
  app.post('/pam/players/:playerId/transactions', async (request, reply) => {
    const { playerId } = request.params as { playerId: string };
    const tx = request.body as {
      transactionType: string;
      cashAmount: number;
      providerTransactionId: string;
      providerRoundId?: string;
      providerBetRef?: string;
      currency: string;
    };
    if (applied.has(tx.providerTransactionId))
      return {
        status: 'OK',
        transactionResult: {
          transactionId: tx.providerTransactionId,
          balance: balanceOf(playerId),
        },
      };
    const amount = Math.round(tx.cashAmount * 100);
    if (Math.abs(amount - tx.cashAmount * 100) > 1e-6) return error('PAM_ERR_UNDEFINED');
    const balance = state.get(playerId) ?? 0;
    if (tx.transactionType === 'WITHDRAW') {
      if (amount > balance)
        return error('PAM_ERR_CASH_OVERDRAFT', {
          transactionResult: { balance: balanceOf(playerId) },
        });
      state.set(playerId, balance - amount);
    } else if (tx.transactionType === 'DEPOSIT') {
      if (
        ![...applied.values()].some((t) => t.type === 'WITHDRAW' && t.round === tx.providerRoundId)
      )
        return error('PAM_ERR_TRANS_NOT_FOUND');
      state.set(playerId, balance + amount);
    } else if (tx.transactionType === 'CANCEL') {
      const bet = applied.get(tx.providerBetRef ?? '');
      if (bet) state.set(playerId, balance + bet.amount);
    }
    const record = {
      type: tx.transactionType,
      id: tx.providerTransactionId,
      amount,
      round: tx.providerRoundId,
      betRef: tx.providerBetRef,
    };
    applied.set(tx.providerTransactionId, record);
    transactions.push(record);
    if (tx.transactionType === 'WITHDRAW' && drop) {
      drop = false;
      reply.raw.destroy();
      return reply;
    }
    return {
      status: 'OK',
      transactionResult: { transactionId: tx.providerTransactionId, balance: balanceOf(playerId) },
    };
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    url: `${address}/pam`,
    balances: state,
    transactions,
    dropNextWithdraw: () => (drop = true),
    close: () => app.close(),
  };
}
