import { describe, expect, it } from 'vitest';
import { seedDemoLoyalty } from '../../apps/server/src/demo/loyalty';
import { DEMO_OPERATOR } from '../../apps/server/src/demo/operators';
import { totpCodeAt } from '../../apps/server/src/modules/auth';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords';
import { freshUsername, registerMember } from '../support/accounts';
import { screenshot, type Page } from '../support/browser';
import { useJourney } from '../support/journey';

/**
 * VIP and the points mall in a real browser (issue 17 §1, §3): a member with a balance rolls
 * dice for R$ 10, climbs from Bronze to Prata (a low threshold seeded here), sees the VIP card in
 * the member centre and the levels' table on the VIP page, sees the roll's points on their way
 * and then credited by the minute's posting, redeems a cash voucher in the mall with the payment
 * password and finds it "Em análise" in the redeem history. In pt-BR, against the real ledger
 * and event bus.
 */
const journey = useJourney();
const PASSWORD = 'Fiel@2026x';
const PAYMENT_PASSWORD = '135790';

async function text(page: Page, testId: string): Promise<string> {
  return (await page.getByTestId(testId).first().innerText()).replace(/\u00a0/g, ' ').trim();
}

describe('a member climbs a VIP level and redeems points in the mall', () => {
  it('plays, sees the VIP card and the levels, redeems a voucher', async () => {
    const { platform } = journey;
    const services = platform.app.services;
    await seedDemoLoyalty(services);
    const demo = await services.vip.admin.view('BANCA');
    // A low threshold for Prata, so one roll of R$ 10 climbs it.
    await services.vip.admin.save({
      merchantCode: 'BANCA',
      settings: demo.settings,
      levels: demo.levels.map((level) =>
        level.rank === 1 ? { ...level, validBetMinor: 5_00, keepValidBetMinor: 0 } : level,
      ),
    });
    // 100 points per R$ 1 of house games: R$ 10 rolled earns 1,000 points.
    const rules = await services.points.admin.settings('BANCA');
    await services.points.admin.saveSettings({ ...rules, rates: { ...rules.rates, BGS: 10_000 } });
    const voucher = await services.points.admin.createGoods('BANCA', {
      kind: 'cash',
      name: 'Vale jornada R$ 5',
      pointsCost: 500,
      valueMinor: 5_00,
      stock: 3,
      sortOrder: 0,
    });

    const username = freshUsername('vip');
    await registerMember(platform.baseUrl, { username, password: PASSWORD });
    const { id } = await platform.db
      .selectFrom('members')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    await platform.db
      .updateTable('members')
      .set({ payment_password_hash: await hashPassword(PAYMENT_PASSWORD) })
      .where('id', '=', id)
      .execute();
    await services.wallet.adjust({
      member: { memberId: id, merchantCode: 'BANCA', currency: 'BRL' },
      amountMinor: 100_00,
      reason: 'e2e credit',
      operatorId: 'e2e',
      idempotencyKey: `e2e-loyalty:${id}`,
    });

    const { page } = await journey.openBrowser();
    await page.goto(journey.url('/'));
    await page.getByTestId('header-login').click();
    await page.getByTestId('login-username').fill(username);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.locator('[data-testid="header-balance"][data-state="ready"]').waitFor();

    await page.goto(journey.url('/member?page=securityCenter'));
    await page.getByTestId('vip-card').waitFor();
    expect(await text(page, 'vip-level')).toContain('Bronze');

    // One roll of R$ 10 at the dice.
    await page.goto(journey.url('/originals/BGS_DICE'));
    await page.getByTestId('house-game').waitFor();
    await page.getByTestId('house-amount').fill('10');
    const rolled = page.waitForResponse((r) => r.url().endsWith('/wps/house/dice'));
    await page.getByTestId('house-bet').click();
    expect((await rolled).status()).toBe(200);
    await page.getByTestId('house-result').waitFor();
    // The settled round reaches VIP and points through the event bus.
    while ((await platform.app.events.deliverPending()) > 0);

    await page.goto(journey.url('/member?page=securityCenter'));
    await expect.poll(() => text(page, 'vip-level'), { timeout: 10_000 }).toContain('Prata');
    expect(await text(page, 'vip-card')).toContain('Próximo nível: Ouro');
    await screenshot(page, 'loyalty-vip-card');

    await page.goto(journey.url('/vip'));
    await page.getByTestId('vip-levels').waitFor();
    expect(await text(page, 'vip-levels')).toContain('Diamante');
    expect(
      await page.locator('[data-testid="vip-levels"] tr[aria-current="true"]').innerText(),
    ).toContain('Prata');
    await screenshot(page, 'loyalty-vip-page');

    // The roll's points are counted at once and reach the points wallet at the next posting.
    await page.goto(journey.url('/pointMall'));
    await expect
      .poll(() => text(page, 'point-pending'), { timeout: 10_000 })
      .toContain('+1.000 a caminho');
    expect(await text(page, 'point-pending')).toContain('Creditados a cada minuto');
    expect(await text(page, 'point-balance')).toBe('0');
    await screenshot(page, 'loyalty-mall-pending');
    // The minute's posting job, run now rather than waited for.
    await services.points.postAccrued();
    await page.reload();
    await expect.poll(() => text(page, 'point-balance'), { timeout: 10_000 }).toBe('1.000');
    expect(await page.getByTestId('point-pending').count()).toBe(0);
    await screenshot(page, 'loyalty-mall');
    await page.getByTestId(`redeem-${voucher.id}`).click();
    await page.getByTestId('redeem-dialog').waitFor();
    await page.getByTestId('redeem-password').fill(PAYMENT_PASSWORD);
    const redeemed = page.waitForResponse((r) => r.url().endsWith('/MCS2_redeemPointReward'));
    await page.getByTestId('redeem-confirm').click();
    expect((await redeemed).status()).toBe(200);
    await expect.poll(() => text(page, 'point-balance'), { timeout: 10_000 }).toBe('500');
    await page.getByTestId('mall-tab-history').click();
    await page.getByTestId('redeem-history').waitFor();
    expect(await text(page, 'redeem-history')).toContain('Vale jornada R$ 5');
    expect(await text(page, 'redeem-history')).toContain('Em análise');
    await screenshot(page, 'loyalty-mall-history');

    // The operator approves the voucher in the console; the member's balance grows by it.
    const before = await services.wallet.balances(
      { memberId: id, merchantCode: 'BANCA', currency: 'BRL' },
      (await services.system.brandByCode('BANCA'))!,
    );
    const console_ = await journey.openBrowser();
    const admin = console_.page;
    await admin.goto(journey.url('/admin'));
    await admin.getByTestId('admin-sign-in').waitFor();
    await admin.getByLabel('Usuário').fill(DEMO_OPERATOR.username);
    await admin.getByLabel('Senha', { exact: true }).fill(DEMO_OPERATOR.password);
    await admin.getByTestId('admin-sign-in-submit').click();
    await admin.getByTestId('admin-code').fill(totpCodeAt(DEMO_OPERATOR.totpSecret, Date.now()));
    await admin.getByTestId('admin-code-submit').click();
    await admin.getByTestId('members-desk').waitFor();
    await admin.goto(journey.url('/admin/loyalty'));
    await admin.getByTestId('vip-desk').waitFor();
    await screenshot(admin, 'loyalty-desk-vip');
    await admin.getByTestId('loyalty-tab-redemptions').click();
    const approve = admin.getByTestId('redemption-approve').first();
    await approve.waitFor();
    await screenshot(admin, 'loyalty-desk-redemptions');
    await approve.click();
    await expect
      .poll(async () => {
        const now = await services.wallet.balances(
          { memberId: id, merchantCode: 'BANCA', currency: 'BRL' },
          (await services.system.brandByCode('BANCA'))!,
        );
        return now.main.balanceMinor - before.main.balanceMinor;
      })
      .toBe(5_00);

    // The operator names the voucher in English too: the goods dialog holds both languages.
    await admin.getByTestId('loyalty-tab-goods').click();
    await admin.getByRole('row').filter({ hasText: 'Vale jornada R$ 5' }).click();
    const dialog = admin.getByTestId('goods-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('goods-name-pt').inputValue()).toBe('Vale jornada R$ 5');
    await dialog.getByTestId('goods-name-en').fill('Journey voucher R$ 5');
    await dialog.getByTestId('goods-description-en').fill('Paid into your balance.');
    await screenshot(admin, 'loyalty-desk-goods-languages');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'detached' });
    const saved = (await services.points.admin.goodsList('BANCA')).find((g) => g.id === voucher.id);
    expect(saved?.names).toEqual({ 'pt-BR': 'Vale jornada R$ 5', en: 'Journey voucher R$ 5' });

    // The member switches to English: the history and the mall name the voucher in English.
    await page.getByTestId('language-select').first().selectOption('en');
    await expect
      .poll(() => text(page, 'redeem-history'), { timeout: 10_000 })
      .toContain('Journey voucher R$ 5');
    await page.getByTestId('mall-tab-goods').click();
    const goods = page.getByTestId(`goods-${voucher.id}`);
    await expect
      .poll(() => goods.innerText(), { timeout: 10_000 })
      .toContain('Journey voucher R$ 5');
    expect(await goods.innerText()).toContain('Paid into your balance.');
    await screenshot(page, 'loyalty-mall-en');
  }, 150_000);
});
