import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '../../apps/server/src/demo/operators';
import { totpCodeAt } from '../../apps/server/src/modules/auth';
import { addDays, periodOfDay } from '../../apps/server/src/modules/rewards/cashback/periods';
import { dayInZone, startOfDayUtc } from '../../apps/server/src/modules/wallet';
import { freshUsername, registerMember } from '../support/accounts';
import { screenshot, scrollTo } from '../support/browser';
import { useJourney } from '../support/journey';

/**
 * Weekly cashback end to end (issue 16 §5, "a week's cashback paid once by the job"): an
 * operator turns on a 10 % weekly programme in the console's Bonus & cashback desk; a member
 * lost R$ 40 last week; the hourly job's run of this Monday's midnight — twice at once — pays
 * R$ 4 once; the member finds the message in the inbox and the money in the balance, and the
 * desk lists the week as paid; the bonus pages read their texts from the catalogue. In pt-BR,
 * against the real platform, ledger and event bus.
 */
const journey = useJourney();
const PASSWORD = 'Cashback@2026';
const HOUR_MS = 3_600_000;

describe('weekly cashback', () => {
  it('an operator sets weekly cashback, the job pays last week’s loss once, the member reads it in the inbox', async () => {
    const { platform } = journey;
    const services = platform.app.services;
    const brand = (await services.system.brandByCode('BANCA'))!;
    const username = freshUsername('cashback');
    await registerMember(platform.baseUrl, { username, password: PASSWORD });
    const { id } = await platform.db
      .selectFrom('members')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    const member = { memberId: id, merchantCode: 'BANCA', currency: 'BRL' };
    await services.wallet.adjust({
      member,
      amountMinor: 100_00,
      reason: 'e2e credit',
      operatorId: 'e2e',
      idempotencyKey: `e2e-cashback-${id}`,
    });
    // Last week's Wednesday: a R$ 40 stake that lost, as a game's bet record settles it.
    const week = periodOfDay(
      'week',
      dayInZone(new Date(Date.now() - 7 * 86_400_000), brand.timeZone),
    );
    const round = `E2E-CB-${id}`;
    for (const [type, amount] of [
      ['WITHDRAW', 40_00],
      ['DEPOSIT', 0],
    ] as const)
      await services.wallet.bets.post({
        member,
        bet: {
          merchant: 'BANCA',
          member: id,
          vendor: 'BGS',
          game: 'DICE',
          round,
          currency: 'BRL',
          txId: `${round}:${type}`,
          type,
          betRef: null,
          amount,
          txTime: new Date().toISOString(),
          gameOver: type === 'DEPOSIT',
          cancels: null,
          tombstone: false,
        },
      });
    const wednesday = new Date(
      startOfDayUtc(addDays(week.firstDay, 2), brand.timeZone).getTime() + 15 * HOUR_MS,
    );
    await sql`UPDATE bet_rounds SET opened_at = ${wednesday}, settled_at = ${wednesday}
      WHERE round_id = ${round}`.execute(platform.db);

    // The operator's console: the desk, weekly at 10 %.
    const { page, context } = await journey.openBrowser();
    await page.goto(journey.url('/admin'));
    await page.getByTestId('admin-sign-in').waitFor();
    await page.getByLabel('Usuário').fill(DEMO_OPERATOR.username);
    await page.getByLabel('Senha', { exact: true }).fill(DEMO_OPERATOR.password);
    await page.getByTestId('admin-sign-in-submit').click();
    await page.getByTestId('admin-code').fill(totpCodeAt(DEMO_OPERATOR.totpSecret, Date.now()));
    await page.getByTestId('admin-code-submit').click();
    await page.getByTestId('desk-link-reward-settings').click();
    await page.getByTestId('reward-settings-desk').waitFor();
    await page.getByTestId('cashback-enabled').check();
    await page.getByTestId('cashback-rate').fill('10');
    await page.getByTestId('cashback-period').selectOption('week');
    await page.getByTestId('cashback-min-loss').fill('1,00');
    await page.getByTestId('cashback-cap').fill('0');
    await page.getByTestId('cashback-save').click();
    await expect
      .poll(() => services.cashback.settings('BANCA'))
      .toEqual({
        enabled: true,
        rateBp: 1_000,
        period: 'week',
        minLossMinor: 1_00,
        maxPayoutMinor: 0,
      });
    await screenshot(page, 'cashback-desk-saved');
    await scrollTo(page.getByTestId('rebate-save'));
    await screenshot(page, 'cashback-desk-rules');

    // This Monday's midnight: the job's hour ending then, run twice at once.
    const monday = startOfDayUtc(addDays(week.lastDay, 1), brand.timeZone);
    const hour = new Date(monday.getTime() - HOUR_MS).toISOString().slice(0, 16);
    await Promise.all([
      platform.app.jobs.runNow('rewards.cashback-days', hour),
      platform.app.jobs.runNow('rewards.cashback-days', hour),
    ]);
    while ((await platform.app.events.deliverPending()) > 0);
    const paid = await platform.db
      .selectFrom('ledger_operations')
      .select('id')
      .where('idempotency_key', '=', `cashback:week:${week.firstDay}:${id}`)
      .execute();
    expect(paid).toHaveLength(1);

    // The desk lists the week as paid.
    await page.reload();
    const paidRow = page
      .getByTestId('cashback-paid-table')
      .getByTestId('table-row')
      .filter({ hasText: 'R$' });
    await paidRow.first().waitFor();
    await screenshot(page, 'cashback-desk-paid');

    // The member: R$ 100 − 40 + 4, and the message.
    const player = await context.newPage();
    await player.goto(journey.url('/login'));
    await player.getByTestId('login-username').fill(username);
    await player.getByTestId('login-password').fill(PASSWORD);
    await player.getByTestId('login-submit').click();
    await player.locator('[data-testid="header-balance"][data-state="ready"]').waitFor();
    expect(
      (await player.getByTestId('header-balance-value').innerText()).replace(/\u00a0/g, ' '),
    ).toBe('R$ 64,00');
    await player.getByTestId('header-inbox').click();
    const message = player.getByTestId('inbox-message').filter({ hasText: 'Cashback creditado' });
    await message.waitFor();
    const text = (await message.innerText()).replace(/\u00a0/g, ' ');
    expect(text).toContain('Você recebeu R$ 4,00 de cashback sobre suas perdas de');
    const [y, m, d] = week.firstDay.split('-');
    expect(text).toContain(`${d}/${m}/${y}`);
    expect(await player.getByTestId('inbox-message').count()).toBe(1);
    await screenshot(player, 'cashback-inbox');

    // The bonus pages' texts come from the rewards catalogue part, loaded with the page.
    await player.goto(journey.url('/member?page=bonusDetails'));
    await player.getByTestId('bonus-details-page').getByText('Detalhes do bônus').waitFor();
    // The heading comes with the page; the empty list's line once the member's bonuses loaded.
    await player
      .getByTestId('bonus-details-page')
      .getByText('Nenhum bônus em andamento.')
      .waitFor();
    await player.goto(journey.url('/member?page=manualRebate'));
    await player.getByTestId('manual-rebate-page').getByText('Cashback manual').first().waitFor();
  });
});
