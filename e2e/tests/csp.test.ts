import { describe, expect, it } from 'vitest';
import { screenshot, type Page } from '../support/browser';
import { useJourney } from '../support/journey';

/**
 * The Content-Security-Policy against the built app (issue 10, item 7): the pages people use
 * most — home, a lobby, the member centre, the agent centre — load, render and work without the
 * browser refusing anything the policy names, and the page shell's inline script (the early
 * requests) still runs, allowed by its hash.
 */
const journey = useJourney();

const url = journey.url;

/** Everything the browser refused under the policy, from every page the tab visits. */
type Violations = string[];

/**
 * Opens a browser that reports each CSP violation twice over: the page's
 * `securitypolicyviolation` events (installed before any of its scripts) and the console's
 * "Refused to …" lines, which also cover what is refused before the page can listen.
 */
async function openWatchedBrowser(): Promise<{ page: Page; violations: Violations }> {
  const browser = await journey.openBrowser();
  const { context, page } = browser;
  const violations: Violations = [];
  await context.exposeBinding('__reportCspViolation', (_source, text: string) => {
    violations.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void })
        .__reportCspViolation;
      void report(
        `${event.effectiveDirective} refused ${event.blockedURI || 'inline'} on ${location.pathname}`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  return { page, violations };
}

/** Opens `path` and checks the answer carried the policy, with no blanket inline scripts. */
async function visit(page: Page, path: string) {
  const response = await page.goto(url(path));
  const policy = response?.headers()['content-security-policy'] ?? '';
  const scriptSrc = /script-src ([^;]*)/.exec(policy)?.[1] ?? '';
  expect(scriptSrc).toMatch(/'sha256-/);
  expect(scriptSrc).not.toContain("'unsafe-inline'");
}

/** The shell's inline script ran: its early requests are there for the app. */
async function earlyScriptRan(page: Page): Promise<boolean> {
  return page.evaluate(() => '__bancaEarly' in window);
}

/** Lets late work (lazy sections, artwork, fonts) happen, so its refusals are counted too. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
}

async function logInAsDemo(page: Page) {
  await page.getByTestId('header-login').click();
  await page.getByTestId('login-dialog').waitFor();
  await page.getByTestId('login-username').fill('demo');
  await page.getByTestId('login-password').fill('demo@2026');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('header-account').waitFor();
}

describe('the content security policy', () => {
  it('refuses nothing on home and a lobby, and lets the shell’s inline script run', async () => {
    const { page, violations } = await openWatchedBrowser();
    await visit(page, '/');
    await page.getByTestId('home-page').waitFor();
    await expect.poll(() => page.getByTestId('vendor-card').count()).toBeGreaterThan(0);
    expect(await earlyScriptRan(page)).toBe(true);
    await settle(page);
    await screenshot(page, 'csp-home-1440');

    await visit(page, '/rng');
    await page.getByTestId('game-lobby').waitFor();
    expect(await earlyScriptRan(page)).toBe(true);
    await settle(page);
    expect(violations).toEqual([]);
  });

  it('refuses nothing in the member centre', async () => {
    const { page, violations } = await openWatchedBrowser();
    await visit(page, '/');
    await page.getByTestId('home-page').waitFor();
    await logInAsDemo(page);
    await visit(page, '/member');
    await page.getByTestId('member-centre').waitFor();
    expect(await earlyScriptRan(page)).toBe(true);
    await settle(page);
    expect(violations).toEqual([]);
  });

  it('refuses nothing in the agent centre', async () => {
    const { page, violations } = await openWatchedBrowser();
    await visit(page, '/agent');
    await page.getByTestId('agent-login-page').waitFor();
    await page.getByTestId('login-username').fill('agente');
    await page.getByTestId('login-password').fill('agente@2026');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('agent-home-page').waitFor();
    expect(await earlyScriptRan(page)).toBe(true);
    await settle(page);
    expect(violations).toEqual([]);
  });

  it('lets the seamless game page frame the site’s own content', async () => {
    const { page, violations } = await openWatchedBrowser();
    const art = url('/lgw/art/banner/1.svg');
    await visit(page, `/seamless?${new URLSearchParams({ url: art }).toString()}`);
    await page.getByTestId('seamless-frame').waitFor();
    await expect
      .poll(
        () =>
          page
            .frames()
            .find((frame) => frame.url() === art)
            ?.content() ?? '',
      )
      .toContain('<svg');
    expect(violations).toEqual([]);
  });
});
