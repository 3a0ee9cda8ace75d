import { ENDPOINTS } from '@banca/contracts';
import { describe, expect, it } from 'vitest';
import { DEV_PAM_API_KEY } from '../../apps/server/src/config';
import { screenshot, type Page } from '../support/browser';
import { useJourney } from '../support/journey';

/**
 * The member's betting record and profit pages (issue 12 §5): a free-play member's rounds,
 * settled by a provider through /pam over HTTP, are listed with their totals, filtered by status,
 * and summed per day and per category with a chart.
 */
const journey = useJourney();

/** A call of the player API with the page's session (what the app itself sends). */
async function asMember<T>(page: Page, path: string, method = 'GET', body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ path, method, body }) => {
      const answer = await fetch(path, {
        method,
        headers: {
          authorization: sessionStorage.getItem('token') ?? '',
          'x-gateway-version': '3',
          device: 'web',
          language: 'pt-BR',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return ((await answer.json()) as { value: T }).value;
    },
    { path, method, body },
  );
}

/**
 * A provider's round over HTTP: WITHDRAW, then DEPOSIT with the game over, or a CANCEL of the
 * WITHDRAW (named by its transaction id), or nothing (`open`).
 */
async function providerRound(
  token: string,
  playerId: string,
  game: { vendor: string; code: string },
  round: string,
  stake: number,
  payout: number | 'open' | 'cancel',
): Promise<void> {
  const steps: [string, number][] = [['WITHDRAW', stake]];
  if (payout === 'cancel') steps.push(['CANCEL', stake]);
  else if (payout !== 'open') steps.push(['DEPOSIT', payout]);
  for (const [type, amount] of steps) {
    const answer = await fetch(
      journey.url(`/pam/players/${playerId}/transactions?provider=${game.vendor}`),
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${DEV_PAM_API_KEY}`,
          'x-player-token': token,
          'x-correlation-id': `${round}-${type}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          currency: 'BRL',
          provider: game.vendor,
          transactionType: type,
          cashAmount: amount,
          bonusAmount: 0,
          promoAmount: 0,
          transactionDateTime: new Date().toISOString(),
          providerGameId: game.code,
          providerTransactionId: `${round}-${type === 'CANCEL' ? 'WITHDRAW' : type}`,
          providerRoundId: round,
          isGameOver: type === 'DEPOSIT',
        }),
      },
    );
    expect(((await answer.json()) as { status: string }).status).toBe('OK');
  }
}

describe('betting record and profit', () => {
  it('lists the rounds a provider settled, with totals, filters and a daily chart', async () => {
    const { page } = await journey.openBrowser();
    await page.goto(journey.url('/login'));
    await page.getByTestId('login-free-play').click();
    await page.getByTestId('header-account').waitFor();

    // Launch a PG slot through the API, as the lobby does, and play three rounds with its token.
    const list = await asMember<{
      games: { nodeId: number; gameCode: string; maintenance: boolean }[];
    }>(page, `${ENDPOINTS.games.list.path}?gameType=RNG&vassalage=PG&pageNo=1&pageSize=18`);
    const game = list.games.find((g) => !g.maintenance)!;
    const launch = await asMember<{ url: string }>(page, ENDPOINTS.games.launch.path, 'POST', {
      nodeId: game.nodeId,
    });
    const token = new URL(launch.url).searchParams.get('token')!;
    const session = (await (
      await fetch(journey.url('/pam/players/session?provider=PG'), {
        headers: {
          authorization: `Bearer ${DEV_PAM_API_KEY}`,
          'x-player-token': token,
          'x-correlation-id': 'session',
        },
      })
    ).json()) as { session: { playerId: string } };
    const playerId = session.session.playerId;
    const pg = { vendor: 'PG', code: game.gameCode };
    await providerRound(token, playerId, pg, 'e2e-bet-1', 10, 35.5);
    await providerRound(token, playerId, pg, 'e2e-bet-2', 4, 0);
    await providerRound(token, playerId, pg, 'e2e-bet-3', 2, 'open');
    await providerRound(token, playerId, pg, 'e2e-bet-4', 5, 'cancel');

    await page.goto(journey.url('/member?page=personalHistoryCopy'));
    await page.getByTestId('bets-page').waitFor();
    await expect.poll(() => page.getByTestId('bet-row').count()).toBe(4);
    const rounds = await page
      .getByTestId('bet-row')
      .evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-round'), r.dataset.status]));
    expect(rounds).toEqual([
      ['e2e-bet-4', 'cancelled'],
      ['e2e-bet-3', 'open'],
      ['e2e-bet-2', 'settled'],
      ['e2e-bet-1', 'settled'],
    ]);
    const totals = page.getByTestId('bets-totals');
    const tile = async (key: string) =>
      (await totals.locator(`[data-total="${key}"] dd`).innerText()).replace(/\u00a0/g, ' ');
    // The cancelled round counts without its stake: given back, it is no turnover.
    expect(await tile('rounds')).toBe('4');
    expect(await tile('stake')).toBe('R$ 16,00');
    expect(await tile('payout')).toBe('R$ 35,50');
    expect(await tile('profit')).toBe('+R$ 21,50');
    // The cancelled round shows what was staked and that it came back (it read R$ 0,00).
    const cancelled = page.locator('[data-testid="bet-row"][data-round="e2e-bet-4"]');
    expect(await cancelled.getAttribute('data-stake-minor')).toBe('500');
    const cancelledText = (await cancelled.innerText()).replace(/\u00a0/g, ' ');
    expect(cancelledText).toContain('R$ 5,00');
    expect(cancelledText).toContain('Devolvida');
    expect(cancelledText).toContain('Cancelada');
    expect(await page.getByTestId('bet-refunded').count()).toBe(1);
    await screenshot(page, 'bets-record');
    // On a phone the rounds are cards: the same stake and note.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('li[data-testid="bet-row"][data-round="e2e-bet-4"]').waitFor();
    expect(await cancelled.getByTestId('bet-refunded').innerText()).toBe('Devolvida');
    await cancelled.scrollIntoViewIfNeeded();
    await screenshot(page, 'bets-record-phone');
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByTestId('bets-status').selectOption('open');
    await expect.poll(() => page.getByTestId('bet-row').count()).toBe(1);
    expect(await tile('stake')).toBe('R$ 2,00');

    await page.goto(journey.url('/member?page=personalProfit'));
    await page.getByTestId('profit-chart').locator('canvas').waitFor();
    const today = await page
      .getByTestId('profit-days')
      .locator('tr[data-day]')
      .last()
      .getAttribute('data-profit-minor');
    expect(today).toBe('2150');
    await expect
      .poll(() => page.getByTestId('profit-categories').locator('tr[data-category]').count())
      .toBe(1);
    await screenshot(page, 'bets-profit');
  });
});
