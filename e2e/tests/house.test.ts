import { ENDPOINTS } from '@banca/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '../../apps/server/src/demo/operators';
import { totpCodeAt } from '../../apps/server/src/modules/auth';
import { screenshot, type Page } from '../support/browser';
import { useJourney } from '../support/journey';

/**
 * House games in a real browser (issue 14 §2–3): a free-play member opens Dice from the
 * Originals lobby (not the demo provider: Banca's own page), rolls, and the balance moves by
 * exactly the round's stake and payout; opens Mines, plays a round; rotates the seed pair on
 * the fairness page, follows a round's verify link and the verification page recomputes that
 * round in the browser to the same roll.
 */
const journey = useJourney();

async function playForFree(page: Page): Promise<void> {
  await page.goto(journey.url('/login'));
  await page.getByTestId('login-free-play').click();
  await page.getByTestId('header-account').waitFor();
  await page.locator('[data-testid="header-balance"][data-state="ready"]').waitFor();
}

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

/** Opens a house game from the Originals lobby by its card's name. */
async function launch(page: Page, name: string, gameCode: string): Promise<void> {
  await page.goto(journey.url('/house'));
  const card = page.locator('[data-testid="game-card"]', {
    has: page.getByTestId('game-card-name').getByText(name, { exact: true }),
  });
  await card.first().waitFor();
  await card.first().getByTestId('game-card-launch').click();
  await page.waitForURL(new RegExp(`/originals/${gameCode}$`));
  await page.getByTestId('house-game').waitFor();
}

describe('a player plays the house games and verifies a round', () => {
  it('rolls dice, plays mines, rotates seeds and verifies the roll in the browser', async () => {
    const { page } = await journey.openBrowser();
    await playForFree(page);
    const start = await serverBalanceMinor(page);

    await launch(page, 'Dados', 'BGS_DICE');
    expect(await page.getByTestId('house-rtp').innerText()).toContain('99,00%');
    await screenshot(page, 'house-dice');
    const answer = page.waitForResponse((r) => r.url().endsWith('/wps/house/dice'));
    await page.getByTestId('house-bet').click();
    const bet = (await (await answer).json()).value as {
      stakeMinor: number;
      payoutMinor: number;
      outcome: { rollE2: number };
      nonce: number;
    };
    await page.getByTestId('house-result').waitFor();
    const roll = (bet.outcome.rollE2 / 100).toLocaleString('pt-BR', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping: false,
    });
    expect(await page.getByTestId('dice-roll').innerText()).toBe(roll);
    await screenshot(page, 'house-dice-rolled');
    expect(await serverBalanceMinor(page)).toBe(start - bet.stakeMinor + bet.payoutMinor);

    await launch(page, 'Minas', 'BGS_MINES');
    await page.getByTestId('mines-start').click();
    await page.getByTestId('mines-cashout').waitFor();
    await page.getByTestId('mines-tile-12').click();
    await page
      .locator('[data-testid="mines-tile-12"][data-state="gem"], [data-testid="house-result"]')
      .first()
      .waitFor();
    if ((await page.getByTestId('house-result').count()) === 0)
      await page.getByTestId('mines-cashout').click();
    await page.getByTestId('house-result').waitFor();
    await screenshot(page, 'house-mines');

    await page.goto(journey.url('/originals/fairness'));
    const hash = await page.getByTestId('seed-active-hash').innerText();
    await page.getByTestId('seed-client-input').fill('journey seed');
    await page.getByTestId('seed-rotate').click();
    await page.getByTestId('seed-revealed').first().waitFor();
    await page.getByTestId('house-verify-link').first().waitFor();
    await screenshot(page, 'house-fairness');
    // The dice round is the older of the two: the last row.
    await page.getByTestId('house-verify-link').last().click();
    await page.waitForURL(/\/originals\/verify\?/);
    await page.getByTestId('verify-result').waitFor();
    expect(await page.getByTestId('verify-result').innerText()).toBe(roll);
    expect(await page.getByTestId('verify-commitment').innerText()).toBe(hash);
    await screenshot(page, 'house-verify');
  });

  it('drops a plinko ball and plays limbo with auto-bet, the balance moving by what they paid', async () => {
    const { page } = await journey.openBrowser();
    await playForFree(page);
    const start = await serverBalanceMinor(page);
    let net = 0;
    const paid = (body: { stakeMinor: number; payoutMinor: number }) => {
      net += body.payoutMinor - body.stakeMinor;
    };
    page.on('response', (response) => {
      if (/\/wps\/house\/(plinko|limbo)$/.test(response.url()) && response.ok())
        void response
          .json()
          .then((b: { value: { stakeMinor: number; payoutMinor: number } }) => paid(b.value));
    });

    await page.goto(journey.url('/originals/BGS_PLINKO'));
    await page.getByTestId('house-game').waitFor();
    const dropped = page.waitForResponse((r) => r.url().endsWith('/wps/house/plinko'));
    await page.keyboard.press('Space');
    await dropped;
    await page.getByTestId('house-result').waitFor();
    await screenshot(page, 'house-plinko');

    await page.goto(journey.url('/originals/BGS_LIMBO'));
    await page.getByTestId('house-game').waitFor();
    await page.getByRole('tab', { name: 'Automático' }).click();
    await page.getByTestId('house-auto-start').waitFor();
    await page.getByLabel('Número de apostas (0 = sem limite)').fill('3');
    await page.getByTestId('house-auto-start').click();
    await page.getByTestId('house-auto-start').waitFor({ timeout: 20_000 });
    await screenshot(page, 'house-limbo-auto');
    await expect.poll(() => serverBalanceMinor(page)).toBe(start + net);
  });

  it('shows the operator each game’s result and switches a game off and on', async () => {
    const { page } = await journey.openBrowser();
    await page.goto(journey.url('/admin'));
    await page.getByTestId('admin-sign-in').waitFor();
    await page.getByLabel('Usuário').fill(DEMO_OPERATOR.username);
    await page.getByLabel('Senha', { exact: true }).fill(DEMO_OPERATOR.password);
    await page.getByTestId('admin-sign-in-submit').click();
    await page.getByTestId('admin-code').fill(totpCodeAt(DEMO_OPERATOR.totpSecret, Date.now()));
    await page.getByTestId('admin-code-submit').click();
    await page.getByTestId('members-desk').waitFor();
    await page.goto(journey.url('/admin/house'));
    const kill = page.getByTestId('house-kill-BGS_DICE');
    await kill.waitFor();
    expect(await kill.getAttribute('aria-pressed')).toBe('true');
    await kill.click();
    await page.locator('[data-testid="house-kill-BGS_DICE"][aria-pressed="false"]').waitFor();
    await screenshot(page, 'house-desk');
    const games = await fetch(journey.url('/wps/house/games'), {
      headers: { 'x-gateway-version': '3', device: 'web' },
    });
    const dice = (
      (await games.json()) as { value: { games: { gameCode: string; enabled: boolean }[] } }
    ).value.games.find((g) => g.gameCode === 'BGS_DICE');
    expect(dice?.enabled).toBe(false);
    await kill.click();
    await page.locator('[data-testid="house-kill-BGS_DICE"][aria-pressed="true"]').waitFor();
  });

  it('bets on the shared Double wheel and sees the round drawn', async () => {
    const { page } = await journey.openBrowser();
    await playForFree(page);
    const start = await serverBalanceMinor(page);
    await page.goto(journey.url('/originals/BGS_DOUBLE'));
    await page.getByTestId('house-game').waitFor();
    await page.locator('[data-testid="double-red"]:not([disabled])').waitFor({ timeout: 30_000 });
    const placed = page.waitForResponse((r) => r.url().endsWith('/wps/house/double/bet'));
    await page.getByTestId('double-red').click();
    expect((await placed).ok()).toBe(true);
    expect(await serverBalanceMinor(page)).toBe(start - 100);
    await screenshot(page, 'house-double-betting');
    await page.getByTestId('double-countdown').getByText('Resultado').waitFor({ timeout: 30_000 });
    await page.waitForTimeout(4_800); // the strip's spin
    await screenshot(page, 'house-double-result');
  });

  it('plays a crash round with an automatic cash-out', async () => {
    const { page } = await journey.openBrowser();
    await playForFree(page);
    const start = await serverBalanceMinor(page);
    await page.goto(journey.url('/originals/BGS_CRASH'));
    await page.getByTestId('house-game').waitFor();
    await page.getByLabel('Retirada automática (vazio = manual)').fill('1.01');
    await page.locator('[data-testid="crash-bet"]:not([disabled])').waitFor({ timeout: 30_000 });
    const placed = page.waitForResponse((r) => r.url().endsWith('/wps/house/crash/bet'));
    await page.getByTestId('crash-bet').click();
    const roundId = ((await (await placed).json()) as { value: { roundId: number } }).value.roundId;
    await screenshot(page, 'house-crash-betting');
    await page.getByTestId('crash-multiplier').getByText('Crash!').waitFor({ timeout: 60_000 });
    await screenshot(page, 'house-crash-crashed');
    const point = await page.evaluate(async (id) => {
      const answer = await fetch('/wps/house/crash/state?gameCode=BGS_CRASH', {
        headers: { 'x-gateway-version': '3', device: 'web' },
      });
      const body = (await answer.json()) as {
        value: { history: { id: number; pointE2: number }[] };
      };
      return body.value.history.find((h) => h.id === id)?.pointE2;
    }, roundId);
    expect(point).toBeDefined();
    await expect.poll(() => serverBalanceMinor(page)).toBe(start - 100 + (point! >= 101 ? 101 : 0));
    // A countdown (up to 30 s) and a flight whose length is the round's crash point (up to 60 s).
  }, 120_000);
});
