import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DEV_PAM_API_KEY } from '../src/config';
import { seedDemoVendorIntegrations } from '../src/demo/vendor-integrations';
import { checkInvariants } from '../src/modules/wallet/ledger';
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
      await sql<Json>`SELECT payload FROM domain_events WHERE type = 'bet.settled' AND payload->>'roundId' = ${round}`.execute(
        t.db,
      );
    expect(events.rows).toHaveLength(1);
    await books();
  });
});
