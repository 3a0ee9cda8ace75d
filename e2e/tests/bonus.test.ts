import { describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '../../apps/server/src/demo/operators';
import { hashPassword, totpCodeAt } from '../../apps/server/src/modules/auth';
import { freshUsername, registerMember } from '../support/accounts';
import { screenshot, scrollTo, type Page } from '../support/browser';
import { useJourney } from '../support/journey';

/**
 * The welcome bonus in a real browser (issue 16 "Checked by"; docs/bonus.md): a NEW member
 * deposits R$ 50 with PIX, paying the BR Code on the sandbox PSP's page; the first-deposit
 * promotion then offers its bonus of R$ 20 with a 3× wagering requirement, which the member
 * claims on the promotions page. Bonus details shows the balance, the bar at zero and the
 * countdown; a withdrawal is refused with the translated turnover message. The brand bets
 * bonus-first, so the first roll of house dice stakes the bonus money; after each roll the bar
 * has grown; once the R$ 60 are wagered what is left of the bonus is cash, and the member
 * withdraws. In pt-BR, against the real platform, ledger, event bus and PIX sandbox.
 */
const journey = useJourney();
const PASSWORD = 'Bonus@2026';
const PAYMENT_PASSWORD = '482915';
/** A CPF whose check digits are right (another than the withdraw journey's). */
const CPF = '11144477735';
const BONUS_MINOR = 2_000;
const MULTIPLE = 3;
/** Each roll stakes R$ 20: three rolls meet the R$ 60 requirement (dice counts 100 %). */
const STAKE = '20';
const ROLLS = 3;

async function text(page: Page, testId: string): Promise<string> {
  return (await page.getByTestId(testId).first().innerText()).replace(/\u00a0/g, ' ').trim();
}

async function progress(page: Page): Promise<number> {
  return Number(await page.getByTestId('bonus-progress').first().getAttribute('aria-valuenow'));
}

describe('a new member deposits, plays a welcome bonus through and withdraws', () => {
  it('deposits with PIX, claims the first-deposit bonus, is held by its wagering, plays it through, withdraws', async () => {
    const { platform } = journey;
    const services = platform.app.services;
    // The brand's welcome promotion is this one: a first deposit from R$ 10 gives R$ 20 of
    // bonus, wagered 3×.
    for (const p of (await services.rewards.admin.list('BANCA')).promotions)
      if (p.trigger === 'first_deposit') await services.rewards.admin.setEnabled(p.id, false);
    const promotion = await services.rewards.admin.create({
      merchantCode: 'BANCA',
      category: 'welcome',
      sortOrder: 0,
      titles: { 'pt-BR': 'Bônus de primeiro depósito', en: 'First deposit bonus' },
      summaries: {
        'pt-BR': 'Deposite pela primeira vez e ganhe R$ 20 em bônus.',
        en: 'Make your first deposit and get R$ 20 of bonus.',
      },
      bodies: {
        'pt-BR': '<p>Aposte 3 vezes o bônus para convertê-lo em saldo sacável.</p>',
        en: '<p>Wager the bonus 3 times to turn it into withdrawable cash.</p>',
      },
      startsAt: new Date(Date.now() - 86_400_000).toISOString(),
      endsAt: null,
      enabled: true,
      trigger: 'first_deposit',
      thresholdMinor: 10_00,
      requiresJoin: false,
      claimMode: 'claim',
      rewardKind: 'bonus',
      ticketKind: null,
      rewardCalc: 'fixed',
      rewardFixedMinor: BONUS_MINOR,
      rewardPercentBps: 0,
      rewardCapMinor: null,
      wageringMultiple: MULTIPLE,
      wageringBase: 'bonus',
      periodType: 'once',
      eligibility: 'all',
    });

    const username = freshUsername('bonus');
    await registerMember(platform.baseUrl, { username, password: PASSWORD });
    const { id } = await platform.db
      .selectFrom('members')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    const member = { memberId: id, merchantCode: 'BANCA', currency: 'BRL' };
    const brand = (await services.system.brandByCode('BANCA'))!;
    // What the withdraw journey clicks through (payment password, CPF, PIX key), done here.
    await platform.db
      .updateTable('members')
      .set({ payment_password_hash: await hashPassword(PAYMENT_PASSWORD) })
      .where('id', '=', id)
      .execute();
    await services.identity.record(member, brand, {
      cpf: CPF,
      fullName: 'Joana Prado',
      birthDate: '1992-03-14',
    });
    await services.identity.addPixKey(member, brand, { type: 'cpf', key: CPF });

    const { page, context } = await journey.openBrowser();

    // The operator makes the brand stake bonus money first, on the console's settings desk.
    const desk = await context.newPage();
    await desk.goto(journey.url('/admin'));
    await desk.getByTestId('admin-sign-in').waitFor();
    await desk.getByLabel('Usuário').fill(DEMO_OPERATOR.username);
    await desk.getByLabel('Senha', { exact: true }).fill(DEMO_OPERATOR.password);
    await desk.getByTestId('admin-sign-in-submit').click();
    await desk.getByTestId('admin-code').fill(totpCodeAt(DEMO_OPERATOR.totpSecret, Date.now()));
    await desk.getByTestId('admin-code-submit').click();
    await desk.getByTestId('desk-link-reward-settings').click();
    await desk.getByTestId('reward-settings-desk').waitFor();
    await desk.getByTestId('bonus-bet-order').selectOption('bonus_first');
    await desk.getByTestId('bonus-rules-save').click();
    await expect
      .poll(async () => (await services.bonus.betOrder.settings('BANCA')).betOrder)
      .toBe('bonus_first');
    await scrollTo(desk.getByTestId('bonus-bet-order'));
    await screenshot(desk, 'bonus-desk-bet-order');
    await desk.close();

    await page.goto(journey.url('/'));
    await page.getByTestId('header-login').click();
    await page.getByTestId('login-username').fill(username);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.locator('[data-testid="header-balance"][data-state="ready"]').waitFor();

    // The first deposit: R$ 50 by PIX, paid on the sandbox PSP's page as a banking app would.
    await page.goto(journey.url('/member?page=depositv2'));
    await page.getByTestId('deposit-form').waitFor();
    await page.getByRole('button', { name: 'R$ 50', exact: true }).click();
    await page.getByTestId('deposit-submit').click();
    await page.locator('[data-testid="active-deposit"][data-status="pending"]').waitFor();
    const copiaECola = await page.getByTestId('charge-code').inputValue();
    const bank = await context.newPage();
    await bank.goto(`${platform.pixSandboxUrl}/pay`);
    await bank.locator('#code').fill(copiaECola);
    await bank.getByTestId('open').click();
    await bank.getByTestId('pay').click();
    await bank.getByTestId('paid').waitFor();
    await bank.close();
    await page.getByTestId('deposit-success').waitFor({ timeout: 15_000 });
    // The credited deposit reaches the promotions through the event bus.
    while ((await platform.app.events.deliverPending()) > 0);

    // The promotion offers its bonus; the member claims it.
    await page.goto(journey.url(`/promotions#promotion-${promotion.id}`));
    const card = page.getByTestId(`promotion-${promotion.id}`);
    await page.locator(`[data-testid="promotion-${promotion.id}"][data-status="claim"]`).waitFor({
      timeout: 15_000,
    });
    await screenshot(page, 'bonus-promotion-claim');
    await card.getByTestId(`promotion-claim-${promotion.id}`).click();
    await page
      .locator(`[data-testid="promotion-${promotion.id}"][data-status="claimed"]`)
      .waitFor({ timeout: 15_000 });

    await page.goto(journey.url('/member?page=bonusDetails'));
    await page.getByTestId('bonus-open').waitFor();
    expect(await text(page, 'bonus-balance')).toContain('R$ 20,00');
    expect(await text(page, 'bonus-balance')).toContain(
      'Suas apostas usam primeiro o saldo de bônus',
    );
    expect(await progress(page)).toBe(0);
    expect(await text(page, 'bonus-open')).toContain('Falta apostar R$ 60,00');
    expect(await text(page, 'bonus-countdown')).toMatch(/^Expira em \d+d \d\d:\d\d:\d\d$/);
    await screenshot(page, 'bonus-details-open');
    // The reward centre shows it too, beside the promotions' rewards.
    await page.goto(journey.url('/member?page=rewardCenter'));
    await page.getByTestId('reward-center-page').getByTestId('bonus-open').waitFor();
    expect(await progress(page)).toBe(0);
    await screenshot(page, 'bonus-reward-center');

    // Held: the withdraw form answers the turnover requirement, in Portuguese.
    await page.goto(journey.url('/member?page=withdraw'));
    await page.getByTestId('withdraw-amount').fill('10');
    await page.getByTestId('withdraw-password').fill(PAYMENT_PASSWORD);
    await page.getByTestId('withdraw-submit').click();
    expect(
      (await page.getByTestId('withdraw-form').getByTestId('form-error').innerText()).replace(
        /\u00a0/g,
        ' ',
      ),
    ).toBe('Requisito de apostas não cumprido: faltam R$ 60,00 em apostas válidas.');
    await screenshot(page, 'bonus-withdraw-held');

    // Rolls of house dice; after each, bonus details shows the bar further along.
    let last = 0;
    for (let roll = 1; roll <= ROLLS; roll += 1) {
      await page.goto(journey.url('/originals/BGS_DICE'));
      await page.getByTestId('house-game').waitFor();
      await page.getByTestId('house-amount').fill(STAKE);
      const answer = page.waitForResponse((r) => r.url().endsWith('/wps/house/dice'));
      await page.getByTestId('house-bet').click();
      expect((await answer).status()).toBe(200);
      await page.getByTestId('house-result').waitFor();
      // The settled round reaches the bonus through the event bus (main.ts polls it).
      while ((await platform.app.events.deliverPending()) > 0);
      await page.goto(journey.url('/member?page=bonusDetails'));
      if (roll < ROLLS) {
        await page.getByTestId('bonus-open').waitFor();
        const now = await progress(page);
        expect(now).toBeGreaterThan(last);
        last = now;
        await screenshot(page, `bonus-details-roll-${roll}`);
      }
    }

    // The first stake came from the bonus wallet (bonus-first), not from cash.
    const rounds = await platform.db
      .selectFrom('bet_rounds')
      .select(['stake_minor', 'payout_minor', 'bonus_stake_minor', 'opened_at'])
      .where('member_id', '=', id)
      .orderBy('opened_at')
      .execute();
    expect(rounds).toHaveLength(ROLLS);
    expect(rounds[0]!.bonus_stake_minor).toBe(BONUS_MINOR);

    // Met: what was left of the bonus is cash now, listed as released; the bonus balance is 0.
    await page.getByTestId('bonus-history').waitFor();
    expect(await text(page, 'bonus-history')).toContain('Liberado');
    // The history shows what was released: what was left of the bonus, not the R$ 20 granted.
    const released = await platform.db
      .selectFrom('bonus_grants')
      .select('closed_amount_minor')
      .where('member_id', '=', id)
      .executeTakeFirstOrThrow();
    const reais = (Number(released.closed_amount_minor) / 100).toFixed(2).replace('.', ',');
    expect(await text(page, 'bonus-history')).toContain(`R$ ${reais}`);
    expect(await text(page, 'bonus-balance')).toContain('R$ 0,00');
    await screenshot(page, 'bonus-details-released');
    const played = rounds.reduce((sum, r) => sum + r.payout_minor - r.stake_minor, 0);
    expect((await services.wallet.balances(member, brand)).main.balanceMinor).toBe(
      5_000 + BONUS_MINOR + played,
    );

    await page.goto(journey.url('/member?page=withdraw'));
    await page.getByTestId('withdraw-amount').fill('10');
    await page.getByTestId('withdraw-password').fill(PAYMENT_PASSWORD);
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('withdraw-tab-records').click();
    const record = page.getByTestId('withdrawal-record').first();
    await record.waitFor({ timeout: 15_000 });
    expect(await record.getAttribute('data-amount-minor')).toBe('1000');
    await screenshot(page, 'bonus-withdrawn');
    // A deposit, a claim and three rolls, each with the pages between: more than the 60 s default.
  }, 240_000);
});

describe('a member claims a manual rebate', () => {
  it('sees what the bets since the last claim earn, claims it once, and the claim is listed', async () => {
    const { platform } = journey;
    const services = platform.app.services;
    type Node = { modId: string; enabled: boolean; childrenNodes: Node[] };
    const turnOn = (nodes: Node[]): Node[] =>
      nodes.map((n) => ({
        ...n,
        enabled: n.modId === 'MANUAL_REBATE' ? true : n.enabled,
        childrenNodes: turnOn(n.childrenNodes),
      }));
    await services.system.updateBrandSettings('BANCA', (s) => ({
      ...s,
      whitelabel: turnOn(s.whitelabel as Node[]) as typeof s.whitelabel,
    }));
    // Originals (house dice) pay back 1 % of valid bets.
    await services.cashback.saveRebate('BANCA', true, { BGS: 100 });

    const username = freshUsername('rebate');
    await registerMember(platform.baseUrl, { username, password: PASSWORD });
    const { id } = await platform.db
      .selectFrom('members')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    await services.wallet.adjust({
      member: { memberId: id, merchantCode: 'BANCA', currency: 'BRL' },
      amountMinor: 10_000,
      reason: 'e2e credit',
      operatorId: 'e2e',
      idempotencyKey: `e2e-rebate-${id}`,
    });

    const { page } = await journey.openBrowser();
    await page.goto(journey.url('/'));
    await page.getByTestId('header-login').click();
    await page.getByTestId('login-username').fill(username);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.locator('[data-testid="header-balance"][data-state="ready"]').waitFor();

    await page.goto(journey.url('/originals/BGS_DICE'));
    await page.getByTestId('house-game').waitFor();
    await page.getByTestId('house-amount').fill('50');
    await page.getByTestId('house-bet').click();
    await page.getByTestId('house-result').waitFor();

    await page.goto(journey.url('/member?page=manualRebate'));
    await page.getByTestId('manual-rebate-page').waitFor();
    await page.locator('[data-testid="rebate-available"]', { hasText: '0,50' }).waitFor();
    await screenshot(page, 'rebate-available');
    await page.getByTestId('rebate-claim').click();
    await page.getByTestId('rebate-claims').waitFor();
    expect(await text(page, 'rebate-claims')).toContain('R$ 0,50');
    expect(await text(page, 'rebate-available')).toBe('R$ 0,00');
    expect(await page.getByTestId('rebate-claim').isDisabled()).toBe(true);
    await screenshot(page, 'rebate-claimed');
  });
});
