import { afterAll, afterEach, beforeAll } from 'vitest';
import { openBrowser, screenshot, type BrowserSession } from './browser';
import { startPlatform, type RunningPlatform } from './server';

/**
 * The frame of a journey file: the platform starts before its tests and stops after them;
 * each test opens its own browser, which is closed after the test, with a screenshot of the
 * page when the test failed (in .test-artifacts/screenshots).
 */
export function useJourney() {
  let platform: RunningPlatform | null = null;
  let browser: BrowserSession | null = null;

  beforeAll(async () => {
    platform = await startPlatform();
  });
  afterAll(async () => {
    await platform?.close();
  });
  afterEach(async (context) => {
    if (browser && context.task.result?.state === 'fail')
      await screenshot(browser.page, `failed-${context.task.name.replace(/\W+/g, '-')}`);
    await browser?.close();
    browser = null;
  });

  return {
    get platform(): RunningPlatform {
      if (!platform) throw new Error('the platform starts in beforeAll');
      return platform;
    },
    /** An address on the running platform. */
    url: (path = '/') => `http://localhost:${platform?.port}${path}`,
    /** A fresh browser for this test; closed after it. */
    async openBrowser(options?: Parameters<typeof openBrowser>[0]): Promise<BrowserSession> {
      browser = await openBrowser(options);
      return browser;
    },
  };
}
