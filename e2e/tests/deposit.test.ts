import { parseBrCode } from '../../packages/pix/src';
import { DEMO_OPERATOR } from '../../apps/server/src/demo/operators';
import { totpCodeAt } from '../../apps/server/src/modules/auth';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { freshUsername, registerMember } from '../support/accounts';
import { screenshot, type Page } from '../support/browser';
import { useJourney } from '../support/journey';

/**
 * Money in (issue 13): a member opens the deposit page (member centre depositv2), picks PIX and
 * a quick amount, gets a real dynamic BR Code (QR image and copia e cola), pays it on the
 * sandbox PSP's own page in another tab (by pasting the copia e cola, as a banking app would),
 * and sees the deposit credited and the header balance move without reloading. The sandbox's
 * webhook reaches the platform over HTTP, signed; the page learns of it by polling.
 */
const journey = useJourney();
const PASSWORD = 'Deposito@2026';

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

describe('a member deposits with PIX', () => {
  it('pays the BR Code on the sandbox and sees the credit and the balance without reloading', async () => {
    const username = freshUsername('pix');
    await registerMember(journey.platform.baseUrl, { username, password: PASSWORD });
    const { page, context } = await journey.openBrowser();
    await logIn(page, username);
    expect(await text(page.getByTestId('header-balance-value'))).toBe('R$ 0,00');

    await page.goto(journey.url('/member?page=depositv2'));
    await page.getByTestId('deposit-form').waitFor();
    await screenshot(page, 'deposit-form');
    // A typed amount below the channel's minimum is refused before anything is sent.
    await page.getByTestId('deposit-amount').fill('5');
    await page.getByTestId('deposit-submit').click();
    expect(await text(page.getByTestId('field-error'))).toBe(
      'O valor deve estar entre R$ 10,00 e R$ 50.000,00.',
    );
    // The R$ 50 quick amount fills the box in the page's language.
    await page.getByRole('button', { name: 'R$ 50', exact: true }).click();
    expect(await page.getByTestId('deposit-amount').inputValue()).toBe('50,00');
    await page.getByTestId('deposit-submit').click();

    const charge = page.locator('[data-testid="active-deposit"][data-status="pending"]');
    await charge.waitFor();
    expect(await text(page.getByTestId('charge-amount'))).toBe('R$ 50,00');
    const copiaECola = await page.getByTestId('charge-code').inputValue();
    const brCode = parseBrCode(copiaECola);
    expect(brCode).toMatchObject({ amountMinor: 5_000, pointOfInitiation: '12', currency: '986' });
    expect(await page.locator('[data-testid="charge-qr"]').count()).toBe(1);
    expect(await text(page.getByTestId('charge-countdown'))).toMatch(/1[45]:\d\d/);
    await screenshot(page, 'deposit-pix-charge');

    // The payer's bank: the sandbox's pay page, in another tab, with the copia e cola pasted.
    const bank = await context.newPage();
    await bank.goto(`${journey.platform.pixSandboxUrl}/pay`);
    await bank.locator('#code').fill(copiaECola);
    await bank.getByTestId('open').click();
    expect(await text(bank.getByTestId('charge-amount'))).toBe('R$ 50,00');
    await screenshot(bank, 'deposit-sandbox-pay-page');
    await bank.getByTestId('pay').click();
    await bank.getByTestId('paid').waitFor();
    await bank.close();

    // Back on the deposit page, untouched: the credit arrives by itself.
    await page.getByTestId('deposit-success').waitFor({ timeout: 15_000 });
    expect(await text(page.getByTestId('deposit-success'))).toContain('Depósito creditado');
    await page
      .locator('[data-testid="header-balance-value"]', { hasText: 'R$ 50,00' })
      .waitFor({ timeout: 15_000 });
    await screenshot(page, 'deposit-credited');

    // The records list it as credited.
    await page.getByTestId('deposit-tab-records').click();
    const record = page.getByTestId('deposit-record').first();
    await record.waitFor();
    expect(await record.getAttribute('data-status')).toBe('credited');
    expect(await record.getAttribute('data-amount-minor')).toBe('5000');
    await screenshot(page, 'deposit-records');
    await page.getByTestId('deposit-tab-tutorial').click();
    await page.getByTestId('deposit-tutorial').waitFor();
    await screenshot(page, 'deposit-tutorial');
  });

  it('fits a 390 px phone: the QR code and the copy button are on screen', async () => {
    const username = freshUsername('pixm');
    await registerMember(journey.platform.baseUrl, { username, password: PASSWORD });
    const { page } = await journey.openBrowser({ width: 390, height: 844 });
    await logIn(page, username);
    await page.goto(journey.url('/member?page=depositv2'));
    await page.getByTestId('deposit-preset').first().click();
    await screenshot(page, 'deposit-form-phone');
    await page.getByTestId('deposit-submit').click();
    await page.getByTestId('charge-qr').waitFor();
    const qr = await page.getByTestId('charge-qr').boundingBox();
    expect(qr!.x).toBeGreaterThanOrEqual(0);
    expect(qr!.x + qr!.width).toBeLessThanOrEqual(390);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
    await screenshot(page, 'deposit-pix-charge-phone');
  });

  it('a bank transfer with its receipt is approved by an operator at the console and credited', async () => {
    const username = freshUsername('ted');
    await registerMember(journey.platform.baseUrl, { username, password: PASSWORD });
    const { page, context } = await journey.openBrowser();
    await logIn(page, username);
    await page.goto(journey.url('/member?page=depositv2'));
    await page.getByTestId('deposit-method-bank').click();
    await page.getByTestId('deposit-amount').fill('120,00');
    await page.getByTestId('deposit-submit').click();
    await page.locator('[data-testid="active-deposit"][data-status="pending"]').waitFor();
    const depositId = await page.getByTestId('active-deposit').getAttribute('data-deposit-id');
    // A PNG (1×1) as the receipt: the server reads its bytes, not its name.
    await page.getByTestId('receipt-file').setInputFiles({
      name: 'comprovante.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
        'base64',
      ),
    });
    await page.getByTestId('receipt-send').click();
    await page.getByTestId('receipt-reviewing').waitFor();
    await screenshot(page, 'deposit-bank-reviewing');

    // The operator, in another tab: sign in with the authenticator, the deposits desk, approve.
    const desk = await context.newPage();
    await desk.goto(journey.url('/admin'));
    await desk.getByLabel('Usuário').fill(DEMO_OPERATOR.username);
    await desk.getByLabel('Senha', { exact: true }).fill(DEMO_OPERATOR.password);
    await desk.getByTestId('admin-sign-in-submit').click();
    await desk.getByTestId('admin-code').fill(totpCodeAt(DEMO_OPERATOR.totpSecret, Date.now()));
    await desk.getByTestId('admin-code-submit').click();
    await desk.getByTestId('desk-link-deposits').click();
    await desk.getByTestId('deposits-desk').waitFor();
    await desk.getByRole('button', { name: depositId!, exact: true }).click();
    await desk.getByTestId('deposit-receipt').waitFor();
    // The image really loaded (the page's CSP admits it).
    await expect
      .poll(() =>
        desk
          .getByTestId('deposit-receipt')
          .evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBe(1);
    await screenshot(desk, 'deposit-console-desk');
    await desk.getByTestId('deposit-approve').click();
    await desk.getByTestId('deposit-dialog').waitFor({ state: 'detached' });
    await desk.close();

    // The member's page, untouched, learns of it.
    await page.getByTestId('deposit-success').waitFor({ timeout: 15_000 });
    await page
      .locator('[data-testid="header-balance-value"]', { hasText: 'R$ 120,00' })
      .waitFor({ timeout: 15_000 });
  });
});
