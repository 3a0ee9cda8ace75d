import { ENDPOINTS } from '@banca/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '../../apps/server/src/demo/operators';
import { totpCodeAt } from '../../apps/server/src/modules/auth';
import { screenshot, type Page } from '../support/browser';
import { useJourney } from '../support/journey';
import { playFreely } from '../support/accounts';

/**
 * The e-lottery in a real browser (issue 18 §3): a free-play member opens the quick lottery from
 * the lobby's ELOTT tile, bets every digit of ball 1 on a draw (so exactly one line wins 9.80×),
 * watches the draw happen live (the jobs runner draws it on the server's clock and the page hears
 * it over /ws), and sees the win in a toast, the balance, "my lottery bets" and the betting record.
 * The game draws every 20 seconds here (its interval set before the journey), so the wait is short.
 */
const journey = useJourney();
const GAME = 'ELOTT_SSC1';

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

describe('a player bets on a quick lottery draw and watches it live', () => {
  it('bets from the lobby, sees the draw, the win, the balance and the records', async () => {
    // The test's game: a draw every 20 s, betting closing 3 s before; the platform's scheduler on.
    const { lottery } = journey.platform.app.services;
    await lottery.updateGame(GAME, { interval_seconds: 20, close_seconds: 3 });
    journey.platform.app.jobs.start();

    const { page } = await journey.openBrowser();
    await playFreely(page, journey.url('/login'));
    const start = await serverBalanceMinor(page);

    // The lobby's ELOTT tile (vendor BLT) opens the lottery lobby.
    await page.goto(journey.url('/elott'));
    const tile = page.locator('[data-testid="center-entry"][data-vendor="BLT"]');
    await tile.waitFor();
    await tile.click();
    await page.waitForURL(/\/lottery$/);
    await page.getByTestId(`lottery-game-${GAME}`).waitFor();
    await screenshot(page, 'lottery-lobby');

    await page.getByTestId(`lottery-game-${GAME}`).click();
    await page.waitForURL(new RegExp(`gameCode=${GAME}`));
    await page.getByTestId('lottery-board').waitFor();
    // A draw with time left to bet (the countdown shows m:ss while betting is open).
    await page
      .locator('[data-testid="lottery-countdown"]', { hasText: /^0:(0[6-9]|1\d)$/ })
      .waitFor({
        timeout: 30_000,
      });
    for (let digit = 0; digit <= 9; digit += 1)
      await page.getByTestId(`lottery-pick-position-1-${digit}`).click();
    await page.getByTestId('lottery-stake').fill('1,00');
    expect((await page.getByTestId('lottery-slip-total').innerText()).replace(/\u00a0/g, ' ')).toBe(
      'R$ 10,00',
    );
    await screenshot(page, 'lottery-betting');
    const placed = page.waitForResponse((r) => r.url().endsWith('/wps/lottery/bets'));
    await page.getByTestId('lottery-place').click();
    const slip = (await (await placed).json()).value.slip as {
      slipId: number;
      drawId: number;
      drawNo: string;
    };
    await page.getByTestId('lottery-open-bets').getByText(slip.drawNo).first().waitFor();
    expect(await serverBalanceMinor(page)).toBe(start - 1000);

    // The draw happens on the server's clock; the page hears it and tells the win.
    const toast = page.getByText(`Você ganhou R$ 9,80 no sorteio ${slip.drawNo}!`);
    await toast.waitFor({ timeout: 60_000 });
    await screenshot(page, 'lottery-drawn');
    expect(await serverBalanceMinor(page)).toBe(start - 1000 + 980);

    // Results: the draw with its revealed seed, and the frequency chart.
    await page.getByTestId('lottery-tab-results').click();
    await page.getByTestId('lottery-history').getByText(slip.drawNo).waitFor();
    await page.getByTestId('lottery-frequency').locator('canvas').waitFor();
    // The player checks the draw in the browser: the seed's hash, then the numbers.
    await page.getByTestId('lottery-history').locator('details summary').first().click();
    const verified = page.getByTestId('lottery-verified').first();
    expect(await verified.getAttribute('data-ok')).toBe('true');
    expect(await verified.innerText()).toContain('Números recalculados no seu navegador');
    await screenshot(page, 'lottery-results');

    await page.getByTestId('lottery-tab-bets').click();
    const payout = page.getByTestId('lottery-bets-table').getByTestId('lottery-bet-payout').first();
    await expect
      .poll(async () => (await payout.innerText()).replace(/\u00a0/g, ' '))
      .toBe('R$ 9,80');

    // The betting record has the draw as a settled round of the lottery's vendor (the member's
    // slips on a draw are one round).
    await page.goto(journey.url('/member?page=personalHistoryCopy'));
    await page.getByTestId('bets-page').waitFor();
    const row = page.locator(`[data-testid="bet-row"][data-round="D${slip.drawId}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('settled');
    await screenshot(page, 'lottery-bet-record');
  }, 150_000);

  it('shows the operator the games and the draws on the Lottery desk', async () => {
    const { page } = await journey.openBrowser();
    await page.goto(journey.url('/admin'));
    await page.getByLabel('Usuário').fill(DEMO_OPERATOR.username);
    await page.getByLabel('Senha', { exact: true }).fill(DEMO_OPERATOR.password);
    await page.getByTestId('admin-sign-in-submit').click();
    await page.getByTestId('admin-code').fill(totpCodeAt(DEMO_OPERATOR.totpSecret, Date.now()));
    await page.getByTestId('admin-code-submit').click();
    await page.getByTestId('members-desk').waitFor();
    await page.goto(journey.url('/admin/lottery'));
    await page.getByTestId(`lottery-edit-${GAME}`).waitFor();
    await screenshot(page, 'lottery-desk-games');
    await page.getByTestId('lottery-desk-tab-draws').click();
    await page.getByTestId('lottery-draws-table').getByText(GAME).first().waitFor();
    await screenshot(page, 'lottery-desk-draws');
    // One game's draws, every one: the north's next draw is listed however far its closing is.
    await page.getByTestId('lottery-draws-game').selectOption('LOTT_MB');
    await page.getByTestId('lottery-draws-with-bets').click();
    expect(await page.getByTestId('lottery-draws-with-bets').getAttribute('aria-pressed')).toBe(
      'false',
    );
    await page.getByTestId('lottery-draws-table').getByText('LOTT_MB').first().waitFor();

    // Closed days: Tết 2027 is there; closing a province's next draw day voids its open draw,
    // opening the day again opens a draw at that time once more.
    const { db } = journey.platform;
    await journey.platform.app.services.lottery.tick();
    const next = await sql<{ id: string; game_code: string; draw_at: Date; day: string }>`
      SELECT d.id, d.game_code, d.draw_at,
             to_char((d.draw_at AT TIME ZONE g.time_zone)::date, 'YYYY-MM-DD') AS day
      FROM lottery_draws d JOIN lottery_games g ON g.game_code = d.game_code
      WHERE d.status = 'open' AND d.game_code = 'LOTT_MN_HCM' ORDER BY d.draw_at LIMIT 1`.execute(
      db,
    );
    const draw = next.rows[0]!;
    await page.getByTestId('lottery-desk-tab-closed').click();
    await page.getByTestId('lottery-closed-table').getByText('Tết').first().waitFor();
    await page.getByTestId('lottery-closed-add').click();
    await page.getByTestId('lottery-closed-day').fill(draw.day);
    await page.getByTestId('lottery-closed-scope').selectOption(draw.game_code);
    await page.getByTestId('lottery-closed-reason').fill('Feriado municipal');
    await page.getByTestId('lottery-closed-save').click();
    await page.getByText('Dia marcado: 1 sorteio aberto cancelado').waitFor();
    const statusOf = async (id: string) =>
      (await sql<{ status: string }>`SELECT status FROM lottery_draws WHERE id = ${id}`.execute(db))
        .rows[0]!.status;
    expect(await statusOf(draw.id)).toBe('void');
    const row = page.getByTestId('lottery-closed-table').getByText('Feriado municipal');
    await row.waitFor();
    await screenshot(page, 'lottery-desk-closed-days');
    const added = await sql<{ id: string }>`
      SELECT id FROM lottery_closed_days WHERE reason = 'Feriado municipal'`.execute(db);
    await page.getByTestId(`lottery-closed-remove-${added.rows[0]!.id}`).click();
    await page.getByTestId('lottery-closed-remove-confirm').click();
    await page.getByText('Dia desmarcado: 1 sorteio aberto.').waitFor();
    await row.waitFor({ state: 'detached' });
    const reopened = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM lottery_draws
      WHERE game_code = ${draw.game_code} AND draw_at = ${draw.draw_at} AND status = 'open'`.execute(
      db,
    );
    expect(reopened.rows[0]!.n).toBe(1);
  });
});
