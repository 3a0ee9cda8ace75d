import { describe, expect, it } from 'vitest';
import { DEMO_OPERATOR } from '../../apps/server/src/demo/operators';
import { totpCodeAt } from '../../apps/server/src/modules/auth';
import { freshUsername, registerMember } from '../support/accounts';
import { screenshot, type Page } from '../support/browser';
import { useJourney } from '../support/journey';

/**
 * Content and service (issue 19), as people use them: a visitor is greeted once by the
 * anonymous announcement, reads a help article, signs up and sends feedback with a picture,
 * which an operator answers in the console and the member then reads; an operator publishes a
 * banner and sees it on home.
 */
const journey = useJourney();
const PASSWORD = 'Conteudo@2026';
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const COMPLAINT = 'Fiz um PIX de R$ 50,00 às 14h e o saldo ainda não apareceu na minha conta.';
const ANSWER = 'Olá! Localizamos o seu PIX e o valor já foi creditado. Obrigado pela paciência.';

/**
 * Signs the demo owner in to the console in a new tab and opens the content desk. A code is
 * accepted once: a second sign-in within the same 30 s uses the next step's code (±1 allowed).
 */
async function openContentDesk(page: Page, codeStep = 0): Promise<Page> {
  const console = await page.context().newPage();
  await console.goto(journey.url('/admin'));
  await console.getByTestId('admin-sign-in').waitFor();
  await console.getByLabel('Usuário').fill(DEMO_OPERATOR.username);
  await console.getByLabel('Senha', { exact: true }).fill(DEMO_OPERATOR.password);
  await console.getByTestId('admin-sign-in-submit').click();
  await console
    .getByTestId('admin-code')
    .fill(totpCodeAt(DEMO_OPERATOR.totpSecret, Date.now() + codeStep * 30_000));
  await console.getByTestId('admin-code-submit').click();
  await console.getByTestId('desk-link-content').click();
  await console.getByTestId('content-desk').waitFor();
  return console;
}

/** A 1200×400 banner drawn by the browser and encoded as WebP: real bytes to upload. */
async function drawnBanner(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1200;
    canvas.height = 400;
    const g = canvas.getContext('2d')!;
    const sky = g.createLinearGradient(0, 0, 1200, 400);
    sky.addColorStop(0, '#2b1055');
    sky.addColorStop(1, '#d53369');
    g.fillStyle = sky;
    g.fillRect(0, 0, 1200, 400);
    g.fillStyle = '#ffd23f';
    g.font = 'bold 92px sans-serif';
    g.fillText('BLACK FRIDAY', 80, 190);
    g.fillStyle = '#ffffff';
    g.font = '48px sans-serif';
    g.fillText('Bônus em dobro no seu depósito', 84, 270);
    return canvas.toDataURL('image/webp', 0.9);
  });
  return Buffer.from(dataUrl.replace(/^data:[^,]*,/, ''), 'base64');
}

describe('content and service', () => {
  it('a visitor sees the announcement once, reads help, sends feedback and reads the answer', async () => {
    await journey.platform.app.services.contentDesk.createAnnouncement('BANCA', {
      type: 'PU',
      execution: 'B',
      language: 'pt-BR',
      title: 'Semana do PIX em dobro',
      content:
        '<p>Deposite via PIX até domingo e ganhe <strong>pontos em dobro</strong>.</p><script>alert(1)</script>',
      promotionType: 'deposit',
    });

    await journey.platform.app.services.contentDesk.saveChannels('BANCA', {
      domainRoute: [
        { name: 'Espelho fora do ar', url: 'https://espelho-inexistente.invalid' },
        { name: 'Principal', url: journey.url('/').replace(/\/$/, '') },
      ],
      customerService: [{ csType: 'LIVE_CHAT', path: '/helpmc#contact', label: 'Chat 24h' }],
      socialChannels: [{ channel: 'INSTAGRAM', url: 'https://instagram.com/banca' }],
    });

    const { page } = await journey.openBrowser({ width: 1280, height: 860 });
    await page.goto(journey.url('/'));
    const popup = page.getByTestId('announcement-popup');
    await popup.waitFor();
    const detail = page.getByTestId('announcement-detail');
    expect(await detail.innerText()).toContain('Semana do PIX em dobro');
    expect(await detail.innerText()).toContain('pontos em dobro');
    expect(await detail.innerHTML()).not.toContain('<script');
    await page.getByTestId('announcement-promotion').waitFor();
    await screenshot(page, 'content-announcement-popup');
    await page.keyboard.press('Escape');
    await popup.waitFor({ state: 'detached' });

    // Closed for this session: a reload (the footer shows once the page has gone idle, when
    // the popup would have come) brings it back no more.
    await page.reload();
    await page.getByTestId('footer-services').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await popup.count()).toBe(0);

    // Line detection times the brand's mirror addresses: this one answers, a dead one does not.
    await page
      .getByTestId('footer-services')
      .getByRole('link', { name: 'Detecção de linha' })
      .click();
    const lines = page.getByTestId('line-list').locator('li');
    await lines.first().waitFor();
    // Sorted: the address that answered first (with its time), the silent one last.
    expect(await lines.first().innerText()).toMatch(/Principal[\s\S]*\d+ ms[\s\S]*Você está aqui/);
    expect(await lines.last().innerText()).toContain('Sem resposta');
    await screenshot(page, 'content-line-detection');
    await page.keyboard.press('Escape');

    await page.goto(journey.url('/helpmc'));
    await page.getByTestId('help-search').fill('saque');
    await page.locator('[data-topic="withdraw"]').first().click();
    const article = page.getByTestId('help-topic');
    await expect.poll(() => article.getAttribute('data-topic')).toBe('withdraw');
    expect(await article.innerText()).toContain('PIX para uma chave cadastrada no seu próprio CPF');
    await screenshot(page, 'content-help-centre');
    await page.goto(journey.url('/helpmc#nao-existe'));
    await page.getByTestId('help-unknown-topic').waitFor();

    // The visitor signs up and writes to the team with a picture of the receipt.
    const username = freshUsername('fb');
    await registerMember(journey.platform.baseUrl, { username, password: PASSWORD });
    await page.goto(journey.url('/login'));
    await page.getByTestId('login-username').fill(username);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('header-account').waitFor();
    await page.goto(journey.url('/feedback'));
    await page.getByTestId('feedback-form').waitFor();
    await page.getByTestId('feedback-content').fill('Curto demais');
    await page.getByTestId('feedback-send').click();
    expect(await page.getByTestId('feedback-form').innerText()).toContain(
      'A mensagem deve ter entre 20 e 1000 caracteres.',
    );
    await page.getByTestId('feedback-type-deposit').click();
    await page.getByTestId('feedback-sender').fill('Maria');
    await page.getByTestId('feedback-content').fill(COMPLAINT);
    await page
      .getByTestId('feedback-image')
      .setInputFiles({ name: 'comprovante.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await page.getByTestId('feedback-send').click();
    const item = page.getByTestId('feedback-item').first();
    await item.waitFor();
    expect(await item.getAttribute('data-status')).toBe('pending');
    expect(await item.innerText()).toContain(COMPLAINT);
    await screenshot(page, 'content-feedback-sent');

    // The operator answers in the console's queue.
    const console = await openContentDesk(page);
    await console.getByTestId('content-desk-tab-feedback').click();
    const row = console.getByTestId('table-row').filter({ hasText: username });
    await row.waitFor();
    await row.getByRole('button').first().click();
    await console.getByTestId('feedback-detail').waitFor();
    await expect
      .poll(() =>
        console
          .getByTestId('feedback-detail-image')
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBe(1);
    await console.getByTestId('feedback-reply-input').fill(ANSWER);
    await screenshot(console, 'content-console-feedback');
    await console.getByTestId('feedback-reply-send').click();
    await console.getByTestId('feedback-detail').waitFor({ state: 'detached' });
    while ((await journey.platform.app.events.deliverPending()) > 0);

    await page.bringToFront();
    await page.reload();
    const answered = page.getByTestId('feedback-item').first();
    await answered.getByTestId('feedback-reply').waitFor();
    expect(await answered.getAttribute('data-status')).toBe('answered');
    expect(await answered.getByTestId('feedback-reply').innerText()).toContain(ANSWER);
    await screenshot(page, 'content-feedback-answered');
  });

  it('an operator publishes a banner and sees it on home', async () => {
    // The first journey's popup announcement would cover home: this visitor is not greeted.
    const desk = journey.platform.app.services.contentDesk;
    for (const announcement of (await desk.overview('BANCA')).announcements)
      if (announcement.type === 'PU') await desk.deleteAnnouncement(announcement.id);
    const { page } = await journey.openBrowser({ width: 1280, height: 860 });
    await page.goto(journey.url('/'));
    const console = await openContentDesk(page, 1);
    await console.getByTestId('banners-table').waitFor();
    await console.getByTestId('banner-add').click();
    await console.getByTestId('banner-editor').waitFor();
    // A file that only calls itself an image is refused by its bytes, with the reason.
    await console.getByTestId('banner-upload').setInputFiles({
      name: 'banner.webp',
      mimeType: 'image/webp',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    });
    await expect
      .poll(() => console.getByTestId('banner-upload-status').innerText(), { timeout: 20_000 })
      .toBe('A imagem do banner deve ser PNG, JPG ou WebP de até 2 MB.');
    // A real banner, drawn by the browser as WebP, uploaded: its address fills the image field.
    const artwork = await drawnBanner(console);
    await console
      .getByTestId('banner-upload')
      .setInputFiles({ name: 'black-friday.webp', mimeType: 'image/webp', buffer: artwork });
    await expect
      .poll(() => console.getByTestId('banner-image').inputValue(), { timeout: 20_000 })
      .toMatch(/^\/wps\/banner-images\/\d{4}-\d{2}\/[0-9a-f]{32}$/);
    await console.getByTestId('banner-alt').fill('Black Friday: bônus em dobro');
    await console.getByTestId('banner-target').fill('/promotions');
    await screenshot(console, 'content-console-banner-editor');
    await console.getByTestId('banner-save').click();
    await console.getByTestId('banner-editor').waitFor({ state: 'detached' });
    await console
      .getByTestId('table-row')
      .filter({ hasText: 'Black Friday: bônus em dobro' })
      .waitFor();
    await screenshot(console, 'content-console-banners');

    await page.bringToFront();
    await page.reload();
    const banner = page.getByAltText('Black Friday: bônus em dobro');
    await banner.waitFor({ state: 'attached' });
    // The uploaded bytes, served by the site: the browser drew them.
    await expect
      .poll(() => banner.evaluate((img: HTMLImageElement) => img.naturalWidth), {
        timeout: 20_000,
      })
      .toBe(1200);
    await screenshot(page, 'content-home-banner');
    await banner.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/promotions');
  });
});
