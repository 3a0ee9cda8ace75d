import type { Locator, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, type Page } from '../support/browser';
import { useJourney } from '../support/journey';

/**
 * A player plays at a transfer-wallet vendor (issue 12 §3): free play, R$ 100,00 moved from the
 * main wallet to the Aurora Live wallet on the transferFund page (the platform sends it to the
 * demo provider's transfer API), a live game of that vendor launched from the lobby plays from
 * the provider's own balance inside /seamless, and back in the wallet page the Aurora Live
 * wallet has moved by exactly the round's stake and payout, and the round is in the betting
 * record.
 */
const journey = useJourney();
const VENDOR = 'AUL';

async function text(locator: Locator): Promise<string> {
  return (await locator.innerText()).replace(/\u00a0/g, ' ').trim();
}
const brl = (minor: number) =>
  new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })
    .format(minor / 100)
    .replace(/\u00a0/g, ' ');

const walletCard = (page: Page, vendor: string) =>
  page.locator(`[data-testid="wallet-card"][data-vendor="${vendor}"]`);
const cardBalance = (page: Page, vendor: string) =>
  text(walletCard(page, vendor).getByTestId('wallet-balance'));

type Round = { roundId: string; stakeMinor: number; payoutMinor: number; balanceMinor: number };

describe('a player plays at a transfer-wallet vendor', () => {
  it('moves money to the vendor wallet, plays from it, and finds the wallet and the record moved', async () => {
    const { page } = await journey.openBrowser();
    await page.goto(journey.url('/login'));
    await page.getByTestId('login-free-play').click();
    await page.locator('[data-testid="header-balance"][data-state="ready"]').waitFor();

    // The transferFund page: R$ 100,00 into the vendor's wallet.
    await page.goto(journey.url('/member?page=transferFund'));
    await page.getByTestId('wallet-page').waitFor();
    await walletCard(page, VENDOR).getByTestId('wallet-transfer-in').click();
    await page.getByTestId('transfer-amount').fill('100');
    await page.getByTestId('transfer-submit').click();
    await page.locator('[data-testid="toast"][data-tone="success"]').waitFor();
    await expect.poll(() => cardBalance(page, VENDOR)).toBe('R$ 100,00');
    expect(await cardBalance(page, 'main')).toBe('R$ 900,00');

    // That vendor's game, from the lobby, plays from the provider's balance.
    await page.goto(journey.url(`/live?vassalage=${VENDOR}`));
    const card = page
      .locator('[data-testid="game-card"]:not(:has([data-testid="game-maintenance"]))')
      .first();
    await card.waitFor();
    await card.getByTestId('game-card-launch').click();
    await page.waitForURL(/\/seamless\?/);
    const game = page.frameLocator('[data-testid="seamless-frame"]');
    const play = game.locator('button.primary');
    await play.waitFor();
    const balanceBox = game.locator('.controls .box').first();
    expect(await text(balanceBox.locator('output'))).toBe('R$ 100,00');
    expect(await balanceBox.textContent()).toContain('Carteira do provedor');
    // The platform's bar shows the same wallet the game plays from, not the main one.
    await expect
      .poll(() => text(page.getByTestId('seamless-balance')), { timeout: 10_000 })
      .toContain('R$ 100,00');

    const answered = page.waitForResponse(
      (response: Response) =>
        response.url().startsWith(journey.platform.providerUrl) &&
        response.url().endsWith('/api/round'),
    );
    await play.click();
    const round = (await (await answered).json()) as Round;
    const after = 10_000 - round.stakeMinor + round.payoutMinor;
    expect(round.balanceMinor).toBe(after);
    await expect
      .poll(() => text(balanceBox.locator('output')), { timeout: 15_000 })
      .toBe(brl(after));
    await screenshot(page, 'transfer-vendor-round-1440');

    // Back: the vendor wallet in the platform is the provider's balance; the main one unmoved.
    await page.getByTestId('seamless-back').click();
    await page.goto(journey.url('/member?page=transferFund'));
    await page.getByTestId('wallet-page').waitFor();
    await expect.poll(() => cardBalance(page, VENDOR), { timeout: 10_000 }).toBe(brl(after));
    expect(await cardBalance(page, 'main')).toBe('R$ 900,00');
    await screenshot(page, 'transfer-vendor-wallet-1440');

    // The round is in the betting record with its stake and payout.
    await page.goto(journey.url('/member?page=personalHistoryCopy'));
    await page.getByTestId('bets-page').waitFor();
    const row = page.locator(`[data-testid="bet-row"][data-round="${round.roundId}"]`);
    await row.waitFor();
    expect(await row.getAttribute('data-status')).toBe('settled');
    expect(Number(await row.getAttribute('data-stake-minor'))).toBe(round.stakeMinor);
    expect(Number(await row.getAttribute('data-payout-minor'))).toBe(round.payoutMinor);
  });
});
