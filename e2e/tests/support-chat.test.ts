import { describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '../../apps/server/src/demo/operators';
import { totpCodeAt } from '../../apps/server/src/modules/auth';
import { freshUsername, registerMember } from '../support/accounts';
import { screenshot, type Locator, type Page } from '../support/browser';
import { useJourney } from '../support/journey';

/**
 * The built-in support chat (issue 19 §4, docs/support.md) as both sides use it: a member opens
 * the chat from the header's service icon (one of the brand's channels) and writes; an operator
 * finds the conversation on the desk's support desk with its unread count and answers; the
 * member sees the answer arrive live, and with the chat closed, as a badge on the service icon.
 * With the desk open (live over /ws), a member's line and pictures reach it without its poll;
 * pictures go both ways and open full size.
 */
const journey = useJourney();
const PASSWORD = 'Sorte@2026';
/**
 * How long a poll waits for what needs the server on a loaded two-core machine (a picture read
 * behind the session, a push): expect.poll's own default is 1 s.
 */
const LOADED = { timeout: 20_000 };

/** A picture drawn by the browser (a receipt, a screenshot): real bytes of `type`. */
async function drawnPicture(
  page: Page,
  type: 'image/png' | 'image/webp',
  label: string,
): Promise<Buffer> {
  const dataUrl = await page.evaluate(
    ([mime, text]) => {
      const canvas = document.createElement('canvas');
      canvas.width = 480;
      canvas.height = 320;
      const g = canvas.getContext('2d')!;
      g.fillStyle = '#f5f7fa';
      g.fillRect(0, 0, 480, 320);
      g.fillStyle = '#1f7a4d';
      g.fillRect(0, 0, 480, 64);
      g.fillStyle = '#ffffff';
      g.font = 'bold 28px sans-serif';
      g.fillText('PIX', 24, 44);
      g.fillStyle = '#222222';
      g.font = '22px sans-serif';
      g.fillText(text!, 24, 130);
      g.fillText('R$ 50,00', 24, 180);
      return canvas.toDataURL(mime);
    },
    [type, label] as const,
  );
  return Buffer.from(dataUrl.replace(/^data:[^,]*,/, ''), 'base64');
}

/** Delivers every pending event, as the running bus would (the answer's SUPPORT push). */
async function deliverEvents(): Promise<void> {
  while ((await journey.platform.app.events.deliverPending()) > 0);
}

/**
 * Delivers events until the locator is on the page: the event of a reply just sent may not be
 * written yet when a single delivery runs (the send's request can still be in flight).
 */
async function deliverUntilShown(locator: Locator): Promise<void> {
  await expect
    .poll(
      async () => {
        await deliverEvents();
        return locator.count();
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBeGreaterThan(0);
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
    const answer = page.getByTestId('chat-message').filter({ hasText: 'Já localizamos o seu PIX' });
    await deliverUntilShown(answer);
    expect(await answer.getAttribute('data-sender')).toBe('staff');
    await screenshot(page, 'support-chat-answered');

    // With the chat closed, the next answer is a badge on the service icon.
    // The pointer leaves the top navigation first: resting there it opens a vendor drop-down.
    await page.mouse.move(400, 600);
    await page.getByTestId('support-chat-close').click();
    await page.getByTestId('support-chat').waitFor({ state: 'detached' });
    await desk.getByTestId('support-reply-input').fill('Conseguiu ver o saldo?');
    await desk.getByTestId('support-reply-send').click();
    await deliverUntilShown(page.getByTestId('support-badge'));
    expect(await page.getByTestId('support-badge').innerText()).toBe('1');
    await screenshot(page, 'support-badge');
    // Opening the chat reads it: the badge goes.
    await page.getByTestId('header-service').click();
    await page.getByTestId('service-channel-SUPPORT_CHAT').click();
    await page.getByTestId('chat-message').filter({ hasText: 'Conseguiu ver o saldo?' }).waitFor();
    await page.getByTestId('support-badge').waitFor({ state: 'detached' });
  });

  it('the desk hears a member live; pictures go both ways and open full size', async () => {
    const username = freshUsername('chatp');
    await registerMember(journey.platform.baseUrl, { username, password: PASSWORD });
    const { context, page } = await journey.openBrowser();
    await page.goto(journey.url('/login'));
    await page.getByTestId('login-username').fill(username);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.locator('[data-testid="header-balance"][data-state="ready"]').waitFor();

    // The operator's desk is open first, following support.desk on /ws. A code is accepted
    // once: this sign-in uses the next 30 s step's (the first journey may have used this one).
    const desk = await context.newPage();
    // What reaches the desk on /ws: the proof that a line was pushed, not found by the poll.
    const deskFrames: string[] = [];
    desk.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => deskFrames.push(String(frame.payload))),
    );
    const pushedToDesk = (messageId: number) =>
      expect
        .poll(
          () =>
            deskFrames.some(
              (frame) =>
                frame.includes('"topic":"support.desk"') &&
                frame.includes(`"messageId":${messageId}`),
            ),
          LOADED,
        )
        .toBe(true);
    await desk.goto(journey.url('/admin'));
    await desk.getByLabel('Usuário').fill(DEMO_OPERATOR.username);
    await desk.getByLabel('Senha', { exact: true }).fill(DEMO_OPERATOR.password);
    await desk.getByTestId('admin-sign-in-submit').click();
    await desk
      .getByTestId('admin-code')
      .fill(totpCodeAt(DEMO_OPERATOR.totpSecret, Date.now() + 30_000));
    await desk.getByTestId('admin-code-submit').click();
    await desk.getByTestId('desk-link-support').click();
    await desk.locator('[data-testid="support-desk"][data-live="on"]').waitFor();

    // The member's first line is pushed to the desk, whose list then shows it (the fallback
    // poll is 30 s).
    await page.bringToFront();
    await page.getByTestId('header-service').click();
    await page.getByTestId('service-channel-SUPPORT_CHAT').click();
    await page.getByTestId('support-chat').waitFor();
    const first = page.waitForResponse(
      (r) => r.url().endsWith('/wps/support/chat/messages') && r.request().method() === 'POST',
    );
    await page.getByTestId('support-chat-input').fill('Oi! Meu PIX de R$ 50 não apareceu.');
    await page.getByTestId('support-chat-input').press('Enter');
    const firstId = ((await (await first).json()) as { value: { id: number } }).value.id;
    await deliverEvents();
    await pushedToDesk(firstId);
    const row = desk.getByTestId('table-row').filter({ hasText: username });
    await row.waitFor();
    await screenshot(desk, 'support-desk-live');
    await row.click();
    await desk.getByTestId('support-conversation').waitFor();
    await desk.getByTestId('support-conversation-thread').getByText('Meu PIX de R$ 50').waitFor();

    // Then a picture, live into the open conversation. First a file that only calls itself a
    // PNG: refused by its bytes, with the reason.
    await page.getByTestId('support-chat-image').setInputFiles({
      name: 'comprovante.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<script>alert(1)</script>'),
    });
    await page.getByTestId('support-chat-send').click();
    await page
      .getByTestId('toast')
      .filter({ hasText: 'A imagem deve ser PNG, JPG ou WebP de até 5 MB.' })
      .waitFor();
    // The refused picture stays attached, to be replaced or removed.
    await page.getByTestId('support-chat-attachment').waitFor();
    const receipt = await drawnPicture(page, 'image/png', 'Comprovante de transferência');
    await page
      .getByTestId('support-chat-image')
      .setInputFiles({ name: 'comprovante.png', mimeType: 'image/png', buffer: receipt });
    await page.getByTestId('support-chat-input').fill('Segue o comprovante');
    await screenshot(page, 'support-chat-picture-attached');
    const withPicture = page.waitForResponse(
      (r) => r.url().endsWith('/wps/support/chat/messages') && r.request().method() === 'POST',
    );
    await page.getByTestId('support-chat-send').click();
    const pictureId = ((await (await withPicture).json()) as { value: { id: number } }).value.id;
    await page.getByTestId('support-chat-attachment').waitFor({ state: 'detached' });
    const memberPicture = page.getByTestId('support-chat-thread').getByTestId('chat-image');
    await memberPicture.waitFor();
    await expect
      .poll(
        () => memberPicture.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth),
        LOADED,
      )
      .toBe(480);
    await deliverEvents();
    await pushedToDesk(pictureId);
    const deskThread = desk.getByTestId('support-conversation-thread');
    await expect.poll(() => deskThread.getByTestId('chat-image').count(), LOADED).toBe(1);
    await deskThread.getByText('Segue o comprovante').waitFor();
    await screenshot(desk, 'support-desk-picture-live');
    // The operator opens it full size, then answers with a picture of their own (WebP).
    await deskThread.getByTestId('chat-image').click();
    const full = desk.getByTestId('chat-image-full');
    await full.waitFor();
    await expect
      .poll(() => full.evaluate((img: HTMLImageElement) => img.naturalWidth), LOADED)
      .toBe(480);
    await screenshot(desk, 'support-desk-picture-full');
    await desk.keyboard.press('Escape');
    await desk.getByTestId('chat-image-dialog').waitFor({ state: 'detached' });
    await desk.getByTestId('support-reply-image').setInputFiles({
      name: 'instrucoes.webp',
      mimeType: 'image/webp',
      buffer: await drawnPicture(desk, 'image/webp', 'Passo a passo do saque'),
    });
    await desk.getByTestId('support-reply-send').click();
    await expect.poll(() => deskThread.getByTestId('chat-image').count(), LOADED).toBe(2);
    const staffPicture = page
      .getByTestId('chat-message')
      .filter({ has: page.getByTestId('chat-image') })
      .and(page.locator('[data-sender="staff"]'));
    await deliverUntilShown(staffPicture);
    await expect
      .poll(
        () => staffPicture.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth),
        LOADED,
      )
      .toBe(480);
    await screenshot(page, 'support-chat-pictures');
  }, 120_000);

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
