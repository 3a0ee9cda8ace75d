import { describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '../../apps/server/src/demo/operators';
import { demoProviderLaunchTemplate } from '../../apps/server/src/demo/vendor-integrations';
import { totpCodeAt } from '../../apps/server/src/modules/auth';
import { openBrowser, screenshot, type Page } from '../support/browser';
import { useJourney } from '../support/journey';

/**
 * The Vendors desk (docs/pam.md "Configuration per brand") as an owner meets it: put a vendor
 * in maintenance from the console and a player's launch of that vendor's game in the lobby says
 * it is under maintenance; add an integration of a catalogue vendor to a brand that has none and
 * make its key from the offer that follows; make a /pam API key (shown once) and revoke it after
 * confirming.
 */
const journey = useJourney();

/** The console's sign-in with the demo owner: password, then the authenticator's code. */
async function signInAsOwner(page: Page): Promise<void> {
  await page.goto(journey.url('/admin'));
  await page.getByTestId('admin-sign-in').waitFor();
  await page.getByLabel('Usuário').fill(DEMO_OPERATOR.username);
  await page.getByLabel('Senha', { exact: true }).fill(DEMO_OPERATOR.password);
  await page.getByTestId('admin-sign-in-submit').click();
  await page.getByTestId('admin-code').fill(totpCodeAt(DEMO_OPERATOR.totpSecret, Date.now()));
  await page.getByTestId('admin-code-submit').click();
  await page.getByTestId('members-desk').waitFor();
}

/** What /pam answers to a call with this API key (no player token: the key is checked first). */
async function pamCode(apiKey: string): Promise<string> {
  const res = await fetch(journey.url('/pam/players/1/balance?provider=PG'), {
    headers: { authorization: `Bearer ${apiKey}`, 'x-correlation-id': 'vendors-desk-journey' },
  });
  const body = (await res.json()) as { status: string; error?: { code: string } };
  return body.error?.code ?? body.status;
}

describe('Vendors desk', () => {
  it('an owner puts a vendor in maintenance and the lobby says so; a key is shown once and revoked', async () => {
    const { page } = await journey.openBrowser({ width: 1366, height: 900 });
    await signInAsOwner(page);
    await page.getByTestId('desk-link-vendors').click();
    await page.getByTestId('vendors-desk').waitFor();
    const integrations = page.getByTestId('integrations-table');
    await expect.poll(() => integrations.getByTestId('table-row').count()).toBeGreaterThan(5);
    await screenshot(page, 'admin-vendors-integrations');

    await page.getByTestId('filter-vendor').fill('PG');
    await page.getByTestId('filter-apply').click();
    await expect.poll(() => integrations.getByTestId('table-row').count()).toBe(1);
    await integrations.getByRole('button', { name: /PG/ }).first().click();
    await page.getByTestId('integration-dialog').waitFor();
    await page.getByTestId('integration-maintenance').check();
    await screenshot(page, 'admin-vendors-edit');
    // A template without {token} is refused with the translated message.
    const template = page.getByTestId('launch-template');
    const good = await template.inputValue();
    await template.fill('https://games.example.com/play/{game}');
    await page.getByTestId('integration-save').click();
    await expect
      .poll(() => page.getByTestId('integration-dialog').getByTestId('form-error').innerText())
      .toContain('{token}');
    await template.fill(good);
    await page.getByTestId('integration-save').click();
    await page.getByTestId('integration-dialog').waitFor({ state: 'detached' });
    await integrations.getByTestId('maintenance-badge').waitFor();

    // A player launching one of that vendor's games is told it is under maintenance.
    const player = await openBrowser({ width: 390, height: 844 });
    await player.page.goto(journey.url('/login'));
    await player.page.getByTestId('login-free-play').click();
    await player.page.getByTestId('header-account').waitFor();
    await player.page.goto(journey.url('/rng?vassalage=PG'));
    const card = player.page
      .locator('[data-testid="game-card"]:not(:has([data-testid="game-maintenance"]))')
      .first();
    await card.waitFor();
    await card.getByTestId('game-card-launch').click();
    const dialog = player.page.getByTestId('launch-maintenance-dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('launch-message').innerText()).toContain('manutenção');
    await screenshot(player.page, 'admin-vendors-lobby-maintenance');
    await player.close();

    // Back out of maintenance, so the rest of the platform plays on.
    await integrations.getByRole('button', { name: /PG/ }).first().click();
    await page.getByTestId('integration-maintenance').uncheck();
    await page.getByTestId('integration-save').click();
    await page.getByTestId('integration-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => integrations.getByTestId('maintenance-badge').count()).toBe(0);

    // Add an integration: the journeys' VERIFY brand has no vendor yet; PG is offered, added
    // through the form, listed, and its /pam key is made from the offer that follows.
    await page.getByTestId('integration-add').click();
    const addDialog = page.getByTestId('add-integration-dialog');
    await addDialog.waitFor();
    await page.getByTestId('add-brand').selectOption('VERIFY');
    await page.getByTestId('add-vendor').selectOption('PG');
    // A template without {token} is refused with the translated message, adding nothing.
    await addDialog.getByTestId('launch-template').fill('https://games.example.com/play/{game}');
    await page.getByTestId('add-integration-submit').click();
    await expect.poll(() => addDialog.getByTestId('form-error').innerText()).toContain('{token}');
    await addDialog
      .getByTestId('launch-template')
      .fill(demoProviderLaunchTemplate(journey.platform.providerUrl));
    await screenshot(page, 'admin-vendors-add-form');
    await page.getByTestId('add-integration-submit').click();
    await page.getByTestId('integration-added').waitFor();
    const added = integrations.getByTestId('table-row').filter({ hasText: 'VERIFY' });
    await expect.poll(() => added.count()).toBe(1);
    expect(await added.innerText()).toContain('PG');
    await screenshot(page, 'admin-vendors-added');
    await page.getByTestId('integration-create-key').click();
    expect(await page.getByTestId('key-brand').inputValue()).toBe('VERIFY');
    expect(await page.getByTestId('key-vendor').inputValue()).toBe('PG');
    await page.getByTestId('key-label').fill('PG da Verifica');
    await page.getByTestId('key-submit').click();
    const verifyKey = page.getByTestId('new-api-key');
    await verifyKey.waitFor();
    expect(await pamCode(await verifyKey.inputValue())).not.toBe('PAM_ERR_API_TOKEN');
    await page.getByTestId('key-done').click();
    await page.getByTestId('key-dialog').waitFor({ state: 'detached' });
    await screenshot(page, 'admin-vendors-added-list');
    // The chooser no longer offers PG for VERIFY.
    await page.getByTestId('integration-add').click();
    await page.getByTestId('add-brand').selectOption('VERIFY');
    const offered = await page.getByTestId('add-vendor').locator('option').allInnerTexts();
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.some((option) => option.startsWith('PG '))).toBe(false);
    await page.keyboard.press('Escape');
    await addDialog.waitFor({ state: 'detached' });

    // API keys: a new one, shown once, works on /pam; revoked after confirming, it does not.
    await page.getByTestId('vendors-tab-keys').click();
    const keys = page.getByTestId('keys-table');
    await expect.poll(() => keys.getByTestId('table-row').count()).toBeGreaterThan(0);
    await page.getByTestId('key-create').click();
    await page.getByTestId('key-brand').fill('BANCA');
    await page.getByTestId('key-vendor').fill('PG');
    await page.getByTestId('key-label').fill('PG staging');
    await page.getByTestId('key-submit').click();
    const secret = page.getByTestId('new-api-key');
    await secret.waitFor();
    const apiKey = await secret.inputValue();
    expect(apiKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await screenshot(page, 'admin-vendors-key-once');
    expect(await pamCode(apiKey)).not.toBe('PAM_ERR_API_TOKEN');
    await page.getByTestId('key-done').click();
    await page.getByTestId('key-dialog').waitFor({ state: 'detached' });
    // The list never shows the key.
    expect(await keys.innerText()).not.toContain(apiKey);
    const row = keys.getByTestId('table-row').filter({ hasText: 'PG staging' });
    await row.getByRole('button', { name: 'Revogar' }).click();
    await page.getByTestId('revoke-dialog').waitFor();
    await screenshot(page, 'admin-vendors-revoke');
    await page.getByTestId('revoke-confirm').click();
    await page.getByTestId('revoke-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => row.innerText()).toContain('Revogada');
    expect(await pamCode(apiKey)).toBe('PAM_ERR_API_TOKEN');
    await screenshot(page, 'admin-vendors-keys');

    // Transfers: a transfer to ARS sent while its transfer API URL points nowhere stays pending;
    // with the URL put back, "reconcile now" settles it and the vendor holds the money.
    await page.getByTestId('vendors-tab-integrations').click();
    await page.getByTestId('filter-vendor').fill('ARS');
    await page.getByTestId('filter-apply').click();
    await expect.poll(() => integrations.getByTestId('table-row').count()).toBe(1);
    await integrations.getByRole('button', { name: /ARS/ }).first().click();
    const transferUrl = page.getByTestId('transfer-api-url');
    const realUrl = await transferUrl.inputValue();
    expect(realUrl).toMatch(/^http:\/\/localhost:\d+\/transfer$/);
    await transferUrl.fill('http://127.0.0.1:9/transfer');
    await page.getByTestId('integration-save').click();
    await page.getByTestId('integration-dialog').waitFor({ state: 'detached' });

    const { app, db } = journey.platform;
    const demo = await db
      .selectFrom('members')
      .select('id')
      .where('username', '=', 'demo')
      .executeTakeFirstOrThrow();
    const member = { memberId: Number(demo.id), merchantCode: 'BANCA', currency: 'BRL' };
    await app.services.wallet.adjust({
      member,
      amountMinor: 5_000,
      reason: 'journey',
      operatorId: 'journey',
      idempotencyKey: 'admin-vendors-journey-credit',
    });
    await expect(
      app.services.vendorTransfers.gateway.transferIn({
        member,
        vendorCode: 'ARS',
        amountMinor: 2_000,
        idempotencyKey: 'admin-vendors-journey-in',
      }),
    ).rejects.toMatchObject({ code: 'vendor_transfer_pending' });

    await integrations.getByRole('button', { name: /ARS/ }).first().click();
    await transferUrl.fill(realUrl);
    await page.getByTestId('integration-save').click();
    await page.getByTestId('integration-dialog').waitFor({ state: 'detached' });

    await page.getByTestId('vendors-tab-transfers').click();
    const transfers = page.getByTestId('transfers-table');
    const pending = transfers.getByTestId('table-row').first();
    await expect.poll(() => pending.innerText()).toContain('Pendente');
    expect((await pending.innerText()).replace(/\u00a0/g, ' ')).toContain('R$ 20,00');
    await screenshot(page, 'admin-vendors-transfers');
    await pending.getByRole('button', { name: 'Conciliar agora' }).click();
    await expect.poll(() => pending.innerText()).toContain('Concluída');
    expect(
      await journey.platform.app.services.wallet.vendorWallets.vendorBalanceMinor(member, 'ARS'),
    ).toBe(2_000);
    await screenshot(page, 'admin-vendors-transfers-reconciled');
  });
});
