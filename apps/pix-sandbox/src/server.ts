import { timingSafeEqual } from 'node:crypto';
import {
  amountText,
  BrCodeError,
  encodeBrCode,
  isValidCpf,
  newEndToEndId,
  parseBrCode,
  SANDBOX_SIGNATURE_HEADER,
  signWebhook,
  TXID_PATTERN,
} from '@banca/pix';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { renderPayPage, type PayPageState } from './pay-page';
import {
  createStore,
  currentStatus,
  type Cob,
  type Payer,
  type Payout,
  type ReceivedPix,
} from './store';

/**
 * The sandbox PIX PSP: a small HTTP service shaped after the Banco Central PIX API
 * (bacen/pix-api v2.9), so the platform's provider adapter speaks to it as it would to a real
 * PSP. The real API's OAuth2 client credentials and mutual TLS are a bearer secret here.
 *
 * - `PUT /cob/{txid}`, `GET /cob/{txid}`, `PATCH /cob/{txid}`: immediate charges with
 *   `calendario.expiracao`, `valor.original`, `chave`, `status` and `pixCopiaECola` (a dynamic
 *   BR Code whose location is `GET /qr/v2/{id}` here).
 * - `PUT /webhook/{chave}` `{webhookUrl}`: where received PIX are notified, as
 *   `POST <webhookUrl>/pix` `{pix: [{endToEndId, txid, valor, horario, pagador}]}`, signed with
 *   `X-Pix-Signature: sha256=<hex HMAC-SHA256(webhook secret, raw body)>`.
 * - `POST /payouts` `{id, chave, valor, descricao}`, `GET /payouts/{id}`: a payout to a PIX key
 *   (no standard API exists), its result as `POST <webhookUrl>/payout` `{payout: {…}}`.
 * - `GET /pay`, `POST /pay`: the payer's side, a page where a person (or a browser test) opens
 *   a charge by txid or pastes the copia e cola, picks the payer's CPF and pays;
 *   `POST /sandbox/pay` is the same as JSON, `GET /sandbox/deliveries` lists the webhooks sent
 *   (body and signature, to replay them from outside).
 */

export type PixSandboxOptions = {
  /** Bearer secret of the API (stands in for the real API's OAuth2 + mTLS). */
  apiToken: string;
  /** Key of the webhooks' HMAC-SHA256 signature. */
  webhookSecret: string;
  /** Where notifications go (`<url>/pix`, `<url>/payout`) until `PUT /webhook/{chave}` says otherwise. */
  webhookUrl?: string | null;
  /** This service's address as payers reach it (charge locations, the pay page). */
  publicUrl: string;
  /** The receiver's PIX key and name/city written into BR Codes. */
  merchantName?: string;
  merchantCity?: string;
  /** Milliseconds before a received PIX is notified, and before a payout finishes. */
  webhookDelayMs?: number;
  payoutDelayMs?: number;
  /** Share (0–1) of webhooks lost (never sent), of payouts that fail, of payments the payer's bank refuses. */
  webhookDropRate?: number;
  payoutFailureRate?: number;
  paymentFailureRate?: number;
  random?: () => number;
  now?: () => Date;
  logger?: boolean;
};

export type PixSandbox = {
  app: FastifyInstance;
  listen(port: number, host?: string): Promise<string>;
  /** Resolves when every webhook under way (with its retries) and payout has finished. */
  idle(): Promise<void>;
};

/** The sandbox's own ISPB in endToEndIds (8 digits; not a real institution). */
const SANDBOX_ISPB = '99999999';
/** `calendario.expiracao` bounds: at least a minute, at most a day (real PSPs allow more; a deposit needs less). */
const MIN_EXPIRY_SECONDS = 60;
const MAX_EXPIRY_SECONDS = 86_400;
/** Largest charge or payout: R$ 1 million. */
const MAX_AMOUNT_MINOR = 100_000_000;
/** Webhook delivery: attempts and the wait before each retry (a receiver that answers non-2xx or not at all). */
const WEBHOOK_ATTEMPTS = 4;
const WEBHOOK_BACKOFF_MS = [1_000, 2_000, 4_000];
const WEBHOOK_TIMEOUT_MS = 5_000;
/** Bodies are a few short fields. */
const BODY_LIMIT_BYTES = 16_384;

/** RFC 7807 problem, as the PIX API answers errors. */
class Problem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** "10.50" → 1050, or null for anything but a positive amount with two decimals. */
function parseValor(value: unknown): number | null {
  if (typeof value !== 'string' || !/^\d{1,10}\.\d{2}$/.test(value)) return null;
  const [whole = '0', fraction = '00'] = value.split('.');
  const minor = Number(whole) * 100 + Number(fraction);
  return minor > 0 && minor <= MAX_AMOUNT_MINOR ? minor : null;
}

function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

function payerOf(value: unknown): Payer {
  const input = asRecord(value);
  const cpf = typeof input.cpf === 'string' ? input.cpf.replace(/[.-]/g, '') : '';
  const nome = typeof input.nome === 'string' ? input.nome.trim() : '';
  if (!isValidCpf(cpf)) throw new Problem(400, 'CPF inválido', 'pagador.cpf: CPF inválido');
  if (nome.length === 0 || nome.length > 140 || [...nome].some((c) => c.charCodeAt(0) < 0x20))
    throw new Problem(400, 'Nome inválido', 'pagador.nome: 1 a 140 caracteres');
  return { cpf, nome };
}

export function createPixSandbox(options: PixSandboxOptions): PixSandbox {
  const app = Fastify({ logger: options.logger ?? false, bodyLimit: BODY_LIMIT_BYTES });
  const store = createStore();
  const now = options.now ?? (() => new Date());
  const random = options.random ?? Math.random;
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const webhooks = new Map<string, string>();
  let defaultWebhookUrl = options.webhookUrl ?? null;
  const inFlight = new Set<Promise<unknown>>();
  /** Once closing, retries and delays stop, so close() never waits out a backoff. */
  let closing = false;

  function track<T>(promise: Promise<T>): void {
    const tracked = promise
      .catch((error: unknown) => app.log.error(error))
      .finally(() => {
        inFlight.delete(tracked);
      });
    inFlight.add(tracked);
  }
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof Problem)
      return reply
        .status(error.status)
        .type('application/problem+json')
        .send({ title: error.title, status: error.status, detail: error.detail });
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status < 500)
      return reply
        .status(status)
        .send({ title: 'Requisição inválida', status, detail: (error as Error).message });
    app.log.error(error);
    return reply.status(500).send({ title: 'Erro interno', status: 500 });
  });

  function requireToken(request: FastifyRequest): void {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    const expected = Buffer.from(options.apiToken);
    const given = Buffer.from(token);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new Problem(401, 'Não autorizado', 'token de acesso ausente ou inválido');
  }

  function cobView(cob: Cob) {
    const status = currentStatus(cob, now());
    return {
      txid: cob.txid,
      revisao: cob.revisao,
      loc: { id: cob.locId, location: cob.location, tipoCob: 'cob' },
      location: cob.location,
      status,
      calendario: { criacao: cob.createdAt.toISOString(), expiracao: cob.expiresInSeconds },
      ...(cob.devedor ? { devedor: cob.devedor } : {}),
      valor: { original: amountText(cob.amountMinor) },
      chave: cob.chave,
      ...(cob.solicitacaoPagador ? { solicitacaoPagador: cob.solicitacaoPagador } : {}),
      ...(status === 'ATIVA' ? { pixCopiaECola: cob.pixCopiaECola } : {}),
      ...(cob.pix.length > 0 ? { pix: cob.pix } : {}),
    };
  }

  function payoutView(payout: Payout) {
    return {
      id: payout.id,
      chave: payout.chave,
      valor: amountText(payout.amountMinor),
      status: payout.status,
      ...(payout.endToEndId ? { endToEndId: payout.endToEndId } : {}),
      ...(payout.motivo ? { motivo: payout.motivo } : {}),
      horario: {
        solicitacao: payout.createdAt.toISOString(),
        ...(payout.finishedAt ? { liquidacao: payout.finishedAt.toISOString() } : {}),
      },
    };
  }

  function webhookUrlFor(chave: string): string | null {
    return webhooks.get(chave) ?? defaultWebhookUrl;
  }

  /** Sends one notification, retrying a receiver that fails; a dropped one is recorded and never sent. */
  async function notify(
    url: string | null,
    path: '/pix' | '/payout',
    payload: unknown,
  ): Promise<void> {
    if (!url) return;
    const target = `${url.replace(/\/+$/, '')}${path}`;
    const body = JSON.stringify(payload);
    const signature = signWebhook(options.webhookSecret, body);
    const delivery = store.addDelivery({
      url: target,
      body,
      signature,
      status: null,
      attempts: 0,
      at: now(),
    });
    if (options.webhookDelayMs) await sleep(options.webhookDelayMs);
    if (random() < (options.webhookDropRate ?? 0)) return;
    for (let attempt = 0; attempt < WEBHOOK_ATTEMPTS; attempt += 1) {
      delivery.attempts += 1;
      try {
        const response = await fetch(target, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
          body,
          signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        });
        delivery.status = response.status;
        await response.body?.cancel();
        if (response.ok) return;
      } catch {
        delivery.status = null;
      }
      const wait = WEBHOOK_BACKOFF_MS[attempt];
      if (wait === undefined || closing) return;
      await sleep(wait);
    }
  }

  /** The charge a payer names: a txid, or a copia e cola whose BR Code carries it. */
  function findCharge(code: string): Cob {
    const text = code.trim();
    if (TXID_PATTERN.test(text)) {
      const cob = store.cobs.get(text);
      if (cob) return cob;
      throw new Problem(404, 'Cobrança não encontrada', `nenhuma cobrança com txid ${text}`);
    }
    let txid: string | null;
    let location: string | null;
    try {
      ({ txid, location } = parseBrCode(text));
    } catch (error) {
      if (error instanceof BrCodeError)
        throw new Problem(
          400,
          'Código inválido',
          `não é um txid nem um Pix copia e cola válido (${error.message})`,
        );
      throw error;
    }
    const cob =
      (txid ? store.cobs.get(txid) : undefined) ??
      [...store.cobs.values()].find((c) => c.location === location);
    if (!cob)
      throw new Problem(
        404,
        'Cobrança não encontrada',
        'o código não corresponde a nenhuma cobrança deste PSP',
      );
    return cob;
  }

  /** The payer's bank pays the charge: it is concluded and the receiver's webhook told. */
  function pay(code: string, payer: Payer): ReceivedPix {
    const cob = findCharge(code);
    const status = currentStatus(cob, now());
    if (status === 'CONCLUIDA')
      throw new Problem(409, 'Cobrança já paga', 'esta cobrança já foi paga');
    if (status !== 'ATIVA')
      throw new Problem(409, 'Cobrança expirada', 'esta cobrança não está mais ativa');
    if (random() < (options.paymentFailureRate ?? 0))
      throw new Problem(
        422,
        'Pagamento recusado',
        'o banco do pagador recusou o pagamento (simulado)',
      );
    const at = now();
    const pix: ReceivedPix = {
      endToEndId: newEndToEndId(SANDBOX_ISPB, at),
      txid: cob.txid,
      valor: amountText(cob.amountMinor),
      horario: at.toISOString(),
      pagador: payer,
    };
    cob.status = 'CONCLUIDA';
    cob.pix.push(pix);
    track(notify(webhookUrlFor(cob.chave), '/pix', { pix: [pix] }));
    return pix;
  }

  // ── the PIX API (receiver side, bearer token) ────────────────────────────────────────────

  app.put<{ Params: { txid: string } }>('/cob/:txid', async (request, reply) => {
    requireToken(request);
    const { txid } = request.params;
    if (!TXID_PATTERN.test(txid))
      throw new Problem(400, 'txid inválido', 'txid: 26 a 35 letras e dígitos');
    const body = asRecord(request.body);
    const expiracao = asRecord(body.calendario).expiracao ?? 86_400;
    if (
      typeof expiracao !== 'number' ||
      !Number.isInteger(expiracao) ||
      expiracao < MIN_EXPIRY_SECONDS ||
      expiracao > MAX_EXPIRY_SECONDS
    )
      throw new Problem(
        400,
        'Expiração inválida',
        `calendario.expiracao: ${MIN_EXPIRY_SECONDS} a ${MAX_EXPIRY_SECONDS} segundos`,
      );
    const amountMinor = parseValor(asRecord(body.valor).original);
    if (amountMinor === null)
      throw new Problem(
        400,
        'Valor inválido',
        'valor.original: "10.00", positivo, até R$ 1.000.000,00',
      );
    const chave =
      typeof body.chave === 'string' && body.chave.length > 0 && body.chave.length <= 77
        ? body.chave
        : null;
    if (!chave) throw new Problem(400, 'Chave inválida', 'chave: a chave Pix do recebedor');
    const devedor = body.devedor === undefined ? null : payerOf(body.devedor);
    const solicitacaoPagador =
      typeof body.solicitacaoPagador === 'string' ? body.solicitacaoPagador.slice(0, 140) : null;
    const existing = store.cobs.get(txid);
    if (existing) {
      // A client's retry of the same charge gets it back; another charge under the same txid is refused.
      if (existing.amountMinor === amountMinor && existing.chave === chave)
        return reply.status(200).send(cobView(existing));
      throw new Problem(409, 'txid em uso', 'já existe uma cobrança com este txid');
    }
    const locId = store.newLocId();
    const location = `${publicUrl.replace(/^https?:\/\//, '')}/qr/v2/${locId}`;
    const cob: Cob = {
      txid,
      revisao: 0,
      locId,
      location,
      createdAt: now(),
      expiresInSeconds: expiracao,
      amountMinor,
      chave,
      devedor,
      solicitacaoPagador,
      status: 'ATIVA',
      pixCopiaECola: encodeBrCode({
        location,
        amountMinor,
        merchantName: options.merchantName ?? 'BANCA',
        merchantCity: options.merchantCity ?? 'SAO PAULO',
        txid,
      }),
      pix: [],
    };
    store.addCob(cob);
    return reply.status(201).send(cobView(cob));
  });

  app.get<{ Params: { txid: string } }>('/cob/:txid', async (request) => {
    requireToken(request);
    const cob = store.cobs.get(request.params.txid);
    if (!cob) throw new Problem(404, 'Cobrança não encontrada', 'nenhuma cobrança com este txid');
    return cobView(cob);
  });

  app.patch<{ Params: { txid: string } }>('/cob/:txid', async (request) => {
    requireToken(request);
    const cob = store.cobs.get(request.params.txid);
    if (!cob) throw new Problem(404, 'Cobrança não encontrada', 'nenhuma cobrança com este txid');
    if (asRecord(request.body).status !== 'REMOVIDA_PELO_USUARIO_RECEBEDOR')
      throw new Problem(400, 'Status inválido', 'status: só REMOVIDA_PELO_USUARIO_RECEBEDOR');
    if (currentStatus(cob, now()) !== 'ATIVA')
      throw new Problem(409, 'Cobrança não ativa', 'só uma cobrança ativa pode ser removida');
    cob.status = 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
    cob.revisao += 1;
    return cobView(cob);
  });

  /** The location a dynamic BR Code points at (the real API signs it as a JWS; here plain JSON). */
  app.get<{ Params: { id: string } }>('/qr/v2/:id', async (request) => {
    const cob = [...store.cobs.values()].find((c) => String(c.locId) === request.params.id);
    if (!cob) throw new Problem(404, 'Location não encontrada', 'nenhuma cobrança neste endereço');
    const view = cobView(cob);
    return {
      txid: view.txid,
      revisao: view.revisao,
      calendario: view.calendario,
      valor: view.valor,
      chave: view.chave,
      status: view.status,
    };
  });

  app.put<{ Params: { chave: string } }>('/webhook/:chave', async (request) => {
    requireToken(request);
    const url = asRecord(request.body).webhookUrl;
    if (typeof url !== 'string' || !/^https?:\/\/\S{1,400}$/.test(url))
      throw new Problem(400, 'URL inválida', 'webhookUrl: um endereço http(s)');
    webhooks.set(request.params.chave, url);
    return { webhookUrl: url, chave: request.params.chave, criacao: now().toISOString() };
  });

  app.get<{ Params: { chave: string } }>('/webhook/:chave', async (request) => {
    requireToken(request);
    const url = webhookUrlFor(request.params.chave);
    if (!url) throw new Problem(404, 'Webhook não encontrado', 'nenhum webhook para esta chave');
    return { webhookUrl: url, chave: request.params.chave };
  });

  // ── payouts (no standard API: this sandbox's own) ────────────────────────────────────────

  app.post('/payouts', async (request, reply) => {
    requireToken(request);
    const body = asRecord(request.body);
    const id = typeof body.id === 'string' && /^[\w:.-]{1,100}$/.test(body.id) ? body.id : null;
    if (!id) throw new Problem(400, 'id inválido', 'id: 1 a 100 letras, dígitos, _ : . -');
    const chave =
      typeof body.chave === 'string' && body.chave.length > 0 && body.chave.length <= 77
        ? body.chave
        : null;
    if (!chave) throw new Problem(400, 'Chave inválida', 'chave: a chave Pix do favorecido');
    const amountMinor = parseValor(body.valor);
    if (amountMinor === null) throw new Problem(400, 'Valor inválido', 'valor: "10.00", positivo');
    const existing = store.payouts.get(id);
    if (existing) {
      // The same payout id is one payout: a retry never pays twice.
      if (existing.chave === chave && existing.amountMinor === amountMinor)
        return reply.status(200).send(payoutView(existing));
      throw new Problem(409, 'id em uso', 'já existe um pagamento com este id e outros dados');
    }
    const payout: Payout = {
      id,
      chave,
      amountMinor,
      descricao: typeof body.descricao === 'string' ? body.descricao.slice(0, 140) : null,
      status: 'EM_PROCESSAMENTO',
      endToEndId: null,
      motivo: null,
      createdAt: now(),
      finishedAt: null,
    };
    store.addPayout(payout);
    // The answer is the payout as accepted; its result comes later (webhook, GET).
    const accepted = payoutView(payout);
    track(
      (async () => {
        if (options.payoutDelayMs) await sleep(options.payoutDelayMs);
        const failed = random() < (options.payoutFailureRate ?? 0);
        payout.status = failed ? 'NAO_REALIZADO' : 'REALIZADO';
        payout.finishedAt = now();
        if (failed) payout.motivo = 'Conta do favorecido recusou o crédito (simulado)';
        else payout.endToEndId = newEndToEndId(SANDBOX_ISPB, payout.finishedAt);
        await notify(defaultWebhookUrl, '/payout', { payout: payoutView(payout) });
      })(),
    );
    return reply.status(202).send(accepted);
  });

  app.get<{ Params: { id: string } }>('/payouts/:id', async (request) => {
    requireToken(request);
    const payout = store.payouts.get(request.params.id);
    if (!payout) throw new Problem(404, 'Pagamento não encontrado', 'nenhum pagamento com este id');
    return payoutView(payout);
  });

  // ── the payer's side: the pay page and its JSON twin ────────────────────────────────────

  const page = (reply: FastifyReply, state: PayPageState, status = 200) =>
    reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header(
        'Content-Security-Policy',
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
      )
      .header('X-Content-Type-Options', 'nosniff')
      .header('Referrer-Policy', 'no-referrer')
      .send(renderPayPage(state));

  function chargeSummary(cob: Cob) {
    const status = currentStatus(cob, now());
    return {
      txid: cob.txid,
      amount: amountText(cob.amountMinor),
      status,
      merchant: options.merchantName ?? 'BANCA',
      expiresAt: new Date(cob.createdAt.getTime() + cob.expiresInSeconds * 1000).toISOString(),
    };
  }

  app.get('/', async (_request, reply) => reply.redirect('/pay'));

  app.get<{ Querystring: { code?: string; txid?: string } }>('/pay', async (request, reply) => {
    const code = (request.query.code ?? request.query.txid ?? '').slice(0, 600);
    if (!code) return page(reply, { code: '' });
    try {
      return page(reply, { code, charge: chargeSummary(findCharge(code)) });
    } catch (error) {
      if (error instanceof Problem) return page(reply, { code, error: error.detail }, error.status);
      throw error;
    }
  });

  app.post('/pay', async (request, reply) => {
    const body = asRecord(request.body);
    const code = typeof body.code === 'string' ? body.code.slice(0, 600) : '';
    const cpf = typeof body.cpf === 'string' ? body.cpf : '';
    const nome = typeof body.nome === 'string' ? body.nome : '';
    try {
      const pix = pay(code, payerOf({ cpf, nome }));
      return page(reply, { code, charge: chargeSummary(findCharge(code)), paid: pix });
    } catch (error) {
      if (!(error instanceof Problem)) throw error;
      let charge;
      try {
        charge = chargeSummary(findCharge(code));
      } catch {
        charge = undefined;
      }
      return page(reply, { code, charge, error: error.detail, cpf, nome }, error.status);
    }
  });

  app.post('/sandbox/pay', async (request) => {
    const body = asRecord(request.body);
    const code =
      typeof body.pixCopiaECola === 'string'
        ? body.pixCopiaECola
        : typeof body.txid === 'string'
          ? body.txid
          : '';
    return { pix: pay(code, payerOf(body.pagador)) };
  });

  app.get('/sandbox/deliveries', async () => ({
    deliveries: store.deliveries.map((d) => ({ ...d, at: d.at.toISOString() })),
  }));

  /** Where notifications go by default (tests and the platform's start point it at the platform). */
  app.put('/sandbox/webhook', async (request) => {
    requireToken(request);
    const url = asRecord(request.body).webhookUrl;
    if (typeof url !== 'string' || !/^https?:\/\/\S{1,400}$/.test(url))
      throw new Problem(400, 'URL inválida', 'webhookUrl: um endereço http(s)');
    defaultWebhookUrl = url;
    return { webhookUrl: url };
  });

  app.addHook('onClose', async () => {
    closing = true;
    await Promise.allSettled([...inFlight]);
  });

  return {
    app,
    async listen(port, host = '0.0.0.0') {
      await app.listen({ port, host });
      const address = app.server.address();
      return typeof address === 'object' && address
        ? `http://127.0.0.1:${address.port}`
        : publicUrl;
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
