import type { CobStatus, ReceivedPix } from './store';

/**
 * The payer's side of the sandbox: one server-rendered page (no script) where a person or a
 * browser test opens a charge by its txid or its copia e cola, picks who pays (CPF and name)
 * and pays, as a banking app would. The platform's deposit page links here in development.
 */

export type PayPageState = {
  code: string;
  charge?: {
    txid: string;
    amount: string;
    status: CobStatus;
    merchant: string;
    expiresAt: string;
  };
  paid?: ReceivedPix;
  error?: string;
  cpf?: string;
  nome?: string;
};

/** Test payers with valid CPF check digits (not real people's numbers). */
export const TEST_PAYERS = [
  { cpf: '52998224725', nome: 'Maria da Silva' },
  { cpf: '11144477735', nome: 'João Pereira' },
  { cpf: '12345678909', nome: 'Ana Souza' },
] as const;

function escape(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

const STATUS_TEXT: Record<CobStatus, string> = {
  ATIVA: 'Aguardando pagamento',
  CONCLUIDA: 'Paga',
  REMOVIDA_PELO_USUARIO_RECEBEDOR: 'Cancelada pelo recebedor',
  REMOVIDA_PELO_PSP: 'Expirada',
};

function brl(amount: string): string {
  const [whole = '0', cents = '00'] = amount.split('.');
  return `R$ ${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${cents}`;
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef3f2;color:#1d2b2a}
header{background:#0f3d3a;color:#fff;padding:14px 20px;display:flex;align-items:center;gap:10px}
header b{font-size:18px}header span{opacity:.75;font-size:13px}
.logo{width:28px;height:28px;border-radius:7px;background:#32bcad;display:grid;place-items:center;font-weight:800;color:#0f3d3a}
main{max-width:520px;margin:24px auto;padding:0 16px}
.card{background:#fff;border-radius:14px;box-shadow:0 2px 10px rgba(15,61,58,.08);padding:20px;margin-bottom:16px}
h1{font-size:20px;margin:0 0 12px}label{display:block;font-weight:600;font-size:14px;margin:12px 0 4px}
textarea,input,select{width:100%;font:inherit;padding:10px 12px;border:1px solid #b8c9c7;border-radius:10px;background:#fbfdfd}
textarea{min-height:88px;font-family:ui-monospace,monospace;font-size:13px;word-break:break-all}
textarea:focus,input:focus,select:focus,button:focus{outline:3px solid #32bcad55;border-color:#32bcad}
button{margin-top:16px;width:100%;padding:12px;border:0;border-radius:10px;background:#32bcad;color:#06302c;font:inherit;font-weight:700;cursor:pointer}
button.secondary{background:#e3eeec}
.amount{font-size:32px;font-weight:800;margin:4px 0}
.row{display:flex;justify-content:space-between;gap:12px;font-size:14px;padding:6px 0;border-top:1px solid #edf2f1}
.row span:first-child{color:#5b6e6c}.mono{font-family:ui-monospace,monospace;font-size:12px;word-break:break-all;text-align:right}
.badge{display:inline-block;padding:2px 10px;border-radius:99px;font-size:13px;font-weight:700;background:#fff4d6;color:#7a5600}
.badge.CONCLUIDA{background:#d9f5ef;color:#0b6b5e}.badge.REMOVIDA_PELO_PSP,.badge.REMOVIDA_PELO_USUARIO_RECEBEDOR{background:#fde2e2;color:#8a1c1c}
.error{background:#fde2e2;color:#8a1c1c;border-radius:10px;padding:10px 12px;margin-bottom:12px}
.ok{background:#d9f5ef;color:#0b6b5e;border-radius:10px;padding:12px;margin-bottom:12px;font-weight:600}
.grid{display:grid;grid-template-columns:1fr 1fr;gap:10px}small{color:#5b6e6c}
`;

export function renderPayPage(state: PayPageState): string {
  const charge = state.charge;
  const payable = charge?.status === 'ATIVA' && !state.paid;
  const payer = { cpf: state.cpf ?? TEST_PAYERS[0].cpf, nome: state.nome ?? TEST_PAYERS[0].nome };
  const chargeCard = charge
    ? `<section class="card" aria-label="Cobrança" data-testid="charge">
  <div><span class="badge ${charge.status}" data-testid="charge-status">${STATUS_TEXT[charge.status]}</span></div>
  <div class="amount" data-testid="charge-amount">${brl(charge.amount)}</div>
  <div class="row"><span>Recebedor</span><span>${escape(charge.merchant)}</span></div>
  <div class="row"><span>Vence em</span><span>${escape(new Date(charge.expiresAt).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' }))}</span></div>
  <div class="row"><span>txid</span><span class="mono">${escape(charge.txid)}</span></div>
</section>`
    : '';
  const paid = state.paid
    ? `<div class="ok" role="status" data-testid="paid">Pix enviado. ID da transação: <span class="mono">${escape(state.paid.endToEndId)}</span></div>`
    : '';
  const error = state.error
    ? `<div class="error" role="alert" data-testid="pay-error">${escape(state.error)}</div>`
    : '';
  const form = payable
    ? `<form class="card" method="post" action="/pay">
  <h1>Pagar com Pix</h1>
  <input type="hidden" name="code" value="${escape(state.code)}">
  <div class="grid">
    <div><label for="cpf">CPF do pagador</label><input id="cpf" name="cpf" inputmode="numeric" list="cpfs" value="${escape(payer.cpf)}" required></div>
    <div><label for="nome">Nome</label><input id="nome" name="nome" value="${escape(payer.nome)}" maxlength="140" required></div>
  </div>
  <small>Qualquer CPF com dígitos válidos serve; a lista sugere pagadores de teste.</small>
  <datalist id="cpfs">${TEST_PAYERS.map((p) => `<option value="${p.cpf}">${escape(p.nome)}</option>`).join('')}</datalist>
  <button type="submit" data-testid="pay">Pagar ${charge ? brl(charge.amount) : ''}</button>
</form>`
    : '';
  const open = `<form class="card" method="get" action="/pay">
  <h1>${charge ? 'Outra cobrança' : 'Abrir cobrança'}</h1>
  <label for="code">txid ou Pix copia e cola</label>
  <textarea id="code" name="code" required spellcheck="false">${charge ? '' : escape(state.code)}</textarea>
  <button type="submit" class="${charge ? 'secondary' : ''}" data-testid="open">Abrir</button>
</form>`;
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox Pix — pagar cobrança</title><style>${STYLE}</style></head>
<body><header><div class="logo">P</div><div><b>Sandbox Pix</b><br><span>PSP de testes: nenhum dinheiro real se move</span></div></header>
<main>${error}${paid}${chargeCard}${form}${open}</main></body></html>`;
}
