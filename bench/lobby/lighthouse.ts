import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { longTasksWithCauses, type LongTask } from './long-tasks';

export type LighthouseFigures = {
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  jsBytes: number;
  /** What TBT is made of, longest first (see long-tasks.ts). */
  longTasks: LongTask[];
};

/**
 * One Lighthouse performance run with its default mobile emulation (Moto G-class screen,
 * simulated slow 4G and 4× CPU slowdown), in Debian's Chromium with a fresh profile and the
 * flags this machine's closed network needs.
 */
export async function runLighthouse(url: string, chromePath: string): Promise<LighthouseFigures> {
  const profile = mkdtempSync(path.join(tmpdir(), 'banca-lh-'));
  const chrome = await chromeLauncher.launch({
    chromePath,
    userDataDir: profile,
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error('lighthouse returned nothing');
    // LIGHTHOUSE_REPORT_DIR keeps each run's full JSON report and its trace, to read what the
    // figures hide (the LCP element, what blocks it, where the main thread went).
    const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
    if (reportDir) {
      const name = `${new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${Date.now()}`;
      writeFileSync(path.join(reportDir, `${name}.json`), result.report as string);
      writeFileSync(
        path.join(reportDir, `${name}.trace.json`),
        JSON.stringify(result.artifacts.Trace),
      );
    }
    const audits = result.lhr.audits;
    const scripts =
      (
        audits['network-requests']?.details as
          { items?: Array<{ resourceType?: string; transferSize?: number }> } | undefined
      )?.items ?? [];
    return {
      score: (result.lhr.categories.performance?.score ?? 0) * 100,
      lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
      tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
      jsBytes: scripts
        .filter((i) => i.resourceType === 'Script')
        .reduce((sum, i) => sum + (i.transferSize ?? 0), 0),
      longTasks: longTasksWithCauses(
        (audits['long-tasks']?.details as { items?: [] } | undefined)?.items ?? [],
        result.artifacts.Trace.traceEvents as Parameters<typeof longTasksWithCauses>[1],
      ),
    };
  } finally {
    chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}
