import {
  DEV_PIX_SANDBOX_TOKEN,
  DEV_PIX_SANDBOX_WEBHOOK_SECRET,
  SANDBOX_SIGNATURE_HEADER,
  verifyWebhookSignature,
} from '@banca/pix';
import { z } from 'zod';
import {
  NoticeFormatError,
  ProviderUnavailableError,
  type ChargeState,
  type PaymentProvider,
  type PayoutState,
  type ReceivedPayment,
} from './provider';

/**
 * The adapter for the sandbox PIX PSP (apps/pix-sandbox): the Banco Central PIX API's `cob`
 * charges, its `/pix` notifications, and the sandbox's own payouts. A real PSP that follows the
 * BCB API needs little more than OAuth2 and mTLS where this sends a bearer secret.
 */

export const PIX_SANDBOX_PROVIDER = 'pix-sandbox';
/** A PSP that does not answer within this is treated as unavailable (the member may retry). */
const REQUEST_TIMEOUT_MS = 10_000;

export type PixSandboxSettings = {
  /** Base URL of its API, e.g. http://127.0.0.1:8082 */
  apiUrl: string;
  /** Where people open the pay page (the browser's view of the same service). */
  publicUrl: string;
  token?: string;
  webhookSecret?: string;
  /** The platform's receiving PIX key, written into charges. */
  pixKey?: string;
};

/** "10.50" → 1050; the API writes amounts as text with two decimals. */
const valor = z
  .string()
  .regex(/^\d{1,12}\.\d{2}$/)
  .transform((text) => {
    const [whole = '0', cents = '00'] = text.split('.');
    return Number(whole) * 100 + Number(cents);
  });
const pixSchema = z.object({
  endToEndId: z.string().min(1).max(64),
  txid: z.string().min(1).max(64),
  valor,
  horario: z.iso.datetime({ offset: true }),
  pagador: z
    .object({ cpf: z.string().max(14).optional(), nome: z.string().max(200).optional() })
    .optional(),
});
const pixNoticeSchema = z.object({ pix: z.array(pixSchema).min(1).max(100) });
const cobSchema = z.object({
  txid: z.string(),
  status: z.enum(['ATIVA', 'CONCLUIDA', 'REMOVIDA_PELO_USUARIO_RECEBEDOR', 'REMOVIDA_PELO_PSP']),
  location: z.string(),
  calendario: z.object({ criacao: z.string(), expiracao: z.number() }),
  pixCopiaECola: z.string().optional(),
  pix: z.array(pixSchema).optional(),
});
const payoutSchema = z.object({
  id: z.string().min(1).max(100),
  status: z.enum(['EM_PROCESSAMENTO', 'REALIZADO', 'NAO_REALIZADO']),
  valor,
  endToEndId: z.string().max(64).optional(),
  motivo: z.string().max(500).optional(),
});

function payment(pix: z.infer<typeof pixSchema>): ReceivedPayment {
  return {
    txid: pix.txid,
    endToEndId: pix.endToEndId,
    amountMinor: pix.valor,
    paidAt: new Date(pix.horario),
    payer: { cpf: pix.pagador?.cpf ?? null, name: pix.pagador?.nome ?? null },
  };
}

function chargeState(cob: z.infer<typeof cobSchema>): ChargeState {
  const status =
    cob.status === 'ATIVA' ? 'active' : cob.status === 'CONCLUIDA' ? 'paid' : 'removed';
  return { status, payments: (cob.pix ?? []).map(payment) };
}

function payoutState(p: z.infer<typeof payoutSchema>): PayoutState {
  return {
    id: p.id,
    status:
      p.status === 'REALIZADO' ? 'paid' : p.status === 'NAO_REALIZADO' ? 'failed' : 'processing',
    amountMinor: p.valor,
    endToEndId: p.endToEndId ?? null,
    reason: p.motivo ?? null,
  };
}

function amountText(minor: number): string {
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

export function createPixSandboxProvider(settings: PixSandboxSettings): PaymentProvider {
  const apiUrl = settings.apiUrl.replace(/\/+$/, '');
  const publicUrl = settings.publicUrl.replace(/\/+$/, '');
  const token = settings.token ?? DEV_PIX_SANDBOX_TOKEN;
  const secret = settings.webhookSecret ?? DEV_PIX_SANDBOX_WEBHOOK_SECRET;
  const pixKey = settings.pixKey ?? 'pix@banca.example';

  /** One API call; a network failure, a timeout or a 5xx is ProviderUnavailableError. */
  async function call(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<{ status: number; json: unknown }> {
    let response: Response;
    try {
      response = await fetch(`${apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new ProviderUnavailableError(`pix sandbox unreachable: ${(error as Error).message}`);
    }
    const json: unknown = await response.json().catch(() => null);
    if (response.status >= 500 || response.status === 401)
      throw new ProviderUnavailableError(`pix sandbox answered ${response.status}`);
    return { status: response.status, json };
  }

  function parseOr<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw new ProviderUnavailableError(`pix sandbox: unexpected ${what}`);
    return parsed.data;
  }

  return {
    code: PIX_SANDBOX_PROVIDER,

    async createCharge(input) {
      const { status, json } = await call('PUT', `/cob/${input.txid}`, {
        calendario: { expiracao: input.expiresInSeconds },
        valor: { original: amountText(input.amountMinor) },
        chave: pixKey,
        solicitacaoPagador: input.description.slice(0, 140),
      });
      if (status !== 200 && status !== 201)
        throw new ProviderUnavailableError(`pix sandbox refused the charge (${status})`);
      const cob = parseOr(cobSchema, json, 'charge');
      if (!cob.pixCopiaECola) throw new ProviderUnavailableError('pix sandbox: charge not active');
      return {
        txid: cob.txid,
        copiaECola: cob.pixCopiaECola,
        location: cob.location,
        expiresAt: new Date(Date.parse(cob.calendario.criacao) + cob.calendario.expiracao * 1000),
      };
    },

    async queryCharge(txid) {
      const { status, json } = await call('GET', `/cob/${txid}`);
      if (status === 404) return { status: 'not_found', payments: [] };
      return chargeState(parseOr(cobSchema, json, 'charge'));
    },

    async cancelCharge(txid) {
      const { status, json } = await call('PATCH', `/cob/${txid}`, {
        status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR',
      });
      if (status === 404) return { status: 'not_found', payments: [] };
      // Not active any more (paid, or already removed): the charge's own state says which.
      if (status === 409) return this.queryCharge(txid);
      return chargeState(parseOr(cobSchema, json, 'charge'));
    },

    verifyNotice(headers, rawBody) {
      const header = headers[SANDBOX_SIGNATURE_HEADER];
      return verifyWebhookSignature(secret, rawBody, Array.isArray(header) ? header[0] : header);
    },

    parseNotice(path, rawBody) {
      let json: unknown;
      try {
        json = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new NoticeFormatError('not JSON');
      }
      if (path === 'pix') {
        const parsed = pixNoticeSchema.safeParse(json);
        if (!parsed.success) throw new NoticeFormatError('not a pix notification');
        return { kind: 'pix', payments: parsed.data.pix.map(payment) };
      }
      if (path === 'payout') {
        const parsed = z.object({ payout: payoutSchema }).safeParse(json);
        if (!parsed.success) throw new NoticeFormatError('not a payout notification');
        return { kind: 'payout', payout: payoutState(parsed.data.payout) };
      }
      throw new NoticeFormatError(`unknown notification path ${path}`);
    },

    async sendPayout(input) {
      const { status, json } = await call('POST', '/payouts', {
        id: input.id,
        chave: input.pixKey,
        valor: amountText(input.amountMinor),
        descricao: input.description.slice(0, 140),
      });
      if (status === 409 || status === 400)
        return {
          id: input.id,
          status: 'failed',
          amountMinor: input.amountMinor,
          endToEndId: null,
          reason: `refused (${status})`,
        };
      return payoutState(parseOr(payoutSchema, json, 'payout'));
    },

    async queryPayout(id) {
      const { status, json } = await call('GET', `/payouts/${encodeURIComponent(id)}`);
      if (status === 404)
        return { id, status: 'not_found', amountMinor: null, endToEndId: null, reason: null };
      return payoutState(parseOr(payoutSchema, json, 'payout'));
    },

    payPageUrl(txid) {
      return `${publicUrl}/pay?code=${encodeURIComponent(txid)}`;
    },
  };
}
