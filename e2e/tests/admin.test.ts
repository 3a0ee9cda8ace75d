import { describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '../../apps/server/src/demo/operators';
import { totpCodeAt } from '../../apps/server/src/modules/auth';
import { screenshot, type Page } from '../support/browser';
import { useJourney } from '../support/journey';

/**
 * The operator console (issue 13 §7, docs/admin-console.md) as an operator meets it: sign in to
 * /admin with the password and then the authenticator's code, find the demo player, adjust the
 * balance with a reason, and see the adjustment in the player's ledger history and in the
 * audit log with the balance before and after.
 */
const journey = useJourney();

/** Visible text with Intl's non-breaking spaces made plain ("R$ 150,25"). */
async function text(page: Page, testId: string): Promise<string> {
  return (await page.getByTestId(testId).innerText()).replace(/\u00a0/g, ' ').trim();
}

describe('operator console', () => {
  it('an operator signs in with the authenticator, adjusts a player’s balance and finds it in the ledger and the audit log', async () => {
    const { page } = await journey.openBrowser();
    await page.goto(journey.url('/admin'));
    // Not signed in: the sign-in, and the password alone opens nothing.
    await page.getByTestId('admin-sign-in').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    await page.getByLabel('Usuário').fill(DEMO_OPERATOR.username);
    await page.getByLabel('Senha', { exact: true }).fill(DEMO_OPERATOR.password);
    await page.getByTestId('admin-sign-in-submit').click();
    await page.getByTestId('admin-code').waitFor();
    await screenshot(page, 'admin-sign-in-code');
    // A wrong code is refused with the translated message.
    await page.getByTestId('admin-code').fill('000000');
    await page.getByTestId('admin-code-submit').click();
    await expect
      .poll(() => page.getByTestId('form-error').innerText())
      .toBe('Código do autenticador inválido.');
    await page.getByTestId('admin-code').fill(totpCodeAt(DEMO_OPERATOR.totpSecret, Date.now()));
    await page.getByTestId('admin-code-submit').click();

    // Signed in: the first desk the roles allow, with every desk of the owner in the sidebar.
    await page.getByTestId('members-desk').waitFor();
    expect(await page.getByTestId('admin-operator').innerText()).toContain('Dona da Banca');
    for (const desk of ['members', 'outbox', 'audit', 'operators'])
      await page.getByTestId(`desk-link-${desk}`).waitFor();

    await page.getByTestId('members-search').fill('demo@banca.local');
    await page.getByTestId('members-search-submit').click();
    await expect.poll(() => page.getByTestId('table-row').count()).toBe(1);
    await screenshot(page, 'admin-members');
    await page.getByRole('button', { name: 'demo', exact: true }).click();
    await page.getByTestId('member-detail').waitFor();
    expect(await text(page, 'member-total')).toBe('R$ 0,00');

    await page.getByTestId('member-adjust').click();
    // Typed as a Brazilian operator writes it.
    await page.getByTestId('adjust-amount').fill('1.150,25');
    await page.getByTestId('adjust-reason').fill('Crédito de cortesia, chamado 481');
    await screenshot(page, 'admin-adjust');
    await page.getByTestId('adjust-submit').click();
    await page.getByTestId('adjust-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => text(page, 'member-total')).toBe('R$ 1.150,25');

    // The ledger history shows the adjustment with its reason and the balance after it.
    const ledgerRow = page.getByTestId('member-ledger').getByTestId('table-row').first();
    await expect.poll(() => ledgerRow.innerText()).toContain('Crédito de cortesia, chamado 481');
    const ledgerText = (await ledgerRow.innerText()).replace(/\u00a0/g, ' ');
    expect(ledgerText).toContain('Ajuste');
    expect(ledgerText).toContain('+R$ 1.150,25');
    await screenshot(page, 'admin-member-detail');

    // The audit log: who, what, before and after.
    await page.getByTestId('desk-link-audit').click();
    await page.getByTestId('audit-desk').waitFor();
    await page.getByTestId('audit-filter-action').fill('member.adjust');
    await page.getByTestId('audit-filter-submit').click();
    await expect
      .poll(() => page.getByTestId('audit-table').getByTestId('table-row').count())
      .toBe(1);
    const entry = await page.getByTestId('audit-table').getByTestId('table-row').innerText();
    expect(entry).toContain('owner');
    expect(entry).toContain('member.adjust');
    expect(entry).toContain('mainMinor: 0');
    expect(entry).toContain('mainMinor: 115025');
    await screenshot(page, 'admin-audit');

    // Logout ends the session: the console asks to sign in again.
    await page.getByTestId('admin-logout').click();
    await page.getByTestId('admin-sign-in').waitFor();
  });

  it('on a phone the desks are a drawer and the tables scroll inside their frame', async () => {
    const { page } = await journey.openBrowser({ width: 390, height: 844 });
    await page.goto(journey.url('/admin/outbox'));
    await page.getByLabel('Usuário').fill(DEMO_OPERATOR.username);
    await page.getByLabel('Senha', { exact: true }).fill(DEMO_OPERATOR.password);
    await page.getByTestId('admin-sign-in-submit').click();
    // The first journey may have used this 30 s step's code: a code is usable once.
    await page
      .getByTestId('admin-code')
      .fill(totpCodeAt(DEMO_OPERATOR.totpSecret, Date.now() + 30_000));
    await page.getByTestId('admin-code-submit').click();
    // Back where the operator was going.
    await page.getByTestId('outbox-desk').waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/outbox');
    await expect.poll(() => page.getByTestId('desk-link-members').isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByTestId('desk-link-members').click();
    await page.getByTestId('members-desk').waitFor();
    await expect.poll(() => page.getByTestId('table-row').count()).toBeGreaterThan(0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await screenshot(page, 'admin-phone-members');
  });
});
