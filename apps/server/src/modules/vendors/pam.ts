import { AppError } from '../../http/errors';
import type { ProviderCaller } from '../../http/scopes';
import type {
  BetBalances,
  BetRecord,
  BetRound,
  VendorTransaction,
  VendorTransactionType,
} from '../wallet';
import { minorToPam, parsePamAmount } from './amounts';
import type { GameSession } from './repository';
import type { VendorsService } from './service';

/**
 * The Valkyrie PAM API v0.6.0 (valkyrie-fnd/valkyrie pam/pam_api.yml), the rules without HTTP
 * (docs/pam.md). Every answer is `{status:"OK", …}` or `{status:"ERROR", error:{code,message}}`,
 * business errors with HTTP 200; 401 for a bad key or session, 400 for a malformed request.
 */
export type PamErrorCode =
  | 'PAM_ERR_UNDEFINED'
  | 'PAM_ERR_ACC_NOT_FOUND'
  | 'PAM_ERR_GAME_NOT_FOUND'
  | 'PAM_ERR_ROUND_NOT_FOUND'
  | 'PAM_ERR_TRANS_NOT_FOUND'
  | 'PAM_ERR_CASH_OVERDRAFT'
  | 'PAM_ERR_BONUS_OVERDRAFT'
  | 'PAM_ERR_SESSION_NOT_FOUND'
  | 'PAM_ERR_SESSION_EXPIRED'
  | 'PAM_ERR_MISSING_PROVIDER'
  | 'PAM_ERR_TRANS_CURRENCY'
  | 'PAM_ERR_NEGATIVE_STAKE'
  | 'PAM_ERR_CANCEL_NOT_FOUND'
  | 'PAM_ERR_TRANS_ALREADY_CANCELLED'
  | 'PAM_ERR_CANCEL_NON_WITHDRAW'
  | 'PAM_ERR_BET_NOT_ALLOWED'
  | 'PAM_ERR_PLAYER_NOT_FOUND'
  | 'PAM_ERR_API_TOKEN'
  | 'PAM_ERR_TRANS_ALREADY_SETTLED'
  | 'PAM_ERR_DUPLICATE_TRANS'
  | 'PAM_ERR_PROMO_OVERDRAFT'
  | 'PAM_ERR_TIMEOUT';

export type PamAnswer = { httpStatus: 200 | 400 | 401; body: Record<string, unknown> };

/** A refusal; `balance` puts `transactionResult.balance` beside the error (the file's "and balance"). */
export class PamRefusal extends Error {
  constructor(
    readonly code: PamErrorCode,
    message: string,
    readonly httpStatus: 200 | 400 | 401 = 200,
    readonly balance: BetBalances | null = null,
  ) {
    super(message);
  }
}

export function pamError(refusal: PamRefusal): PamAnswer {
  const body: Record<string, unknown> = {
    status: 'ERROR',
    error: { code: refusal.code, message: refusal.message },
  };
  if (refusal.balance !== null) body.transactionResult = { balance: balanceOf(refusal.balance) };
  return { httpStatus: refusal.httpStatus, body };
}

/**
 * The PAM balance: `bonusAmount` is the bonus money this vendor's bets draw (the bonus account
 * under the brand's bonus_first order at a vendor that takes bonus money, else 0: parked bonus
 * money cannot be staked there); Banca keeps no promo money, so `promoAmount` is 0.
 */
function balanceOf(balance: BetBalances) {
  return {
    cashAmount: minorToPam(balance.cashMinor),
    bonusAmount: minorToPam(balance.bonusMinor),
    promoAmount: 0,
  };
}

const WITHDRAWS: ReadonlySet<string> = new Set(['WITHDRAW', 'PROMOWITHDRAW']);
const DEPOSITS: ReadonlySet<string> = new Set(['DEPOSIT', 'PROMODEPOSIT']);
const CANCELS: ReadonlySet<string> = new Set(['CANCEL', 'PROMOCANCEL']);
/** Attempts when the round changes between the rules' read and the ledger's write. */
const MAX_RACE_RETRIES = 3;

/** The request as every call has it: who calls (API key), for which provider, with which token. */
export type PamCall = {
  caller: ProviderCaller;
  provider: string | undefined;
  token: string | undefined;
};

export type PamTransactionBody = {
  currency: string;
  provider: string;
  transactionType: VendorTransactionType;
  cashAmount: number;
  bonusAmount: number;
  promoAmount: number;
  transactionDateTime: string;
  providerTransactionId: string;
  providerBetRef?: string | undefined;
  providerGameId?: string | undefined;
  providerRoundId?: string | undefined;
  isGameOver?: boolean | undefined;
};

type Player = { memberId: number; merchantCode: string; currency: string };

export function createPam(vendors: VendorsService) {
  const { wallet } = vendors;

  /** provider → vendor of the caller's brand; the key must be the provider's or an aggregator's. */
  async function vendorOf(call: PamCall): Promise<string> {
    if (!call.provider)
      throw new PamRefusal('PAM_ERR_MISSING_PROVIDER', 'query parameter provider is required', 400);
    if (call.caller.providerCode !== '*' && call.caller.providerCode !== call.provider)
      throw new PamRefusal('PAM_ERR_API_TOKEN', 'the API key is not this provider’s', 401);
    const config = await vendors.integration(call.caller.merchantCode, call.provider);
    if (!config) throw new PamRefusal('PAM_ERR_MISSING_PROVIDER', 'provider not recognized');
    return call.provider;
  }

  /**
   * The session a token names, for this brand and vendor. `lenient`: DEPOSIT and CANCEL land
   * whatever the session's age (docs/platform-facts.md §2: money owed to the player), even after a
   * refresh.
   */
  async function sessionOf(
    call: PamCall,
    vendorCode: string,
    options: { lenient: boolean } = { lenient: false },
  ): Promise<GameSession> {
    const session = call.token ? await vendors.findSession(call.token) : null;
    if (
      !session ||
      session.merchant_code !== call.caller.merchantCode ||
      session.vendor_code !== vendorCode ||
      (session.ended_at !== null && !options.lenient)
    )
      throw new PamRefusal('PAM_ERR_SESSION_NOT_FOUND', 'no session for this token', 401);
    if (!options.lenient && session.expires_at.getTime() <= vendors.now())
      throw new PamRefusal('PAM_ERR_SESSION_EXPIRED', 'the session has expired', 401);
    return session;
  }

  /** The path's playerId must be the session's player (ids are member ids, in decimal). */
  function playerOf(session: GameSession, playerId: string): Player {
    if (!/^[1-9]\d{0,17}$/.test(playerId) || Number(playerId) !== Number(session.member_id))
      throw new PamRefusal('PAM_ERR_PLAYER_NOT_FOUND', 'no such player for this session');
    return {
      memberId: Number(session.member_id),
      merchantCode: session.merchant_code,
      currency: session.currency,
    };
  }

  async function answer(run: () => Promise<PamAnswer>): Promise<PamAnswer> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof PamRefusal) return pamError(error);
      throw error;
    }
  }

  function sessionBody(session: GameSession, token: string) {
    return {
      playerId: String(session.member_id),
      token,
      currency: session.currency,
      country: session.country,
      language: session.language,
      gameId: session.game_code,
    };
  }

  function getSession(call: PamCall): Promise<PamAnswer> {
    return answer(async () => {
      const vendor = await vendorOf(call);
      const session = await sessionOf(call, vendor);
      return {
        httpStatus: 200,
        body: { status: 'OK', session: sessionBody(session, call.token!) },
      };
    });
  }

  function putSession(call: PamCall): Promise<PamAnswer> {
    return answer(async () => {
      const vendor = await vendorOf(call);
      const session = await sessionOf(call, vendor);
      const token = await vendors.refreshSession(session);
      if (!token)
        throw new PamRefusal('PAM_ERR_SESSION_NOT_FOUND', 'no session for this token', 401);
      return { httpStatus: 200, body: { status: 'OK', session: sessionBody(session, token) } };
    });
  }

  function getBalance(call: PamCall, playerId: string): Promise<PamAnswer> {
    return answer(async () => {
      const vendor = await vendorOf(call);
      const player = playerOf(await sessionOf(call, vendor), playerId);
      const balance = await wallet.bets.balances(player, vendor);
      return { httpStatus: 200, body: { status: 'OK', balance: balanceOf(balance) } };
    });
  }

  function transactionView(t: VendorTransaction) {
    return {
      currency: t.currency,
      provider: t.vendor_code,
      transactionType: t.tx_type,
      cashAmount: minorToPam(Number(t.amount_minor) - Number(t.bonus_amount_minor)),
      bonusAmount: minorToPam(Number(t.bonus_amount_minor)),
      promoAmount: 0,
      transactionDateTime: new Date(t.tx_time).toISOString(),
      providerTransactionId: t.provider_tx_id,
      ...(t.bet_ref === null ? {} : { providerBetRef: t.bet_ref }),
      providerGameId: t.game_code,
      providerRoundId: t.round_id,
      isGameOver: t.game_over,
    };
  }

  function getTransactions(
    call: PamCall,
    playerId: string,
    query: { providerTransactionId?: string | undefined; providerBetRef?: string | undefined },
  ): Promise<PamAnswer> {
    return answer(async () => {
      const vendor = await vendorOf(call);
      const player = playerOf(await sessionOf(call, vendor, { lenient: true }), playerId);
      if (query.providerTransactionId === undefined && query.providerBetRef === undefined)
        throw new PamRefusal(
          'PAM_ERR_UNDEFINED',
          'providerTransactionId or providerBetRef is required',
          400,
        );
      const rows = await wallet.bets.transactions({
        merchantCode: player.merchantCode,
        vendorCode: vendor,
        memberId: player.memberId,
        txId: query.providerTransactionId,
        betRef: query.providerBetRef,
      });
      return { httpStatus: 200, body: { status: 'OK', transactions: rows.map(transactionView) } };
    });
  }

  function getGameRound(call: PamCall, playerId: string, roundId: string): Promise<PamAnswer> {
    return answer(async () => {
      const vendor = await vendorOf(call);
      const player = playerOf(await sessionOf(call, vendor, { lenient: true }), playerId);
      const round = await wallet.bets.round({
        merchantCode: player.merchantCode,
        vendorCode: vendor,
        memberId: player.memberId,
        roundId,
      });
      if (!round) throw new PamRefusal('PAM_ERR_ROUND_NOT_FOUND', 'no such game round');
      return {
        httpStatus: 200,
        body: {
          status: 'OK',
          gameround: {
            providerGameId: round.game_code,
            providerRoundId: round.round_id,
            startTime: new Date(round.opened_at).toISOString(),
            ...(round.settled_at ? { endTime: new Date(round.settled_at).toISOString() } : {}),
          },
        },
      };
    });
  }

  function addTransaction(
    call: PamCall,
    playerId: string,
    body: PamTransactionBody,
  ): Promise<PamAnswer> {
    return answer(async () => {
      const vendor = await vendorOf(call);
      const type = body.transactionType;
      const paysPlayer = !WITHDRAWS.has(type);
      const session = await sessionOf(call, vendor, { lenient: paysPlayer });
      const player = playerOf(session, playerId);
      if (body.currency !== session.currency)
        throw new PamRefusal(
          'PAM_ERR_TRANS_CURRENCY',
          `the session's currency is ${session.currency}`,
        );
      const amounts = [body.cashAmount, body.bonusAmount, body.promoAmount].map(parsePamAmount);
      if (amounts.some((a) => !a.ok && a.reason === 'negative'))
        throw new PamRefusal('PAM_ERR_NEGATIVE_STAKE', 'amounts must not be negative');
      const bad = amounts.find((a) => !a.ok);
      if (bad && !bad.ok)
        throw new PamRefusal(
          'PAM_ERR_UNDEFINED',
          bad.reason === 'precision'
            ? `amounts must be whole ${session.currency} minor units (at most 2 decimals)`
            : 'amounts must be finite numbers within the limit',
          400,
        );
      const [cash, bonus, promo] = amounts.map((a) => (a.ok ? a.minor : 0)) as [
        number,
        number,
        number,
      ];
      if (bonus === 0 && promo === 0) {
        const quick = await firstSight({ vendor, session, player, body, cash });
        if (quick) return quick;
      }
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await apply({ vendor, session, player, body, cash, bonus, promo });
        } catch (error) {
          // The round changed between our read and the ledger's write (a concurrent call of
          // the same round): read again and judge again.
          const raced =
            error instanceof AppError &&
            (error.code === 'bet_round_changed' || error.code === 'idempotency_conflict');
          if (!raced || attempt >= MAX_RACE_RETRIES) throw error;
        }
      }
    });
  }

  /**
   * The common case in one round trip: a WITHDRAW or DEPOSIT whose id was never seen is posted
   * straight away, the ledger's guard checking under the member's lock what `apply` would have
   * read and judged (migration 0016). Null when anything is unusual (a repeat, a closed or
   * missing round, not enough money…): nothing was written, and `apply` reads, judges and answers.
   */
  async function firstSight(input: {
    vendor: string;
    session: GameSession;
    player: Player;
    body: PamTransactionBody;
    cash: number;
  }): Promise<PamAnswer | null> {
    const { vendor, session, player, body, cash } = input;
    const type = body.transactionType;
    if (cash <= 0 || (type !== 'WITHDRAW' && type !== 'DEPOSIT')) return null;
    if (type === 'DEPOSIT' && body.providerRoundId === undefined) return null;
    if (type === 'WITHDRAW') {
      const config = await vendors.integration(player.merchantCode, vendor);
      if (
        session.expires_at.getTime() <= vendors.now() ||
        !config?.enabled ||
        config.maintenance ||
        config.walletMode === 'transfer' ||
        !(await vendors.memberMayBet(player.memberId)) ||
        (body.providerGameId !== undefined &&
          !(await vendors.gameExists(vendor, body.providerGameId)))
      )
        return null;
    }
    const record: BetRecord = {
      merchant: player.merchantCode,
      member: player.memberId,
      vendor,
      currency: player.currency,
      txId: body.providerTransactionId,
      type,
      betRef: body.providerBetRef ?? null,
      txTime: validTime(body.transactionDateTime),
      cancels: null,
      tombstone: false,
      fresh: true,
      game: body.providerGameId ?? session.game_code,
      round: body.providerRoundId ?? `tx:${body.providerTransactionId}`,
      amount: cash,
      gameOver: type === 'WITHDRAW' ? body.isGameOver === true : body.isGameOver !== false,
    };
    try {
      const posted = await wallet.bets.post({ member: player, bet: record });
      if (posted.replayed || posted.operationId === null) return null;
      return ok(String(posted.operationId), balancesOf(posted));
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  }

  async function apply(input: {
    vendor: string;
    session: GameSession;
    player: Player;
    body: PamTransactionBody;
    cash: number;
    bonus: number;
    promo: number;
  }): Promise<PamAnswer> {
    const { vendor, session, player, body, cash } = input;
    const type = body.transactionType;
    const txId = body.providerTransactionId;
    const betRef = body.providerBetRef ?? null;
    const game = body.providerGameId ?? session.game_code;
    const ctx = await wallet.bets.context({
      merchantCode: player.merchantCode,
      vendorCode: vendor,
      memberId: player.memberId,
      txId,
      betRef,
      roundId: body.providerRoundId ?? null,
    });
    const balanceNow = () => wallet.bets.balances(player, vendor);
    const refuse = async (code: PamErrorCode, message: string) =>
      new PamRefusal(code, message, 200, await balanceNow());

    // Idempotency (pam_api.yml: "if a transaction already exists then balance should be
    // returned together with status OK"); the same id for another player, game or round is
    // PAM_ERR_DUPLICATE_TRANS.
    for (const seen of ctx.sameId) {
      const otherRound =
        body.providerRoundId !== undefined && seen.round_id !== body.providerRoundId;
      const otherGame = body.providerGameId !== undefined && seen.game_code !== body.providerGameId;
      if (Number(seen.member_id) !== player.memberId || otherRound || otherGame)
        throw await refuse(
          'PAM_ERR_DUPLICATE_TRANS',
          'this transaction id was used for another player, game or round',
        );
    }
    const same = ctx.sameId.find((t) => t.tx_type === type);
    if (same) {
      if (same.outcome === 'cancel_not_found')
        throw await refuse('PAM_ERR_CANCEL_NOT_FOUND', 'no withdraw to cancel');
      if (!CANCELS.has(type) && Number(same.amount_minor) !== cash)
        throw await refuse(
          'PAM_ERR_DUPLICATE_TRANS',
          'this transaction id was used with another amount',
        );
      return ok(transactionIdOf(same), await balanceNow());
    }

    if (input.bonus > 0 || input.promo > 0) {
      // Banca draws bonus money itself, by the brand's bet order (docs/bonus.md): a stake comes
      // as cashAmount. Bonus money named by the vendor is refused, and where the vendor takes no
      // bonus money at all (cash-only), the message says so.
      if (WITHDRAWS.has(type)) {
        const balance = await balanceNow();
        const message =
          input.promo > 0
            ? 'no promo funds'
            : balance.bonusMinor === 0
              ? 'no bonus funds usable at this vendor (bonus money is not accepted here)'
              : 'send the whole stake as cashAmount: bonus money is drawn by the brand’s bet order';
        throw new PamRefusal(
          input.bonus > 0 ? 'PAM_ERR_BONUS_OVERDRAFT' : 'PAM_ERR_PROMO_OVERDRAFT',
          message,
          200,
          balance,
        );
      }
      if (DEPOSITS.has(type))
        throw await refuse('PAM_ERR_UNDEFINED', 'bonus and promo amounts are not supported');
    }

    const base = {
      merchant: player.merchantCode,
      member: player.memberId,
      vendor,
      currency: player.currency,
      txId,
      type,
      betRef,
      txTime: validTime(body.transactionDateTime),
      cancels: null,
      tombstone: false,
    } satisfies Partial<BetRecord>;

    let record: BetRecord;
    if (WITHDRAWS.has(type)) {
      if (session.expires_at.getTime() <= vendors.now())
        throw new PamRefusal('PAM_ERR_SESSION_EXPIRED', 'the session has expired', 401);
      if (!(await vendors.memberMayBet(player.memberId)))
        throw await refuse('PAM_ERR_BET_NOT_ALLOWED', 'the player may not bet');
      const config = await vendors.integration(player.merchantCode, vendor);
      if (!config?.enabled || config.maintenance)
        throw await refuse('PAM_ERR_BET_NOT_ALLOWED', 'the vendor is closed for bets');
      // A transfer-mode vendor plays from its own balance (the member's vendor wallet moved
      // there); a bet on the main wallet through /pam would spend money twice over.
      if (config.walletMode === 'transfer')
        throw await refuse(
          'PAM_ERR_BET_NOT_ALLOWED',
          'this vendor plays from its own wallet (transfer mode), not through /pam',
        );
      if (body.providerGameId !== undefined && !(await vendors.gameExists(vendor, game)))
        throw await refuse('PAM_ERR_GAME_NOT_FOUND', 'no such game');
      if ([...ctx.sameId, ...ctx.sameBetRef].some((t) => CANCELS.has(t.tx_type)))
        throw await refuse(
          'PAM_ERR_TRANS_ALREADY_CANCELLED',
          'this bet was cancelled before it arrived',
        );
      // A WITHDRAW may join an open round (a double, a side bet), never a closed one.
      if (ctx.round && ctx.round.status !== 'open') throw await refuse(...roundClosed(ctx.round));
      record = {
        ...base,
        game,
        round: body.providerRoundId ?? `tx:${txId}`,
        amount: cash,
        gameOver: body.isGameOver === true,
      };
    } else if (DEPOSITS.has(type)) {
      const roundId = body.providerRoundId ?? (type === 'PROMODEPOSIT' ? `tx:${txId}` : null);
      if (type === 'DEPOSIT' && (!roundId || !ctx.round))
        throw await refuse('PAM_ERR_TRANS_NOT_FOUND', 'no game round for this deposit');
      if (ctx.sameBetRef.some((t) => WITHDRAWS.has(t.tx_type) && t.cancelled_by_id !== null))
        throw await refuse('PAM_ERR_TRANS_ALREADY_CANCELLED', 'the bet was cancelled');
      if (ctx.round && ctx.round.status !== 'open') throw await refuse(...roundClosed(ctx.round));
      record = {
        ...base,
        game: ctx.round?.game_code ?? game,
        round: roundId!,
        amount: cash,
        // A deposit ends its round unless the provider says the game goes on.
        gameOver: body.isGameOver !== false,
      };
    } else {
      // CANCEL / PROMOCANCEL: the WITHDRAW named by the bet reference, else by the same id.
      const target =
        latest(ctx.sameBetRef.filter((t) => WITHDRAWS.has(t.tx_type))) ??
        latest(ctx.sameId.filter((t) => WITHDRAWS.has(t.tx_type)));
      if (!target) {
        if ([...ctx.sameId, ...ctx.sameBetRef].some((t) => DEPOSITS.has(t.tx_type)))
          throw await refuse('PAM_ERR_CANCEL_NON_WITHDRAW', 'only a withdraw can be cancelled');
        // Recorded, so the WITHDRAW it names is refused if it arrives later
        // (docs/platform-facts.md §2).
        await wallet.bets.post({
          member: player,
          bet: {
            ...base,
            game,
            round: body.providerRoundId ?? `tx:${txId}`,
            amount: cash,
            gameOver: false,
            tombstone: true,
          },
        });
        throw await refuse('PAM_ERR_CANCEL_NOT_FOUND', 'no withdraw to cancel');
      }
      if (target.cancelled_by_id !== null)
        throw await refuse('PAM_ERR_TRANS_ALREADY_CANCELLED', 'the withdraw was cancelled already');
      const round = await wallet.bets.round({
        merchantCode: player.merchantCode,
        vendorCode: vendor,
        memberId: player.memberId,
        roundId: target.round_id,
      });
      if (!round || round.status !== 'open' || round.deposit_count > 0)
        throw await refuse('PAM_ERR_TRANS_ALREADY_SETTLED', 'the bet was settled already');
      record = {
        ...base,
        game: target.game_code,
        round: target.round_id,
        // A CANCEL takes the amounts of the WITHDRAW it reverts (valkyrie-stubs).
        amount: Number(target.amount_minor),
        gameOver: false,
        cancels: Number(target.id),
      };
    }

    try {
      const posted = await wallet.bets.post({ member: player, bet: record });
      const id =
        posted.operationId !== null
          ? String(posted.operationId)
          : await findId(player, vendor, txId, type);
      return ok(id, balancesOf(posted));
    } catch (error) {
      if (error instanceof AppError && error.code === 'insufficient_funds')
        throw new PamRefusal('PAM_ERR_CASH_OVERDRAFT', 'not enough money', 200, await balanceNow());
      throw error;
    }
  }

  async function findId(player: Player, vendor: string, txId: string, type: string) {
    const rows = await wallet.bets.transactions({
      merchantCode: player.merchantCode,
      vendorCode: vendor,
      memberId: player.memberId,
      txId,
    });
    const row = rows.find((t) => t.tx_type === type);
    return row ? transactionIdOf(row) : null;
  }

  function ok(transactionId: string | null, balance: BetBalances): PamAnswer {
    return {
      httpStatus: 200,
      body: {
        status: 'OK',
        transactionResult: {
          ...(transactionId === null ? {} : { transactionId }),
          balance: balanceOf(balance),
        },
      },
    };
  }

  return { getSession, putSession, getBalance, getTransactions, getGameRound, addTransaction };
}
export type Pam = ReturnType<typeof createPam>;

/**
 * Banca's id of a vendor transaction (TransactionResult.transactionId): its ledger operation's
 * id when it moved money, else `v<record id>`; the same on every repeat.
 */
function transactionIdOf(t: VendorTransaction): string {
  return t.operation_id !== null ? String(t.operation_id) : `v${t.id}`;
}

function balancesOf(posted: { balanceMinor: number; bonusBalanceMinor: number }): BetBalances {
  return { cashMinor: posted.balanceMinor, bonusMinor: posted.bonusBalanceMinor };
}

function latest(rows: VendorTransaction[]): VendorTransaction | undefined {
  return rows.reduce<VendorTransaction | undefined>(
    (best, t) => (best === undefined || Number(t.id) > Number(best.id) ? t : best),
    undefined,
  );
}

function roundClosed(round: BetRound): [PamErrorCode, string] {
  return round.status === 'cancelled'
    ? ['PAM_ERR_TRANS_ALREADY_CANCELLED', 'the round was cancelled']
    : ['PAM_ERR_TRANS_ALREADY_SETTLED', 'the round is settled'];
}

/** transactionDateTime as given when it is a date; now otherwise (it is informative only). */
function validTime(value: string): string {
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : new Date().toISOString();
}
