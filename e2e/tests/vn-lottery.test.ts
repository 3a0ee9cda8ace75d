import { ENDPOINTS } from '@banca/contracts';
import { PRIZE_STRUCTURES } from '@banca/contracts/lottery-rules';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '../../apps/server/src/demo/operators';
import { totpCodeAt } from '../../apps/server/src/modules/auth';
import { openBrowser, screenshot, type BrowserSession, type Page } from '../support/browser';
import { useJourney } from '../support/journey';
import { playFreely } from '../support/accounts';

/**
 * A Vietnamese north draw in real browsers (issue 18 §2): a free-play member opens /vnLottery,
 * bets lô 07 and đề 45 on the north game (Miền Bắc); the draw's time comes (the journey moves
 * it to now: it does not wait for 18:15 in Hanoi); the demo owner enters the result sheet in the
 * console; a second operator enters it with one number wrong and is refused with the prize that
 * differs, then enters it right, which confirms and settles the draw; the member hears the
 * result over /ws and sees the win in a toast, the balance, the result sheet and my bets.
 */
const journey = useJourney();
const GAME = 'LOTT_MB';
/** The official sheet: 07 ends three prizes (G1, G2, G4), the special prize ends in 45. */
const SHEET: Record<string, string[]> = {
  DB: ['12345'],
  G1: ['00007'],
  G2: ['11107', '22225'],
  G3: ['33388', '44410', '55511', '66612', '77713', '88814'],
  G4: ['1007', '2016', '3017', '4018'],
  G5: ['5019', '6020', '7021', '8022', '9023', '0024'],
  G6: ['126', '227', '328'],
  G7: ['29', '30', '31', '32'],
};

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

/** Signs an operator in to the console (enrolling the authenticator the first time). */
async function signIn(page: Page, username: string, password: string, secret: string | null) {
  await page.goto(journey.url('/admin'));
  await page.getByLabel('Usuário').fill(username);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByTestId('admin-sign-in-submit').click();
  let key = secret;
  if (!key) {
    const shown = page.getByTestId('admin-enrol-secret');
    await shown.waitFor();
    key = (await shown.innerText()).replace(/\s/g, '');
  }
  await page.getByTestId('admin-code').fill(totpCodeAt(key, Date.now()));
  await page.getByTestId('admin-code-submit').click();
  await page.getByTestId('members-desk').waitFor();
}

/** Opens the draw's result form on the Lottery desk and types the sheet (with changes). */
async function typeSheet(page: Page, drawId: number, changes: Record<string, string> = {}) {
  await page.goto(journey.url('/admin/lottery'));
  await page.getByTestId('lottery-desk-tab-results').click();
  await page.getByTestId(`lottery-enter-${drawId}`).click();
  await page.getByTestId('lottery-result-form').waitFor();
  for (const row of PRIZE_STRUCTURES.vn_north)
    for (let i = 0; i < row.count; i += 1) {
      const id = `${row.prize}-${i + 1}`;
      await page.getByTestId(`lottery-result-${id}`).fill(changes[id] ?? SHEET[row.prize]![i]!);
    }
}

describe('a VN north draw entered by two operators and settled', () => {
  it('a member bets lô and đề, two operators enter the sheet, the member sees the win', async () => {
    const { page } = await journey.openBrowser();
    const extra: BrowserSession[] = [];
    try {
      await playFreely(page, journey.url('/login'));
      const start = await serverBalanceMinor(page);

      // /vnLottery: the lobby on the Vietnamese games.
      await page.goto(journey.url('/vnLottery'));
      await page.getByTestId(`lottery-game-${GAME}`).waitFor();
      await screenshot(page, 'vn-lottery-lobby');
      await page.getByTestId(`lottery-game-${GAME}`).click();
      await page.waitForURL(new RegExp(`/vnLottery\\?gameCode=${GAME}`));
      await page.locator('[data-testid="lottery-board"][data-kind="vn_north"]').waitFor();
      await expect.poll(() => page.getByTestId('lottery-draw-time').innerText()).toMatch(/18:15/);

      // lô 07 and đề 45, R$ 1,00 each.
      await page.getByTestId('lottery-pick-lo2-07').click();
      await page.getByTestId('lottery-bet-type-de').click();
      await page.getByTestId('lottery-pick-de-45').click();
      await page.getByTestId('lottery-stake').fill('1,00');
      expect(
        (await page.getByTestId('lottery-slip-total').innerText()).replace(/\u00a0/g, ' '),
      ).toBe('R$ 2,00');
      await screenshot(page, 'vn-lottery-betting');
      const placed = page.waitForResponse((r) => r.url().endsWith('/wps/lottery/bets'));
      await page.getByTestId('lottery-place').click();
      const slip = (await (await placed).json()).value.slip as {
        slipId: number;
        drawId: number;
        drawNo: string;
      };
      await page.getByTestId('lottery-open-bets').getByText(slip.drawNo).first().waitFor();
      expect(await serverBalanceMinor(page)).toBe(start - 200);

      // The draw's time comes (moved to now rather than waiting for 18:15 in Hanoi).
      await sql`UPDATE lottery_draws SET close_at = now() - interval '2 seconds', draw_at = now() - interval '1 second' WHERE id = ${slip.drawId}`.execute(
        journey.platform.db,
      );

      // Operator A (the demo owner): the first entry, which waits for a second operator.
      const first = await openBrowser();
      extra.push(first);
      await signIn(
        first.page,
        DEMO_OPERATOR.username,
        DEMO_OPERATOR.password,
        DEMO_OPERATOR.totpSecret,
      );
      // The game's settings on the desk: local draw time, zone, source, odds tables.
      await first.page.goto(journey.url('/admin/lottery'));
      await first.page.getByTestId(`lottery-edit-${GAME}`).waitFor();
      // The southern provinces' group: each with its days at 16:15.
      await first.page.getByTestId('lottery-games-group-south').click();
      await first.page.getByTestId('lottery-edit-LOTT_MN_HCM').waitFor();
      expect(await first.page.getByTestId(`lottery-edit-${GAME}`).count()).toBe(0);
      await first.page.getByText('seg., sáb. às 16:15 (Ho Chi Minh)').waitFor();
      await screenshot(first.page, 'vn-lottery-desk');
      await first.page.getByTestId('lottery-games-group-north').click();
      await first.page.getByTestId(`lottery-edit-${GAME}`).click();
      expect(await first.page.getByTestId('lottery-field-drawTime').inputValue()).toBe('18:15');
      expect(await first.page.getByTestId('lottery-odds-lo2').inputValue()).toBe('95');
      // The north draws every day: no draw day ticked.
      expect(await first.page.getByTestId('lottery-weekday-1').getAttribute('aria-pressed')).toBe(
        'false',
      );
      await first.page.getByTestId('lottery-weekday-1').scrollIntoViewIfNeeded();
      await screenshot(first.page, 'vn-lottery-game-dialog');
      await first.page.getByRole('button', { name: 'Cancelar' }).click();
      await typeSheet(first.page, slip.drawId);
      await screenshot(first.page, 'vn-lottery-entry-form');
      await first.page.getByTestId('lottery-result-submit').click();
      await first.page
        .getByText('Primeira digitação registrada. Outro operador precisa digitar a mesma folha.')
        .waitFor();
      await first.page.getByTestId('lottery-first-entry').first().waitFor();
      // The check is not the first operator's to make: said on the row, no form to fill.
      await first.page.getByTestId(`lottery-not-yours-${slip.drawId}`).waitFor();
      expect(await first.page.getByTestId(`lottery-enter-${slip.drawId}`).count()).toBe(0);
      await screenshot(first.page, 'vn-lottery-awaiting');

      // Operator B: a second operator of the console (risk), enrolled at first sign-in.
      await journey.platform.app.services.operators.createOperator(
        {
          username: 'conferente',
          displayName: 'Conferente da Loteria',
          password: 'conferente-2026-x',
          roles: ['risk'],
        },
        null,
      );
      const second = await openBrowser();
      extra.push(second);
      await signIn(second.page, 'conferente', 'conferente-2026-x', null);
      // One number typed wrong: refused, the prize named, nothing settled.
      await typeSheet(second.page, slip.drawId, { 'G3-2': '44411' });
      await second.page.getByTestId('lottery-result-submit').click();
      await second.page.getByText(/não confere com a primeira digitação em: G3-2/).waitFor();
      // The box that differs is marked on the form, and the trail names it by its label.
      await expect
        .poll(() => second.page.getByTestId('lottery-result-G3-2').getAttribute('aria-invalid'))
        .toBe('true');
      await second.page
        .getByTestId('lottery-entries')
        .getByText(/3º prêmio nº 2/)
        .waitFor();
      await screenshot(second.page, 'vn-lottery-mismatch');
      expect(await serverBalanceMinor(page)).toBe(start - 200);
      // Corrected: the two entries agree, the draw is confirmed and settled.
      await second.page.getByTestId('lottery-result-G3-2').fill('44410');
      await second.page.getByTestId('lottery-result-submit').click();
      await second.page.getByText('Resultado conferido e sorteio apurado.').waitFor();

      // The member hears it: lô 07 three times floor(100·3·95/27) = R$ 10,55, đề 45 R$ 95,00.
      await page.getByText(`Você ganhou R$ 105,55 no sorteio ${slip.drawNo}!`).waitFor({
        timeout: 30_000,
      });
      expect(await serverBalanceMinor(page)).toBe(start - 200 + 10_555);
      await expect
        .poll(() =>
          page.locator('[data-testid="lottery-sheet"]').first().getAttribute('data-draw-no'),
        )
        .toBe(slip.drawNo);
      expect(await page.getByTestId('lottery-sheet-DB-1').first().innerText()).toBe('12345');
      await screenshot(page, 'vn-lottery-result');

      await page.getByTestId('lottery-tab-bets').click();
      const payout = page
        .getByTestId('lottery-bets-table')
        .getByTestId('lottery-bet-payout')
        .first();
      await expect
        .poll(async () => (await payout.innerText()).replace(/\u00a0/g, ' '))
        .toBe('R$ 105,55');
      await page.getByTestId('lottery-bets-table').getByText('Lô 2 números 07 ×3').waitFor();
      await screenshot(page, 'vn-lottery-my-bets');

      // Results: the sheet of the draw and the frequency of 2-digit endings.
      await page.getByTestId('lottery-tab-results').click();
      await page
        .getByTestId('lottery-history')
        .locator(`[data-testid="lottery-sheet"][data-draw-no="${slip.drawNo}"]`)
        .waitFor();
      await page.getByTestId('lottery-frequency').locator('canvas').waitFor();
      await screenshot(page, 'vn-lottery-results');
    } finally {
      for (const session of extra) await session.close();
    }
  }, 180_000);

  it('a member picks a southern province drawing next and bets đá and ba càng', async () => {
    const { page } = await journey.openBrowser();
    await playFreely(page, journey.url('/login'));
    const start = await serverBalanceMinor(page);

    // The menu by region; the south's provinces grouped by their next draw day.
    await page.goto(journey.url('/vnLottery'));
    const south = page.getByTestId('lottery-region-south');
    await south.waitFor();
    const firstDay = south.locator('[data-testid^="lottery-day-"]').first();
    const province = firstDay.locator('[data-testid^="lottery-game-"]').first();
    const gameCode = (await province.getAttribute('data-testid'))!.replace('lottery-game-', '');
    expect(gameCode).toMatch(/^LOTT_MN_/);
    // 3 or 4 provinces draw that day, each at 16:15.
    const count = await firstDay.locator('[data-testid^="lottery-game-"]').count();
    expect(count).toBeGreaterThanOrEqual(3);
    expect(count).toBeLessThanOrEqual(4);
    expect(await page.getByTestId(`lottery-next-${gameCode}`).innerText()).toMatch(/16:15/);
    await screenshot(page, 'vn-lottery-provinces');
    await south.scrollIntoViewIfNeeded();
    await screenshot(page, 'vn-lottery-provinces-south');
    await province.click();
    await page.waitForURL(new RegExp(`/vnLottery\\?gameCode=${gameCode}`));
    await page.locator('[data-testid="lottery-board"][data-kind="vn_south"]').waitFor();
    expect(await page.getByTestId('lottery-region').innerText()).toBe('Miền Nam · Sul');
    await expect.poll(() => page.getByTestId('lottery-draw-time').innerText()).toMatch(/16:15/);

    // đá 07-25 (two numbers on the board) and ba càng 456 (typed), R$ 1,00 each.
    await page.getByTestId('lottery-bet-type-da2').click();
    expect(await page.getByTestId('lottery-odds').innerText()).toContain('36');
    await page.getByTestId('lottery-pick-da2-25').click();
    await page.getByTestId('lottery-pick-da2-07').click();
    await page.getByTestId('lottery-combo-add').click();
    await page.getByTestId('lottery-slip-line').getByText('Đá 2 números 07-25').waitFor();
    await page.getByTestId('lottery-bet-type-de3').click();
    await page.getByTestId('lottery-number-input').fill('456');
    await page.getByTestId('lottery-number-add').click();
    await page.getByTestId('lottery-slip-line').getByText('Ba càng 456').waitFor();
    await page.getByTestId('lottery-stake').fill('1,00');
    await screenshot(page, 'vn-lottery-province-betting');
    const placed = page.waitForResponse((r) => r.url().endsWith('/wps/lottery/bets'));
    await page.getByTestId('lottery-place').click();
    const answer = (await (await placed).json()).value as {
      slip: { gameCode: string; lines: Array<{ betType: string; selection: string }> };
    };
    expect(answer.slip.gameCode).toBe(gameCode);
    expect(answer.slip.lines.map((l) => `${l.betType} ${l.selection}`)).toEqual([
      'da2 07-25',
      'de3 456',
    ]);
    await expect.poll(() => serverBalanceMinor(page)).toBe(start - 200);
  }, 90_000);

  it('a member on a phone bets big on the 4D game of /seaLottery', async () => {
    const { page } = await journey.openBrowser({ width: 375, height: 812 });
    await playFreely(page, journey.url('/login'));
    const start = await serverBalanceMinor(page);
    // The Vietnamese menu on a phone: the regions one under the other.
    await page.goto(journey.url('/vnLottery'));
    await page.getByTestId('lottery-region-central').scrollIntoViewIfNeeded();
    await screenshot(page, 'vn-lottery-provinces-phone');
    await page.goto(journey.url('/seaLottery'));
    await page.getByTestId('lottery-game-SEA_4D').click();
    await page.waitForURL(/\/seaLottery\?gameCode=SEA_4D/);
    await page.locator('[data-testid="lottery-board"][data-kind="sea4d"]').waitFor();
    // The odds table by prize class, then a typed 4-digit number.
    expect(await page.getByTestId('lottery-odds').innerText()).toContain('2.500×');
    await page.getByTestId('lottery-number-input').fill('0427');
    await page.getByTestId('lottery-number-add').click();
    await page.getByTestId('lottery-slip-line').getByText('Big 0427').waitFor();
    await page.getByTestId('lottery-stake').fill('2,00');
    await screenshot(page, 'sea-lottery-phone');
    const placed = page.waitForResponse((r) => r.url().endsWith('/wps/lottery/bets'));
    await page.getByTestId('lottery-place').click();
    expect((await placed).status()).toBe(200);
    await expect.poll(() => serverBalanceMinor(page)).toBe(start - 200);
  }, 90_000);
});
