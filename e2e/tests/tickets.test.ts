import { formatMoney } from '@banca/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '../../apps/server/src/demo/operators';
import { seedDemoTickets } from '../../apps/server/src/demo/tickets';
import { totpCodeAt } from '../../apps/server/src/modules/auth';
import { freshUsername, registerMember } from '../support/accounts';
import { screenshot, type Page } from '../support/browser';
import { useJourney } from '../support/journey';

/**
 * Reward tickets in a real browser (issue 16 §6): the demo's welcome promotion gives a new
 * member a prize wheel spin (the wheel's table here pays cash only, so the balance must move);
 * the member opens the reward centre, spins, watches the wheel stop, reads the prize, sees the
 * header balance grow by it, and verifies the draw in the browser. An egg and a red envelope
 * given by the same promotion while the page is open arrive live (pushed over /ws: the list
 * grows without a reload, with a toast) and are opened too. In pt-BR, against the real ledger.
 */
const journey = useJourney();
const PASSWORD = 'Bilhete@2026';

async function text(page: Page, testId: string): Promise<string> {
  return (await page.getByTestId(testId).first().innerText()).replace(/\u00a0/g, ' ').trim();
}

/** Waits until the page's finite animations (the dialog fading in, the prize popping in) have played, for a screenshot. */
async function animationsDone(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
      .every((a) => a.playState === 'finished'),
  );
}

/** Opens the ticket of `kind` from the reward centre, draws it, and answers the drawn prize. */
async function openTicket(page: Page, kind: string, shot: string) {
  await page.locator(`[data-testid="ticket-card"][data-kind="${kind}"]`).first().click();
  const dialog = page.getByTestId('ticket-dialog');
  await dialog.waitFor();
  await animationsDone(page);
  await screenshot(page, `${shot}-closed`);
  const answer = page.waitForResponse((r) => /\/wps\/rewards\/tickets\/\d+\/draw$/.test(r.url()));
  await page.getByTestId('ticket-draw').click();
  const response = await answer;
  expect(response.status()).toBe(200);
  const draw = (await response.json()).value as {
    prize: { prizeKind: string; amountMinor: number };
  };
  await page.getByTestId('ticket-prize').waitFor();
  await animationsDone(page);
  await screenshot(page, `${shot}-opened`);
  return draw;
}

describe('a member opens the reward tickets a promotion gave', () => {
  it('spins the welcome wheel, sees the prize and the balance, verifies the draw', async () => {
    const { platform } = journey;
    const services = platform.app.services;
    await seedDemoTickets(services);
    // Cash only, so the spin moves the balance the header shows.
    await services.tickets.admin.saveTable('prize_wheel', {
      merchantCode: 'BANCA',
      validDays: 30,
      prizes: [
        { prizeKind: 'cash', amountMinor: 2_00, wageringMultiple: 0, weight: 40 },
        { prizeKind: 'cash', amountMinor: 5_00, wageringMultiple: 0, weight: 30 },
        { prizeKind: 'cash', amountMinor: 10_00, wageringMultiple: 0, weight: 20 },
        { prizeKind: 'cash', amountMinor: 50_00, wageringMultiple: 0, weight: 10 },
      ],
    });
    const username = freshUsername('ticket');
    await registerMember(platform.baseUrl, { username, password: PASSWORD });
    // The registration reaches the promotion through the event bus.
    while ((await platform.app.events.deliverPending()) > 0);
    const { id } = await platform.db
      .selectFrom('members')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    const entry = await platform.db
      .selectFrom('promotion_entries as e')
      .innerJoin('promotions as p', 'p.id', 'e.promotion_id')
      .select(['e.id', 'e.promotion_id', 'e.status'])
      .where('e.member_id', '=', id)
      .where('p.ticket_kind', '=', 'prize_wheel')
      .executeTakeFirstOrThrow();
    expect(entry.status).toBe('issued');
    const { page } = await journey.openBrowser();
    await page.goto(journey.url('/'));
    await page.getByTestId('header-login').click();
    await page.getByTestId('login-username').fill(username);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.locator('[data-testid="header-balance"][data-state="ready"]').waitFor();
    expect(await text(page, 'header-balance-value')).toBe('R$ 0,00');

    // The page's socket says `ready` once it has authenticated: only then can a push reach it.
    const socketReady = page.waitForEvent('websocket').then((socket) =>
      socket.waitForEvent('framereceived', {
        predicate: (frame) => String(frame.payload).includes('"ready"'),
      }),
    );
    await page.goto(journey.url('/member?page=rewardCenter'));
    await page.getByTestId('ticket-card').first().waitFor();
    expect(await page.getByTestId('ticket-card').count()).toBe(1);
    await socketReady;

    // The same promotion's egg and envelope arrive while the page is open (as its issuer gives
    // them): pushed over /ws, the list shows them at once, with a toast, without a reload. The
    // toast lasts 4 s: it is waited for from before the issue.
    const toast = page.getByTestId('toast').filter({ hasText: 'Você ganhou um bilhete' }).first();
    const toastShown = toast.waitFor({ timeout: 60_000 }).then(() => toast.innerText());
    for (const ticketKind of ['egg', 'red_envelope'] as const)
      await services.tickets.issuer.issue({
        merchantCode: 'BANCA',
        memberId: id,
        currency: 'BRL',
        promotionId: entry.promotion_id,
        entryId: entry.id,
        kind: 'ticket',
        amountMinor: 1,
        ticketKind,
        wagering: null,
        idempotencyKey: `e2e-${ticketKind}:${id}`,
      });
    expect(await toastShown).toContain('Gire a roleta de boas-vindas');
    await expect.poll(() => page.getByTestId('ticket-card').count(), { timeout: 30_000 }).toBe(3);
    await page.getByTestId('tickets-area').scrollIntoViewIfNeeded();
    await screenshot(page, 'tickets-arrived-live');
    expect(await text(page, 'tickets-area')).toContain('Gire a roleta de boas-vindas');
    await screenshot(page, 'tickets-reward-center');

    const spin = await openTicket(page, 'prize_wheel', 'tickets-wheel');
    const prize = formatMoney(spin.prize.amountMinor, 'BRL', 'pt-BR').replace(/\u00a0/g, ' ');
    expect(await text(page, 'ticket-prize')).toContain(prize);
    // The wheel stopped where the server's roll put it (its angle is derived from the draw).
    expect(await page.getByTestId('ticket-wheel').getAttribute('data-phase')).toBe('revealed');
    await expect.poll(() => text(page, 'header-balance-value'), { timeout: 10_000 }).toBe(prize);

    // Verified in the browser: the seed's hash and the roll recomputed.
    await page.getByTestId('ticket-verify').click();
    const verification = page.getByTestId('ticket-verification');
    await verification.waitFor();
    expect(await text(page, 'ticket-verification')).toContain(
      'SHA-256 da semente confere com o hash mostrado antes',
    );
    expect(await text(page, 'ticket-verification')).toContain(
      'Giro e prêmio recalculados: conferem',
    );
    await screenshot(page, 'tickets-verification');
    await page.keyboard.press('Escape');

    await openTicket(page, 'egg', 'tickets-egg');
    await page.getByTestId('ticket-done').click();
    await openTicket(page, 'red_envelope', 'tickets-envelope');
    await page.getByTestId('ticket-done').click();

    // All opened: none left, three in the history.
    await page.getByText('Nenhum bilhete para abrir agora.').waitFor();
    await expect
      .poll(() => page.getByTestId('ticket-history').locator('li').count(), { timeout: 10_000 })
      .toBe(3);
    await page.getByTestId('ticket-history').scrollIntoViewIfNeeded();
    await screenshot(page, 'tickets-history');
  }, 120_000); // three draws, their animations and a live arrival: 40 s and more on a loaded machine

  it('an operator reads the expected cost per ticket, changes a weight and saves (audited)', async () => {
    const { platform } = journey;
    await seedDemoTickets(platform.app.services);
    const { page } = await journey.openBrowser();
    await page.goto(journey.url('/admin/tickets'));
    await page.getByLabel('Usuário').fill(DEMO_OPERATOR.username);
    await page.getByLabel('Senha', { exact: true }).fill(DEMO_OPERATOR.password);
    await page.getByTestId('admin-sign-in-submit').click();
    await page.getByTestId('admin-code').fill(totpCodeAt(DEMO_OPERATOR.totpSecret, Date.now()));
    await page.getByTestId('admin-code-submit').click();
    await page.getByTestId('tickets-desk').waitFor();
    const egg = page.getByTestId('tickets-table-egg');
    // The demo egg: R$ 1 ×40, 50 points ×25, R$ 5 ×15, nothing ×16, R$ 20 ×4 (of 100).
    expect(await text(page, 'tickets-expected-egg')).toContain(
      'R$ 1,95 em dinheiro · R$ 0,00 em bônus · 12,5 pontos',
    );
    await screenshot(page, 'tickets-desk');
    await egg.getByLabel('Peso').first().fill('140');
    expect(await text(page, 'tickets-expected-egg')).toContain(
      'R$ 1,48 em dinheiro · R$ 0,00 em bônus · 6,25 pontos',
    );
    const answer = page.waitForResponse((r) => r.url().includes('/reward-tickets/tables/egg'));
    await page.getByTestId('tickets-save-egg').click();
    const response = await answer;
    expect(response.status(), await response.text()).toBe(200);
    await egg.getByText('Tabela salva.').waitFor();
    expect(await egg.getByLabel('Peso').first().inputValue()).toBe('140');
    await screenshot(page, 'tickets-desk-saved');
    const saved = await platform.db
      .selectFrom('ticket_prizes')
      .select('weight')
      .where('merchant_code', '=', 'BANCA')
      .where('ticket_kind', '=', 'egg')
      .where('position', '=', 0)
      .executeTakeFirstOrThrow();
    expect(saved.weight).toBe(140);
    const audit = await platform.db
      .selectFrom('operator_audit')
      .select('subject')
      .where('action', '=', 'reward_ticket.table.save')
      .execute();
    expect(audit.map((row) => row.subject)).toContain('ticket-table:BANCA:egg');
    await page.getByTestId('tickets-desk-tab-report').click();
    await page.getByTestId('tickets-report').waitFor();
    await screenshot(page, 'tickets-desk-report');
  });
});
