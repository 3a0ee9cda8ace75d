import { ENDPOINTS } from '@banca/contracts';
import type { Locator, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, type Page } from '../support/browser';
import { useJourney } from '../support/journey';
import { playFreely } from '../support/accounts';

/**
 * A player plays (issue 12 §2): free play ("Jogar grátis", R$ 1.000,00 of demo credit), a slot
 * launched from the /rng lobby opens /seamless, which frames the demo provider's game page
 * (another origin, settling through the platform's /pam over HTTP); a spin inside the frame,
 * then back to the lobby, where the header balance is the server's and moved by exactly the
 * round's stake and payout.
 */
const journey = useJourney();

/** Visible text with Intl's non-breaking spaces made plain ("R$ 1.000,00"). */
async function text(locator: Locator): Promise<string> {
  return (await locator.innerText()).replace(/\u00a0/g, ' ').trim();
}
const brl = (minor: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })
    .format(minor / 100)
    .replace(/\u00a0/g, ' ');

async function playForFree(page: Page): Promise<void> {
  await playFreely(page, journey.url('/login'));
}

/** The member's main balance as the server has it (the app's own session token). */
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

type Round = { roundId: string; stakeMinor: number; payoutMinor: number; balanceMinor: number };

/** Launches the first playable slot of the lobby; resolves with the /seamless page ready. */
async function launchASlot(page: Page): Promise<string> {
  await page.goto(journey.url('/rng?vassalage=PG'));
  const card = page
    .locator('[data-testid="game-card"]:not(:has([data-testid="game-maintenance"]))')
    .first();
  await card.waitFor();
  const name = await text(card.getByTestId('game-card-name'));
  await card.getByTestId('game-card-launch').click();
  await page.waitForURL(/\/seamless\?/);
  await page.getByTestId('seamless-frame').waitFor();
  return name;
}

describe('a player plays a slot', () => {
  it('spins inside /seamless and finds the balance moved by exactly stake and payout', async () => {
    const { page } = await journey.openBrowser();
    await playForFree(page);
    expect(await text(page.getByTestId('header-balance-value'))).toBe('R$ 1.000,00');
    const before = await serverBalanceMinor(page);
    expect(before).toBe(100_000);

    const name = await launchASlot(page);
    expect(await text(page.getByTestId('seamless-game-name'))).toBe(name);
    expect(await page.getByTestId('side-menu').count()).toBe(0);
    const src = await page.getByTestId('seamless-frame').getAttribute('src');
    expect(new URL(src!).origin).toBe(journey.platform.providerUrl);
    expect(new URL(src!).searchParams.get('token')).toHaveLength(40);

    const game = page.frameLocator('[data-testid="seamless-frame"]');
    const spin = game.locator('button.primary');
    await spin.waitFor();
    // The game shows the balance the platform holds (read through /pam).
    expect(await text(game.locator('.controls .box').first().locator('output'))).toBe(
      'R$ 1.000,00',
    );
    expect(await text(page.getByTestId('seamless-balance'))).toContain('R$ 1.000,00');
    await screenshot(page, 'seamless-slot-1440');

    const answered = page.waitForResponse(
      (response: Response) =>
        response.url().startsWith(journey.platform.providerUrl) &&
        response.url().endsWith('/api/spin'),
    );
    await spin.click();
    const round = (await (await answered).json()) as Round;
    expect(round.stakeMinor).toBeGreaterThan(0);
    const after = before - round.stakeMinor + round.payoutMinor;
    expect(round.balanceMinor).toBe(after);
    // The page settles the round on screen: its balance box shows what the PAM answered.
    await expect
      .poll(() => text(game.locator('.controls .box').first().locator('output')), {
        timeout: 15_000,
      })
      .toBe(brl(after));
    // The reels have stopped when the page says how the round went.
    await expect.poll(() => text(game.locator('.message')), { timeout: 15_000 }).not.toBe('');
    await screenshot(page, 'seamless-slot-spun-1440');

    await page.getByTestId('seamless-back').click();
    await page.waitForURL(/\/rng/);
    await expect
      .poll(() => text(page.getByTestId('header-balance-value')), { timeout: 10_000 })
      .toBe(brl(after));
    expect(await serverBalanceMinor(page)).toBe(after);

    // The round is in the betting record, with the stake and payout that moved the balance.
    await page.goto(journey.url('/member?page=personalHistoryCopy'));
    await page.getByTestId('bets-page').waitFor();
    const row = page.locator(`[data-testid="bet-row"][data-round="${round.roundId}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('settled');
    expect(Number(await row.getAttribute('data-stake-minor'))).toBe(round.stakeMinor);
    expect(Number(await row.getAttribute('data-payout-minor'))).toBe(round.payoutMinor);
    expect(await text(row)).toContain(brl(round.stakeMinor));
  });

  it('fills a phone’s screen with the game under a slim bar', async () => {
    const { page } = await journey.openBrowser({ width: 390, height: 844 });
    await playForFree(page);
    await launchASlot(page);
    const game = page.frameLocator('[data-testid="seamless-frame"]');
    await game.locator('button.primary').waitFor();
    const frame = await page.getByTestId('seamless-frame').boundingBox();
    const viewport = page.viewportSize()!;
    expect(frame!.width).toBe(viewport.width);
    // Under the site header and the slim bar, the game takes the rest of the screen.
    expect(frame!.y + frame!.height).toBeGreaterThanOrEqual(viewport.height - 1);
    expect(frame!.height).toBeGreaterThan(viewport.height * 0.7);
    await screenshot(page, 'seamless-slot-390');
  });
});
