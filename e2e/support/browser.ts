import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core';

/** Debian's Chromium; never a downloaded browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOTS_DIR = path.resolve(import.meta.dirname, '../../.test-artifacts/screenshots');

export type BrowserSession = { context: BrowserContext; page: Page; close: () => Promise<void> };

/**
 * A fresh headless Chromium with its own empty profile. The flags keep it from reaching for
 * the network this machine does not have (see the machine notes).
 */
export async function openBrowser(
  options: { width?: number; height?: number; locale?: string } = {},
): Promise<BrowserSession> {
  const profile = mkdtempSync(path.join(tmpdir(), 'banca-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
    ],
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
    locale: options.locale ?? 'pt-BR',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Keeps a screenshot under .test-artifacts/screenshots (for failures and for people to look at). */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  const file = path.join(SCREENSHOTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/**
 * Scrolls to an element that may be remounting: a console form is keyed by the settings it
 * shows, so a save's refetch replaces it, and Playwright's scrollIntoViewIfNeeded throws
 * "not attached" when that lands between finding the element and scrolling (CI saw it).
 */
export async function scrollTo(locator: Locator, attempts = 10): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await locator.scrollIntoViewIfNeeded({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt >= attempts) throw error;
      await locator.page().waitForTimeout(100);
    }
  }
}

export type { Browser, Locator, Page };
