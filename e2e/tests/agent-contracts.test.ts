import { ENDPOINTS } from '@banca/contracts';
import { sql } from 'kysely';
import { DEMO_OPERATOR } from '../../apps/server/src/demo/operators';
import { totpCodeAt } from '../../apps/server/src/modules/auth';
import { describe, expect, it } from 'vitest';
import { freshUsername } from '../support/accounts';
import { openBrowser, screenshot, type Page } from '../support/browser';
import { useJourney } from '../support/journey';

/**
 * A real-time salary contract in a real browser (issue 15 "Checked by"): the demo agent
 * registers a downline agent and offers it a real-time salary contract from its row; the
 * downline signs in, accepts in the contracts popup, plays house dice; the 5-minute run is
 * triggered (the settlement job's service, as the runner calls it); the downline finds the
 * payout in "my income", in the real-time salary records and in its balance, all equal to the
 * wage recomputed here from its bet records; the agent sees what it paid.
 */
const journey = useJourney();
const PROFIT_RATE_BP = 100; // 1,00 %
const LOSS_RATE_BP = 50; // 0,50 %
const ROUNDS = 6;

async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const answer = await fetch(path, {
        method,
        headers: {
          authorization: sessionStorage.getItem('token') ?? '',
          'x-gateway-version': '3',
          device: 'web',
          language: 'pt-BR',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return ((await answer.json()) as { value: T }).value;
    },
    { method, path, body },
  );
}

const balanceOf = async (page: Page) =>
  (await api<{ main: { balanceMinor: number } }>(page, 'GET', ENDPOINTS.wallet.balances.path)).main
    .balanceMinor;
const brl = (minor: number) => (minor / 100).toFixed(2).replace('.', ',');

async function signInAtAgentPage(page: Page, username: string, password: string) {
  await page.goto(journey.url('/agent'));
  await page.getByTestId('agent-login-page').waitFor();
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('agent-home-page').waitFor();
}

describe('a real-time salary contract, offered, accepted and paid', () => {
  it('pays the downline agent its wage on its bets, seen in my income and the balance', async () => {
    const { page: agent } = await journey.openBrowser();
    await signInAtAgentPage(agent, 'agente', 'agente@2026');

    // The agent registers a downline agent…
    const username = freshUsername('sal')
      .slice(0, 16)
      .replace(/[^a-zA-Z0-9]/g, '');
    await agent.getByTestId('agent-menu-registerCenter').click();
    await agent.getByTestId('agent-register-kind-agent').click();
    await agent.getByTestId('agent-register-username').fill(username);
    await agent.getByTestId('agent-register-password').fill('salario@123');
    await agent.getByTestId('agent-register-submit').click();
    await agent.getByTestId('agent-register-done').waitFor();

    // …and offers it a real-time salary contract from its row.
    await agent.getByTestId('agent-menu-downlineManagmentView').click();
    const row = agent.getByTestId('table-row').filter({ hasText: username });
    await row.waitFor();
    await row.getByRole('button', { name: 'Oferecer contrato' }).click();
    const dialog = agent.getByTestId('offer-contract-dialog');
    await dialog.waitFor();
    await dialog.getByTestId('offer-kind-realtime').check({ force: true });
    await dialog.getByTestId('offer-rate-0').fill('1,00');
    await dialog.getByTestId('offer-loss-rate-0').fill('0,50');
    await screenshot(agent, 'contracts-offer');
    await dialog.getByTestId('offer-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row.innerText()).toContain('Aguardando resposta');

    const second = await openBrowser();
    try {
      const downline = second.page;
      // The downline signs in; on the site the contracts popup shows the offer; it accepts.
      await signInAtAgentPage(downline, username, 'salario@123');
      await downline.goto(journey.url('/'));
      const popup = downline.getByTestId('contracts-popup');
      await popup.waitFor();
      expect(await popup.innerText()).toContain('Salário em tempo real');
      await screenshot(downline, 'contracts-popup');
      await popup.getByRole('button', { name: 'Aceitar' }).click();
      await popup.waitFor({ state: 'detached' });

      // It plays house dice with money put in its wallet through the ledger.
      const memberId = (await api<{ id: number }>(downline, 'GET', ENDPOINTS.members.info.path)).id;
      await journey.platform.app.services.wallet.adjust({
        member: { memberId, merchantCode: 'BANCA', currency: 'BRL' },
        amountMinor: 1_000_00,
        reason: 'journey funding',
        operatorId: 'journey',
        idempotencyKey: `journey-salary-${memberId}`,
      });
      const startUtc = new Date(Date.now() - 1_000);
      for (let i = 0; i < ROUNDS; i += 1)
        await api(downline, 'POST', '/wps/house/dice', {
          gameCode: 'BGS_DICE',
          amountMinor: 50_00,
          targetE2: 5000,
          over: i % 2 === 0,
        });
      const balanceBefore = await balanceOf(downline);

      // The 5-minute run, for a window holding those rounds (the job's own service).
      const endUtc = new Date();
      await journey.platform.app.services.agentSettlement.settleRealtime({
        label: `journey:${endUtc.toISOString()}`,
        startUtc,
        endUtc,
      });

      // The wage recomputed from the bet records: 1 % of bets won, 0,5 % of bets lost.
      const rounds = await sql<{ stake: string; payout: string }>`SELECT stake_minor AS stake,
        payout_minor AS payout FROM bet_rounds
        WHERE member_id = ${memberId} AND status = 'settled'`.execute(journey.platform.db);
      expect(rounds.rows.length).toBe(ROUNDS);
      let won = 0;
      let lost = 0;
      for (const r of rounds.rows)
        if (Number(r.payout) > Number(r.stake)) won += Number(r.stake);
        else lost += Number(r.stake);
      const wage = Math.floor((won * PROFIT_RATE_BP + lost * LOSS_RATE_BP) / 10_000);
      expect(wage).toBeGreaterThan(0);
      expect((await balanceOf(downline)) - balanceBefore).toBe(wage);

      // "My income" and the real-time salary records show it.
      await downline.goto(journey.url('/agentHome/agentRevenueReport'));
      await expect.poll(() => downline.getByTestId('income-net').innerText()).toContain(brl(wage));
      await screenshot(downline, 'contracts-income');
      await downline.goto(journey.url('/agentHome/agentRealtimeSalary'));
      await downline.getByTestId('settlement-amount').first().waitFor();
      expect(await downline.getByTestId('settlement-amount').first().innerText()).toContain(
        brl(wage),
      );
      await screenshot(downline, 'contracts-realtime-records');
      await downline.setViewportSize({ width: 375, height: 800 });
      await screenshot(downline, 'contracts-realtime-records-phone');
      await downline.setViewportSize({ width: 1440, height: 900 });

      // The agent sees what it paid.
      await agent.goto(journey.url('/agentHome/agentRealtimeSalary'));
      await expect
        .poll(() => agent.getByTestId('settlements-paid').innerText())
        .toContain(brl(wage));
      await screenshot(agent, 'contracts-agent-paid');
    } finally {
      await second.close();
    }
  });

  it('an operator gives the demo agent a platform contract, audited, and sees the runs', async () => {
    const { page } = await journey.openBrowser();
    await page.goto(journey.url('/admin'));
    await page.getByTestId('admin-sign-in').waitFor();
    await page.getByLabel('Usuário').fill(DEMO_OPERATOR.username);
    await page.getByLabel('Senha', { exact: true }).fill(DEMO_OPERATOR.password);
    await page.getByTestId('admin-sign-in-submit').click();
    await page.getByTestId('admin-code').fill(totpCodeAt(DEMO_OPERATOR.totpSecret, Date.now()));
    await page.getByTestId('admin-code-submit').click();
    await page.getByTestId('members-desk').waitFor();

    const agentId = (
      await sql<{ id: number }>`SELECT id FROM members WHERE username = 'agente'`.execute(
        journey.platform.db,
      )
    ).rows[0]!.id;
    await page.goto(journey.url('/admin/agent-contracts'));
    await page.getByTestId('agent-contracts-desk').waitFor();
    await page.getByTestId('house-contract-open').click();
    const dialog = page.getByTestId('house-contract-dialog');
    await dialog.getByTestId('house-contract-member').fill(String(agentId));
    await dialog.getByTestId('offer-kind-daily').check({ force: true });
    await dialog.getByTestId('offer-threshold-0').fill('100,00');
    await dialog.getByTestId('offer-rate-0').fill('0,80');
    await dialog.getByLabel(/Motivo/).fill('contrato de lançamento');
    await screenshot(page, 'contracts-desk-house');
    await dialog.getByTestId('offer-submit').click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByTestId('table-row').filter({ hasText: 'agente' }).first();
    await expect.poll(() => row.innerText()).toContain('Salário diário');
    expect(await row.innerText()).toContain('Em vigor');
    const audit = await sql<{ n: number }>`SELECT count(*)::int AS n FROM operator_audit
      WHERE action = 'agents.contract.house'`.execute(journey.platform.db);
    expect(audit.rows[0]!.n).toBe(1);

    // The settlement runs so far (the first test's real-time run) with their totals.
    await page.getByTestId('contracts-desk-tab-runs').click();
    await page.getByTestId('settlement-runs-table').getByTestId('table-row').first().waitFor();
    await screenshot(page, 'contracts-desk-runs');
  });
});
