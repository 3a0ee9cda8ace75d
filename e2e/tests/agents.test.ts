import { ENDPOINTS } from '@banca/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_AGENT_PAYMENT_PASSWORD } from '../../apps/server/src/demo/agents';
import { DEMO_OPERATOR } from '../../apps/server/src/demo/operators';
import { totpCodeAt } from '../../apps/server/src/modules/auth';
import { freshUsername, registerMember } from '../support/accounts';
import { screenshot, type Page } from '../support/browser';
import { useJourney } from '../support/journey';

/**
 * The agent centre in a real browser (issue 15): the demo agent signs in at /agent, registers
 * a player in registerCenter, finds it in the team's tree and in the team overview, and sends
 * it money from its row; the agent's balance moves by exactly that amount. (The contracts
 * journey continues from here: offer the new downline a contract.)
 */
const journey = useJourney();

async function serverBalanceMinor(page: Page): Promise<number> {
  return page.evaluate(async (path) => {
    const answer = await fetch(path, {
      headers: {
        authorization: sessionStorage.getItem('token') ?? '',
        'x-gateway-version': '3',
        device: 'web',
        language: 'pt-BR',
      },
    });
    const body = (await answer.json()) as { value: { main: { balanceMinor: number } } };
    return body.value.main.balanceMinor;
  }, ENDPOINTS.wallet.balances.path);
}

async function signInAsAgent(page: Page): Promise<void> {
  await page.goto(journey.url('/agent'));
  await page.getByTestId('agent-login-page').waitFor();
  await page.getByTestId('login-username').fill('agente');
  await page.getByTestId('login-password').fill('agente@2026');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('agent-home-page').waitFor();
}

describe('an agent grows and pays its team', () => {
  it('registers a downline, sees it in the tree and the overview, and transfers to it', async () => {
    const { page } = await journey.openBrowser();
    await signInAsAgent(page);
    // The clock ticks every second in the brand's zone.
    const clock = page.getByTestId('agent-clock');
    expect(await clock.innerText()).toContain('GMT-03:00');
    const before = await clock.locator('time').innerText();
    await expect.poll(() => clock.locator('time').innerText(), { timeout: 5_000 }).not.toBe(before);

    await page.getByTestId('agent-menu-agentTeamOverview').click();
    await page.getByTestId('agent-overview-teamSize').waitFor();
    const sizeBefore = Number(
      (await page.getByTestId('agent-overview-teamSize').locator('span').nth(1).innerText()).trim(),
    );
    // The demo team played today: its bets show in the overview.
    expect(await page.getByTestId('agent-overview-bets').innerText()).toMatch(/R\$\s?[1-9]/);
    await screenshot(page, 'agents-overview');

    const username = freshUsername('eq')
      .slice(0, 16)
      .replace(/[^a-zA-Z0-9]/g, '');
    await page.getByTestId('agent-menu-registerCenter').click();
    await page.getByTestId('agent-register-username').fill(username);
    await page.getByTestId('agent-register-password').fill('equipe@123');
    await page.getByTestId('agent-register-submit').click();
    await page.getByTestId('agent-register-done').waitFor();
    expect(await page.getByTestId('agent-register-done').innerText()).toContain(username);

    await page.getByTestId('agent-menu-downlineManagmentView').click();
    const row = page.getByTestId('table-row').filter({ hasText: username });
    await row.waitFor();
    expect(await row.innerText()).toContain('Jogador');
    await screenshot(page, 'agents-downlines');

    await page.getByTestId('agent-menu-agentTeamOverview').click();
    await expect
      .poll(async () =>
        Number(
          (
            await page.getByTestId('agent-overview-teamSize').locator('span').nth(1).innerText()
          ).trim(),
        ),
      )
      .toBe(sizeBefore + 1);
    await expect
      .poll(async () => page.getByTestId('agent-overview-newMembers').innerText())
      .toMatch(/\d/);

    const balanceBefore = await serverBalanceMinor(page);
    await page.getByTestId('agent-menu-downlineManagmentView').click();
    await row.waitFor();
    await row.getByTestId('agent-downline-transfer').click();
    await page.getByTestId('agent-transfer-amount').fill('25.50');
    await page.getByTestId('agent-transfer-password').fill(DEMO_AGENT_PAYMENT_PASSWORD);
    await screenshot(page, 'agents-transfer');
    await page.getByTestId('agent-transfer-submit').click();
    await page.getByTestId('agent-transfer-dialog').waitFor({ state: 'detached' });
    expect(await serverBalanceMinor(page)).toBe(balanceBefore - 2_550);

    await page.getByTestId('agent-menu-agentDownlineTransactionDetailsCopy').click();
    const sent = page.getByTestId('table-row').filter({ hasText: username });
    await sent.first().waitFor();
    expect(await sent.first().innerText()).toContain('25,50');
    await screenshot(page, 'agents-account-details');
  });
});

describe('a player becomes an agent', () => {
  it('applies on /agent, an operator approves it in the console, and the player enters the agent centre', async () => {
    const username = freshUsername('af');
    await registerMember(journey.platform.baseUrl, { username, password: 'afiliado@2026' });
    const { page, context } = await journey.openBrowser();
    await page.goto(journey.url('/login'));
    await page.getByTestId('login-username').fill(username);
    await page.getByTestId('login-password').fill('afiliado@2026');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('header-account').waitFor();

    await page.goto(journey.url('/agent'));
    await page
      .getByTestId('agent-apply-message')
      .fill('Tenho um canal de futebol com 20 mil inscritos');
    await page.getByTestId('agent-apply-submit').click();
    await page.getByTestId('agent-apply-pending').waitFor();
    await screenshot(page, 'agents-apply');

    const console = await context.newPage();
    await console.goto(journey.url('/admin'));
    await console.getByTestId('admin-sign-in').waitFor();
    await console.getByLabel('Usuário').fill(DEMO_OPERATOR.username);
    await console.getByLabel('Senha', { exact: true }).fill(DEMO_OPERATOR.password);
    await console.getByTestId('admin-sign-in-submit').click();
    await console.getByTestId('admin-code').fill(totpCodeAt(DEMO_OPERATOR.totpSecret, Date.now()));
    await console.getByTestId('admin-code-submit').click();
    await console.getByTestId('desk-link-agents').click();
    await console.getByTestId('agents-desk').waitFor();
    // The demo agent's place: no upline, its direct downline listed.
    await console.getByTestId('agents-tree-search').fill('agente');
    await console.getByTestId('agents-tree-search').press('Enter');
    await console.getByTestId('agents-tree').waitFor();
    expect(await console.getByTestId('agents-tree').innerText()).toContain('subagente1');
    await screenshot(console, 'agents-console-tree');

    await console.getByTestId('agents-desk-tab-applications').click();
    const row = console.getByTestId('table-row').filter({ hasText: username });
    await row.waitFor();
    await screenshot(console, 'agents-console-applications');
    await row.getByTestId('agents-application-approve').click();
    await row.waitFor({ state: 'detached' });

    // Back on /agent, the new agent goes straight on to the agent centre.
    await page.goto(journey.url('/agent'));
    await page.getByTestId('agent-home-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/agentHome');
  });
});
