import { describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '../../apps/server/src/demo/operators';
import { totpCodeAt } from '../../apps/server/src/modules/auth';
import { freshUsername, registerMember } from '../support/accounts';
import { screenshot } from '../support/browser';
import { useJourney } from '../support/journey';

/**
 * The built-in support chat (issue 19 §4, docs/support.md) as both sides use it: a member opens
 * the chat from the header's service icon (one of the brand's channels) and writes; an operator
 * finds the conversation on the desk's support desk with its unread count and answers; the
 * member sees the answer arrive live, and with the chat closed, as a badge on the service icon.
 */
const journey = useJourney();
const PASSWORD = 'Sorte@2026';

/** Delivers every pending event, as the running bus would (the answer's SUPPORT push). */
async function deliverEvents(): Promise<void> {
  while ((await journey.platform.app.events.deliverPending()) > 0);
}

describe('support chat', () => {
  it('a member writes, an operator answers in /admin, the member sees it live', async () => {
    const username = freshUsername('chat');
    await registerMember(journey.platform.baseUrl, { username, password: PASSWORD });

    const { context, page } = await journey.openBrowser();
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
    await socketReady;

    // The service icon lists the brand's channels; the built-in chat is one of them.
    await page.getByTestId('header-service').click();
    await page.getByTestId('service-channel-WHATSAPP').waitFor();
    await screenshot(page, 'support-channels');
    await page.getByTestId('service-channel-SUPPORT_CHAT').click();
    await page.getByTestId('support-chat').waitFor();
    await page.getByText('Como podemos ajudar?').waitFor();
    await page.getByTestId('support-chat-input').fill('Olá! Meu depósito via PIX ainda não caiu.');
    await page.getByTestId('support-chat-input').press('Enter');
    await expect.poll(() => page.getByTestId('chat-message').count()).toBe(1);
    expect(await page.getByTestId('support-chat-input').inputValue()).toBe('');
    await screenshot(page, 'support-chat-member-wrote');

    // The operator, in another tab: the console.
    const desk = await context.newPage();
    await desk.goto(journey.url('/admin'));
    await desk.getByLabel('Usuário').fill(DEMO_OPERATOR.username);
    await desk.getByLabel('Senha', { exact: true }).fill(DEMO_OPERATOR.password);
    await desk.getByTestId('admin-sign-in-submit').click();
    await desk.getByTestId('admin-code').fill(totpCodeAt(DEMO_OPERATOR.totpSecret, Date.now()));
    await desk.getByTestId('admin-code-submit').click();
    await desk.getByTestId('desk-link-support').click();
    await desk.getByTestId('support-desk').waitFor();
    const row = desk.getByTestId('table-row').filter({ hasText: username });
    await row.waitFor();
    expect(await row.getByTestId('desk-unread').innerText()).toBe('1');
    await screenshot(desk, 'support-desk');
    await row.click();
    await desk.getByTestId('support-conversation').waitFor();
    await desk
      .getByTestId('support-conversation-thread')
      .getByText('Meu depósito via PIX')
      .waitFor();
    await desk
      .getByTestId('support-reply-input')
      .fill('Olá! Já localizamos o seu PIX: o crédito cai em instantes.');
    await desk.getByTestId('support-reply-send').click();
    await expect
      .poll(() =>
        desk.getByTestId('support-conversation-thread').getByTestId('chat-message').count(),
      )
      .toBe(2);
    await screenshot(desk, 'support-desk-answered');

    // The member's open chat shows the answer live (pushed as SUPPORT over /ws).
    await deliverEvents();
    const answer = page.getByTestId('chat-message').filter({ hasText: 'Já localizamos o seu PIX' });
    await answer.waitFor();
    expect(await answer.getAttribute('data-sender')).toBe('staff');
    await screenshot(page, 'support-chat-answered');

    // With the chat closed, the next answer is a badge on the service icon.
    // The pointer leaves the top navigation first: resting there it opens a vendor drop-down.
    await page.mouse.move(400, 600);
    await page.getByTestId('support-chat-close').click();
    await page.getByTestId('support-chat').waitFor({ state: 'detached' });
    await desk.getByTestId('support-reply-input').fill('Conseguiu ver o saldo?');
    await desk.getByTestId('support-reply-send').click();
    await deliverEvents();
    await page.getByTestId('support-badge').waitFor();
    expect(await page.getByTestId('support-badge').innerText()).toBe('1');
    await screenshot(page, 'support-badge');
    // Opening the chat reads it: the badge goes.
    await page.getByTestId('header-service').click();
    await page.getByTestId('service-channel-SUPPORT_CHAT').click();
    await page.getByTestId('chat-message').filter({ hasText: 'Conseguiu ver o saldo?' }).waitFor();
    await page.getByTestId('support-badge').waitFor({ state: 'detached' });
  });

  it('on a phone, the chat opens from the side menu and fills the screen', async () => {
    const username = freshUsername('chatm');
    await registerMember(journey.platform.baseUrl, { username, password: PASSWORD });
    const { page } = await journey.openBrowser({ width: 375, height: 740 });
    await page.goto(journey.url('/login'));
    await page.getByTestId('login-username').fill(username);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.locator('[data-testid="header-balance"][data-state="ready"]').waitFor();

    // The header has no room for the service icon here: the side menu lists the channels.
    await page.getByTestId('side-menu-toggle').click();
    await page.getByTestId('side-menu-service-SUPPORT_CHAT').click();
    const chat = page.getByTestId('support-chat');
    await chat.waitFor();
    expect(await chat.boundingBox()).toMatchObject({ x: 0, y: 0, width: 375, height: 740 });
    await page.getByTestId('support-chat-input').fill('Oi! Como faço para sacar via PIX?');
    await page.getByTestId('support-chat-send').click();
    await page.getByTestId('chat-message').waitFor();
    await screenshot(page, 'support-chat-phone');
  });
});
