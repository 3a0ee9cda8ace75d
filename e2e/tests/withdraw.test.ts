import { DEMO_OPERATOR } from '../../apps/server/src/demo/operators';
import { hashPassword, totpCodeAt } from '../../apps/server/src/modules/auth';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { freshUsername, registerMember } from '../support/accounts';
import { screenshot, type Page } from '../support/browser';
import { useJourney } from '../support/journey';

/**
 * Money out (issue 13 §4, §5, §7): a member with a payment password verifies a CPF, saves the
 * CPF as PIX key and asks to withdraw with the payment password; an operator signs in to /admin
 * with the authenticator and approves it on the withdrawals desk; the sandbox PSP pays it out
 * and reports back over a signed webhook; the member is asked whether the money arrived and
 * answers. All in pt-BR, in real Chromium, against the real platform and the sandbox PSP.
 */
const journey = useJourney();
const PASSWORD = 'Saque@2026';
const PAYMENT_PASSWORD = '482915';
/** A CPF whose check digits are right (529.982.247-25, the usual test CPF). */
const CPF = '52998224725';
/** Another valid CPF, for the dispute journey's member (one member per CPF in a brand). */
const OTHER_CPF = '39053344705';
/** A 1×1 PNG, as a proof that the payout did not arrive. */
const PROOF_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function text(locator: Locator): Promise<string> {
  return (await locator.innerText()).replace(/\u00a0/g, ' ').trim();
}

async function logIn(page: Page, username: string): Promise<void> {
  await page.goto(journey.url('/'));
  await page.getByTestId('header-login').click();
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.locator('[data-testid="header-balance"][data-state="ready"]').waitFor();
}

/** A member with R$ 300 (an operator's credit) and a payment password, as the security centre sets it. */
async function memberWithMoney(username: string): Promise<number> {
  const { platform } = journey;
  await registerMember(platform.baseUrl, { username, password: PASSWORD });
  const row = await platform.db
    .selectFrom('members')
    .select('id')
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  await platform.db
    .updateTable('members')
    .set({ payment_password_hash: await hashPassword(PAYMENT_PASSWORD) })
    .where('id', '=', row.id)
    .execute();
  await platform.app.services.wallet.adjust({
    member: { memberId: row.id, merchantCode: 'BANCA', currency: 'BRL' },
    amountMinor: 30_000,
    reason: 'e2e credit',
    operatorId: 'e2e',
    idempotencyKey: `e2e-withdraw-${row.id}`,
  });
  return row.id;
}

describe('a member withdraws by PIX and an operator approves it', () => {
  it('verifies the CPF, requests with the payment password, is paid after approval and confirms receipt', async () => {
    const username = freshUsername('saque');
    await memberWithMoney(username);
    const { page, context } = await journey.openBrowser();
    await logIn(page, username);
    expect(await text(page.getByTestId('header-balance-value'))).toBe('R$ 300,00');

    await page.goto(journey.url('/member?page=withdraw'));
    await page.getByTestId('identity-form').waitFor();
    expect(await text(page.getByTestId('withdraw-available'))).toContain('R$ 300,00');
    await screenshot(page, 'withdraw-first-visit');

    // A CPF with a wrong check digit is refused with the server's message; the right one passes.
    await page.getByTestId('identity-cpf').fill('529.982.247-26');
    await page.getByTestId('identity-name').fill('Maria da Silva');
    await page.getByTestId('identity-birth-date').fill('1990-05-17');
    await page.getByTestId('identity-submit').click();
    expect(await text(page.getByTestId('identity-form').getByTestId('form-error'))).toBe(
      'CPF inválido.',
    );
    await page.getByTestId('identity-cpf').fill('529.982.247-25');
    await page.getByTestId('identity-submit').click();
    await page.getByTestId('identity-form').waitFor({ state: 'detached' });

    // The CPF as PIX key; an invalid e-mail key is refused first.
    await page.getByTestId('pix-key-type').selectOption('email');
    await page.getByTestId('pix-key-value').fill('maria@');
    await page.getByTestId('pix-key-add').click();
    expect(await text(page.getByTestId('pix-keys').getByTestId('form-error'))).toBe(
      'Chave PIX inválida para o tipo escolhido.',
    );
    await page.getByTestId('pix-key-type').selectOption('cpf');
    await page.getByTestId('pix-key-value').fill(CPF);
    await page.getByTestId('pix-key-add').click();
    await page.getByTestId('pix-key').first().waitFor();
    expect(await text(page.getByTestId('pix-key').first())).toContain('***.***.*47-25');

    // A wrong payment password is refused (and counted); the right one sends the request.
    await page.getByTestId('withdraw-amount').fill('120,50');
    await page.getByTestId('withdraw-password').fill('000000');
    await page.getByTestId('withdraw-submit').click();
    expect(await text(page.getByTestId('withdraw-form').getByTestId('form-error'))).toBe(
      'A senha de pagamento está incorreta.',
    );
    await page.getByTestId('withdraw-password').fill(PAYMENT_PASSWORD);
    await screenshot(page, 'withdraw-form');
    await page.getByTestId('withdraw-submit').click();
    await page
      .locator('[data-testid="header-balance-value"]', { hasText: 'R$ 179,50' })
      .waitFor({ timeout: 15_000 });
    await page.getByTestId('withdraw-tab-records').click();
    const record = page.getByTestId('withdrawal-record').first();
    await record.waitFor();
    expect(await record.getAttribute('data-status')).toBe('pending');
    expect(await record.getAttribute('data-amount-minor')).toBe('12050');
    await screenshot(page, 'withdraw-records-pending');

    // The operator, in another tab: sign in with the authenticator, the withdrawals desk, approve.
    const desk = await context.newPage();
    await desk.goto(journey.url('/admin'));
    await desk.getByLabel('Usuário').fill(DEMO_OPERATOR.username);
    await desk.getByLabel('Senha', { exact: true }).fill(DEMO_OPERATOR.password);
    await desk.getByTestId('admin-sign-in-submit').click();
    await desk.getByTestId('admin-code').fill(totpCodeAt(DEMO_OPERATOR.totpSecret, Date.now()));
    await desk.getByTestId('admin-code-submit').click();
    await desk.getByTestId('desk-link-withdrawals').click();
    await desk.getByTestId('withdrawals-desk').waitFor();
    const row = desk.getByTestId('withdrawals-table').getByText('***.***.*47-25').first();
    await row.waitFor();
    await screenshot(desk, 'withdraw-console-desk');
    await row.click();
    await desk.getByTestId('withdrawal-dialog').waitFor();
    await screenshot(desk, 'withdraw-console-dialog');
    await desk.getByTestId('withdrawal-approve').click();
    await desk.getByTestId('withdrawal-dialog').waitFor({ state: 'detached' });
    await desk.close();

    // The sandbox pays it out; the member's page asks whether it arrived.
    await page.getByTestId('withdraw-tab-withdraw').click();
    await page.getByTestId('confirm-banner').waitFor({ timeout: 20_000 });
    expect(await text(page.getByTestId('confirm-banner'))).toContain('R$ 120,50');
    await screenshot(page, 'withdraw-confirm-banner');
    await page.getByTestId('confirm-open').click();
    await page.getByTestId('confirm-dialog').waitFor();
    // "Not received" needs a proof first.
    await page.getByTestId('confirm-not_received').click();
    await page.getByTestId('confirm-submit').click();
    expect(await text(page.getByTestId('confirm-dialog').getByTestId('form-error'))).toBe(
      'Envie pelo menos um comprovante.',
    );
    await screenshot(page, 'withdraw-confirm-dialog');
    await page.getByTestId('confirm-received').click();
    await page.getByTestId('confirm-submit').click();
    await page.getByTestId('confirm-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('confirm-banner').waitFor({ state: 'detached' });

    await page.getByTestId('withdraw-tab-records').click();
    const done = page.locator('[data-testid="withdrawal-record"][data-status="confirmed"]');
    await done.first().waitFor();
    expect(await text(done.first())).toContain('Recebido');
    await screenshot(page, 'withdraw-records-confirmed');
    expect(await text(page.getByTestId('header-balance-value'))).toBe('R$ 179,50');
  });

  it('a member reports a payout not received with a proof; the cashier sees the proof, refunds, and the member sees it', async () => {
    const { platform } = journey;
    const services = platform.app.services;
    const username = freshUsername('contest');
    const memberId = await memberWithMoney(username);
    const member = { memberId, merchantCode: 'BANCA', currency: 'BRL' };
    const brand = (await services.system.brandByCode('BANCA'))!;
    // The steps the first journey clicks through, done through the same services here.
    await services.identity.record(member, brand, {
      cpf: OTHER_CPF,
      fullName: 'Ana Beatriz Lima',
      birthDate: '1991-08-02',
    });
    const key = await services.identity.addPixKey(member, brand, { type: 'cpf', key: OTHER_CPF });
    const requested = await services.withdrawals.request(
      member,
      brand,
      { amount: '120.50', pixKeyId: key.id, paymentPassword: PAYMENT_PASSWORD },
      { ip: '127.0.0.1', language: 'pt-BR' },
    );
    await services.withdrawals.approve(requested.id, 'staff:e2e');

    // The member: the sandbox paid, but nothing arrived; a screenshot of the bank app as proof.
    const { page, context } = await journey.openBrowser();
    await logIn(page, username);
    await page.goto(journey.url('/member?page=withdraw'));
    await page.getByTestId('confirm-banner').waitFor({ timeout: 20_000 });
    await page.getByTestId('confirm-open').click();
    await page.getByTestId('confirm-not_received').click();
    await page.getByTestId('confirm-proof-input').setInputFiles({
      name: 'extrato.png',
      mimeType: 'image/png',
      buffer: PROOF_PNG,
    });
    await page.locator('[data-testid="confirm-proof-count"]', { hasText: /^1 / }).waitFor();
    await page.getByTestId('confirm-submit').click();
    await page.getByTestId('confirm-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('withdraw-tab-records').click();
    await page.locator('[data-testid="withdrawal-record"][data-status="disputed"]').waitFor();
    expect(await text(page.getByTestId('header-balance-value'))).toBe('R$ 179,50');

    // The cashier: the disputed withdrawal on the desk with the member's proof, the refund.
    const desk = await context.newPage();
    await desk.goto(journey.url('/admin'));
    await desk.getByLabel('Usuário').fill(DEMO_OPERATOR.username);
    await desk.getByLabel('Senha', { exact: true }).fill(DEMO_OPERATOR.password);
    await desk.getByTestId('admin-sign-in-submit').click();
    // The first journey may have used this 30 s step's code: the next one is accepted too.
    await desk
      .getByTestId('admin-code')
      .fill(totpCodeAt(DEMO_OPERATOR.totpSecret, Date.now() + 30_000));
    await desk.getByTestId('admin-code-submit').click();
    await desk.getByTestId('desk-link-withdrawals').click();
    await desk.getByTestId('withdrawals-status-filter').selectOption('disputed');
    const row = desk.getByTestId('withdrawals-table').getByText('***.***.*47-05').first();
    await row.waitFor();
    await row.click();
    await desk.getByTestId('dispute-actions').waitFor();
    // The proof is shown (a data: URL: the CSP refuses blob: images) and has really loaded.
    const proof = desk.getByTestId('withdrawal-proof');
    await proof.waitFor();
    expect(await proof.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await proof.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await text(desk.getByTestId('dispute-refund'))).toBe('Devolver R$ 120,50');
    await desk.getByTestId('dispute-reason').fill('O provedor confirmou que o Pix não chegou');
    await screenshot(desk, 'withdraw-console-dispute');
    await desk.getByTestId('dispute-refund').click();
    await desk.getByTestId('withdrawal-dialog').waitFor({ state: 'detached' });

    // The cashier settings desk is beside it: PIX's minimum typed as people write it, checked
    // before it is sent (a minimum above the maximum is refused on the form), then saved.
    await desk.getByTestId('desk-link-cashier-settings').click();
    await desk.getByTestId('channels-table').getByText('PIX').first().waitFor();
    await screenshot(desk, 'cashier-settings-desk');
    await desk.getByTestId('channels-table').getByText('PIX').first().click();
    await desk.getByTestId('channel-dialog').waitFor();
    await desk.getByTestId('channel-min').fill('60.000,00');
    await desk.getByTestId('channel-save').click();
    expect(await text(desk.getByTestId('channel-dialog').getByTestId('field-error').first())).toBe(
      'O mínimo não pode passar do máximo.',
    );
    await desk.getByTestId('channel-min').fill('15,00');
    await desk.getByTestId('channel-save').click();
    await desk.getByTestId('channel-dialog').waitFor({ state: 'detached' });
    await desk.getByTestId('channels-table').getByText('R$ 15,00').waitFor();
    const channels = await platform.app.services.payments.adminChannels('BANCA');
    expect(channels.find((c) => c.code === 'pix')?.minMinor).toBe(1_500);
    await desk.close();

    // The member: the record says refunded with the amount and reason; the balance and the inbox agree.
    while ((await platform.app.events.deliverPending()) > 0);
    await page.reload();
    await page.getByTestId('withdraw-tab-records').click();
    const refunded = page.locator('[data-testid="withdrawal-record"][data-status="refunded"]');
    await refunded.first().waitFor();
    expect(await text(refunded.first().getByTestId('withdrawal-resolution'))).toBe(
      'R$ 120,50 devolvidos ao seu saldo: O provedor confirmou que o Pix não chegou',
    );
    await page
      .locator('[data-testid="header-balance-value"]', { hasText: 'R$ 300,00' })
      .waitFor({ timeout: 15_000 });
    await screenshot(page, 'withdraw-records-refunded');
    await page.goto(journey.url('/member?page=messageV2'));
    await page.getByText('Saque: valor devolvido').first().waitFor();
    await screenshot(page, 'withdraw-inbox-refunded');
  });

  it('fits a 390 px phone; the CPF check is in the security centre too', async () => {
    const username = freshUsername('saquem');
    await memberWithMoney(username);
    const { page } = await journey.openBrowser({ width: 390, height: 844 });
    await logIn(page, username);
    await page.goto(journey.url('/member?page=withdraw'));
    await page.getByTestId('identity-form').waitFor();
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
    await screenshot(page, 'withdraw-phone');
    // The same CPF check sits in "my account" (the security centre); done there, it shows masked.
    await page.goto(journey.url('/member?page=securityCenter'));
    await page.getByTestId('identity-form').waitFor();
    await page.getByTestId('identity-cpf').fill('111.444.777-35');
    await page.getByTestId('identity-name').fill('João Souza');
    await page.getByTestId('identity-birth-date').fill('1985-02-03');
    await page.getByTestId('identity-submit').click();
    await page.getByTestId('identity-verified').waitFor();
    expect(await text(page.getByTestId('identity-verified'))).toContain('***.***.*77-35');
    await screenshot(page, 'withdraw-identity-security-centre-phone');
  });
});
