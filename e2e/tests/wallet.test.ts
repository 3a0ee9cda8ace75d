import { ENDPOINTS } from '@banca/contracts';
import { readFile } from 'node:fs/promises';
import type { Locator } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, type BrowserSession, type Page } from '../support/browser';
import { startPlatform, type RunningPlatform } from '../support/server';

/**
 * The wallet as a free-play member meets it (issue "Wallet", web): the header balance, moving
 * money between the main wallet and a vendor wallet, a transfer larger than the balance,
 * collecting everything back, the account record with its filter and CSV export, and hiding
 * the balance across a reload. A trial member starts with R$ 1.000,00 of demo credit.
 */
let platform: RunningPlatform;
let browser: BrowserSession | null = null;

beforeAll(async () => {
  platform = await startPlatform();
});
afterAll(async () => {
  await browser?.close();
  await platform?.close();
});
afterEach(async (context) => {
  if (browser && context.task.result?.state === 'fail')
    await screenshot(browser.page, `failed-${context.task.name.replace(/\W+/g, '-')}`);
});

const url = (path = '/') => `http://localhost:${platform.port}${path}`;

/** Visible text with Intl's non-breaking spaces made plain ("R$ 1.000,00"). */
async function text(locator: Locator): Promise<string> {
  return (await locator.innerText()).replace(/\u00a0/g, ' ').trim();
}

/** Free play from the login dialog; resolves once the header shows the loaded balance. */
async function playForFree(page: Page): Promise<void> {
  await page.goto(url('/login'));
  await page.getByTestId('login-free-play').click();
  await page.getByTestId('header-account').waitFor();
  await page.locator('[data-testid="header-balance"][data-state="ready"]').waitFor();
}

const headerBalance = (page: Page) => text(page.getByTestId('header-balance-value'));
const walletCard = (page: Page, vendor: string) =>
  page.locator(`[data-testid="wallet-card"][data-vendor="${vendor}"]`);
const cardBalance = (page: Page, vendor: string) =>
  text(walletCard(page, vendor).getByTestId('wallet-balance'));

type Movement = { type: string; wallet: string; amountMinor: number; balanceAfterMinor: number };

/** The account record's rows as data, in the order shown. */
async function recordRows(page: Page): Promise<Movement[]> {
  return page.getByTestId('record-row').evaluateAll((rows) =>
    rows.map((row) => ({
      type: row.getAttribute('data-type') ?? '',
      wallet: row.getAttribute('data-wallet') ?? '',
      amountMinor: Number(row.getAttribute('data-amount-minor')),
      balanceAfterMinor: Number(row.getAttribute('data-balance-after-minor')),
    })),
  );
}

const byContent = (a: Movement, b: Movement) =>
  JSON.stringify([a.type, a.wallet, a.amountMinor, a.balanceAfterMinor]).localeCompare(
    JSON.stringify([b.type, b.wallet, b.amountMinor, b.balanceAfterMinor]),
  );

/** CSV cells of one line (the server quotes every cell and doubles inner quotes). */
function csvCells(line: string): string[] {
  return [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => match[1]!.replaceAll('""', '"'));
}

describe('a free-play member’s wallet', () => {
  let page: Page;
  let vendor: { code: string; name: string };
  /** GCS_walletTransfer calls the page made, to prove a refused amount never left the browser. */
  let transferCalls = 0;

  beforeAll(async () => {
    browser = await openBrowser();
    page = browser.page;
    page.on('request', (request) => {
      if (request.url().includes(ENDPOINTS.wallet.transfer.path)) transferCalls += 1;
    });
  });
  afterAll(async () => {
    await browser?.close();
    browser = null;
  });

  it('shows the demo credit in the header', async () => {
    await playForFree(page);
    expect(await headerBalance(page)).toBe('R$ 1.000,00');
    await screenshot(page, 'wallet-header-1440');
  });

  it('opens the wallet from the header balance with every wallet as a card, main first', async () => {
    await page.getByTestId('header-balance-value').click();
    await page.getByTestId('wallet-page').waitFor();
    expect(new URL(page.url()).search).toBe('?page=transferFund');
    const cards = page.getByTestId('wallet-card');
    expect(await cards.count()).toBeGreaterThanOrEqual(2);
    expect(await cards.first().getAttribute('data-vendor')).toBe('main');
    expect(await cardBalance(page, 'main')).toBe('R$ 1.000,00');
    expect(await text(page.getByTestId('wallet-total'))).toBe('R$ 1.000,00');
    // Nothing in the vendor wallets yet: nothing to collect.
    expect(await page.getByTestId('collect-all').isDisabled()).toBe(true);

    const first = cards.nth(1);
    vendor = {
      code: (await first.getAttribute('data-vendor')) ?? '',
      name: await text(first.locator('.wallet-card__name')),
    };
    expect(await first.locator('img').getAttribute('src')).toBe(
      `/lgw/art/vendor/${vendor.code}.svg`,
    );
    await screenshot(page, 'wallet-page-1440');
  });

  it('moves R$ 250,50 from the main wallet to a vendor wallet', async () => {
    // The card's shortcut sets the route; the amount is typed the Brazilian way.
    await walletCard(page, vendor.code).getByTestId('wallet-transfer-in').click();
    expect(await page.getByTestId('transfer-from').inputValue()).toBe('0');
    const amount = page.getByTestId('transfer-amount');
    await expect
      .poll(() => amount.evaluate((input) => input === document.activeElement))
      .toBe(true);
    await amount.fill('250,50');
    await page.getByTestId('transfer-submit').click();

    const toast = page.locator('[data-testid="toast"][data-tone="success"]', {
      hasText: 'transferidos',
    });
    await toast.waitFor();
    expect(await text(toast)).toBe(
      `R$ 250,50 transferidos de Carteira principal para ${vendor.name}.`,
    );
    await expect.poll(() => cardBalance(page, 'main')).toBe('R$ 749,50');
    expect(await cardBalance(page, vendor.code)).toBe('R$ 250,50');
    // Money moved between the member's own wallets: the total is what it was.
    expect(await headerBalance(page)).toBe('R$ 1.000,00');
    expect(await text(page.getByTestId('wallet-total'))).toBe('R$ 1.000,00');
    expect(await amount.inputValue()).toBe('');
    expect(transferCalls).toBe(1);
  });

  it('refuses more than the source wallet holds, and nothing changes', async () => {
    await page.getByTestId('transfer-amount').fill('5000');
    await page.getByTestId('transfer-submit').click();
    const error = page.getByTestId('transfer-form').getByTestId('field-error');
    await error.waitFor();
    expect(await text(error)).toBe('Saldo insuficiente: a carteira de origem tem R$ 749,50.');
    expect(await page.getByTestId('transfer-amount').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'wallet-insufficient-1440');
    // Fractions of a centavo are refused the same way, beside the field.
    await page.getByTestId('transfer-amount').fill('1,234');
    await expect
      .poll(() => text(error))
      .toBe('Digite um valor positivo com no máximo duas casas decimais.');
    expect(transferCalls).toBe(1);
    expect(await cardBalance(page, 'main')).toBe('R$ 749,50');
    expect(await cardBalance(page, vendor.code)).toBe('R$ 250,50');
    await page.getByTestId('transfer-amount').fill('');
  });

  it('collects every vendor wallet back to the main wallet', async () => {
    const collect = page.getByTestId('collect-all');
    expect(await collect.isEnabled()).toBe(true);
    await collect.click();
    const toast = page.locator('[data-testid="toast"][data-tone="success"]', {
      hasText: 'recolhidos',
    });
    await toast.waitFor();
    expect(await text(toast)).toBe('R$ 250,50 recolhidos para a carteira principal.');
    await expect.poll(() => cardBalance(page, 'main')).toBe('R$ 1.000,00');
    expect(await cardBalance(page, vendor.code)).toBe('R$ 0,00');
    expect(await headerBalance(page)).toBe('R$ 1.000,00');
    await expect.poll(() => collect.isDisabled()).toBe(true);
  });

  it('lists the demo credit and the transfers in the account record, newest first', async () => {
    await page.getByRole('link', { name: 'Extrato da conta' }).first().click();
    await page.getByTestId('records-page').waitFor();
    await expect.poll(() => page.getByTestId('record-row').count()).toBe(5);
    const rows = await recordRows(page);
    // Oldest last: the demo credit that opened the account.
    expect(rows.at(-1)).toEqual({
      type: 'demo_credit',
      wallet: 'main',
      amountMinor: 100_000,
      balanceAfterMinor: 100_000,
    });
    const transfer = (wallet: string, amountMinor: number, balanceAfterMinor: number) => ({
      type: 'transfer',
      wallet,
      amountMinor,
      balanceAfterMinor,
    });
    // The collect (newest, two rows), then the transfer (two rows): each pair in either order.
    expect(rows.slice(0, 2).sort(byContent)).toEqual(
      [transfer('main', 25_050, 100_000), transfer(vendor.code, -25_050, 0)].sort(byContent),
    );
    expect(rows.slice(2, 4).sort(byContent)).toEqual(
      [transfer('main', -25_050, 74_950), transfer(vendor.code, 25_050, 25_050)].sort(byContent),
    );
    // What people read: the sign and its colour, the wallet's name, the balance after.
    const debit = page.locator(
      '[data-testid="record-row"][data-wallet="main"][data-amount-minor="-25050"]',
    );
    expect(await text(debit.locator('.record-amount'))).toMatch(/−R\$ 250,50$/);
    expect(await debit.locator('.record-amount').getAttribute('class')).toContain('is-debit');
    expect(await text(debit)).toContain('R$ 749,50');
    const credit = page.locator(
      `[data-testid="record-row"][data-wallet="${vendor.code}"][data-amount-minor="25050"]`,
    );
    expect(await text(credit)).toContain(vendor.name);
    expect(await text(credit.locator('.record-amount'))).toMatch(/\+R\$ 250,50$/);
    expect(await text(page.getByTestId('records-count'))).toBe('5 movimentações');
    await screenshot(page, 'wallet-records-1440');
  });

  it('narrows the record by type', async () => {
    await page.getByTestId('records-type').selectOption('demo_credit');
    await expect.poll(() => page.getByTestId('record-row').count()).toBe(1);
    expect((await recordRows(page))[0]?.type).toBe('demo_credit');
    await page.getByTestId('records-type').selectOption('bet');
    await page.getByTestId('records-empty').waitFor();
    await page.getByTestId('records-type').selectOption('transfer');
    await expect.poll(() => page.getByTestId('record-row').count()).toBe(4);
  });

  it('exports the filtered record as CSV with the rows on screen', async () => {
    const shown = await recordRows(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('records-export').click(),
    ]);
    expect(download.suggestedFilename()).toBe('extrato.csv');
    const file = await download.path();
    const lines = (await readFile(file, 'utf8')).trim().split(/\r?\n/);
    expect(csvCells(lines[0]!)).toEqual([
      'id',
      'data_utc',
      'tipo',
      'carteira',
      'valor',
      'saldo_apos',
      'referencia',
    ]);
    const exported = lines.slice(1).map((line) => {
      const [, , type, wallet, amount, balanceAfter] = csvCells(line);
      return {
        type: type!,
        wallet: wallet!,
        amountMinor: Math.round(Number(amount) * 100),
        balanceAfterMinor: Math.round(Number(balanceAfter) * 100),
      };
    });
    expect(exported).toEqual(shown);
    expect(exported.every((row) => row.type === 'transfer')).toBe(true);
    await page
      .locator('[data-testid="toast"][data-tone="success"]', { hasText: 'extrato.csv' })
      .waitFor();
  });

  it('shows the server’s message when a custom period is longer than 90 days', async () => {
    // The period is a row of radio buttons drawn as segments: people click the label.
    const preset = (name: string) =>
      page.locator('label', { has: page.getByTestId(`records-preset-${name}`) });
    await preset('custom').click();
    expect(await page.getByTestId('records-preset-custom').isChecked()).toBe(true);
    await page.getByTestId('records-from').fill('2025-01-01');
    const alert = page.getByTestId('records-range-error');
    await alert.waitFor();
    expect(await text(alert)).toBe('Período inválido (máximo de 90 dias).');
    await preset('last30').click();
    await expect.poll(() => page.getByTestId('record-row').count()).toBe(4);
  });

  it('hides the balance, remembers it across a reload, and shows it again', async () => {
    await page.getByTestId('header-balance-toggle').click();
    expect(await headerBalance(page)).toBe('R$ ••••');
    await page.reload();
    await page.getByTestId('records-page').waitFor();
    await page.locator('[data-testid="header-balance"][data-state="ready"]').waitFor();
    expect(await headerBalance(page)).toBe('R$ ••••');
    expect(await page.getByTestId('header-balance-toggle').getAttribute('aria-pressed')).toBe(
      'false',
    );
    await page.getByTestId('header-balance-toggle').click();
    expect(await headerBalance(page)).toBe('R$ 1.000,00');
    // The refresh button asks again and spins meanwhile.
    await page.getByTestId('header-balance-refresh').click();
    expect(await page.getByTestId('header-balance-refresh').getAttribute('aria-busy')).toBe('true');
    await expect
      .poll(() => page.getByTestId('header-balance-refresh').getAttribute('aria-busy'))
      .toBe('false');
    expect(await headerBalance(page)).toBe('R$ 1.000,00');
  });
});

describe('the wallet on a phone', () => {
  afterEach(async () => {
    await browser?.close();
    browser = null;
  });

  it('fits a 390 px screen, and a retried transfer whose answer was lost counts once', async () => {
    browser = await openBrowser({ width: 390, height: 844 });
    const { page } = browser;
    await playForFree(page);
    expect(await headerBalance(page)).toBe('R$ 1.000,00');
    await screenshot(page, 'wallet-header-390');

    await page.goto(url('/member?page=transferFund'));
    await page.getByTestId('wallet-page').waitFor();
    await page.getByTestId('transfer-to').selectOption({ index: 1 });
    await page.getByTestId('quick-10000').click();
    expect(await page.getByTestId('transfer-amount').inputValue()).toBe('100,00');
    await page.getByTestId('transfer-submit').click();
    await expect.poll(() => cardBalance(page, 'main')).toBe('R$ 900,00');
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await screenshot(page, 'wallet-page-390');

    // The answer to the next transfer is lost on the way back (the server did apply it). The
    // member presses Transfer again: the same Idempotency-Key goes with it, so it counts once.
    const keys: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(ENDPOINTS.wallet.transfer.path))
        keys.push(request.headers()['idempotency-key'] ?? '');
    });
    await page.route(
      '**/wps/relay/GCS_walletTransfer',
      async (route) => {
        await route.fetch();
        await route.abort('connectionreset');
      },
      { times: 1 },
    );
    await page.getByTestId('transfer-amount').fill('10,00');
    await page.getByTestId('transfer-submit').click();
    const lost = page.getByTestId('transfer-form').getByTestId('form-error');
    await lost.waitFor();
    expect(await text(lost)).toBe('Falha na conexão com a rede. Tente novamente.');
    await page.getByTestId('transfer-submit').click();
    await page
      .locator('[data-testid="toast"][data-tone="success"]', { hasText: 'R$ 10,00' })
      .waitFor();
    await expect.poll(() => cardBalance(page, 'main')).toBe('R$ 890,00');
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(await headerBalance(page)).toBe('R$ 1.000,00');

    await page.goto(url('/member?page=transactionHistory'));
    await expect.poll(() => page.getByTestId('record-row').count()).toBe(5);
    expect(await page.locator('table.record-table').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await screenshot(page, 'wallet-records-390');
  });
});
