import { type Balances } from '@banca/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProviderCatalogue } from '../../demo-provider/src/catalogue';
import { createDemoProvider, type DemoProvider } from '../../demo-provider/src/server';
import type { TransferFault } from '../../demo-provider/src/transfer-api';
import { buildApp, type App } from '../src/app';
import { DEV_PAM_API_KEY, DEV_VENDOR_TRANSFER_API_KEY } from '../src/config';
import { seedDemo } from '../src/demo/seed';
import {
  demoProviderLaunchTemplate,
  demoProviderTransferUrl,
  seedDemoVendorIntegrations,
} from '../src/demo/vendor-integrations';
import { httpTransferWalletClients } from '../src/modules/vendors';
import { checkBetRecords } from '../src/modules/wallet';
import { checkInvariants } from '../src/modules/wallet/ledger';
import { createClient, type TestClient } from './client';
import { ENGINES, openTestDatabase, type TestDatabase } from './harness';

/**
 * Transfer-wallet vendors end to end (issue 12 §3): the platform and the demo provider on random
 * ports, talking real HTTP only. A member moves money to a transfer vendor's wallet on
 * GCS_walletTransfer (the provider's transfer API is called), plays that vendor's game from the
 * provider's own balance, and the rounds come back as bet records while the vendor wallet in
 * Banca equals the provider's balance. Retries move money once; a refusal and lost answers
 * leave the books right (the ledger invariants and the bet records are checked after each).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field
type Json = Record<string, any>;

const catalogue = buildProviderCatalogue();
/** Banca gives up on a vendor call after this long (the provider answers "late" after LATE_MS). */
const TIMEOUT_MS = 400;
const LATE_MS = 1_200;
const VENDOR = 'AUL';
const OTHER_VENDOR = 'ARS';

describe.each(ENGINES)('transfer-wallet vendors (%s)', (engine) => {
  let database: TestDatabase;
  let app: App;
  let provider: DemoProvider;
  let providerUrl: string;
  let fault: TransferFault = undefined;
  let c: TestClient;
  let memberId: number;
  let walletId: number;
  let otherWalletId: number;

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    await seedDemo(database.db);
    app = await buildApp({
      db: database.db,
      logLevel: 'silent',
      webDistDir: null,
      adapters: {
        transferWallets: httpTransferWalletClients({
          apiKey: DEV_VENDOR_TRANSFER_API_KEY,
          timeoutMs: TIMEOUT_MS,
        }),
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no TCP address');
    provider = createDemoProvider({
      pamUrl: `http://127.0.0.1:${address.port}/pam`,
      apiKey: DEV_PAM_API_KEY,
      transferApiKey: DEV_VENDOR_TRANSFER_API_KEY,
      catalogue,
      transferFault: () => fault,
      lateAnswerMs: LATE_MS,
    });
    providerUrl = await provider.listen(0, '127.0.0.1');
    await seedDemoVendorIntegrations(database.db, {
      pamApiKey: DEV_PAM_API_KEY,
      launchTemplate: demoProviderLaunchTemplate(providerUrl),
      transferApiUrl: demoProviderTransferUrl(providerUrl),
    });

    c = createClient(app, { ip: '198.18.9.1' });
    expect((await c.login('demo', 'demo@2026')).body.success).toBe(true);
    memberId = (await c.get('/wps/member/info')).body.value.id as number;
    await app.services.wallet.adjust({
      member: { memberId, merchantCode: 'BANCA', currency: 'BRL' },
      amountMinor: 100_000,
      reason: 'test',
      operatorId: 'test',
      idempotencyKey: `transfer-wallet-fund-${engine}`,
    });
    const wallets = await balances();
    walletId = wallets.vendors.find((w) => w.vendorCode === VENDOR)!.accountTypeId;
    otherWalletId = wallets.vendors.find((w) => w.vendorCode === OTHER_VENDOR)!.accountTypeId;
  }, 120_000);
  afterAll(async () => {
    await provider?.app.close();
    await app?.close();
    await database?.drop();
  });

  async function balances(): Promise<Balances> {
    const res = await c.get('/wps/v2/wallets/balance');
    expect(res.status).toBe(200);
    return res.body.value as Balances;
  }
  const walletOf = (b: Balances, code: string) => b.vendors.find((w) => w.vendorCode === code)!;
  /** What the provider holds for the member at a vendor. */
  const atVendor = (code = VENDOR) => provider.transfers.balance(code, String(memberId), 'BRL');

  function transfer(from: number, to: number, amount: string, key?: string) {
    return c.raw(
      'POST',
      '/wps/relay/GCS_walletTransfer',
      { fromAccountTypeId: from, toAccountTypeId: to, amount },
      key ? { 'idempotency-key': key } : {},
    );
  }

  /** The books balance, bet records equal ledger movements, and Banca's mirror equals the vendor. */
  async function booksAreRight() {
    expect(await checkInvariants(database.db)).toEqual([]);
    expect(await checkBetRecords(database.db)).toEqual([]);
    const b = await balances();
    expect(walletOf(b, VENDOR).balanceMinor).toBe(atVendor(VENDOR));
    expect(walletOf(b, OTHER_VENDOR).balanceMinor).toBe(atVendor(OTHER_VENDOR));
  }

  async function transferRows(): Promise<Json[]> {
    const { rows } =
      await sql<Json>`SELECT transfer_id, direction, amount_minor, status, failure_code
      FROM vendor_transfers WHERE member_id = ${memberId} ORDER BY id`.execute(database.db);
    return rows;
  }

  it('moves money into the vendor wallet at the vendor; a retried request moves it once', async () => {
    const before = await balances();
    const key = `transfer-in-${engine}-0001`;
    const first = await transfer(0, walletId, '100', key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.value).toMatchObject({
      successAmount: 100,
      from: { accountTypeId: 0, balanceMinor: before.main.balanceMinor - 10_000 },
      to: { accountTypeId: walletId, balanceMinor: 10_000 },
    });
    expect(atVendor()).toBe(10_000);
    // The same request again (a retry after a lost answer), and two at once: nothing moves twice.
    const again = await Promise.all([
      transfer(0, walletId, '100', key),
      transfer(0, walletId, '100', key),
    ]);
    for (const reply of again) expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const after = await balances();
    expect(after.main.balanceMinor).toBe(before.main.balanceMinor - 10_000);
    expect(walletOf(after, VENDOR).balanceMinor).toBe(10_000);
    expect(atVendor()).toBe(10_000);
    expect(await transferRows()).toEqual([
      expect.objectContaining({ direction: 'in', status: 'succeeded' }),
    ]);
    // Three requests with a new key at once (a double click and a retry): one transfer.
    const raced = await Promise.all(
      [1, 2, 3].map(() => transfer(0, walletId, '1', `transfer-in-${engine}-raced`)),
    );
    for (const reply of raced) expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(atVendor()).toBe(10_100);
    expect((await balances()).main.balanceMinor).toBe(before.main.balanceMinor - 10_100);
    const back = await transfer(walletId, 0, '1', `transfer-out-${engine}-raced`);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(atVendor()).toBe(10_000);
    await booksAreRight();
  });

  it('plays the vendor’s game from the vendor’s balance; the rounds become bet records and the wallets agree', async () => {
    const list = await c.get(`/lgw/games/list?gameType=LIVE&vassalage=${VENDOR}&pageSize=30`);
    const game = (list.body.value.games as Json[]).find(
      (g) => !g.maintenance && g.isGame === 'GAME',
    );
    expect(game, 'a playable game of the transfer vendor').toBeTruthy();
    const launch = await c.post('/wps/game/launchGame', { nodeId: game!.nodeId });
    expect(launch.status, JSON.stringify(launch.body)).toBe(200);
    const url = new URL(launch.body.value.url as string);
    const ident = { token: url.searchParams.get('token'), game: game!.gameCode, vendor: VENDOR };
    const page = async (path: string, body: Json = {}) => {
      const res = await fetch(`${providerUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...ident, ...body }),
      });
      return { status: res.status, body: (await res.json()) as Json };
    };
    const session = await page('/api/session');
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    expect(session.body).toMatchObject({ wallet: 'transfer', balanceMinor: 10_000 });
    const mainBefore = (await balances()).main.balanceMinor;

    const bet = (session.body.spec.bets as Json[])[0]!.id as string;
    const stakeMinor = session.body.stakesMinor[0] as number;
    let expected = 10_000;
    const rounds: Json[] = [];
    for (let i = 0; i < 6; i++) {
      const round = await page('/api/round', { stakeMinor, bet });
      expect(round.status, JSON.stringify(round.body)).toBe(200);
      expected += (round.body.payoutMinor as number) - stakeMinor;
      expect(round.body.balanceMinor).toBe(expected);
      rounds.push(round.body);
    }
    expect(atVendor()).toBe(expected);

    // A balance read brings the rounds in: the vendor wallet moved by exactly stakes and
    // payouts, the main wallet not at all.
    const after = await balances();
    expect(walletOf(after, VENDOR).balanceMinor).toBe(expected);
    expect(after.main.balanceMinor).toBe(mainBefore);
    const record = await c.get(`/wps/member/bets?period=today&vendor=${VENDOR}`);
    expect(record.status, JSON.stringify(record.body)).toBe(200);
    const listed = record.body.value.list as Json[];
    expect(listed).toHaveLength(rounds.length);
    for (const round of rounds) {
      const row = listed.find((r) => r.roundId === round.roundId);
      expect(row, `round ${round.roundId as string} in the betting record`).toMatchObject({
        stakeMinor,
        payoutMinor: round.payoutMinor,
        status: 'settled',
      });
    }
    // Reading the feed again changes nothing.
    await app.services.vendorTransfers.syncAllRounds();
    expect(walletOf(await balances(), VENDOR).balanceMinor).toBe(expected);
    await booksAreRight();

    // Nothing in the vendor wallet: the game refuses the bet, nothing moves anywhere.
    const out = await transfer(
      walletId,
      0,
      (expected / 100).toString(),
      `transfer-out-${engine}-all`,
    );
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(atVendor()).toBe(0);
    const broke = await page('/api/round', { stakeMinor, bet });
    expect(broke.status).toBe(409);
    expect(broke.body.error).toBe('insufficient_funds');
    expect((await balances()).main.balanceMinor).toBe(mainBefore + expected);
    await booksAreRight();
  });

  it('takes money out only as far as the vendor holds it', async () => {
    const before = await balances();
    const res = await transfer(walletId, 0, '5', `transfer-out-${engine}-too-much`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'insufficient_funds', data: { balanceMinor: 0 } });
    expect((await balances()).main.balanceMinor).toBe(before.main.balanceMinor);
    await booksAreRight();
  });

  it('a refusal by the vendor moves the money back to the main wallet, once', async () => {
    const before = await balances();
    fault = 'refuse';
    const key = `transfer-in-${engine}-refused`;
    const res = await transfer(0, walletId, '20', key);
    fault = undefined;
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('vendor_transfer_refused');
    // The same key again: the same refusal, nothing moves.
    expect((await transfer(0, walletId, '20', key)).body.code).toBe('vendor_transfer_refused');
    const after = await balances();
    expect(after.main.balanceMinor).toBe(before.main.balanceMinor);
    expect(walletOf(after, VENDOR).balanceMinor).toBe(walletOf(before, VENDOR).balanceMinor);
    expect((await transferRows()).at(-1)).toMatchObject({
      direction: 'in',
      status: 'failed',
      failure_code: 'player_blocked',
    });
    await booksAreRight();
  });

  it('an answer lost on the way back is found by asking the vendor by transfer id', async () => {
    const before = await balances();
    fault = 'answer-late';
    const res = await transfer(0, walletId, '30', `transfer-in-${engine}-late`);
    fault = undefined;
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(atVendor()).toBe(3_000);
    expect((await balances()).main.balanceMinor).toBe(before.main.balanceMinor - 3_000);
    await booksAreRight();
  });

  it('a transfer in the vendor never got stays pending, then lands once (retry and job)', async () => {
    const before = await balances();
    fault = 'lose';
    const key = `transfer-in-${engine}-lost`;
    const res = await transfer(0, walletId, '40', key);
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('vendor_transfer_pending');
    // Banca holds it in the vendor wallet meanwhile (never more than the vendor will hold).
    expect((await balances()).main.balanceMinor).toBe(before.main.balanceMinor - 4_000);
    expect(atVendor()).toBe(3_000);
    expect((await transferRows()).at(-1)).toMatchObject({ status: 'pending' });
    fault = undefined;
    // The player's retry with the same key asks by id, finds nothing, sends the same id again.
    const retry = await transfer(0, walletId, '40', key);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(atVendor()).toBe(7_000);
    // The job finds nothing left to do.
    expect(await app.services.vendorTransfers.reconcile({ olderThanMs: 0 })).toEqual({
      settled: 0,
      pending: 0,
    });
    expect(atVendor()).toBe(7_000);
    expect((await balances()).main.balanceMinor).toBe(before.main.balanceMinor - 4_000);
    await booksAreRight();
  });

  it('a transfer out without an answer is settled by the reconcile job', async () => {
    const before = await balances();
    fault = 'lose';
    const res = await transfer(walletId, 0, '50', `transfer-out-${engine}-lost`);
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('vendor_transfer_pending');
    // Out: nothing moves in Banca until the vendor has paid out.
    expect((await balances()).main.balanceMinor).toBe(before.main.balanceMinor);
    expect(atVendor()).toBe(7_000);
    fault = undefined;
    expect(await app.services.vendorTransfers.reconcile({ olderThanMs: 0 })).toEqual({
      settled: 1,
      pending: 0,
    });
    expect(atVendor()).toBe(2_000);
    expect((await balances()).main.balanceMinor).toBe(before.main.balanceMinor + 5_000);
    expect((await transferRows()).at(-1)).toMatchObject({ direction: 'out', status: 'succeeded' });
    await booksAreRight();
  });

  it('moves between two vendor wallets through the main wallet, and collects everything back', async () => {
    const before = await balances();
    const res = await transfer(walletId, otherWalletId, '15', `transfer-v2v-${engine}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.value).toMatchObject({
      from: { balanceMinor: 500 },
      to: { balanceMinor: 1_500 },
    });
    expect(atVendor(VENDOR)).toBe(500);
    expect(atVendor(OTHER_VENDOR)).toBe(1_500);
    await booksAreRight();

    const collect = await c.raw(
      'POST',
      '/wps/relay/GCS_collectAll',
      {},
      {
        'idempotency-key': `collect-${engine}-0001`,
      },
    );
    expect(collect.status, JSON.stringify(collect.body)).toBe(200);
    expect(collect.body.value.collectedAmount).toBe(20);
    expect(atVendor(VENDOR)).toBe(0);
    expect(atVendor(OTHER_VENDOR)).toBe(0);
    const after = await balances();
    expect(after.main.balanceMinor).toBe(before.main.balanceMinor + 2_000);
    expect(after.totalMinor).toBe(after.main.balanceMinor);
    await booksAreRight();
  });
});
