import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { newTxid, parseBrCode, verifyWebhookSignature } from '@banca/pix';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPixSandbox, type PixSandbox } from '../src/server';

const TOKEN = 'test-token-0123456789';
const SECRET = 'test-webhook-secret';

/** A receiver standing in for the platform's /hooks: it keeps what arrives, raw. */
type Received = { path: string; headers: IncomingHttpHeaders; body: string };
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
let receiverStatus = 200;

let clock = new Date('2026-11-24T12:00:00Z');
let randomValue = 0.5;
let sandbox: PixSandbox;
let base: string;
let failures = { payout: 0 };

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body });
      response.statusCode = receiverStatus;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  receiverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hooks/pix-sandbox`;
  sandbox = createPixSandbox({
    apiToken: TOKEN,
    webhookSecret: SECRET,
    webhookUrl: receiverUrl,
    publicUrl: 'http://localhost:18082',
    merchantName: 'Banca Demo',
    merchantCity: 'São Paulo',
    now: () => clock,
    random: () => randomValue,
    get payoutFailureRate() {
      return failures.payout;
    },
  });
  base = await sandbox.listen(0, '127.0.0.1');
});
afterAll(async () => {
  await sandbox.app.close();
  await new Promise((resolve) => receiver.close(resolve));
});
afterEach(() => {
  received.length = 0;
  receiverStatus = 200;
  failures = { payout: 0 };
});

async function api(method: string, path: string, body?: unknown, token = TOKEN) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function createCob(amount = '25.00', expiracao = 900) {
  const txid = newTxid();
  const created = await api('PUT', `/cob/${txid}`, {
    calendario: { expiracao },
    valor: { original: amount },
    chave: 'pix@banca.example',
  });
  expect(created.status).toBe(201);
  return { txid, cob: created.body };
}

describe('cob: charges as the PIX API has them', () => {
  it('creates a charge with a dynamic BR Code that points at its location and carries amount and txid', async () => {
    const { txid, cob } = await createCob('25.00');
    expect(cob).toMatchObject({
      txid,
      status: 'ATIVA',
      calendario: { expiracao: 900 },
      valor: { original: '25.00' },
      chave: 'pix@banca.example',
    });
    const code = parseBrCode(cob.pixCopiaECola as string);
    expect(code).toMatchObject({
      pointOfInitiation: '12',
      amountMinor: 2500,
      txid,
      merchantName: 'Banca Demo',
      merchantCity: 'Sao Paulo',
    });
    expect(code.location).toBe(cob.location);
    // The location answers the charge (the real API signs it as a JWS).
    const locPath = (cob.location as string).replace(/^localhost:18082/, '');
    const location = await fetch(`${base}${locPath}`).then((r) => r.json());
    expect(location).toMatchObject({ txid, valor: { original: '25.00' }, status: 'ATIVA' });
    expect((await api('GET', `/cob/${txid}`)).body).toMatchObject({ txid, status: 'ATIVA' });
  });

  it('answers a retried PUT with the same charge and refuses another charge under the txid', async () => {
    const { txid } = await createCob('25.00');
    const again = await api('PUT', `/cob/${txid}`, {
      calendario: { expiracao: 900 },
      valor: { original: '25.00' },
      chave: 'pix@banca.example',
    });
    expect(again.status).toBe(200);
    const other = await api('PUT', `/cob/${txid}`, {
      calendario: { expiracao: 900 },
      valor: { original: '26.00' },
      chave: 'pix@banca.example',
    });
    expect(other.status).toBe(409);
  });

  it('refuses bad charges and callers without the token', async () => {
    const txid = newTxid();
    const good = { calendario: { expiracao: 900 }, valor: { original: '1.00' }, chave: 'k' };
    expect((await api('PUT', `/cob/${txid}`, good, 'wrong')).status).toBe(401);
    expect((await api('PUT', '/cob/short', good)).status).toBe(400);
    expect(
      (await api('PUT', `/cob/${txid}`, { ...good, valor: { original: '1.005' } })).status,
    ).toBe(400);
    expect(
      (await api('PUT', `/cob/${txid}`, { ...good, valor: { original: '0.00' } })).status,
    ).toBe(400);
    expect(
      (await api('PUT', `/cob/${txid}`, { ...good, calendario: { expiracao: 5 } })).status,
    ).toBe(400);
    expect((await api('GET', `/cob/${txid}`)).status).toBe(404);
  });

  it('shows a charge past its expiry as removed by the PSP, and it can no longer be paid', async () => {
    const { txid } = await createCob('5.00', 60);
    clock = new Date(clock.getTime() + 61_000);
    expect((await api('GET', `/cob/${txid}`)).body.status).toBe('REMOVIDA_PELO_PSP');
    const paid = await fetch(`${base}/sandbox/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ txid, pagador: { cpf: '52998224725', nome: 'Maria' } }),
    });
    expect(paid.status).toBe(409);
  });
});

describe('paying and the webhook', () => {
  it('pays by copia e cola and notifies <webhook>/pix with a signed body', async () => {
    const { txid, cob } = await createCob('12.34');
    const response = await fetch(`${base}/sandbox/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        pixCopiaECola: cob.pixCopiaECola,
        pagador: { cpf: '529.982.247-25', nome: 'Maria da Silva' },
      }),
    });
    expect(response.status).toBe(200);
    await sandbox.idle();
    expect(received).toHaveLength(1);
    const hook = received[0]!;
    expect(hook.path).toBe('/hooks/pix-sandbox/pix');
    expect(
      verifyWebhookSignature(SECRET, hook.body, hook.headers['x-pix-signature'] as string),
    ).toBe(true);
    const { pix } = JSON.parse(hook.body) as { pix: Array<Record<string, unknown>> };
    expect(pix).toEqual([
      {
        endToEndId: expect.stringMatching(/^E99999999\d{12}[a-zA-Z0-9]{11}$/),
        txid,
        valor: '12.34',
        horario: clock.toISOString(),
        pagador: { cpf: '52998224725', nome: 'Maria da Silva' },
      },
    ]);
    const after = await api('GET', `/cob/${txid}`);
    expect(after.body).toMatchObject({ status: 'CONCLUIDA', pix });
    expect(after.body.pixCopiaECola).toBeUndefined();
    // Paid once: the second payment is refused.
    const twice = await fetch(`${base}/sandbox/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ txid, pagador: { cpf: '52998224725', nome: 'Maria' } }),
    });
    expect(twice.status).toBe(409);
  });

  it('refuses a payer whose CPF check digits are wrong', async () => {
    const { txid } = await createCob();
    const response = await fetch(`${base}/sandbox/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ txid, pagador: { cpf: '52998224724', nome: 'Maria' } }),
    });
    expect(response.status).toBe(400);
    expect((await api('GET', `/cob/${txid}`)).body.status).toBe('ATIVA');
  });

  it('the pay page opens a pasted copia e cola and pays it from a form', async () => {
    const { txid, cob } = await createCob('99.90');
    const opened = await fetch(
      `${base}/pay?code=${encodeURIComponent(cob.pixCopiaECola as string)}`,
    );
    const html = await opened.text();
    expect(html).toContain('R$ 99,90');
    expect(html).toContain(txid);
    expect(html).toContain('Aguardando pagamento');
    const paid = await fetch(`${base}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        code: txid,
        cpf: '11144477735',
        nome: 'João Pereira',
      }).toString(),
    });
    expect(paid.status).toBe(200);
    expect(await paid.text()).toContain('Pix enviado');
    await sandbox.idle();
    expect(JSON.parse(received[0]!.body).pix[0].pagador).toEqual({
      cpf: '11144477735',
      nome: 'João Pereira',
    });
  });

  it('lists the webhooks it sent, so a test can replay them byte for byte', async () => {
    const { txid } = await createCob();
    await fetch(`${base}/sandbox/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ txid, pagador: { cpf: '12345678909', nome: 'Ana' } }),
    });
    await sandbox.idle();
    const { deliveries } = (await fetch(`${base}/sandbox/deliveries`).then((r) => r.json())) as {
      deliveries: Array<{ body: string; signature: string; status: number }>;
    };
    const last = deliveries.at(-1)!;
    expect(JSON.parse(last.body).pix[0].txid).toBe(txid);
    expect(last.signature).toBe(received[0]!.headers['x-pix-signature']);
    expect(last.status).toBe(200);
  });
});

describe('payouts to a PIX key', () => {
  it('pays out once per id and reports the result to <webhook>/payout', async () => {
    const request = {
      id: 'withdrawal-1',
      chave: '52998224725',
      valor: '50.00',
      descricao: 'saque',
    };
    const first = await api('POST', '/payouts', request);
    expect(first.status).toBe(202);
    expect(first.body.status).toBe('EM_PROCESSAMENTO');
    const again = await api('POST', '/payouts', request);
    expect(again.status).toBe(200);
    await sandbox.idle();
    expect((await api('GET', '/payouts/withdrawal-1')).body).toMatchObject({ status: 'REALIZADO' });
    const hooks = received.filter((r) => r.path.endsWith('/payout'));
    expect(hooks).toHaveLength(1);
    expect(JSON.parse(hooks[0]!.body).payout).toMatchObject({
      id: 'withdrawal-1',
      status: 'REALIZADO',
      valor: '50.00',
    });
    expect(
      verifyWebhookSignature(
        SECRET,
        hooks[0]!.body,
        hooks[0]!.headers['x-pix-signature'] as string,
      ),
    ).toBe(true);
    expect((await api('POST', '/payouts', { ...request, valor: '51.00' })).status).toBe(409);
  });

  it('fails payouts at the configured rate', async () => {
    failures.payout = 1;
    randomValue = 0.1;
    const created = await api('POST', '/payouts', {
      id: 'withdrawal-2',
      chave: 'a@b.example',
      valor: '10.00',
    });
    expect(created.status).toBe(202);
    await sandbox.idle();
    randomValue = 0.5;
    expect((await api('GET', '/payouts/withdrawal-2')).body).toMatchObject({
      status: 'NAO_REALIZADO',
      motivo: expect.any(String),
    });
  });
});
