import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { buildProviderCatalogue, vendorOfGameCode, type ProviderCatalogue } from './catalogue';
import { playRound, RoundInputError } from './engines/round-games';
import { cryptoRandom } from './engines/rng';
import { play } from './engines/slot';
import { createGameRegistry, type PlayableGame } from './games';
import { pageAssets, renderPlayPage } from './pages/page';
import {
  createPamClient,
  PamError,
  type PamClient,
  type PamSession,
  type PamTransaction,
} from './pam-client';
import { transferApiRoutes, type TransferFault } from './transfer-api';
import { createTransferStore, type TransferStore } from './transfer-store';

/**
 * The demo game provider: its own Fastify instance on its own port. Pages at /play, their API
 * at /api/*; money moves only through the operator's PAM API over HTTP (pam-client.ts), per
 * round a WITHDRAW (the stake) and a DEPOSIT (the win, possibly 0) with isGameOver, and a
 * CANCEL of the WITHDRAW when the WITHDRAW's answer never arrived (facts.md §2).
 */

export interface DemoProviderOptions {
  /** The operator's PAM base URL, e.g. http://127.0.0.1:8080/pam */
  pamUrl: string;
  apiKey: string;
  pamTimeoutMs?: number;
  logger?: boolean;
  /** Who may frame the pages (the operator's /seamless page); CSP frame-ancestors. */
  frameAncestors?: string;
  /** Tests pass a prepared catalogue so each provider does not rebuild it. */
  catalogue?: ProviderCatalogue;
  /**
   * The shared secret the operator sends to the transfer API of the transfer-wallet vendors
   * (transfer-api.ts); without it the transfer API refuses every call.
   */
  transferApiKey?: string;
  /** Where the transfer-wallet balances live (transfer-store.ts); in memory by default. */
  transferStore?: TransferStore;
  /** Tests only: misbehave on transfers (transfer-api.ts). */
  transferFault?: (transfer: { direction: string; transferId: string }) => TransferFault;
  lateAnswerMs?: number;
}

export interface DemoProvider {
  app: FastifyInstance;
  listen(port: number, host?: string): Promise<string>;
  /** Settlements (DEPOSIT/CANCEL) still owed to the PAM after their retries. */
  pendingSettlements(): number;
  /** Retries the owed settlements now (tests); a timer does it every PENDING_RETRY_MS. */
  retryPending(): Promise<void>;
  /** The transfer-wallet vendors' balances, transfers and rounds. */
  transfers: TransferStore;
}

/** Retries of a DEPOSIT or CANCEL in the request before it joins the pending queue. */
const SETTLE_ATTEMPTS = 3;
const SETTLE_BACKOFF_MS = [100, 500];
/** Owed settlements are retried on this period until the PAM takes them. */
const PENDING_RETRY_MS = 30_000;
/** Bound on owed settlements kept in memory; past it the oldest is logged and dropped. */
const MAX_PENDING = 10_000;
/** The contract's id limit is 40 characters: 24 hex characters leave room for suffixes. */
const ROUND_ID_BYTES = 12;
/** Request body bound: every API body is a handful of short fields. */
const BODY_LIMIT_BYTES = 4_096;

interface Pending {
  provider: string;
  token: string;
  playerId: string;
  transaction: PamTransaction;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(code);
  }
}

export function currencyDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

const toAmount = (minor: number, digits: number): number =>
  Number((minor / 10 ** digits).toFixed(digits));
const toMinor = (amount: number, digits: number): number => Math.round(amount * 10 ** digits);

export function createDemoProvider(options: DemoProviderOptions): DemoProvider {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: BODY_LIMIT_BYTES });
  const pam: PamClient = createPamClient({
    baseUrl: options.pamUrl,
    apiKey: options.apiKey,
    timeoutMs: options.pamTimeoutMs,
  });
  const catalogue = options.catalogue ?? buildProviderCatalogue();
  const games = createGameRegistry(catalogue);
  const pending: Pending[] = [];
  const frameAncestors = options.frameAncestors ?? '*';
  const transfers = options.transferStore ?? createTransferStore();
  const isTransferVendor = (vendor: string) => catalogue.walletMode(vendor) === 'transfer';
  app.addHook('onClose', async () => transfers.close());

  const securityHeaders = (reply: FastifyReply): FastifyReply =>
    reply
      .header(
        'Content-Security-Policy',
        `default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors ${frameAncestors}`,
      )
      .header('X-Content-Type-Options', 'nosniff')
      .header('Referrer-Policy', 'no-referrer');

  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof ApiError)
      return reply.status(error.status).send({ error: error.code, ...error.extra });
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status < 500) return reply.status(status).send({ error: 'bad_request' });
    app.log.error(error);
    return reply.status(500).send({ error: 'internal' });
  });

  // ── settlement ─────────────────────────────────────────────────────────────────────────────

  async function settle(p: Pending): Promise<boolean> {
    for (let attempt = 0; attempt < SETTLE_ATTEMPTS; attempt++) {
      try {
        await pam.addTransaction(p.provider, p.token, p.playerId, p.transaction);
        return true;
      } catch (error) {
        if (error instanceof PamError) {
          // Already applied (a repeat answered OK) never lands here; a business refusal will not
          // change on retry: log it for the operator and stop.
          app.log.error(
            { code: error.code, tx: p.transaction.providerTransactionId },
            'PAM refused a settlement',
          );
          return true;
        }
        const wait = SETTLE_BACKOFF_MS[attempt];
        if (wait !== undefined) await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
    return false;
  }

  async function settleOrQueue(p: Pending): Promise<boolean> {
    if (await settle(p)) return true;
    if (pending.length >= MAX_PENDING)
      app.log.error(
        { tx: pending.shift()?.transaction.providerTransactionId },
        'pending settlement dropped',
      );
    pending.push(p);
    return false;
  }

  async function retryPending(): Promise<void> {
    for (const p of pending.splice(0, pending.length)) await settleOrQueue(p);
  }
  const timer = setInterval(() => void retryPending(), PENDING_RETRY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  // ── request context ────────────────────────────────────────────────────────────────────────

  interface Context {
    provider: string;
    token: string;
    session: PamSession;
    digits: number;
    playable: PlayableGame;
    /** The vendor plays from the balance kept here (transfer wallet), not through the PAM. */
    transfer: boolean;
  }

  function text(value: unknown, max: number): string {
    if (
      typeof value !== 'string' ||
      value.length === 0 ||
      value.length > max ||
      !/^[\w.:-]+$/.test(value)
    )
      throw new ApiError(400, 'bad_request');
    return value;
  }

  async function context(body: unknown): Promise<Context> {
    const input = (body ?? {}) as Record<string, unknown>;
    const token = text(input.token, 64);
    const gameCode = text(input.game, 40);
    const provider =
      input.vendor === undefined || input.vendor === ''
        ? vendorOfGameCode(gameCode)
        : text(input.vendor, 16);
    if (!provider) throw new ApiError(400, 'bad_request');
    const playable = games.resolve(provider, gameCode);
    if (!playable) throw new ApiError(404, 'unknown_game');
    let session: PamSession;
    try {
      session = await pam.getSession(provider, token);
    } catch (error) {
      throw pamToApi(error);
    }
    if (session.gameId && session.gameId !== gameCode) throw new ApiError(403, 'wrong_game');
    return {
      provider,
      token,
      session,
      digits: currencyDigits(session.currency),
      playable,
      transfer: isTransferVendor(provider),
    };
  }

  function pamToApi(error: unknown): ApiError {
    if (error instanceof PamError) {
      if (error.code === 'PAM_ERR_SESSION_NOT_FOUND' || error.code === 'PAM_ERR_SESSION_EXPIRED')
        return new ApiError(401, 'session_ended');
      return new ApiError(409, 'refused', { pamCode: error.code });
    }
    return new ApiError(503, 'operator_unavailable');
  }

  function stakeOf(input: Record<string, unknown>, playable: PlayableGame): number {
    const stake = input.stakeMinor;
    if (typeof stake !== 'number' || !playable.stakesMinor.includes(stake))
      throw new ApiError(400, 'bad_stake');
    return stake;
  }

  /**
   * One round: WITHDRAW the stake, run `outcome`, DEPOSIT the payout with isGameOver. The
   * outcome is drawn only after the WITHDRAW is accepted, so a refused bet never had a result.
   */
  async function round<T>(
    ctx: Context,
    stakeMinor: number,
    betCode: string,
    outcome: () => { result: T; payoutMinor: number },
  ) {
    const roundId = randomBytes(ROUND_ID_BYTES).toString('hex');
    if (ctx.transfer) {
      // A transfer-wallet vendor: the round is played from the balance kept here, stake and
      // payout at once; the operator reads it back from the round feed (transfer-api.ts).
      const played = transfers.playRound(
        {
          vendor: ctx.provider,
          playerId: ctx.session.playerId,
          currency: ctx.session.currency,
          gameCode: ctx.playable.game.gameCode,
          roundId,
          stakeMinor,
        },
        outcome,
      );
      if (played.insufficient)
        throw new ApiError(409, 'insufficient_funds', { balanceMinor: played.balanceMinor });
      return {
        roundId,
        stakeMinor,
        payoutMinor: played.round.payoutMinor,
        balanceMinor: played.round.balanceAfterMinor,
        payoutPending: false,
        result: played.result,
      };
    }
    const betTx = `${roundId}-W`;
    const base = {
      currency: ctx.session.currency,
      provider: ctx.provider,
      bonusAmount: 0,
      promoAmount: 0,
      providerBetRef: betTx,
      providerGameId: ctx.playable.game.gameCode,
      providerRoundId: roundId,
      betCode,
    };
    const withdraw: PamTransaction = {
      ...base,
      transactionType: 'WITHDRAW',
      cashAmount: toAmount(stakeMinor, ctx.digits),
      transactionDateTime: new Date().toISOString(),
      providerTransactionId: betTx,
      isGameOver: false,
    };
    try {
      await pam.addTransaction(ctx.provider, ctx.token, ctx.session.playerId, withdraw);
    } catch (error) {
      if (error instanceof PamError) {
        if (error.code === 'PAM_ERR_CASH_OVERDRAFT' || error.code === 'PAM_ERR_BONUS_OVERDRAFT')
          throw new ApiError(
            409,
            'insufficient_funds',
            error.balance ? { balanceMinor: toMinor(error.balance.cashAmount, ctx.digits) } : {},
          );
        throw pamToApi(error);
      }
      // No answer: the WITHDRAW may or may not have landed. Cancel it (a CANCEL of a WITHDRAW that
      // never arrived is recorded by the PAM so the late WITHDRAW is refused).
      await settleOrQueue({
        provider: ctx.provider,
        token: ctx.token,
        playerId: ctx.session.playerId,
        transaction: {
          ...withdraw,
          transactionType: 'CANCEL',
          providerTransactionId: `${roundId}-C`,
          transactionDateTime: new Date().toISOString(),
          isGameOver: true,
        },
      });
      throw new ApiError(503, 'operator_unavailable');
    }
    const { result, payoutMinor } = outcome();
    const deposit: PamTransaction = {
      ...base,
      transactionType: 'DEPOSIT',
      cashAmount: toAmount(payoutMinor, ctx.digits),
      transactionDateTime: new Date().toISOString(),
      providerTransactionId: `${roundId}-D`,
      isGameOver: true,
    };
    const settled = await settleOrQueue({
      provider: ctx.provider,
      token: ctx.token,
      playerId: ctx.session.playerId,
      transaction: deposit,
    });
    let balanceMinor: number | null = null;
    try {
      balanceMinor = toMinor(
        (await pam.getBalance(ctx.provider, ctx.token, ctx.session.playerId)).cashAmount,
        ctx.digits,
      );
    } catch {
      // The page keeps its last balance; the next round reads it again.
    }
    return { roundId, stakeMinor, payoutMinor, balanceMinor, payoutPending: !settled, result };
  }

  // ── routes ─────────────────────────────────────────────────────────────────────────────────

  app.get('/health', async () => ({ ok: true }));
  app.get('/favicon.ico', async (_request, reply) => reply.status(204).send());

  // Both launch shapes: /play/{vendor}/{game}?token=… (Banca's demo template) and
  // /play?vendor=…&game=…&token=…; the page reads whichever it was given.
  const playPage = async (request: { query: unknown }, reply: FastifyReply) => {
    const query = request.query as Record<string, string | undefined>;
    return securityHeaders(reply)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderPlayPage(query));
  };
  app.get('/play', playPage);
  app.get('/play/:vendor/:game', playPage);

  for (const [file, asset] of Object.entries(pageAssets())) {
    app.get(`/assets/${file}`, async (_request, reply) =>
      securityHeaders(reply)
        .header('Cache-Control', 'no-cache')
        .type(asset.type)
        .send(asset.body()),
    );
  }

  app.post('/api/session', async (request) => {
    const ctx = await context(request.body);
    let balanceMinor: number;
    if (ctx.transfer)
      balanceMinor = transfers.balance(ctx.provider, ctx.session.playerId, ctx.session.currency);
    else
      try {
        balanceMinor = toMinor(
          (await pam.getBalance(ctx.provider, ctx.token, ctx.session.playerId)).cashAmount,
          ctx.digits,
        );
      } catch (error) {
        throw pamToApi(error);
      }
    const { playable } = ctx;
    const game = {
      vendorCode: playable.game.vendorCode,
      gameCode: playable.game.gameCode,
      nameEn: playable.game.nameEn,
      namePt: playable.game.namePt,
      classify: playable.game.classify,
      rtpBps: playable.game.rtpBps,
    };
    const spec =
      playable.type === 'slot'
        ? (({ strips: _strips, ...visible }) => visible)(playable.spec)
        : playable.spec;
    return {
      currency: ctx.session.currency,
      digits: ctx.digits,
      balanceMinor,
      wallet: ctx.transfer ? 'transfer' : 'seamless',
      type: playable.type,
      game,
      spec,
      stakesMinor: playable.stakesMinor,
    };
  });

  app.post('/api/spin', async (request) => {
    const ctx = await context(request.body);
    const { playable } = ctx;
    if (playable.type !== 'slot') throw new ApiError(400, 'not_a_slot');
    const stakeMinor = stakeOf(request.body as Record<string, unknown>, playable);
    const lineBetMinor = stakeMinor / playable.spec.lines.length;
    return round(ctx, stakeMinor, 'Spin', () => {
      const outcome = play(playable.spec, cryptoRandom);
      return { result: outcome, payoutMinor: outcome.totalLineBets * lineBetMinor };
    });
  });

  app.post('/api/round', async (request) => {
    const ctx = await context(request.body);
    const { playable } = ctx;
    if (playable.type !== 'round') throw new ApiError(400, 'not_a_round_game');
    const input = request.body as Record<string, unknown>;
    const stakeMinor = stakeOf(input, playable);
    const betId = typeof input.bet === 'string' ? input.bet : '';
    const target = typeof input.target === 'number' ? input.target : undefined;
    if (!playable.spec.bets.some((b) => b.id === betId)) throw new ApiError(400, 'bad_bet');
    if (playable.spec.kind === 'crash') {
      try {
        playRound(playable.spec, betId, () => 0, target); // validates the target before any money moves
      } catch (error) {
        if (error instanceof RoundInputError) throw new ApiError(400, 'bad_target');
        throw error;
      }
    }
    return round(ctx, stakeMinor, betId, () => {
      const result = playRound(playable.spec, betId, cryptoRandom, target);
      return { result, payoutMinor: Math.floor(stakeMinor * result.multiplier + 1e-9) };
    });
  });

  // The transfer API of the transfer-wallet vendors; no key configured, no call accepted.
  transferApiRoutes(app, {
    apiKey: options.transferApiKey ?? randomBytes(32).toString('hex'),
    store: transfers,
    isTransferVendor,
    ...(options.transferFault ? { fault: options.transferFault } : {}),
    ...(options.lateAnswerMs === undefined ? {} : { lateAnswerMs: options.lateAnswerMs }),
  });

  return {
    app,
    transfers,
    listen: (port, host = '0.0.0.0') => app.listen({ port, host }),
    pendingSettlements: () => pending.length,
    retryPending,
  };
}
