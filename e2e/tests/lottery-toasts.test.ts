import { describe, expect, it } from 'vitest';
import { playFreely } from '../support/accounts';
import { screenshot, type Page } from '../support/browser';
import { useJourney } from '../support/journey';

/**
 * Toasts never cover the lottery slip's buttons (found by a browser QA pass: at 1366×800 the
 * "bet placed" toast sat on "Apostar"), on a desktop and on a phone, where the slip's bar at the
 * bottom is kept clear too. The stack rises above them (components/toaster.tsx).
 */
const journey = useJourney();
const GAME = 'ELOTT_SSC1';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The toast stack's box, once a toast is in it. */
async function toastBox(page: Page): Promise<Box> {
  await page.getByTestId('toast').first().waitFor();
  // The stack glides into place (0.18 s): read it once it stopped.
  let last = '';
  await expect
    .poll(async () => {
      const box = JSON.stringify(await page.getByTestId('toaster').boundingBox());
      const still = box === last;
      last = box;
      return still;
    })
    .toBe(true);
  return (await page.getByTestId('toaster').boundingBox())!;
}

/** Opens the quick lottery's betting page on a draw with time left, one digit picked. */
async function bettingPage(page: Page) {
  await playFreely(page, journey.url('/login'));
  await page.goto(journey.url(`/lottery?gameCode=${GAME}`));
  await page.getByTestId('lottery-board').waitFor();
  await page
    .locator('[data-testid="lottery-countdown"]', { hasText: /^0:(0[8-9]|[1-5]\d)$|^[1-9]:\d\d$/ })
    .waitFor({ timeout: 60_000 });
  await page.getByTestId('lottery-pick-position-1-7').click();
}

/** Scrolls so the slip's buttons sit at the bottom of the screen, where the toasts appear. */
async function buttonsAtTheBottom(page: Page) {
  await page.getByTestId('lottery-slip-actions').evaluate((actions) => {
    const box = actions.getBoundingClientRect();
    window.scrollBy(0, box.bottom - (window.innerHeight - 8));
  });
}

describe('toasts and the lottery slip', () => {
  it('never covers the slip’s buttons at 1366×800', async () => {
    journey.platform.app.jobs.start();
    const { page } = await journey.openBrowser({ width: 1366, height: 800 });
    await bettingPage(page);
    await buttonsAtTheBottom(page);
    await page.getByTestId('lottery-place').click();
    const toast = await toastBox(page);
    const buttons = (await page.getByTestId('lottery-slip-actions').boundingBox())!;
    expect(buttons.y + buttons.height).toBeGreaterThan(800 - 40);
    expect(overlaps(toast, buttons)).toBe(false);
    // The stack kept its column (bottom right) and sits just above the buttons.
    expect(toast.x + toast.width).toBeGreaterThan(1366 - 40);
    expect(toast.y + toast.height).toBeLessThanOrEqual(buttons.y);
    await screenshot(page, 'lottery-toast-desktop');
  });

  it('never covers the slip’s buttons nor its bar on a phone', async () => {
    const { page } = await journey.openBrowser({ width: 390, height: 844 });
    await bettingPage(page);
    // The slip under the board: its bar at the bottom; its buttons brought to the bottom edge.
    await page.getByTestId('lottery-slip-bar').waitFor();
    await buttonsAtTheBottom(page);
    await page.getByTestId('lottery-place').click();
    const toast = await toastBox(page);
    const buttons = (await page.getByTestId('lottery-slip-actions').boundingBox())!;
    expect(overlaps(toast, buttons)).toBe(false);
    await screenshot(page, 'lottery-toast-phone');

    // Back up to the board while the toast is shown: a new pick brings the slip's bar back, and
    // the stack rises above it.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByTestId('lottery-pick-position-2-3').click();
    await page.getByTestId('lottery-slip-bar').waitFor();
    const bar = (await page.getByTestId('lottery-slip-bar').boundingBox())!;
    const risen = await toastBox(page);
    expect(overlaps(risen, bar)).toBe(false);
    expect(risen.y + risen.height).toBeLessThanOrEqual(bar.y);
    await screenshot(page, 'lottery-toast-phone-bar');
  });
});
