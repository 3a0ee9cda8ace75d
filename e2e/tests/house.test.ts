import { ENDPOINTS } from '@banca/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '../../apps/server/src/demo/operators';
import { totpCodeAt } from '../../apps/server/src/modules/auth';
import { screenshot, type Page } from '../support/browser';
import { useJourney } from '../support/journey';
import { playFreely } from '../support/accounts';

/**
 * House games in a real browser (issue 14 §2–3): a free-play member opens Dice from the
 * Originals lobby (not the demo provider: Banca's own page), rolls, and the balance moves by
 * exactly the round's stake and payout; opens Mines, plays a round; rotates the seed pair on
 * the fairness page, follows a round's verify link and the verification page recomputes that
 * round in the browser to the same roll.
 */
const journey = useJourney();

async function playForFree(page: Page): Promise<void> {
  await playFreely(page, journey.url('/login'));
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

  it('drops a plinko ball, plays limbo and mines with auto-bet, the balance moving by what they paid', async () => {
    const { page } = await journey.openBrowser();
    await playForFree(page);
    const start = await serverBalanceMinor(page);
    let net = 0;
    let minesRounds = 0;
    const paid = (body: { stakeMinor: number; payoutMinor: number; status: string }) => {
      // A mines round counts once it is over (its start and open reveals answer it open).
      if (body.status === 'open') return;
      net += body.payoutMinor - body.stakeMinor;
    };
    page.on('response', (response) => {
      if (!/\/wps\/house\/(plinko|limbo|mines|mines\/reveal|mines\/cashout)$/.test(response.url()))
        return;
      if (!response.ok()) return;
      void response
        .json()
        .then((b: { value: { stakeMinor: number; payoutMinor: number; status: string } }) => {
          if (b.value.status !== 'open' && response.url().includes('/mines')) minesRounds += 1;
          paid(b.value);
        });
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

    // Mines on auto: two tiles picked on the board, opened in that order each round, cashed out.
    await page.goto(journey.url('/originals/BGS_MINES'));
    await page.getByTestId('house-game').waitFor();
    await page.getByRole('tab', { name: 'Automático' }).click();
    await page.getByTestId('mines-tile-6').click();
    await page.getByTestId('mines-tile-18').click();
    expect(await page.getByTestId('mines-tile-6').getAttribute('data-state')).toBe('picked');
    await page.getByTestId('house-auto-count').fill('2');
    await screenshot(page, 'house-mines-auto');
    await page.getByTestId('house-auto-start').click();
    await page.getByTestId('house-auto-stop').waitFor();
    await page.getByTestId('house-auto-start').waitFor({ timeout: 20_000 });
    await expect.poll(() => minesRounds).toBe(2);
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

    // The crash round's payout limit, edited in the desk, is what the games list answers.
    await page.getByTestId('house-limits-BGS_CRASH_SPACE').click();
    const roundLimit = page.getByTestId('house-limit-maxRoundPayoutMinor');
    await roundLimit.fill('250.000,00');
    await screenshot(page, 'house-desk-limits');
    await page.getByTestId('house-limits-save').click();
    await page.getByTestId('house-limits-dialog').waitFor({ state: 'detached' });
    const after = await fetch(journey.url('/wps/house/games'), {
      headers: { 'x-gateway-version': '3', device: 'web' },
    });
    const crash = (
      (await after.json()) as {
        value: { games: { gameCode: string; maxRoundPayoutMinor: number }[] };
      }
    ).value.games.find((g) => g.gameCode === 'BGS_CRASH_SPACE');
    expect(crash?.maxRoundPayoutMinor).toBe(25_000_000);
  });

  it('bets on the shared Double wheel and sees the round drawn, live over the socket', async () => {
    const { page } = await journey.openBrowser();
    const socket = watchSocket(page);
    await playForFree(page);
    const start = await serverBalanceMinor(page);
    await page.goto(journey.url('/originals/BGS_DOUBLE'));
    await page.getByTestId('house-game').waitFor();
    // Bets open for as long as the countdown runs; a new round comes by the socket.
    await page.locator('[data-testid="double-red"]:not([disabled])').waitFor({ timeout: 30_000 });
    const placed = page.waitForResponse((r) => r.url().endsWith('/wps/house/double/bet'));
    await page.getByTestId('double-red').click();
    const roundId = ((await (await placed).json()) as { value: { roundId: number } }).value.roundId;
    expect(await serverBalanceMinor(page)).toBe(start - 100);
    await screenshot(page, 'house-double-betting');
    // The result arrives as a broadcast; the strip stops on its slot.
    const result = await socket.next(
      (f) => f.topic === 'house.double' && f.data.kind === 'result' && f.data.roundId === roundId,
      30_000,
    );
    await page.getByTestId('double-countdown').getByText('Resultado').waitFor();
    await page.locator('[data-testid="double-strip"][data-settled="true"]').waitFor();
    await screenshot(page, 'house-double-result');
    const slot = result.data.slot as number;
    const colour = slot === 0 ? 'white' : slot <= 7 ? 'red' : 'black';
    const payout = colour === 'red' ? Math.floor((100 * Math.floor((9700 * 15) / 7)) / 10_000) : 0;
    await expect.poll(() => serverBalanceMinor(page)).toBe(start - 100 + payout);
    // Rendered from the socket: the state was read over HTTP a handful of times, not polled.
    expect(socket.stateReads('double')).toBeLessThanOrEqual(4);
  }, 90_000);

  it('plays crash rounds by auto-bet with an automatic cash-out, live over the socket', async () => {
    const { page } = await journey.openBrowser();
    const socket = watchSocket(page);
    await playForFree(page);
    const start = await serverBalanceMinor(page);
    await page.goto(journey.url('/originals/BGS_CRASH'));
    await page.getByTestId('house-game').waitFor();
    await page.getByRole('tab', { name: 'Automático' }).click();
    await page.getByTestId('crash-auto-target').fill('1.01');
    await page.getByTestId('house-auto-count').fill('1');
    const placed = page.waitForResponse((r) => r.url().endsWith('/wps/house/crash/bet'), {
      timeout: 30_000,
    });
    // Space starts the run (keys typed in a field stay the field's).
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Space');
    const roundId = ((await (await placed).json()) as { value: { roundId: number } }).value.roundId;
    await page.getByTestId('house-auto-stop').waitFor();
    await screenshot(page, 'house-crash-auto');
    // The multiplier climbs on the server's ticks, then the crash, both broadcast. A round that
    // crashes at once (1.00×, or within a tick or two of a loaded machine's clock) has no tick:
    // the crash is awaited, and a flight long enough (to 1.50×, about 6.8 s) must have had them.
    const crashed = await socket.next(
      (f) => f.topic === 'house.crash' && f.data.kind === 'crashed' && f.data.roundId === roundId,
      70_000,
    );
    if ((crashed.data.pointE2 as number) >= 150)
      expect(
        socket.seen(
          (f) => f.topic === 'house.crash' && f.data.kind === 'tick' && f.data.roundId === roundId,
        ),
      ).toBe(true);
    await page.getByTestId('crash-multiplier').getByText('Crash!').waitFor();
    await screenshot(page, 'house-crash-crashed');
    // One bet, then the run stops by its count.
    await page.getByTestId('house-auto-start').waitFor({ timeout: 30_000 });
    const point = crashed.data.pointE2 as number;
    await expect.poll(() => serverBalanceMinor(page)).toBe(start - 100 + (point >= 101 ? 101 : 0));
    expect(socket.stateReads('crash')).toBeLessThanOrEqual(6);
    await page.setViewportSize({ width: 375, height: 812 });
    await screenshot(page, 'house-crash-phone');
  }, 150_000);
});

type TopicFrame = { topic: string; data: Record<string, unknown> & { kind: string } };

/**
 * The page's socket frames and its state reads: `next(test)` resolves with the first topic frame
 * (already received or to come) that passes the test.
 */
function watchSocket(page: Page) {
  const frames: TopicFrame[] = [];
  const waiting = new Set<() => void>();
  const reads = { crash: 0, double: 0 };
  page.on('request', (request) => {
    const match = /\/wps\/house\/(crash|double)\/state/.exec(request.url());
    if (match) reads[match[1] as 'crash' | 'double'] += 1;
  });
  page.on('websocket', (ws) => {
    ws.on('framereceived', ({ payload }) => {
      const frame = JSON.parse(String(payload)) as { kind: string } & TopicFrame;
      if (frame.kind !== 'topic') return;
      frames.push(frame);
      for (const check of [...waiting]) check();
    });
  });
  return {
    stateReads: (engine: 'crash' | 'double') => reads[engine],
    /** Whether a topic frame that passes the test has been received. */
    seen: (test: (frame: TopicFrame) => boolean) => frames.some(test),
    next: (test: (frame: TopicFrame) => boolean, timeoutMs: number) =>
      new Promise<TopicFrame>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`no such frame in ${timeoutMs} ms`));
        }, timeoutMs);
        function check() {
          const found = frames.find(test);
          if (!found) return;
          clearTimeout(timer);
          waiting.delete(check);
          resolve(found);
        }
        waiting.add(check);
        check();
      }),
  };
}
