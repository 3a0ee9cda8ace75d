/**
 * What the sandbox PSP remembers: charges (`cob`), the PIX received for them, payouts and the
 * webhook deliveries it made. In memory: the sandbox stands in for a PSP on a developer's
 * machine and in tests, so a restart forgets everything (the platform's re-check then finds the
 * charge gone and lets the deposit expire).
 */

/** Charge statuses of the Banco Central PIX API (bacen/pix-api v2.9). */
export type CobStatus =
  'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';

export type Payer = { cpf: string; nome: string };

export type ReceivedPix = {
  endToEndId: string;
  txid: string;
  valor: string;
  horario: string;
  pagador: Payer;
  infoPagador?: string;
};

export type Cob = {
  txid: string;
  revisao: number;
  locId: number;
  location: string;
  createdAt: Date;
  expiresInSeconds: number;
  amountMinor: number;
  chave: string;
  devedor: Payer | null;
  solicitacaoPagador: string | null;
  status: CobStatus;
  pixCopiaECola: string;
  pix: ReceivedPix[];
};

/** Payout statuses of the sandbox (no standard payout API exists: each PSP has its own). */
export type PayoutStatus = 'EM_PROCESSAMENTO' | 'REALIZADO' | 'NAO_REALIZADO';

export type Payout = {
  id: string;
  chave: string;
  amountMinor: number;
  descricao: string | null;
  status: PayoutStatus;
  endToEndId: string | null;
  motivo: string | null;
  createdAt: Date;
  finishedAt: Date | null;
};

export type WebhookDelivery = {
  id: number;
  url: string;
  body: string;
  signature: string;
  status: number | null;
  attempts: number;
  at: Date;
};

/** Charges, payouts and deliveries kept before the oldest are forgotten (a sandbox is not an archive). */
export const MAX_KEPT = 10_000;

function bounded<K, V>(map: Map<K, V>): void {
  while (map.size > MAX_KEPT) map.delete(map.keys().next().value as K);
}

export function createStore() {
  const cobs = new Map<string, Cob>();
  const payouts = new Map<string, Payout>();
  const deliveries: WebhookDelivery[] = [];
  let nextLocId = 1;
  let nextDeliveryId = 1;
  return {
    cobs,
    payouts,
    deliveries,
    newLocId: () => nextLocId++,
    addCob(cob: Cob) {
      cobs.set(cob.txid, cob);
      bounded(cobs);
    },
    addPayout(payout: Payout) {
      payouts.set(payout.id, payout);
      bounded(payouts);
    },
    addDelivery(delivery: Omit<WebhookDelivery, 'id'>): WebhookDelivery {
      const row = { id: nextDeliveryId++, ...delivery };
      deliveries.push(row);
      if (deliveries.length > MAX_KEPT) deliveries.shift();
      return row;
    },
  };
}
export type Store = ReturnType<typeof createStore>;

/** The status a charge shows now: an active charge past its expiry is removed by the PSP. */
export function currentStatus(cob: Cob, now: Date): CobStatus {
  if (
    cob.status === 'ATIVA' &&
    now.getTime() >= cob.createdAt.getTime() + cob.expiresInSeconds * 1000
  )
    return 'REMOVIDA_PELO_PSP';
  return cob.status;
}
