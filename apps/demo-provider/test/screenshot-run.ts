// Manual: npx tsx test/screenshot-run.ts <outdir> — starts a stub PAM and the provider, and
// takes screenshots of game pages at 390 and 1440 px in headless Chromium (not part of the tests).
import { chromium } from 'playwright-core';
import { buildProviderCatalogue } from '../src/catalogue';
import { createDemoProvider } from '../src/server';
import { startPamStub, STUB_API_KEY } from './pam-stub';

const out = process.argv[2] ?? '/tmp/shots';
const catalogue = buildProviderCatalogue();
const pick = (predicate: (g: ReturnType<typeof catalogue.all>[number]) => boolean) =>
  catalogue.all().find(predicate)!;
const games = {
  slot: pick((g) => g.vendorCode === 'PG' && g.classify === 'SLOT_VIDEO'),
  wide: pick((g) => g.vendorCode === 'PT' && g.classify === 'MEGAWAYS'),
  classic: pick((g) => g.classify === 'SLOT_CLASSIC'),
  roulette: pick((g) => g.classify === 'ROULETTE'),
  baccarat: pick((g) => g.classify === 'BACCARAT'),
  fish: pick((g) => g.category === 'FISH'),
  sports: pick((g) => g.category === 'SPORTS'),
  cockfight: pick((g) => g.category === 'COCKFIGHT'),
  crash: pick((g) => g.classify === 'CRASH'),
  show: pick((g) => g.classify === 'GAME_SHOW'),
};
const sessions: Record<string, { playerId: string; currency: string; gameId: string }> = {};
const tokens: Record<string, string> = {};
Object.entries(games).forEach(([name, g], i) => {
  const token = `tok${i}`.padEnd(36, 'x');
  tokens[name] = token;
  sessions[token] = { playerId: 'p1', currency: 'BRL', gameId: g.gameCode };
});
const stub = await startPamStub(sessions, { p1: 250_000 });
const provider = createDemoProvider({ pamUrl: stub.url, apiKey: STUB_API_KEY, catalogue });
const base = await provider.listen(0, '127.0.0.1');
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const only = process.argv[3]?.split(',');
for (const [name, g] of Object.entries(games)) {
  if (only && !only.includes(name)) continue;
  for (const width of [390, 1440]) {
    const page = await browser.newPage({ viewport: { width, height: width === 390 ? 844 : 900 } });
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    const lang = width === 390 ? 'pt-BR' : 'en';
    await page.goto(
      `${base}/play?token=${tokens[name]}&game=${g.gameCode}&vendor=${g.vendorCode}&lang=${lang}`,
    );
    await page.waitForSelector('.controls');
    await page.click('.primary');
    await page.waitForTimeout(
      name.startsWith('slot') || name === 'wide' || name === 'classic' ? 3500 : 4200,
    );
    await page.screenshot({ path: `${out}/${name}-${width}.png` });
    if (errors.length) console.log(name, width, errors);
    await page.close();
  }
}
await browser.close();
await provider.app.close();
await stub.close();
