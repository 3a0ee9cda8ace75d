import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProviderCatalogue } from '../src/catalogue';
import { createDemoProvider, type DemoProvider } from '../src/server';
import { startPamStub, STUB_API_KEY, type PamStub } from './pam-stub';

const TOKEN = 'a'.repeat(36);
const POOR = 'b'.repeat(36);
const SLOT = { vendor: 'PG', game: 'PG_00074' };
const ROULETTE_VENDOR = 'VLV';

let stub: PamStub;
let provider: DemoProvider;
let base: string;
const catalogue = buildProviderCatalogue();
const roulette = catalogue
  .all()
  .find((g) => g.vendorCode === ROULETTE_VENDOR && g.classify === 'ROULETTE')!;

beforeAll(async () => {
  stub = await startPamStub(
    {
      [TOKEN]: { playerId: 'p1', currency: 'BRL', gameId: SLOT.game },
      [POOR]: { playerId: 'p2', currency: 'BRL', gameId: roulette.gameCode },
    },
    { p1: 100_000, p2: 50 },
  );
  provider = createDemoProvider({
    pamUrl: stub.url,
    apiKey: STUB_API_KEY,
    catalogue,
    pamTimeoutMs: 2_000,
  });
  base = await provider.listen(0, '127.0.0.1');
});
afterAll(async () => {
  await provider.app.close();
  await stub.close();
});

async function post(
  path: string,
  body: object,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('demo provider over the PAM contract', () => {
  it('serves the game page under a strict CSP of its own origin, and its assets', async () => {
    const page = await fetch(`${base}/play?token=${TOKEN}&game=${SLOT.game}&vendor=PG&lang=en`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    expect(html).not.toMatch(/<script>|style=/);
    expect((await fetch(`${base}/play/PG/${SLOT.game}?token=${TOKEN}&lang=pt-BR`)).status).toBe(
      200,
    );
    expect((await fetch(`${base}/assets/game.js`)).status).toBe(200);
    expect((await fetch(`${base}/assets/game.css`)).status).toBe(200);
  });

  it('opens a session: balance in minor units, the game, its stakes', async () => {
    const { status, body } = await post('/api/session', { token: TOKEN, ...SLOT });
    expect(status).toBe(200);
    expect(body).toMatchObject({ currency: 'BRL', digits: 2, balanceMinor: 100_000, type: 'slot' });
    expect(body.spec).not.toHaveProperty('strips');
  });

  it('settles a spin as WITHDRAW stake then DEPOSIT payout (isGameOver), moving the balance by exactly those', async () => {
    const before = stub.balances.get('p1')!;
    const from = stub.transactions.length;
    const { status, body } = await post('/api/spin', { token: TOKEN, ...SLOT, stakeMinor: 200 });
    expect(status).toBe(200);
    const txs = stub.transactions.slice(from);
    expect(txs.map((t) => t.type)).toEqual(['WITHDRAW', 'DEPOSIT']);
    expect(txs[0]!.amount).toBe(200);
    expect(txs[1]!.amount).toBe(body.payoutMinor);
    expect(txs[0]!.round).toBe(txs[1]!.round);
    expect(stub.balances.get('p1')).toBe(before - 200 + (body.payoutMinor as number));
    expect(body.balanceMinor).toBe(stub.balances.get('p1'));
  });

  it('refuses a stake the game does not offer, before any money moves', async () => {
    const from = stub.transactions.length;
    expect((await post('/api/spin', { token: TOKEN, ...SLOT, stakeMinor: 3 })).body.error).toBe(
      'bad_stake',
    );
    expect(stub.transactions.length).toBe(from);
  });

  it('answers an overdraft with the balance and no result', async () => {
    const { status, body } = await post('/api/round', {
      token: POOR,
      vendor: ROULETTE_VENDOR,
      game: roulette.gameCode,
      stakeMinor: 100,
      bet: 'red',
    });
    expect(status).toBe(409);
    expect(body).toEqual({ error: 'insufficient_funds', balanceMinor: 50 });
  });

  it('plays a round game (roulette) through the same WITHDRAW/DEPOSIT', async () => {
    stub.balances.set('p2', 10_000);
    const { body } = await post('/api/round', {
      token: POOR,
      vendor: ROULETTE_VENDOR,
      game: roulette.gameCode,
      stakeMinor: 100,
      bet: 'red',
    });
    expect([0, 200]).toContain(body.payoutMinor);
    expect(stub.balances.get('p2')).toBe(10_000 - 100 + (body.payoutMinor as number));
  });

  it('cancels the WITHDRAW when its answer never arrives, so the player gets the stake back', async () => {
    const before = stub.balances.get('p1')!;
    stub.dropNextWithdraw();
    const { status, body } = await post('/api/spin', { token: TOKEN, ...SLOT, stakeMinor: 200 });
    expect(status).toBe(503);
    expect(body.error).toBe('operator_unavailable');
    const last = stub.transactions.slice(-2);
    expect(last.map((t) => t.type)).toEqual(['WITHDRAW', 'CANCEL']);
    expect(last[1]!.betRef).toBe(last[0]!.id);
    expect(stub.balances.get('p1')).toBe(before);
  });

  it('turns an unknown token into session_ended', async () => {
    expect((await post('/api/session', { token: 'z'.repeat(36), ...SLOT })).body.error).toBe(
      'session_ended',
    );
  });
});
