import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser';
import { useJourney } from '../support/journey';

/**
 * The foundation as a new visitor meets it (issue "Foundation", Tests and CI): the home page
 * boots in Portuguese, English survives a reload, maintenance and region-block pages win over
 * everything, and the agent centre guard redirects.
 */
const journey = useJourney();

const url = (host: string, path = '/') => `http://${host}:${journey.platform.port}${path}`;

describe('a new visitor', () => {
  it('sees the home page in Brazilian Portuguese with the brand’s navigation and footer', async () => {
    const browser = await journey.openBrowser();
    const { page } = browser;
    await page.goto(url('localhost'));
    await page.getByTestId('home-page').waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('pt-BR');
    await expect.poll(() => page.getByTestId('header-login').innerText()).toBe('Entrar');
    const nav = await page.getByTestId('top-nav').innerText();
    expect(nav).toContain('Início');
    expect(nav).toContain('Cassino ao vivo');
    expect(nav).toContain('Promoções');
    // Every category of the demo brand has vendors; the footer lists them and the help topics.
    // The footer is below the fold: it and its help topics arrive once the page is idle.
    await expect.poll(() => page.getByTestId('footer').innerText()).toContain('Jogo responsável');
    // The home sections are a split chunk: they arrive a moment after the page itself.
    await expect.poll(() => page.getByTestId('vendor-card').count()).toBeGreaterThan(20);
    await screenshot(page, 'home-pt-1440');
  });

  it('switches to English, and the choice survives a reload', async () => {
    const browser = await journey.openBrowser();
    const { page } = browser;
    await page.goto(url('localhost'));
    await page.getByTestId('home-page').waitFor();
    await page.getByTestId('language-select').first().selectOption('en');
    await expect.poll(() => page.getByTestId('header-login').innerText()).toBe('Log in');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.getByTestId('top-nav').innerText()).toContain('Live casino');
    await page.reload();
    await page.getByTestId('home-page').waitFor();
    await expect.poll(() => page.getByTestId('header-login').innerText()).toBe('Log in');
    expect(await page.getByTestId('top-nav').innerText()).toContain('Promotions');
    await screenshot(page, 'home-en-1440');
  });

  it('opens the login dialog from the header and from /login', async () => {
    const browser = await journey.openBrowser({ width: 390, height: 844 });
    const { page } = browser;
    await page.goto(url('localhost', '/login'));
    await page.getByTestId('login-dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('login-dialog').waitFor({ state: 'detached' });
    await page.getByTestId('header-login').click();
    await page.getByTestId('login-dialog').waitFor();
    await screenshot(page, 'login-dialog-390');
  });
});

describe('the first page’s download', () => {
  it('carries no schema library: zod stays in the chunks of the pages that validate', async () => {
    const shell = await (await fetch(url('localhost', '/'))).text();
    const scripts = [...shell.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      const code = await (await fetch(url('localhost', src))).text();
      // zod 4's internal marker; a schema module pulled into the first script brings it.
      expect(code.includes('_zod'), `${src} includes zod`).toBe(false);
    }
  });
});

describe('a closed site', () => {
  it('shows only the maintenance page when the brand is in maintenance, whatever the route', async () => {
    const browser = await journey.openBrowser();
    const { page } = browser;
    await page.goto(url('maint.localhost', '/live'));
    await page.getByTestId('maintenance-page').waitFor();
    expect(await page.getByTestId('top-nav').count()).toBe(0);
    expect(await page.getByTestId('home-page').count()).toBe(0);
    const text = await page.getByTestId('maintenance-page').innerText();
    expect(text).toMatch(/manutenção/i);
    expect(await page.getByRole('button', { name: /atualizar/i }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /atendimento/i }).count()).toBe(1);
    await screenshot(page, 'maintenance-1440');
  });

  it('shows the region-block page with the visitor’s IP when the region is restricted', async () => {
    const browser = await journey.openBrowser({ width: 390, height: 844 });
    const { page } = browser;
    await page.goto(url('blocked.localhost'));
    await page.getByTestId('region-block-page').waitFor();
    const ip = await page.getByTestId('visitor-ip').innerText();
    expect(ip).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
    expect(await page.getByTestId('home-page').count()).toBe(0);
    expect(await page.getByRole('button', { name: /atendimento/i }).count()).toBe(1);
    await screenshot(page, 'region-block-390');
  });
});

describe('guards', () => {
  it('sends a visitor who opens the agent centre to the agent login page', async () => {
    const browser = await journey.openBrowser();
    const { page } = browser;
    await page.goto(url('localhost', '/agentHome'));
    await page.getByTestId('agent-login-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/agent');
    // The agent layout has no side menu, header or footer.
    expect(await page.getByTestId('side-menu').count()).toBe(0);
    expect(await page.getByTestId('footer').count()).toBe(0);
  });

  it('sends a visitor who opens a lottery to /login', async () => {
    const browser = await journey.openBrowser();
    const { page } = browser;
    await page.goto(url('localhost', '/lottery?gameCode=VN_1M'));
    await page.getByTestId('login-dialog').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
