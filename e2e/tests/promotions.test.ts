import { describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '../../apps/server/src/demo/operators';
import { totpCodeAt } from '../../apps/server/src/modules/auth';
import { freshUsername, registerMember } from '../support/accounts';
import { screenshot } from '../support/browser';
import { useJourney } from '../support/journey';

/** A 1×1 PNG: a real image by its bytes (the server sniffs them). */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Promotions in a real browser (issue 16): a member opens /promotions, applies to the demo
 * application promotion with a comment and an image, an operator approves it in the console's
 * Promotions desk, and the member's card turns to "Creditada" (pushed by MANUAL_PROMO, or the
 * page's re-poll) while the reward reaches the balance.
 */
const journey = useJourney();

describe('promotions', () => {
  it('a member applies with an image, an operator approves in /admin, the member sees it issued', async () => {
    const username = freshUsername('pm');
    await registerMember(journey.platform.baseUrl, { username, password: 'promo@2026' });
    const { page, context } = await journey.openBrowser();
    await page.goto(journey.url('/login'));
    await page.getByTestId('login-username').fill(username);
    await page.getByTestId('login-password').fill('promo@2026');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('header-account').waitFor();

    await page.goto(journey.url('/promotions'));
    const card = page.locator('article').filter({ hasText: 'Mande seu print e ganhe R$ 10' });
    await card.waitFor();
    const id = (await card.getAttribute('data-testid'))!.replace('promotion-', '');
    expect(await page.getByTestId(`promotion-status-${id}`).innerText()).toBe('Participar');
    // The side menu lists the promotions and leads to the card.
    expect(await page.getByTestId('side-menu-promotions').innerText()).toContain(
      'Bônus de boas-vindas de 100%',
    );
    await screenshot(page, 'promotions-page');

    await page.getByTestId(`promotion-apply-${id}`).click();
    await page.getByTestId('promotion-apply-dialog').waitFor();
    await page.getByTestId('promotion-apply-comment').fill('Postei no meu perfil, segue o print');
    await page
      .getByTestId('promotion-apply-files')
      .setInputFiles({ name: 'print.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await screenshot(page, 'promotions-apply');
    await page.getByTestId('promotion-apply-send').click();
    await expect
      .poll(() => page.getByTestId(`promotion-status-${id}`).innerText(), { timeout: 10_000 })
      .toBe('Em análise');

    const console = await context.newPage();
    await console.goto(journey.url('/admin'));
    await console.getByTestId('admin-sign-in').waitFor();
    await console.getByLabel('Usuário').fill(DEMO_OPERATOR.username);
    await console.getByLabel('Senha', { exact: true }).fill(DEMO_OPERATOR.password);
    await console.getByTestId('admin-sign-in-submit').click();
    await console.getByTestId('admin-code').fill(totpCodeAt(DEMO_OPERATOR.totpSecret, Date.now()));
    await console.getByTestId('admin-code-submit').click();
    await console.getByTestId('desk-link-promotions').click();
    await console.getByTestId('promotions-table').waitFor();
    await screenshot(console, 'promotions-console-list');
    // The editor previews the body in both languages as the server sanitises it.
    await console.getByTestId(`promotion-edit-${id}`).click();
    await console.getByTestId('promotion-editor').waitFor();
    await console
      .getByTestId('promotion-field-bodyEn')
      .fill('<p>Rules</p><script>alert(1)</script>');
    await console.getByRole('button', { name: 'Pré-visualizar' }).click();
    const preview = console.getByTestId('promotion-preview');
    await preview.waitFor();
    expect(await preview.innerText()).toContain('Publique sobre a Banca');
    expect(await preview.innerHTML()).not.toContain('<script');
    await screenshot(console, 'promotions-console-editor');
    await console.keyboard.press('Escape');
    await console.getByTestId('promotions-desk-tab-applications').click();
    const row = console.getByTestId('table-row').filter({ hasText: username });
    await row.waitFor();
    expect(await row.innerText()).toContain('Postei no meu perfil');
    // The proof opens as the image the member sent.
    await row.locator('[data-testid^="application-proof-"]').first().click();
    const proof = console.getByTestId('auth-image');
    await proof.waitFor({ state: 'attached' });
    await expect.poll(() => proof.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
    await console.keyboard.press('Escape');
    await screenshot(console, 'promotions-console-applications');
    await row.locator('[data-testid^="application-approve-"]').click();
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(0);
    // The journey's platform delivers events when asked (no background bus): the decision's
    // MANUAL_PROMO and the reward's PROMOTION_CLAIM reach the member's socket.
    while ((await journey.platform.app.events.deliverPending()) > 0);

    await page.bringToFront();
    await expect
      .poll(() => page.getByTestId(`promotion-status-${id}`).innerText(), { timeout: 20_000 })
      .toBe('Creditada');
    // The R$ 10 reached the balance the header shows (refreshed by the push).
    await expect.poll(() => page.getByTestId('header-balance').innerText()).toContain('10,00');
    await screenshot(page, 'promotions-issued');
  });
});
