import { describe, expect, it } from 'vitest';
import { publish } from '../../apps/server/src/lib/events';
import { freshUsername, registerMember } from '../support/accounts';
import { screenshot, type Page } from '../support/browser';
import { useJourney } from '../support/journey';

/**
 * Live updates and the inbox (issue 13 §6), as a member sees them: logged in, on the home page,
 * a deposit is credited to them (a real ledger credit, then the payments module's
 * `deposit.credited`, published here as payments would and delivered by the server's own event
 * bus). Without reloading, the header balance moves, a toast says so and the inbox badge counts
 * one; the member opens the inbox, reads the message, marks it unread again and deletes it.
 */
const journey = useJourney();
const PASSWORD = 'Sorte@2026';

/** Visible text with Intl's non-breaking spaces made plain ("R$ 50,00"). */
async function text(page: Page, testId: string): Promise<string> {
  return (await page.getByTestId(testId).innerText()).replace(/\u00a0/g, ' ').trim();
}

/** Delivers every pending event, as the running bus would (a message's INBOX is a second round). */
async function deliverEvents(): Promise<void> {
  while ((await journey.platform.app.events.deliverPending()) > 0);
}

describe('live updates and the inbox', () => {
  it('a credited deposit moves the balance, shows a toast and a message, live', async () => {
    const username = freshUsername('inbox');
    await registerMember(journey.platform.baseUrl, { username, password: PASSWORD });
    const member = await journey.platform.db
      .selectFrom('members')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();

    const { page } = await journey.openBrowser();
    // The socket says `ready` once it has authenticated: only then can an event reach it.
    const socketReady = page.waitForEvent('websocket').then((socket) =>
      socket.waitForEvent('framereceived', {
        predicate: (frame) => String(frame.payload).includes('"ready"'),
      }),
    );
    await page.goto(journey.url('/login'));
    await page.getByTestId('login-username').fill(username);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.locator('[data-testid="header-balance"][data-state="ready"]').waitFor();
    expect(await text(page, 'header-balance-value')).toBe('R$ 0,00');
    await expect(page.getByTestId('header-inbox').getAttribute('data-unread')).resolves.toBe('0');
    await socketReady;

    // The payments module's credit: the ledger first, then its event.
    const memberRef = { memberId: member.id, merchantCode: 'BANCA', currency: 'BRL' };
    await journey.platform.app.services.wallet.adjust({
      member: memberRef,
      amountMinor: 5_000,
      reason: 'deposit:e2e',
      operatorId: 'e2e',
      idempotencyKey: `e2e-deposit-${member.id}`,
    });
    await publish(journey.platform.db, 'deposit.credited', {
      depositId: 900_000 + member.id,
      merchantCode: 'BANCA',
      memberId: member.id,
      amountMinor: 5_000,
      currency: 'BRL',
      method: 'pix',
      creditedAt: new Date().toISOString(),
    });
    await deliverEvents();

    const toast = page.getByTestId('toast').filter({ hasText: 'creditado' });
    await toast.waitFor();
    expect((await toast.innerText()).replace(/\u00a0/g, ' ')).toContain(
      'Depósito de R$ 50,00 creditado no seu saldo.',
    );
    await page.getByTestId('header-inbox-badge').waitFor();
    expect(await text(page, 'header-inbox-badge')).toBe('1');
    await page.waitForFunction(
      () =>
        document
          .querySelector('[data-testid="header-balance-value"]')
          ?.textContent?.replace(/\u00a0/g, ' ') === 'R$ 50,00',
    );
    await screenshot(page, 'inbox-badge-and-toast');

    // The inbox: one unread message with the amount and the method.
    await page.getByTestId('header-inbox').click();
    const message = page.getByTestId('inbox-message');
    await message.waitFor();
    expect(await message.count()).toBe(1);
    expect(await message.getAttribute('data-state')).toBe('unread');
    expect((await message.innerText()).replace(/\u00a0/g, ' ')).toContain(
      'Seu depósito de R$ 50,00 via PIX foi creditado no seu saldo.',
    );
    expect(await text(page, 'member-inbox-count')).toBe('1');
    await screenshot(page, 'inbox-unread');

    // Reading it clears the badges.
    await page.getByTestId('inbox-message-open').click();
    await page.locator('[data-testid="inbox-message"][data-state="read"]').waitFor();
    await page.getByTestId('header-inbox-badge').waitFor({ state: 'detached' });
    await page.getByTestId('member-inbox-count').waitFor({ state: 'detached' });
    await screenshot(page, 'inbox-read');

    // Unread again, then deleted: the inbox is empty.
    await page.getByTestId('inbox-toggle-read').click();
    await page.locator('[data-testid="inbox-message"][data-state="unread"]').waitFor();
    expect(await text(page, 'header-inbox-badge')).toBe('1');
    await page.getByTestId('inbox-delete').click();
    await page.getByTestId('inbox-empty').waitFor();
    await page.getByTestId('header-inbox-badge').waitFor({ state: 'detached' });
  });

  it('shows the inbox in English, on a phone', async () => {
    const username = freshUsername('inboxen');
    await registerMember(journey.platform.baseUrl, { username, password: PASSWORD });
    const member = await journey.platform.db
      .selectFrom('members')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    for (const [i, reason] of ['expired', 'payout_failed'].entries()) {
      if (i === 0)
        await publish(journey.platform.db, 'deposit.failed', {
          depositId: 800_000 + member.id,
          merchantCode: 'BANCA',
          memberId: member.id,
          amountMinor: 2_000,
          currency: 'BRL',
          method: 'pix',
          reason: 'expired',
        });
      else
        await publish(journey.platform.db, 'withdrawal.rejected', {
          withdrawalId: 700_000 + member.id,
          merchantCode: 'BANCA',
          memberId: member.id,
          amountMinor: 3_000,
          currency: 'BRL',
          reason,
        });
    }
    await deliverEvents();

    const { page } = await journey.openBrowser({ width: 390, height: 844, locale: 'en' });
    // The player chose English before (the site never follows the browser's language).
    await page.addInitScript(() => localStorage.setItem('language', 'en'));
    await page.goto(journey.url('/login'));
    await page.getByTestId('login-username').fill(username);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('header-inbox').waitFor();
    await page.goto(journey.url('/member?page=messageV2'));
    await page.getByTestId('inbox-message').first().waitFor();
    const texts = (await page.getByTestId('inbox-list').innerText()).replace(/\u00a0/g, ' ');
    expect(texts).toContain(
      'Your withdrawal of R$30.00 was rejected: the payout could not be sent.',
    );
    expect(texts).toContain('Your deposit of R$20.00 was not completed: the time to pay ran out.');
    await screenshot(page, 'inbox-phone-en');
  });
});
