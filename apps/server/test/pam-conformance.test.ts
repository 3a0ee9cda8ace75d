import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DEV_PAM_API_KEY } from '../src/config';
import { seedDemoVendorIntegrations } from '../src/demo/vendor-integrations';
import { checkInvariants } from '../src/modules/wallet/ledger';
import { sha256 } from '../src/modules/vendors';
import { checkBetRecords } from '../src/modules/wallet';
import { ENGINES, startTestApp, type TestApp } from './harness';
import { seedMember } from './seeds';

/**
 * The PAM API (Valkyrie v0.6.0, docs/pam.md) driven as a provider would: every call over
 * app.inject with the API key, the player's token and a correlation id; one scenario over real
 * HTTP. After each scenario the books balance and the bet records equal the ledger's movements.
 */
const PROVIDER = 'PG';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field
type Json = Record<string, any>;

describe.each(ENGINES)('PAM API conformance (%s)', (engine) => {
  let t: TestApp;
  let seq = 0;
  const uid = (p: string) => `${p}-${engine}-${++seq}`;

  beforeAll(async () => {
    t = await startTestApp(engine);
    await seedDemoVendorIntegrations(t.db, { pamApiKey: DEV_PAM_API_KEY });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  async function books() {
    expect(await checkInvariants(t.db)).toEqual([]);
    expect(await checkBetRecords(t.db)).toEqual([]);
  }

  /** A member with `balanceMinor` in the main wallet and a game session of PROVIDER. */
  async function player(balanceMinor = 10_000, merchantCode = 'BANCA') {
    const memberId = await seedMember(t.db, { merchantCode });
    const member = { id: memberId };
    const ref = { memberId, merchantCode, currency: 'BRL' };
    if (balanceMinor > 0)
      await t.app.services.wallet.adjust({
        member: ref,
        amountMinor: balanceMinor,
        reason: 'test',
        operatorId: 'test',
        idempotencyKey: uid('fund'),
      });
    const game = await sql<{
      game_code: string;
    }>`SELECT game_code FROM games WHERE vendor_code = ${PROVIDER} LIMIT 1`.execute(t.db);
    const gameCode = game.rows[0]!.game_code;
    const { token } = await t.app.services.vendors.createGameSession(
      { memberId: member.id, language: 'pt-BR' },
      { vendorCode: PROVIDER, gameCode },
      'BRL',
      { merchantCode, countryCode: 'BR' },
    );
    return { id: String(member.id), memberId: member.id, token, gameCode };
  }

  async function call(
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    options: { token?: string; body?: Json; key?: string; provider?: string | null } = {},
  ) {
    const provider = options.provider === undefined ? PROVIDER : options.provider;
    const sep = url.includes('?') ? '&' : '?';
    const res = await t.app.inject({
      method,
      url: `/pam${url}${provider === null ? '' : `${sep}provider=${provider}`}`,
      headers: {
        authorization: `Bearer ${options.key ?? DEV_PAM_API_KEY}`,
        'x-correlation-id': uid('corr'),
        ...(options.token ? { 'x-player-token': options.token } : {}),
      },
      ...(options.body ? { payload: options.body } : {}),
    });
    return { status: res.statusCode, body: res.json() as Json };
  }

  function tx(p: { id: string; token: string; gameCode: string }, type: string, fields: Json = {}) {
    return call('POST', `/players/${p.id}/transactions`, {
      token: p.token,
      body: {
        currency: 'BRL',
        provider: PROVIDER,
        transactionType: type,
        cashAmount: 0,
        bonusAmount: 0,
        promoAmount: 0,
        transactionDateTime: new Date().toISOString(),
        providerGameId: p.gameCode,
        ...fields,
      },
    });
  }

  it('session, balance, and a WITHDRAW + DEPOSIT round', async () => {
    const p = await player(10_000);
    const session = await call('GET', '/players/session', { token: p.token });
    expect(session.status).toBe(200);
    expect(session.body).toEqual({
      status: 'OK',
      session: {
        playerId: p.id,
        token: p.token,
        currency: 'BRL',
        country: 'BR',
        language: 'PT',
        gameId: p.gameCode,
      },
    });
    expect(p.token.length).toBeGreaterThanOrEqual(32);
    expect(p.token.length).toBeLessThanOrEqual(40);
    const balance = await call('GET', `/players/${p.id}/balance`, { token: p.token });
    expect(balance.body).toEqual({
      status: 'OK',
      balance: { cashAmount: 100, bonusAmount: 0, promoAmount: 0 },
    });
    const round = uid('r');
    const bet = await tx(p, 'WITHDRAW', {
      cashAmount: 2.5,
      providerTransactionId: uid('w'),
      providerRoundId: round,
    });
    expect(bet.body.status).toBe('OK');
    expect(bet.body.transactionResult.balance.cashAmount).toBe(97.5);
    expect(typeof bet.body.transactionResult.transactionId).toBe('string');
    const win = await tx(p, 'DEPOSIT', {
      cashAmount: 10.1,
      providerTransactionId: uid('d'),
      providerRoundId: round,
      isGameOver: true,
    });
    expect(win.body.status).toBe('OK');
    expect(win.body.transactionResult.balance.cashAmount).toBe(107.6);
    const gameRound = await call('GET', `/players/${p.id}/gamerounds/${round}`, { token: p.token });
    expect(gameRound.body.status).toBe('OK');
    expect(gameRound.body.gameround.providerRoundId).toBe(round);
    expect(gameRound.body.gameround.endTime).toBeDefined();
    const rows =
      await sql<Json>`SELECT stake_minor, payout_minor, valid_bet_minor, status FROM bet_rounds WHERE round_id = ${round}`.execute(
        t.db,
      );
    expect(
      rows.rows.map((r) => ({
        ...r,
        stake_minor: Number(r.stake_minor),
        payout_minor: Number(r.payout_minor),
        valid_bet_minor: Number(r.valid_bet_minor),
      })),
    ).toEqual([{ stake_minor: 250, payout_minor: 1010, valid_bet_minor: 250, status: 'settled' }]);
    const events =
      await sql<Json>`SELECT r.value FROM domain_events e, jsonb_array_elements(e.payload->'rounds') AS r WHERE e.type = 'bets.settled' AND r.value->>'roundId' = ${round}`.execute(
        t.db,
      );
    expect(events.rows).toHaveLength(1);
    await books();
  });
  const cash = (r: { body: Json }) => r.body.transactionResult?.balance?.cashAmount;
  const code = (r: { body: Json }) => r.body.error?.code ?? r.body.status;

  it('every call repeated 1–3 times in any order applies once', async () => {
    const p = await player(10_000);
    const round = uid('r');
    const w = {
      cashAmount: 1,
      providerTransactionId: uid('w'),
      providerRoundId: round,
      providerBetRef: uid('b'),
    };
    const d = {
      cashAmount: 3,
      providerTransactionId: uid('d'),
      providerRoundId: round,
      isGameOver: true,
    };
    const first = await tx(p, 'WITHDRAW', w);
    expect(cash(first)).toBe(99);
    for (const again of await Promise.all([tx(p, 'WITHDRAW', w), tx(p, 'WITHDRAW', w)])) {
      expect(again.body.status).toBe('OK');
      expect(again.body.transactionResult.transactionId).toBe(
        first.body.transactionResult.transactionId,
      );
    }
    const wins = await Promise.all([tx(p, 'DEPOSIT', d), tx(p, 'DEPOSIT', d), tx(p, 'DEPOSIT', d)]);
    expect(wins.map((r) => r.body.status)).toEqual(['OK', 'OK', 'OK']);
    expect(cash(await tx(p, 'DEPOSIT', d))).toBe(102);
    const found = await call(
      'GET',
      `/players/${p.id}/transactions?providerBetRef=${w.providerBetRef}`,
      { token: p.token },
    );
    expect(found.body.transactions).toHaveLength(1);
    expect(found.body.transactions[0]).toMatchObject({
      transactionType: 'WITHDRAW',
      cashAmount: 1,
      providerRoundId: round,
    });
    const byId = await call(
      'GET',
      `/players/${p.id}/transactions?providerTransactionId=${d.providerTransactionId}`,
      { token: p.token },
    );
    expect(byId.body.transactions[0]).toMatchObject({ transactionType: 'DEPOSIT', cashAmount: 3 });
    await books();
  });

  it('duplicates, unknown rounds, settled rounds, overdraft, currency, negative and over-precise amounts', async () => {
    const p = await player(500);
    const round = uid('r');
    const w = { cashAmount: 1, providerTransactionId: uid('w'), providerRoundId: round };
    await tx(p, 'WITHDRAW', w);
    expect(code(await tx(p, 'WITHDRAW', { ...w, cashAmount: 2 }))).toBe('PAM_ERR_DUPLICATE_TRANS');
    expect(code(await tx(p, 'WITHDRAW', { ...w, providerRoundId: uid('r') }))).toBe(
      'PAM_ERR_DUPLICATE_TRANS',
    );
    const lost = await tx(p, 'DEPOSIT', {
      cashAmount: 1,
      providerTransactionId: uid('d'),
      providerRoundId: uid('nope'),
    });
    expect(code(lost)).toBe('PAM_ERR_TRANS_NOT_FOUND');
    expect(cash(lost)).toBe(4);
    await tx(p, 'DEPOSIT', {
      cashAmount: 0,
      providerTransactionId: uid('d'),
      providerRoundId: round,
      isGameOver: true,
    });
    const late = await tx(p, 'DEPOSIT', {
      cashAmount: 1,
      providerTransactionId: uid('d'),
      providerRoundId: round,
    });
    expect(code(late)).toBe('PAM_ERR_TRANS_ALREADY_SETTLED');
    expect(cash(late)).toBe(4);
    const broke = await tx(p, 'WITHDRAW', {
      cashAmount: 5,
      providerTransactionId: uid('w'),
      providerRoundId: uid('r'),
    });
    expect(code(broke)).toBe('PAM_ERR_CASH_OVERDRAFT');
    expect(cash(broke)).toBe(4);
    expect(
      code(
        await tx(p, 'WITHDRAW', {
          cashAmount: 1,
          currency: 'USD',
          providerTransactionId: uid('w'),
          providerRoundId: uid('r'),
        }),
      ),
    ).toBe('PAM_ERR_TRANS_CURRENCY');
    expect(
      code(
        await tx(p, 'WITHDRAW', {
          cashAmount: -1,
          providerTransactionId: uid('w'),
          providerRoundId: uid('r'),
        }),
      ),
    ).toBe('PAM_ERR_NEGATIVE_STAKE');
    for (const amount of [0.001, 1.005, 0.123456]) {
      const r = await tx(p, 'WITHDRAW', {
        cashAmount: amount,
        providerTransactionId: uid('w'),
        providerRoundId: uid('r'),
      });
      expect(r.status).toBe(400);
      expect(code(r)).toBe('PAM_ERR_UNDEFINED');
    }
    expect(
      cash(
        await tx(p, 'WITHDRAW', {
          cashAmount: 1.1,
          providerTransactionId: uid('w'),
          providerRoundId: uid('r'),
        }),
      ),
    ).toBe(2.9);
    expect(
      code(
        await tx(p, 'WITHDRAW', {
          cashAmount: 1,
          bonusAmount: 1,
          providerTransactionId: uid('w'),
          providerRoundId: uid('r'),
        }),
      ),
    ).toBe('PAM_ERR_BONUS_OVERDRAFT');
    expect(
      code(
        await tx(p, 'WITHDRAW', {
          cashAmount: 1,
          providerGameId: 'no-such-game',
          providerTransactionId: uid('w'),
          providerRoundId: uid('r'),
        }),
      ),
    ).toBe('PAM_ERR_GAME_NOT_FOUND');
    await books();
  });

  it('CANCEL after and before its WITHDRAW, twice, after settlement, of a deposit', async () => {
    const p = await player(1_000);
    const round = uid('r');
    const w = {
      cashAmount: 2,
      providerTransactionId: uid('w'),
      providerRoundId: round,
      providerBetRef: uid('b'),
    };
    await tx(p, 'WITHDRAW', w);
    const cancel = {
      providerTransactionId: uid('c'),
      providerRoundId: round,
      providerBetRef: w.providerBetRef,
    };
    expect(cash(await tx(p, 'CANCEL', cancel))).toBe(10);
    expect(cash(await tx(p, 'CANCEL', cancel))).toBe(10); // the same cancel again: OK
    expect(code(await tx(p, 'CANCEL', { ...cancel, providerTransactionId: uid('c') }))).toBe(
      'PAM_ERR_TRANS_ALREADY_CANCELLED',
    );
    expect(
      code(
        await tx(p, 'DEPOSIT', {
          cashAmount: 1,
          providerTransactionId: uid('d'),
          providerRoundId: round,
        }),
      ),
    ).toBe('PAM_ERR_TRANS_ALREADY_CANCELLED');
    // Evolution style: the CANCEL carries the WITHDRAW's own id.
    const r2 = uid('r');
    const w2 = { cashAmount: 1, providerTransactionId: uid('w'), providerRoundId: r2 };
    await tx(p, 'WITHDRAW', w2);
    expect(
      cash(
        await tx(p, 'CANCEL', {
          providerTransactionId: w2.providerTransactionId,
          providerRoundId: r2,
        }),
      ),
    ).toBe(10);
    // CANCEL before its WITHDRAW: not found, recorded, and the late WITHDRAW is refused.
    const early = {
      providerTransactionId: uid('w'),
      providerRoundId: uid('r'),
      providerBetRef: uid('b'),
    };
    expect(code(await tx(p, 'CANCEL', { ...early, cashAmount: 1 }))).toBe(
      'PAM_ERR_CANCEL_NOT_FOUND',
    );
    const lateBet = await tx(p, 'WITHDRAW', { ...early, cashAmount: 1 });
    expect(code(lateBet)).toBe('PAM_ERR_TRANS_ALREADY_CANCELLED');
    expect(cash(lateBet)).toBe(10);
    // Settled: a cancel is refused; cancelling a deposit is cancelling a non-withdraw.
    const r3 = uid('r');
    await tx(p, 'WITHDRAW', {
      cashAmount: 1,
      providerTransactionId: uid('w'),
      providerRoundId: r3,
      providerBetRef: `${r3}b`,
    });
    const d3 = {
      cashAmount: 2,
      providerTransactionId: uid('d'),
      providerRoundId: r3,
      isGameOver: true,
    };
    await tx(p, 'DEPOSIT', d3);
    expect(
      code(
        await tx(p, 'CANCEL', {
          providerTransactionId: uid('c'),
          providerRoundId: r3,
          providerBetRef: `${r3}b`,
        }),
      ),
    ).toBe('PAM_ERR_TRANS_ALREADY_SETTLED');
    expect(
      code(
        await tx(p, 'CANCEL', {
          providerTransactionId: d3.providerTransactionId,
          providerRoundId: r3,
        }),
      ),
    ).toBe('PAM_ERR_CANCEL_NON_WITHDRAW');
    const rounds = await sql<Json>`SELECT status FROM bet_rounds WHERE round_id = ${round}`.execute(
      t.db,
    );
    expect(rounds.rows[0]!.status).toBe('cancelled');
    await books();
  });

  it("a bet reference is one player's: another player's bet under the same reference neither blocks nor is cancelled", async () => {
    const a = await player(1_000);
    const b = await player(1_000);
    const shared = uid('ref');
    const roundA = uid('r');
    const roundB = uid('r');
    const withdraw = (p: typeof a, round: string) =>
      tx(p, 'WITHDRAW', {
        cashAmount: 1,
        providerTransactionId: uid('w'),
        providerRoundId: round,
        providerBetRef: shared,
      });
    expect(code(await withdraw(b, roundB))).toBe('OK');
    expect(code(await withdraw(a, roundA))).toBe('OK');
    // B cancels its own bet by the shared reference: refunded, A's bet untouched.
    const cancelB = await tx(b, 'CANCEL', {
      cashAmount: 1,
      providerTransactionId: uid('c'),
      providerRoundId: roundB,
      providerBetRef: shared,
    });
    expect(code(cancelB)).toBe('OK');
    expect(cash(cancelB)).toBe(10);
    // A names B's bet (by B's round and a reference only B used): there is no such bet of A's.
    const onlyB = uid('ref');
    const roundX = uid('r');
    await tx(b, 'WITHDRAW', {
      cashAmount: 2,
      providerTransactionId: uid('w'),
      providerRoundId: roundX,
      providerBetRef: onlyB,
    });
    const foreign = await tx(a, 'CANCEL', {
      cashAmount: 2,
      providerTransactionId: uid('c'),
      providerRoundId: roundX,
      providerBetRef: onlyB,
    });
    expect(code(foreign), JSON.stringify(foreign.body)).toBe('PAM_ERR_CANCEL_NOT_FOUND');
    expect(cash(foreign)).toBe(9);
    // A's bet still settles; B's other bet can still be cancelled by B.
    expect(
      cash(
        await tx(a, 'DEPOSIT', {
          cashAmount: 3,
          providerTransactionId: uid('d'),
          providerRoundId: roundA,
        }),
      ),
    ).toBe(12);
    expect(
      code(
        await tx(b, 'CANCEL', {
          cashAmount: 2,
          providerTransactionId: uid('c'),
          providerRoundId: roundX,
          providerBetRef: onlyB,
        }),
      ),
    ).toBe('OK');
    await books();
  });

  it('refuses what the file types otherwise (nested objects, date-times, a bare key, unknown paths) and moves nothing', async () => {
    const p = await player(1_000);
    const bet = (fields: Json) =>
      tx(p, 'WITHDRAW', {
        cashAmount: 1,
        providerTransactionId: uid('w'),
        providerRoundId: uid('r'),
        ...fields,
      });
    for (const fields of [
      { promos: [{ promoType: 'XYZ' }] },
      { promos: [{ promoName: 'n'.repeat(41) }] },
      { promos: [{ currency: 'brl' }] },
      { promos: [{ promoAmount: '1' }] },
      { jackpots: [{ jackpotAmount: 'x' }] },
      { jackpots: [{ jackpotId: 'j'.repeat(41) }] },
      { jackpots: [{ jackpotBuckets: [{ currency: 'x' }] }] },
      { tip: 5 },
      { tip: { tipAmount: 'x' } },
      { roundTransactions: [{ cashAmount: 'x' }] },
      { roundTransactions: [{ isGameOver: 'yes' }] },
      { transactionDateTime: 'yesterday' },
      { transactionDateTime: '' },
      { transactionDateTime: '2026-11-25T10:00:00' }, // no offset: not an RFC 3339 date-time
    ]) {
      const refused = await bet(fields);
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(refused.body.status).toBe('ERROR');
    }
    // The same fields well formed are taken (and kept nowhere).
    const typed = await bet({
      transactionDateTime: '2026-11-25T10:00:00.123-03:00',
      promos: [{ promoType: 'FREESPINS', promoName: 'Giros', promoAmount: 0, currency: 'BRL' }],
      jackpots: [{ jackpotId: 'J1', jackpotAmount: 0.5, jackpotBuckets: [{ bucketAmount: 1 }] }],
      tip: { tipAmount: 0 },
      roundTransactions: [{ providerTransactionId: 'x1', cashAmount: 1, isGameOver: false }],
    });
    expect(code(typed)).toBe('OK');
    expect(cash(typed)).toBe(9); // only the well-formed bet moved money

    // The key as the bearer scheme carries it: a bare key is none; the scheme's case is free.
    const headers = (authorization: string) => ({
      authorization,
      'x-correlation-id': uid('corr'),
      'x-player-token': p.token,
    });
    const balanceUrl = `/pam/players/${p.id}/balance?provider=${PROVIDER}`;
    const bare = await t.app.inject({ url: balanceUrl, headers: headers(DEV_PAM_API_KEY) });
    expect(bare.statusCode).toBe(401);
    expect(bare.json().error.code).toBe('PAM_ERR_API_TOKEN');
    const lower = await t.app.inject({
      url: balanceUrl,
      headers: headers(`bearer ${DEV_PAM_API_KEY}`),
    });
    expect(lower.json().balance.cashAmount).toBe(9);
    // A path the file does not have: the provider's envelope, not the web app's page.
    const unknown = await t.app.inject({
      url: `/pam/players/${p.id}/nothing?provider=${PROVIDER}`,
      headers: headers(`Bearer ${DEV_PAM_API_KEY}`),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ status: 'ERROR', error: { code: 'PAM_ERR_UNDEFINED' } });
    await books();
  });

  it('keys, providers, sessions, players and brands', async () => {
    const p = await player(1_000);
    const wrongKey = await call('GET', `/players/${p.id}/balance`, {
      token: p.token,
      key: 'x'.repeat(40),
    });
    expect(wrongKey.status).toBe(401);
    expect(code(wrongKey)).toBe('PAM_ERR_API_TOKEN');
    expect(
      code(await call('GET', `/players/${p.id}/balance`, { token: p.token, provider: null })),
    ).toBe('PAM_ERR_MISSING_PROVIDER');
    expect(
      code(await call('GET', `/players/${p.id}/balance`, { token: p.token, provider: 'NOPE' })),
    ).toBe('PAM_ERR_MISSING_PROVIDER');
    const noSession = await call('GET', `/players/${p.id}/balance`, { token: 'y'.repeat(40) });
    expect(noSession.status).toBe(401);
    expect(code(noSession)).toBe('PAM_ERR_SESSION_NOT_FOUND');
    const other = await player(0);
    expect(code(await call('GET', `/players/${other.id}/balance`, { token: p.token }))).toBe(
      'PAM_ERR_PLAYER_NOT_FOUND',
    );
    // Another brand's player: its session is not this key's.
    await sql`INSERT INTO brands (merchant_code, name, currency, currency_symbol, country_code, country_dialing_code, time_zone, default_language, is_default, settings)
      SELECT 'OTHER', 'Other', currency, currency_symbol, country_code, country_dialing_code, time_zone, default_language, false, settings FROM brands WHERE merchant_code = 'BANCA'
      ON CONFLICT DO NOTHING`.execute(t.db);
    const foreign = await player(0, 'OTHER');
    expect(
      code(await call('GET', `/players/${foreign.id}/balance`, { token: foreign.token })),
    ).toBe('PAM_ERR_SESSION_NOT_FOUND');
    expect(code(await call('GET', `/players/${foreign.id}/balance`, { token: p.token }))).toBe(
      'PAM_ERR_PLAYER_NOT_FOUND',
    );
    // Refresh: a new token, the old one invalid.
    const refreshed = await call('PUT', '/players/session', { token: p.token });
    expect(refreshed.body.status).toBe('OK');
    const fresh = refreshed.body.session.token as string;
    expect(fresh).not.toBe(p.token);
    expect(code(await call('GET', '/players/session', { token: p.token }))).toBe(
      'PAM_ERR_SESSION_NOT_FOUND',
    );
    expect((await call('GET', `/players/${p.id}/balance`, { token: fresh })).body.status).toBe(
      'OK',
    );
    // Expired: bets refused, wins land.
    const round = uid('r');
    await tx({ ...p, token: fresh }, 'WITHDRAW', {
      cashAmount: 1,
      providerTransactionId: uid('w'),
      providerRoundId: round,
    });
    // A session of this player that ended its 12 hours a minute ago (sessions never change
    // their expiry, so the service may remember them: this one it has never seen).
    const stale = 'expired-session-token-0123456789abcdefgh';
    await sql`INSERT INTO game_sessions (token_hash, merchant_code, member_id, vendor_code, game_code, currency, language, country, expires_at)
      SELECT ${sha256(stale)}, merchant_code, member_id, vendor_code, game_code, currency, language, country, now() - interval '1 minute'
      FROM game_sessions WHERE member_id = ${p.memberId} LIMIT 1`.execute(t.db);
    const expired = await tx({ ...p, token: stale }, 'WITHDRAW', {
      cashAmount: 1,
      providerTransactionId: uid('w'),
      providerRoundId: uid('r'),
    });
    expect(code(expired)).toBe('PAM_ERR_SESSION_EXPIRED');
    expect(
      (
        await tx({ ...p, token: stale }, 'DEPOSIT', {
          cashAmount: 5,
          providerTransactionId: uid('d'),
          providerRoundId: round,
        })
      ).body.status,
    ).toBe('OK');
    // Blocked: bets refused, wins land.
    const b = await player(1_000);
    const br = uid('r');
    await tx(b, 'WITHDRAW', {
      cashAmount: 1,
      providerTransactionId: uid('w'),
      providerRoundId: br,
    });
    await sql`UPDATE members SET status = 'disabled' WHERE id = ${b.memberId}`.execute(t.db);
    await new Promise((resolve) => setTimeout(resolve, 5_100)); // the status is remembered 5 s
    expect(
      code(
        await tx(b, 'WITHDRAW', {
          cashAmount: 1,
          providerTransactionId: uid('w'),
          providerRoundId: uid('r'),
        }),
      ),
    ).toBe('PAM_ERR_BET_NOT_ALLOWED');
    expect(
      (
        await tx(b, 'DEPOSIT', {
          cashAmount: 1,
          providerTransactionId: uid('d'),
          providerRoundId: br,
        })
      ).body.status,
    ).toBe('OK');
    expect(
      code(await call('GET', `/players/${p.id}/gamerounds/${uid('none')}`, { token: fresh })),
    ).toBe('PAM_ERR_ROUND_NOT_FOUND');
    const malformed = await call('POST', `/players/${p.id}/transactions`, {
      token: fresh,
      body: { nonsense: true },
    });
    expect(malformed.status).toBe(400);
    expect(code(malformed)).toBe('PAM_ERR_UNDEFINED');
    // A transfer-mode vendor plays from its own balance: no bet on the main wallet through /pam.
    const transferVendor = await sql<{ vendor_code: string; game_code: string }>`
      SELECT i.vendor_code, g.game_code FROM vendor_integrations i JOIN games g ON g.vendor_code = i.vendor_code
      WHERE i.merchant_code = 'BANCA' AND i.wallet_mode = 'transfer' LIMIT 1`.execute(t.db);
    const tv = transferVendor.rows[0]!;
    const tvSession = await t.app.services.vendors.createGameSession(
      { memberId: p.memberId, language: 'pt-BR' },
      { vendorCode: tv.vendor_code, gameCode: tv.game_code },
      'BRL',
      { merchantCode: 'BANCA', countryCode: 'BR' },
    );
    const transferBet = await call('POST', `/players/${p.id}/transactions`, {
      token: tvSession.token,
      provider: tv.vendor_code,
      body: {
        currency: 'BRL',
        provider: tv.vendor_code,
        transactionType: 'WITHDRAW',
        cashAmount: 1,
        bonusAmount: 0,
        promoAmount: 0,
        transactionDateTime: new Date().toISOString(),
        providerTransactionId: uid('w'),
        providerRoundId: uid('r'),
        providerGameId: tv.game_code,
      },
    });
    expect(code(transferBet)).toBe('PAM_ERR_BET_NOT_ALLOWED');
    await books();
  }, 30_000);

  it.runIf(engine === 'postgres')(
    'concurrent rounds of one player, each call sent 1–3 times',
    async () => {
      const p = await player(100_000);
      const work = Array.from({ length: 40 }, (_, i) => async () => {
        const round = uid(`cr${i}`);
        const w = { cashAmount: 1, providerTransactionId: uid('w'), providerRoundId: round };
        const d = {
          cashAmount: i % 3,
          providerTransactionId: uid('d'),
          providerRoundId: round,
          isGameOver: true,
        };
        await Promise.all(Array.from({ length: 1 + (i % 3) }, () => tx(p, 'WITHDRAW', w)));
        if (i % 5 === 0)
          await Promise.all([
            tx(p, 'CANCEL', {
              providerTransactionId: w.providerTransactionId,
              providerRoundId: round,
            }),
            tx(p, 'DEPOSIT', d),
          ]);
        else await Promise.all(Array.from({ length: 1 + (i % 2) }, () => tx(p, 'DEPOSIT', d)));
      });
      await Promise.all(work.map((run) => run()));
      const rounds =
        await sql<Json>`SELECT count(*)::int AS n FROM bet_rounds WHERE member_id = ${p.memberId}`.execute(
          t.db,
        );
      expect(rounds.rows[0]!.n).toBe(40);
      await books();
    },
  );

  it('the OpenAPI document lists the PAM API under its own tag', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as Json;
    const post = doc.paths['/pam/players/{playerId}/transactions'].post;
    expect(post.tags).toEqual(['pam']);
    expect(
      post.requestBody.content['application/json'].schema.properties.transactionType.enum,
    ).toContain('PROMOCANCEL');
  });

  it('over real HTTP, as Valkyrie’s generic PAM client calls it', async () => {
    const p = await player(1_000);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const headers = {
      authorization: `Bearer ${DEV_PAM_API_KEY}`,
      'x-player-token': p.token,
      'x-correlation-id': '-',
      'content-type': 'application/json',
    };
    const round = uid('r');
    const res = await fetch(`${address}/pam/players/${p.id}/transactions?provider=${PROVIDER}`, {
      method: 'POST',
      headers,
      // Valkyrie sends amounts with six decimals (pam/amt.go StringFixed(6)).
      body: `{"currency":"BRL","provider":"${PROVIDER}","transactionType":"WITHDRAW","cashAmount":1.500000,"bonusAmount":0.000000,"promoAmount":0.000000,"transactionDateTime":"2026-01-01T00:00:00Z","providerTransactionId":"${uid('w')}","providerGameId":"${p.gameCode}","providerRoundId":"${round}"}`,
    });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
    expect(res.headers.get('x-correlation-id')).toBe('-');
    expect(((await res.json()) as Json).transactionResult.balance.cashAmount).toBe(8.5);
    const balance = await fetch(`${address}/pam/players/${p.id}/balance?provider=${PROVIDER}`, {
      headers,
    });
    expect(await balance.json()).toEqual({
      status: 'OK',
      balance: { cashAmount: 8.5, bonusAmount: 0, promoAmount: 0 },
    });
    await books();
  });
});
