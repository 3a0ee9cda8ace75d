import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_PAM_API_KEY } from '../../../config';
import { seedDemoVendorIntegrations } from '../../../demo/vendor-integrations';
import { AppError } from '../../../http/errors';
import { ENGINES, startTestApp, type TestApp } from '../../../../test/harness';
import { seedMember } from '../../../../test/seeds';
import { checkBetRecords } from '../../wallet';
import { checkInvariants } from '../../wallet/ledger';
import { houseBet } from '../../../../test/bets';

const PROVIDER = 'PG';
const DAY_MS = 86_400_000;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- PAM answers are read field by field
type Json = Record<string, any>;

/**
 * Which wallet a bet uses (docs/bonus.md, migration 0032) against the real ledger, through the
 * PAM API as a vendor calls it and through the wallet's bet path as house games post: under
 * bonus_first a stake draws the bonus account first and a win is split back in the stake's
 * proportion, bets count toward wagering, the conversion and a forfeit take what is left, a
 * cancel gives each wallet back what its bet took, repeats stay repeats, cash-only categories
 * and transfer-wallet vendors never take bonus money, and cash_first is what it was.
 */
describe.each(ENGINES)('bet order on %s', (engine) => {
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

  const ref = (memberId: number) => ({ memberId, merchantCode: 'BANCA', currency: 'BRL' });

  function order(betOrder: 'cash_first' | 'bonus_first', cashOnlyCategories: string[] = []) {
    return t.app.services.bonus.betOrder.save('BANCA', {
      betOrder,
      cashOnlyCategories: cashOnlyCategories as never,
    });
  }

  async function categoryOf(vendorCode: string): Promise<string> {
    const menus = await t.app.services.games.gameMenus();
    return menus.flatMap((m) => m.vendors).find((v) => v.code === vendorCode)!.gameCategory;
  }

  /** A member with cash, a bonus of `bonusMinor` (requirement `multiple` × bonus) and a PG session. */
  async function player(cashMinor: number, bonusMinor: number, multiple: number) {
    const memberId = await seedMember(t.db);
    await t.app.services.wallet.adjust({
      member: ref(memberId),
      amountMinor: cashMinor,
      reason: 'test',
      operatorId: 'test',
      idempotencyKey: uid('fund'),
    });
    const grant = await t.app.services.bonus.grant({
      member: ref(memberId),
      sourceKey: uid('welcome'),
      titles: { 'pt-BR': 'Bônus', en: 'Bonus' },
      amountMinor: bonusMinor,
      wageringMultiple: multiple,
      wageringBase: 'bonus',
      expiresAt: new Date(Date.now() + 7 * DAY_MS),
    });
    const game = await sql<{ game_code: string }>`
      SELECT game_code FROM games WHERE vendor_code = ${PROVIDER} LIMIT 1`.execute(t.db);
    const gameCode = game.rows[0]!.game_code;
    const { token } = await t.app.services.vendors.createGameSession(
      { memberId, language: 'pt-BR' },
      { vendorCode: PROVIDER, gameCode },
      'BRL',
      { merchantCode: 'BANCA', countryCode: 'BR' },
    );
    return { id: String(memberId), memberId, token, gameCode, grantId: grant.id };
  }
  type Player = Awaited<ReturnType<typeof player>>;

  async function pam(method: 'GET' | 'POST', url: string, p: Player, body?: Json) {
    const res = await t.app.inject({
      method,
      url: `/pam${url}${url.includes('?') ? '&' : '?'}provider=${PROVIDER}`,
      headers: {
        authorization: `Bearer ${DEV_PAM_API_KEY}`,
        'x-correlation-id': uid('corr'),
        'x-player-token': p.token,
      },
      ...(body ? { payload: body } : {}),
    });
    return res.json() as Json;
  }

  function tx(p: Player, type: string, fields: Json) {
    return pam('POST', `/players/${p.id}/transactions`, p, {
      currency: 'BRL',
      provider: PROVIDER,
      transactionType: type,
      cashAmount: 0,
      bonusAmount: 0,
      promoAmount: 0,
      transactionDateTime: new Date().toISOString(),
      providerGameId: p.gameCode,
      ...fields,
    });
  }

  async function pamBalance(p: Player) {
    return (await pam('GET', `/players/${p.id}/balance`, p)).balance as Json;
  }

  async function bonusList(p: Player) {
    while ((await t.app.events.deliverPending()) > 0);
    return t.app.services.bonus.list(ref(p.memberId), 'en');
  }

  async function walletOf(memberId: number) {
    const [cash, bonus] = await Promise.all([
      t.app.services.wallet.purposeBalance(ref(memberId), 'main'),
      t.app.services.wallet.purposeBalance(ref(memberId), 'bonus'),
    ]);
    return { cash, bonus };
  }

  async function books() {
    expect(await checkInvariants(t.db)).toEqual([]);
    expect(await checkBetRecords(t.db)).toEqual([]);
  }

  it('bonus_first: stakes draw the bonus first, wins split back, wagering counts, the conversion takes what is left', async () => {
    await order('bonus_first');
    const p = await player(50_00, 20_00, 2); // requirement R$ 40
    expect(await pamBalance(p)).toEqual({ cashAmount: 50, bonusAmount: 20, promoAmount: 0 });

    // R$ 30: R$ 20 of bonus, then R$ 10 of cash.
    const round = uid('r');
    const bet = await tx(p, 'WITHDRAW', {
      cashAmount: 30,
      providerTransactionId: uid('w'),
      providerRoundId: round,
    });
    expect(bet.status, JSON.stringify(bet)).toBe('OK');
    expect(bet.transactionResult.balance).toEqual({
      cashAmount: 40,
      bonusAmount: 0,
      promoAmount: 0,
    });

    // A win of R$ 60 on a stake two thirds bonus: R$ 40 to the bonus wallet, R$ 20 to cash.
    const win = await tx(p, 'DEPOSIT', {
      cashAmount: 60,
      providerTransactionId: uid('d'),
      providerRoundId: round,
    });
    expect(win.transactionResult.balance).toEqual({
      cashAmount: 60,
      bonusAmount: 40,
      promoAmount: 0,
    });
    expect(await walletOf(p.memberId)).toEqual({ cash: 60_00, bonus: 40_00 });
    // The whole stake counts toward wagering (weight 100 %), bonus part included.
    expect((await bonusList(p)).list[0]).toMatchObject({ wageredMinor: 30_00, status: 'open' });

    // R$ 10 more, lost: all from the bonus. The requirement is met, and what is left (R$ 30,
    // not the R$ 20 granted) becomes cash.
    const last = uid('r');
    const lastBet = await tx(p, 'WITHDRAW', {
      cashAmount: 10,
      providerTransactionId: uid('w'),
      providerRoundId: last,
    });
    expect(lastBet.transactionResult.balance).toMatchObject({ cashAmount: 60, bonusAmount: 30 });
    await tx(p, 'DEPOSIT', {
      cashAmount: 0,
      providerTransactionId: uid('d'),
      providerRoundId: last,
    });
    const view = await bonusList(p);
    expect(view.list[0]).toMatchObject({ status: 'completed', wageredMinor: 40_00 });
    expect(view.bonusBalanceMinor).toBe(0);
    expect(await walletOf(p.memberId)).toEqual({ cash: 90_00, bonus: 0 });
    const closed = await sql<{ closed_amount_minor: number }>`
      SELECT closed_amount_minor FROM bonus_grants WHERE id = ${p.grantId}`.execute(t.db);
    expect(Number(closed.rows[0]!.closed_amount_minor)).toBe(30_00);
    await books();
  });

  it('bonus_first: a repeated bet stays a repeat, the vendor sees each part, a cancel gives each wallet back its part', async () => {
    await order('bonus_first');
    const p = await player(10_00, 20_00, 10);
    const round = uid('r');
    const id = uid('w');
    const bet = await tx(p, 'WITHDRAW', {
      cashAmount: 25,
      providerTransactionId: id,
      providerRoundId: round,
    });
    expect(bet.transactionResult.balance).toMatchObject({ cashAmount: 5, bonusAmount: 0 });
    // The bonus wallet changed since (a second grant): the repeat would split otherwise, yet it
    // answers the first transaction and moves nothing.
    await t.app.services.bonus.grant({
      member: ref(p.memberId),
      sourceKey: uid('second'),
      titles: { en: 'Second' },
      amountMinor: 5_00,
      wageringMultiple: 10,
      wageringBase: 'bonus',
      expiresAt: new Date(Date.now() + DAY_MS),
    });
    const repeat = await tx(p, 'WITHDRAW', {
      cashAmount: 25,
      providerTransactionId: id,
      providerRoundId: round,
    });
    expect(repeat.status).toBe('OK');
    expect(repeat.transactionResult.transactionId).toBe(bet.transactionResult.transactionId);
    expect(await walletOf(p.memberId)).toEqual({ cash: 5_00, bonus: 5_00 });
    const listed = await pam('GET', `/players/${p.id}/transactions?providerTransactionId=${id}`, p);
    expect(listed.transactions[0]).toMatchObject({ cashAmount: 5, bonusAmount: 20 });

    // The cancel names the bet by its id (as Evolution does) and gives back R$ 20 + R$ 5.
    const cancel = await tx(p, 'CANCEL', {
      cashAmount: 25,
      providerTransactionId: id,
      providerRoundId: round,
    });
    expect(cancel.status, JSON.stringify(cancel)).toBe('OK');
    expect(await walletOf(p.memberId)).toEqual({ cash: 10_00, bonus: 25_00 });
    await books();
  });

  it('bonus_first: many cancels at once (a voided draw) give each stake back to the wallets it came from, once', async () => {
    await order('bonus_first');
    const withBonus = await player(10_00, 20_00, 10);
    const cashOnly = await seedMember(t.db);
    await t.app.services.wallet.adjust({
      member: ref(cashOnly),
      amountMinor: 10_00,
      reason: 'test',
      operatorId: 'test',
      idempotencyKey: uid('fund'),
    });
    const rounds = [uid('v'), uid('v'), uid('v')];
    const stake = (memberId: number, round: string, amount: number) =>
      t.app.services.wallet.bets.post({
        member: ref(memberId),
        bet: houseBet(memberId, round, 'WITHDRAW', amount),
      });
    await stake(withBonus.memberId, rounds[0]!, 25_00); // R$ 20 of bonus, R$ 5 of cash
    await stake(cashOnly, rounds[1]!, 3_00);
    expect(await walletOf(withBonus.memberId)).toEqual({ cash: 5_00, bonus: 0 });
    const cancels = [
      [withBonus.memberId, rounds[0]!, 25_00],
      [cashOnly, rounds[1]!, 3_00],
      [cashOnly, rounds[2]!, 1_00], // never staked: nothing to give back
    ].map(([memberId, round, amount]) => ({
      member: ref(memberId as number),
      bet: {
        ...houseBet(memberId as number, round as string, 'DEPOSIT', amount as number),
        type: 'CANCEL' as const,
        txId: `${round}:void`,
      },
      withdrawTxId: `${round}:WITHDRAW`,
    }));
    // Twice: the second as a refund that stopped before marking its slips runs again — the same
    // answers, and nothing more moves.
    for (let run = 1; run <= 2; run++) {
      expect(await t.app.services.wallet.bets.cancelMany(cancels), `run ${run}`).toEqual([
        'cancelled',
        'cancelled',
        'nothing',
      ]);
      expect(await walletOf(withBonus.memberId)).toEqual({ cash: 10_00, bonus: 20_00 });
      expect(await walletOf(cashOnly)).toEqual({ cash: 10_00, bonus: 0 });
    }
    const { rows } = await sql<{ round_id: string; status: string; stake_minor: string }>`
      SELECT round_id, status, stake_minor FROM bet_rounds
      WHERE vendor_code = 'BGS' AND round_id = ANY (${rounds}::text[]) ORDER BY round_id`.execute(
      t.db,
    );
    expect(rows.map((r) => [r.status, Number(r.stake_minor)])).toEqual([
      ['cancelled', 0],
      ['cancelled', 0],
    ]);
    await books();
  });

  it('bonus_first: a forfeit takes what is left; a cash-only category and a vendor wallet take no bonus money', async () => {
    const houseCategory = await categoryOf('BGS');
    expect(await categoryOf(PROVIDER)).not.toBe(houseCategory);
    await order('bonus_first', [houseCategory]);
    const p = await player(10_00, 20_00, 10);

    // House games (cash only here) draw cash alone: R$ 15 is more than the cash.
    const house = (type: 'WITHDRAW' | 'DEPOSIT', amount: number, round: string) =>
      t.app.services.wallet.bets.post({
        member: ref(p.memberId),
        bet: houseBet(p.memberId, round, type, amount),
      });
    await expect(house('WITHDRAW', 15_00, uid('h'))).rejects.toMatchObject({
      code: 'insufficient_funds',
    });
    const dice = uid('h');
    await house('WITHDRAW', 4_00, dice);
    await house('DEPOSIT', 8_00, dice);
    expect(await walletOf(p.memberId)).toEqual({ cash: 14_00, bonus: 20_00 });

    // The vendor of a cash-only category sends bonus money: refused, nothing moved.
    await order('bonus_first', [await categoryOf(PROVIDER)]);
    expect(await pamBalance(p)).toEqual({ cashAmount: 14, bonusAmount: 0, promoAmount: 0 });
    const refused = await tx(p, 'WITHDRAW', {
      cashAmount: 1,
      bonusAmount: 1,
      providerTransactionId: uid('w'),
      providerRoundId: uid('r'),
    });
    expect(refused.error.code).toBe('PAM_ERR_BONUS_OVERDRAFT');
    expect(refused.transactionResult.balance).toMatchObject({ cashAmount: 14, bonusAmount: 0 });

    // Moving more than the cash into a transfer-wallet vendor: bonus money never goes there.
    const brand = (await t.app.services.system.brandByCode('BANCA'))!;
    const vendors = await t.app.services.wallet.transferVendors();
    if (vendors.length > 0) {
      const refusal = await t.app.services.wallet
        .transferBetweenWallets(ref(p.memberId), brand, {
          fromAccountTypeId: 0,
          toAccountTypeId: vendors[0]!.wallet_type_id!,
          amountMinor: 20_00,
          idempotencyKey: null,
        })
        .catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(AppError);
      expect((refusal as AppError).code).toBe('bonus_not_transferable');
    }

    // A PG stake of R$ 12 at a bonus-taking vendor: R$ 12 from the bonus, lost; the forfeit
    // gives back the R$ 8 left, not the R$ 20 granted.
    await order('bonus_first');
    const round = uid('r');
    await tx(p, 'WITHDRAW', {
      cashAmount: 12,
      providerTransactionId: uid('w'),
      providerRoundId: round,
    });
    await tx(p, 'DEPOSIT', {
      cashAmount: 0,
      providerTransactionId: uid('d'),
      providerRoundId: round,
    });
    expect(await walletOf(p.memberId)).toEqual({ cash: 14_00, bonus: 8_00 });
    const forfeited = await t.app.services.bonus.forfeit(ref(p.memberId), p.grantId, 'en');
    expect(forfeited.status).toBe('forfeited');
    expect(await walletOf(p.memberId)).toEqual({ cash: 14_00, bonus: 0 });
    await books();
  });

  it('cash_first: bets use cash only, the balance shows no bonus money, the conversion moves the grant', async () => {
    await order('cash_first');
    const p = await player(30_00, 10_00, 1);
    expect(await pamBalance(p)).toEqual({ cashAmount: 30, bonusAmount: 0, promoAmount: 0 });
    const round = uid('r');
    const bet = await tx(p, 'WITHDRAW', {
      cashAmount: 10,
      providerTransactionId: uid('w'),
      providerRoundId: round,
    });
    expect(bet.transactionResult.balance).toEqual({
      cashAmount: 20,
      bonusAmount: 0,
      promoAmount: 0,
    });
    await tx(p, 'DEPOSIT', {
      cashAmount: 5,
      providerTransactionId: uid('d'),
      providerRoundId: round,
    });
    expect((await bonusList(p)).list[0]).toMatchObject({ status: 'completed' });
    expect(await walletOf(p.memberId)).toEqual({ cash: 35_00, bonus: 0 });
    const rows = await sql<{ bonus_stake_minor: number }>`
      SELECT bonus_stake_minor FROM bet_rounds WHERE round_id = ${round}`.execute(t.db);
    expect(Number(rows.rows[0]!.bonus_stake_minor)).toBe(0);
    await books();
  });
});
