/**
 * The game page's script (bundled by page.ts). Reads token, game, vendor and lang from the URL,
 * asks its own server for the game, and plays it: animated reels, win lines, free spins and
 * autoplay for slots; a wheel, cards, dice, fish, match cards, balls or a crash curve for round
 * games. Every round is settled by the server through the operator's PAM API.
 */

type Lang = 'pt-BR' | 'en';
interface Bet {
  id: string;
  en: string;
  pt: string;
  odds: number;
}
interface Fixture {
  id: string;
  home: string;
  away: string;
  outcomes: { id: string; en: string; pt: string; odds: number }[];
}
interface SessionAnswer {
  currency: string;
  digits: number;
  balanceMinor: number;
  /** `transfer`: the balance is this provider's own (the operator's transfer page fills it). */
  wallet?: 'seamless' | 'transfer';
  type: 'slot' | 'round';
  game: {
    vendorCode: string;
    gameCode: string;
    nameEn: string;
    namePt: string;
    classify: string;
    rtpBps: number;
  };
  spec: {
    kind?: string;
    reels: number;
    rows: number;
    lines: number[][];
    glyphs: string[];
    pays: number[][];
    scatterPays: number[];
    freeSpins: number[];
    freeSpinMultiplier: number;
    bets: Bet[];
    segments?: number[];
    fixtures?: Fixture[];
    pockets?: number;
  };
  stakesMinor: number[];
}
interface SpinOutcome {
  window: number[][];
  lineWins: { line: number; symbol: number; count: number; pay: number }[];
  scatterCount: number;
  payLineBets: number;
  freeSpinsAwarded: number;
}
interface RoundAnswer<T> {
  stakeMinor: number;
  payoutMinor: number;
  balanceMinor: number | null;
  payoutPending: boolean;
  result: T;
}

const params = new URLSearchParams(location.search);
const lang: Lang = /^en/i.test(params.get('lang') ?? '') ? 'en' : 'pt-BR';
const T = {
  'pt-BR': {
    balance: 'Saldo',
    bet: 'Aposta',
    win: 'Ganho',
    spin: 'Girar',
    auto: 'Auto',
    stop: 'Parar',
    play: 'Jogar',
    freeSpins: 'Rodadas grátis',
    of: 'de',
    lines: 'linhas',
    rtp: 'RTP',
    paytable: 'Tabela de pagamentos',
    noFunds: 'Saldo insuficiente',
    walletBalance: 'Carteira do provedor',
    noWalletFunds:
      'Saldo insuficiente: transfira para a carteira deste provedor na página de transferências.',
    ended: 'Sessão encerrada: abra o jogo de novo pelo lobby.',
    unavailable: 'Operadora indisponível; a aposta foi cancelada.',
    error: 'Algo deu errado. Tente de novo.',
    pending: 'Pagamento em processamento.',
    bigWin: 'GRANDE GANHO',
    lost: 'Sem ganho desta vez',
    choose: 'Escolha sua aposta',
    target: 'Sacar em',
    crashed: 'Caiu em',
    caught: 'Capturado!',
    escaped: 'Escapou…',
    shoot: 'Toque num peixe para atirar',
    player: 'Jogador',
    banker: 'Banca',
    dealer: 'Dealer',
    opponent: 'Oponente',
    you: 'Você',
    dragon: 'Dragão',
    tiger: 'Tigre',
    tie: 'Empate',
    wins: 'vence',
    draw: 'Sorteio',
    noGame: 'Link de jogo inválido.',
    close: 'Fechar',
  },
  en: {
    balance: 'Balance',
    bet: 'Bet',
    win: 'Win',
    spin: 'Spin',
    auto: 'Auto',
    stop: 'Stop',
    play: 'Play',
    freeSpins: 'Free spins',
    of: 'of',
    lines: 'lines',
    rtp: 'RTP',
    paytable: 'Paytable',
    noFunds: 'Insufficient balance',
    walletBalance: 'Provider wallet',
    noWalletFunds:
      'Insufficient balance: move money to this provider’s wallet on the transfer page.',
    ended: 'Session ended: open the game again from the lobby.',
    unavailable: 'Operator unavailable; the bet was cancelled.',
    error: 'Something went wrong. Try again.',
    pending: 'Payout is being processed.',
    bigWin: 'BIG WIN',
    lost: 'No win this time',
    choose: 'Choose your bet',
    target: 'Cash out at',
    crashed: 'Crashed at',
    caught: 'Caught!',
    escaped: 'It got away…',
    shoot: 'Tap a fish to shoot',
    player: 'Player',
    banker: 'Banker',
    dealer: 'Dealer',
    opponent: 'Opponent',
    you: 'You',
    dragon: 'Dragon',
    tiger: 'Tiger',
    tie: 'Tie',
    wins: 'wins',
    draw: 'Draw',
    noGame: 'Invalid game link.',
    close: 'Close',
  },
}[lang];

const pathMatch = /^\/play\/([^/]+)\/([^/]+)\/?$/.exec(location.pathname);
const ident = {
  token: params.get('token') ?? '',
  game: pathMatch ? decodeURIComponent(pathMatch[2]!) : (params.get('game') ?? ''),
  vendor: pathMatch ? decodeURIComponent(pathMatch[1]!) : (params.get('vendor') ?? ''),
};
let state!: SessionAnswer;
let balanceMinor = 0;
let stakeIndex = 0;
let busy = false;
let autoplay = 0;

// ── DOM helpers ────────────────────────────────────────────────────────────────────────────
function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className = '',
  text = '',
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}
const SVG_NS = 'http://www.w3.org/2000/svg';
function svg(markup: string, className = ''): SVGSVGElement {
  const node = document.createElementNS(SVG_NS, 'svg');
  node.setAttribute('viewBox', '0 0 100 100');
  if (className) node.setAttribute('class', className);
  // Symbol markup is our own constant strings below, never data from the network.
  node.innerHTML = markup;
  return node;
}
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
function money(minor: number): string {
  return new Intl.NumberFormat(lang, { style: 'currency', currency: state.currency }).format(
    minor / 10 ** state.digits,
  );
}

async function api<T>(path: string, body: Record<string, unknown>): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...ident, ...body }),
  });
  const answer = (await response.json()) as T & { error?: string; balanceMinor?: number };
  if (!response.ok) throw Object.assign(new Error(answer.error ?? 'error'), { answer });
  return answer;
}

// ── symbols ────────────────────────────────────────────────────────────────────────────────
const GRADIENTS = `<defs>
<linearGradient id="gold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff3b0"/><stop offset=".5" stop-color="#f5b82e"/><stop offset="1" stop-color="#a8620a"/></linearGradient>
<linearGradient id="ruby" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#ff8a9a"/><stop offset=".55" stop-color="#e0113a"/><stop offset="1" stop-color="#7a0620"/></linearGradient>
<linearGradient id="sapph" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#9fe3ff"/><stop offset=".5" stop-color="#1f7fe0"/><stop offset="1" stop-color="#0b2f80"/></linearGradient>
<linearGradient id="emer" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#b6ffcf"/><stop offset=".5" stop-color="#19b35a"/><stop offset="1" stop-color="#075a2a"/></linearGradient>
<linearGradient id="amet" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f1c6ff"/><stop offset=".5" stop-color="#9b3fe0"/><stop offset="1" stop-color="#4a0f80"/></linearGradient>
</defs>`;
const letter = (text: string, fill: string): string =>
  `<text x="50" y="70" text-anchor="middle" font-family="Georgia, serif" font-weight="900" font-size="${text.length > 1 ? 52 : 64}" fill="url(#${fill})" stroke="#1a0f2e" stroke-width="3" paint-order="stroke">${text}</text>`;
const GLYPHS: Record<string, string> = {
  seven: `<text x="50" y="80" text-anchor="middle" font-family="Impact, Arial Black, sans-serif" font-size="86" fill="url(#ruby)" stroke="#ffd86b" stroke-width="4" paint-order="stroke">7</text>`,
  crown: `<path d="M14 72 L20 32 L36 52 L50 22 L64 52 L80 32 L86 72 Z" fill="url(#gold)" stroke="#6b3a00" stroke-width="3"/><rect x="14" y="72" width="72" height="10" rx="3" fill="url(#gold)" stroke="#6b3a00" stroke-width="3"/><circle cx="50" cy="58" r="6" fill="url(#ruby)"/>`,
  diamond: `<path d="M50 88 L12 40 L28 18 L72 18 L88 40 Z" fill="url(#sapph)" stroke="#dff6ff" stroke-width="3"/><path d="M12 40 H88 M28 18 L40 40 L50 88 L60 40 L72 18" fill="none" stroke="#dff6ff" stroke-width="2" opacity=".7"/>`,
  bell: `<path d="M50 14 C30 14 26 36 26 52 C26 64 18 70 16 76 H84 C82 70 74 64 74 52 C74 36 70 14 50 14 Z" fill="url(#gold)" stroke="#6b3a00" stroke-width="3"/><circle cx="50" cy="84" r="7" fill="url(#gold)" stroke="#6b3a00" stroke-width="3"/>`,
  star: `<path d="M50 8 L62 38 L94 38 L68 58 L78 90 L50 70 L22 90 L32 58 L6 38 L38 38 Z" fill="url(#gold)" stroke="#7a4300" stroke-width="3"/>`,
  clover: `<g fill="url(#emer)" stroke="#043d1c" stroke-width="3"><circle cx="50" cy="30" r="17"/><circle cx="30" cy="50" r="17"/><circle cx="70" cy="50" r="17"/><circle cx="50" cy="66" r="15"/></g><path d="M50 60 Q54 80 66 92" stroke="#0a6a30" stroke-width="6" fill="none"/>`,
  cherry: `<path d="M34 60 Q44 20 70 12 M66 60 Q64 30 70 12" stroke="#2f7a1a" stroke-width="5" fill="none"/><circle cx="32" cy="68" r="18" fill="url(#ruby)" stroke="#5a0014" stroke-width="3"/><circle cx="68" cy="68" r="18" fill="url(#ruby)" stroke="#5a0014" stroke-width="3"/>`,
  bar: `<rect x="8" y="30" width="84" height="40" rx="8" fill="#140a22" stroke="url(#gold)" stroke-width="5"/><text x="50" y="62" text-anchor="middle" font-family="Impact, Arial Black, sans-serif" font-size="30" fill="url(#gold)">BAR</text>`,
  horseshoe: `<path d="M26 84 L20 44 C18 20 82 20 80 44 L74 84 L60 84 L64 46 C66 32 34 32 36 46 L40 84 Z" fill="url(#gold)" stroke="#6b3a00" stroke-width="3"/>`,
  coin: `<circle cx="50" cy="50" r="38" fill="url(#gold)" stroke="#6b3a00" stroke-width="4"/><circle cx="50" cy="50" r="28" fill="none" stroke="#8a5200" stroke-width="3"/><text x="50" y="64" text-anchor="middle" font-family="Georgia, serif" font-weight="900" font-size="40" fill="#8a5200">$</text>`,
  A: letter('A', 'ruby'),
  K: letter('K', 'sapph'),
  Q: letter('Q', 'emer'),
  J: letter('J', 'amet'),
  '10': letter('10', 'gold'),
  wild: `<rect x="6" y="24" width="88" height="52" rx="12" fill="url(#amet)" stroke="url(#gold)" stroke-width="5"/><text x="50" y="61" text-anchor="middle" font-family="Impact, Arial Black, sans-serif" font-size="30" fill="url(#gold)" stroke="#2a0650" stroke-width="1.5">WILD</text>`,
  scatter: `<circle cx="50" cy="50" r="40" fill="url(#sapph)" stroke="url(#gold)" stroke-width="5"/><path d="M50 20 L58 42 L80 42 L62 56 L69 78 L50 64 L31 78 L38 56 L20 42 L42 42 Z" fill="url(#gold)"/><text x="50" y="96" text-anchor="middle" font-family="Arial Black, sans-serif" font-size="15" fill="#fff">BONUS</text>`,
};
const symbolSvg = (glyph: string): SVGSVGElement =>
  svg(GRADIENTS + (GLYPHS[glyph] ?? letter('?', 'gold')), 'sym');

// ── frame ──────────────────────────────────────────────────────────────────────────────────
const app = document.getElementById('app')!;
const refs = {
  balance: el('output', 'value'),
  win: el('output', 'value'),
  stake: el('output', 'value'),
  message: el('div', 'message'),
  stage: el('section', 'stage'),
  primary: el('button', 'primary'),
  auto: el('button', 'auto'),
};

function renderFrame(): void {
  const g = state.game;
  document.title = lang === 'en' ? g.nameEn : g.namePt;
  app.className = `app theme-${(g.gameCode.length + g.vendorCode.charCodeAt(0)) % 5} type-${state.type} kind-${state.spec.kind ?? 'slot'}`;
  app.replaceChildren();
  const header = el('header', 'top');
  const title = el('div', 'title');
  title.append(
    el('span', 'vendor', g.vendorCode),
    el('h1', '', lang === 'en' ? g.nameEn : g.namePt),
  );
  const badges = el('div', 'badges');
  badges.append(el('span', 'badge', `${T.rtp} ${(g.rtpBps / 100).toFixed(2)}%`));
  if (state.type === 'slot')
    badges.append(el('span', 'badge', `${state.spec.lines.length} ${T.lines}`));
  header.append(title, badges);

  const bar = el('footer', 'controls');
  const box = (label: string, value: HTMLElement): HTMLElement => {
    const b = el('div', 'box');
    b.append(el('span', 'label', label), value);
    return b;
  };
  const betBox = el('div', 'box bet');
  const minus = el('button', 'step', '−');
  const plus = el('button', 'step', '+');
  minus.setAttribute('aria-label', `${T.bet} −`);
  plus.setAttribute('aria-label', `${T.bet} +`);
  minus.onclick = () => changeStake(-1);
  plus.onclick = () => changeStake(1);
  const betInner = el('div', 'bet-inner');
  betInner.append(minus, refs.stake, plus);
  betBox.append(el('span', 'label', T.bet), betInner);
  refs.primary.textContent = state.type === 'slot' ? T.spin : T.play;
  refs.auto.textContent = T.auto;
  refs.auto.setAttribute('aria-pressed', 'false');
  refs.auto.onclick = toggleAuto;
  const actions = el('div', 'actions');
  actions.append(refs.auto, refs.primary);
  const balanceLabel = state.wallet === 'transfer' ? T.walletBalance : T.balance;
  bar.append(box(balanceLabel, refs.balance), betBox, box(T.win, refs.win), actions);
  app.append(header, refs.stage, refs.message, bar);
  // A refusal must be seen where the player just tapped: on a phone the stage is taller than the
  // screen, so an error floats just above the bar (its height followed as the bar wraps).
  new ResizeObserver(() =>
    app.style.setProperty('--controls-height', `${bar.offsetHeight}px`),
  ).observe(bar);
  refs.win.textContent = money(0);
  updateMoney();
}

function updateMoney(): void {
  refs.balance.textContent = money(balanceMinor);
  refs.stake.textContent = money(state.stakesMinor[stakeIndex]!);
}
function changeStake(delta: number): void {
  if (busy) return;
  stakeIndex = Math.max(0, Math.min(state.stakesMinor.length - 1, stakeIndex + delta));
  updateMoney();
}
function say(text: string, tone: 'info' | 'win' | 'error' = 'info'): void {
  refs.message.textContent = text;
  refs.message.className = `message ${tone}`;
}
function toggleAuto(): void {
  autoplay = autoplay > 0 ? 0 : 25;
  refs.auto.setAttribute('aria-pressed', String(autoplay > 0));
  refs.auto.textContent = autoplay > 0 ? `${T.stop} (${autoplay})` : T.auto;
  if (autoplay > 0 && !busy) void refs.primary.click();
}
function failed(error: unknown): void {
  const answer = (error as { answer?: { error?: string; balanceMinor?: number } }).answer;
  const code = answer?.error;
  if (typeof answer?.balanceMinor === 'number') balanceMinor = answer.balanceMinor;
  say(
    code === 'insufficient_funds'
      ? state.wallet === 'transfer'
        ? T.noWalletFunds
        : T.noFunds
      : code === 'session_ended'
        ? T.ended
        : code === 'operator_unavailable'
          ? T.unavailable
          : T.error,
    'error',
  );
  autoplay = 0;
  refs.auto.setAttribute('aria-pressed', 'false');
  refs.auto.textContent = T.auto;
  updateMoney();
}
/** Runs one paid round with the controls locked, then the next autoplay round. */
async function runRound(body: () => Promise<void>): Promise<void> {
  if (busy) return;
  busy = true;
  app.classList.add('busy');
  refs.primary.disabled = true;
  try {
    await body();
  } catch (error) {
    failed(error);
  } finally {
    busy = false;
    app.classList.remove('busy');
    refs.primary.disabled = false;
  }
  if (autoplay > 0) {
    autoplay--;
    refs.auto.textContent = autoplay > 0 ? `${T.stop} (${autoplay})` : T.auto;
    refs.auto.setAttribute('aria-pressed', String(autoplay > 0));
    if (autoplay > 0) {
      await sleep(500);
      if (autoplay > 0) void refs.primary.click();
    }
  }
}
function settleView<T>(answer: RoundAnswer<T>): void {
  if (answer.balanceMinor !== null) balanceMinor = answer.balanceMinor;
  refs.win.textContent = money(answer.payoutMinor);
  updateMoney();
  if (answer.payoutPending) say(T.pending, 'error');
  else if (answer.payoutMinor >= answer.stakeMinor * 10)
    say(`${T.bigWin}! ${money(answer.payoutMinor)}`, 'win');
  else if (answer.payoutMinor > 0) say(`${T.win}: ${money(answer.payoutMinor)}`, 'win');
  else say(T.lost);
  refs.win.parentElement?.classList.toggle('won', answer.payoutMinor > 0);
}

// ── slots ──────────────────────────────────────────────────────────────────────────────────
const CELL_FILLER = 14;
let reelStrips: HTMLElement[] = [];
let lineLayer!: SVGSVGElement;
let freeBanner!: HTMLElement;

function renderSlot(): void {
  const { reels, rows } = state.spec;
  const machine = el('div', 'machine');
  machine.style.setProperty('--reels', String(reels));
  machine.style.setProperty('--rows', String(rows));
  const window = el('div', 'reels');
  reelStrips = [];
  for (let r = 0; r < reels; r++) {
    const reel = el('div', 'reel');
    const strip = el('div', 'strip');
    for (let row = 0; row < rows; row++) strip.append(cell(randomSymbol()));
    reel.append(strip);
    window.append(reel);
    reelStrips.push(strip);
  }
  lineLayer = document.createElementNS(SVG_NS, 'svg');
  lineLayer.setAttribute('class', 'lines');
  lineLayer.setAttribute('viewBox', `0 0 ${reels * 100} ${rows * 100}`);
  lineLayer.setAttribute('preserveAspectRatio', 'none');
  window.append(lineLayer);
  freeBanner = el('div', 'free-banner');
  machine.append(window, freeBanner);
  const table = el('details', 'paytable');
  table.append(el('summary', '', T.paytable));
  const grid = el('div', 'pay-grid');
  state.spec.glyphs.forEach((glyph, s) => {
    const pays = glyph === 'scatter' ? state.spec.scatterPays : state.spec.pays[s]!;
    const item = el('div', 'pay-item');
    item.append(symbolSvg(glyph));
    const list = el('div', 'pay-list');
    pays.forEach((pay, count) => {
      if (pay > 0)
        list.append(
          el(
            'span',
            '',
            `${count}× ${pay}${glyph === 'scatter' ? '× ' + T.bet.toLowerCase() : ''}`,
          ),
        );
    });
    if (glyph === 'scatter' && state.spec.freeSpins[3])
      list.append(
        el(
          'span',
          'fs',
          `3+ → ${state.spec.freeSpins[3]} ${T.freeSpins} ×${state.spec.freeSpinMultiplier}`,
        ),
      );
    item.append(list);
    grid.append(item);
  });
  table.append(grid);
  refs.stage.replaceChildren(machine, table);
  refs.primary.onclick = () => void runRound(spinOnce);
  say(T.choose);
}
function randomSymbol(): number {
  return Math.floor(Math.random() * state.spec.glyphs.length);
}
function cell(symbol: number): HTMLElement {
  const c = el('div', 'cell');
  c.append(symbolSvg(state.spec.glyphs[symbol]!));
  return c;
}

async function animateReels(window: number[][], fast = false): Promise<void> {
  lineLayer.replaceChildren();
  const { rows } = state.spec;
  const done = reelStrips.map((strip, r) => {
    const filler = CELL_FILLER + r * (fast ? 2 : 5);
    const current = Array.from(strip.children).slice(0, rows);
    const cells: HTMLElement[] = [];
    for (let row = 0; row < rows; row++) cells.push(cell(window[r]![row]!));
    for (let i = 0; i < filler; i++) cells.push(cell(randomSymbol()));
    strip.replaceChildren(...cells, ...current);
    strip.classList.remove('spinning');
    const distance = (cells.length / (cells.length + current.length)) * 100;
    strip.style.transition = 'none';
    strip.style.transform = `translateY(-${distance}%)`;
    void strip.offsetHeight;
    strip.classList.add('spinning');
    strip.style.transition = `transform ${(fast ? 450 : 700) + r * (fast ? 120 : 260)}ms cubic-bezier(.25,.1,.2,1.15)`;
    strip.style.transform = 'translateY(0)';
    return new Promise<void>((resolve) =>
      strip.addEventListener(
        'transitionend',
        () => {
          strip.replaceChildren(...Array.from(strip.children).slice(0, rows));
          strip.style.transition = 'none';
          strip.classList.remove('spinning');
          resolve();
        },
        { once: true },
      ),
    );
  });
  await Promise.all(done);
}

function showWins(outcome: SpinOutcome): void {
  const { rows } = state.spec;
  outcome.lineWins.forEach((win, i) => {
    const line = state.spec.lines[win.line]!;
    const points = line.map((row, reel) => `${reel * 100 + 50},${row * 100 + 50}`).join(' ');
    const poly = document.createElementNS(SVG_NS, 'polyline');
    poly.setAttribute('points', points);
    poly.setAttribute('class', `win-line c${i % 6}`);
    lineLayer.append(poly);
    for (let reel = 0; reel < win.count; reel++)
      reelStrips[reel]!.children[line[reel]!]?.classList.add('hit');
  });
  if (outcome.scatterCount >= 3)
    reelStrips.forEach((strip, r) =>
      outcome.window[r]!.forEach((symbol, row) => {
        if (state.spec.glyphs[symbol] === 'scatter' && row < rows)
          strip.children[row]?.classList.add('hit', 'scatter-hit');
      }),
    );
}

async function spinOnce(): Promise<void> {
  const stakeMinor = state.stakesMinor[stakeIndex]!;
  // The balance shown may be old (money came in since, on the site or by an operator): ask again
  // before saying it is short.
  if (stakeMinor > balanceMinor) await refreshBalance();
  if (stakeMinor > balanceMinor)
    throw Object.assign(new Error('funds'), { answer: { error: 'insufficient_funds' } });
  balanceMinor -= stakeMinor;
  updateMoney();
  refs.win.textContent = money(0);
  refs.win.parentElement?.classList.remove('won');
  say('');
  const request = api<RoundAnswer<{ base: SpinOutcome; freeSpins: SpinOutcome[] }>>('/api/spin', {
    stakeMinor,
  });
  const waiting = reelStrips.map((strip) => strip.classList.add('blur'));
  void waiting;
  let answer: RoundAnswer<{ base: SpinOutcome; freeSpins: SpinOutcome[] }>;
  try {
    answer = await request;
  } catch (error) {
    balanceMinor += stakeMinor;
    reelStrips.forEach((strip) => strip.classList.remove('blur'));
    throw error;
  }
  reelStrips.forEach((strip) => strip.classList.remove('blur'));
  const { base, freeSpins } = answer.result;
  await animateReels(base.window);
  showWins(base);
  const lineBet = stakeMinor / state.spec.lines.length;
  if (base.payLineBets > 0) refs.win.textContent = money(base.payLineBets * lineBet);
  if (freeSpins.length > 0) {
    await sleep(900);
    app.classList.add('free-mode');
    let total = base.payLineBets * lineBet;
    for (let i = 0; i < freeSpins.length; i++) {
      freeBanner.textContent = `${T.freeSpins} ${i + 1} ${T.of} ${freeSpins.length} · ×${state.spec.freeSpinMultiplier}`;
      await animateReels(freeSpins[i]!.window, true);
      showWins(freeSpins[i]!);
      total += freeSpins[i]!.payLineBets * lineBet * state.spec.freeSpinMultiplier;
      refs.win.textContent = money(total);
      await sleep(freeSpins[i]!.payLineBets > 0 ? 650 : 250);
    }
    app.classList.remove('free-mode');
    freeBanner.textContent = '';
  }
  settleView(answer);
}

// ── round games ────────────────────────────────────────────────────────────────────────────
let selectedBet = '';
let visual!: HTMLElement;
const label = (b: { en: string; pt: string }): string => (lang === 'en' ? b.en : b.pt);
const SUITS = ['♠', '♥', '♦', '♣'];
const RANKS = ['', 'A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

function cardEl(card: { rank: number; suit: number }, delay: number): HTMLElement {
  const c = el('div', `card ${card.suit === 1 || card.suit === 2 ? 'red' : 'black'}`);
  c.append(el('span', 'rank', RANKS[card.rank]!), el('span', 'suit', SUITS[card.suit]!));
  c.style.animationDelay = `${delay}ms`;
  return c;
}

function renderRound(): void {
  const spec = state.spec;
  visual = el('div', 'visual');
  const betsBox = el('div', 'bets');
  selectedBet = spec.bets[0]!.id;
  const targetInput = el('input', 'target');
  if (spec.kind === 'match' && spec.fixtures) {
    for (const fixture of spec.fixtures) {
      const card = el('div', 'fixture');
      card.dataset.fixture = fixture.id;
      card.append(el('div', 'teams', `${fixture.home}  ×  ${fixture.away}`));
      const odds = el('div', 'odds');
      for (const o of fixture.outcomes)
        odds.append(betButton(`${fixture.id}:${o.id}`, label(o), o.odds));
      card.append(odds, el('div', 'score'));
      betsBox.append(card);
    }
  } else if (spec.kind === 'crash') {
    targetInput.type = 'number';
    targetInput.min = '1.01';
    targetInput.step = '0.01';
    targetInput.value = '2.00';
    targetInput.setAttribute('aria-label', T.target);
    const wrap = el('label', 'target-wrap');
    wrap.append(el('span', '', T.target), targetInput, el('span', '', '×'));
    betsBox.append(wrap);
  } else if (spec.kind !== 'fish') {
    for (const b of spec.bets) betsBox.append(betButton(b.id, label(b), b.odds));
  }
  drawIdle();
  refs.stage.replaceChildren(visual, betsBox);
  markSelected();
  refs.primary.onclick = () =>
    void runRound(async () => {
      const stakeMinor = state.stakesMinor[stakeIndex]!;
      const body: Record<string, unknown> = { stakeMinor, bet: selectedBet };
      if (spec.kind === 'crash') body.target = Math.round(Number(targetInput.value) * 100) / 100;
      say('');
      refs.win.parentElement?.classList.remove('won');
      const answer = await api<
        RoundAnswer<{ outcome: Record<string, unknown>; multiplier: number }>
      >('/api/round', body);
      balanceMinor -= stakeMinor;
      updateMoney();
      await drawResult(answer.result.outcome);
      settleView(answer);
    });
  say(spec.kind === 'fish' ? T.shoot : T.choose);
}

function betButton(id: string, text: string, odds: number): HTMLButtonElement {
  const b = el('button', 'chip');
  b.dataset.bet = id;
  b.append(el('span', 'chip-label', text), el('span', 'chip-odds', odds.toFixed(2)));
  b.onclick = () => {
    selectedBet = id;
    markSelected();
  };
  return b;
}
function markSelected(): void {
  app
    .querySelectorAll<HTMLElement>('[data-bet]')
    .forEach((b) => b.classList.toggle('selected', b.dataset.bet === selectedBet));
}

function wheelSvg(values: (number | string)[], colors: string[]): SVGSVGElement {
  const n = values.length;
  let markup = '';
  values.forEach((value, i) => {
    const a0 = (i / n) * Math.PI * 2 - Math.PI / 2;
    const a1 = ((i + 1) / n) * Math.PI * 2 - Math.PI / 2;
    const p = (a: number, r: number): string => `${50 + r * Math.cos(a)},${50 + r * Math.sin(a)}`;
    markup += `<path d="M50,50 L${p(a0, 48)} A48,48 0 0,1 ${p(a1, 48)} Z" fill="${colors[i]}" stroke="#1b1030" stroke-width=".4"/>`;
    const mid = (a0 + a1) / 2;
    const deg = (mid * 180) / Math.PI + 90;
    markup += `<text x="${50 + 40 * Math.cos(mid)}" y="${50 + 40 * Math.sin(mid)}" transform="rotate(${deg} ${50 + 40 * Math.cos(mid)} ${50 + 40 * Math.sin(mid)})" text-anchor="middle" dominant-baseline="middle" font-size="${n > 40 ? 3.2 : 5}" font-family="Arial Black, sans-serif" fill="#fff">${value}</text>`;
  });
  markup += `<circle cx="50" cy="50" r="14" fill="url(#gold)" stroke="#6b3a00"/>`;
  return svg(GRADIENTS + markup, 'wheel');
}
const ROULETTE_ORDER = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14,
  31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
];
const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
const WHEEL_COLORS: Record<number, string> = {
  1: '#2f6fd6',
  2: '#d6a12f',
  5: '#9b3fe0',
  10: '#19a35a',
  20: '#e0113a',
  40: '#ff7a1a',
  50: '#f5d04a',
  14: '#f0f0f0',
};
let wheelTurns = 0;

function wheelValues(): (number | string)[] {
  const spec = state.spec;
  if (spec.kind === 'roulette')
    return spec.pockets === 38 ? [...ROULETTE_ORDER, '00'] : ROULETTE_ORDER;
  if (spec.kind === 'draw') return Array.from({ length: 10 }, (_, i) => i);
  return spec.segments ?? [];
}

function drawIdle(): void {
  const kind = state.spec.kind;
  visual.replaceChildren();
  if (kind === 'roulette' || kind === 'wheel' || kind === 'draw') {
    const values = wheelValues();
    const colors = values.map((v) =>
      kind === 'roulette'
        ? v === 0 || v === '00'
          ? '#138a3e'
          : RED.has(Number(v))
            ? '#c8102e'
            : '#15151d'
        : kind === 'draw'
          ? Number(v) % 2
            ? '#2f6fd6'
            : '#9b3fe0'
          : (WHEEL_COLORS[Number(v)] ?? '#444'),
    );
    const holder = el('div', 'wheel-holder');
    holder.append(wheelSvg(values, colors), el('div', 'pointer'));
    visual.append(holder);
  } else if (kind === 'fish') {
    const tank = el('div', 'tank');
    state.spec.bets.forEach((b, i) => {
      const fish = el('button', `fish f${i % 5}`);
      fish.dataset.bet = b.id;
      fish.style.setProperty('--y', `${8 + ((i * 37) % 78)}%`);
      fish.style.setProperty('--d', `${9 + (i % 4) * 3}s`);
      fish.style.setProperty('--delay', `-${i * 1.7}s`);
      fish.style.setProperty('--size', `${34 + Math.log2(b.odds) * 9}px`);
      fish.append(
        svg(
          `<path d="M10 50 Q40 15 72 42 L92 26 L88 50 L92 74 L72 58 Q40 85 10 50 Z" fill="currentColor"/><circle cx="26" cy="46" r="5" fill="#fff"/><circle cx="25" cy="46" r="2.5" fill="#111"/>`,
        ),
        el('span', 'fish-odds', `${b.odds}×`),
      );
      fish.onclick = () => {
        selectedBet = b.id;
        markSelected();
        if (!busy) refs.primary.click();
      };
      tank.append(fish);
    });
    visual.append(tank);
  } else if (kind === 'match') {
    visual.append(
      el(
        'div',
        'pitch',
        state.game.vendorCode === 'GDO' || state.game.vendorCode === 'GLA'
          ? 'Meron × Wala'
          : lang === 'en'
            ? state.game.nameEn
            : state.game.namePt,
      ),
    );
  } else if (kind === 'crash') {
    const screen = el('div', 'crash-screen');
    screen.append(el('div', 'crash-value', '1.00×'));
    visual.append(screen);
  } else if (kind === 'sic-bo') {
    const dice = el('div', 'dice');
    for (let i = 0; i < 3; i++) dice.append(el('div', 'die', '⚀'));
    visual.append(dice);
  } else {
    const table = el('div', 'felt');
    const names =
      kind === 'dragon-tiger'
        ? [T.dragon, T.tiger]
        : kind === 'blackjack'
          ? [T.you, T.dealer]
          : kind === 'showdown'
            ? [T.you, T.opponent]
            : [T.player, T.banker];
    for (const name of names) {
      const side = el('div', 'side');
      side.append(el('h2', '', name), el('div', 'hand'));
      table.append(side);
    }
    visual.append(table);
  }
}

async function drawResult(outcome: Record<string, unknown>): Promise<void> {
  const kind = state.spec.kind;
  if (kind === 'roulette' || kind === 'wheel' || kind === 'draw') {
    const values = wheelValues();
    const index =
      kind === 'roulette'
        ? values.indexOf(outcome.pocket as number | string)
        : kind === 'draw'
          ? (outcome.ball as number)
          : (outcome.index as number);
    const wheel = visual.querySelector<SVGSVGElement>('.wheel')!;
    wheelTurns += 5;
    const angle = wheelTurns * 360 - ((index + 0.5) / values.length) * 360;
    wheel.style.transform = `rotate(${angle}deg)`;
    await sleep(3200);
    const shown =
      kind === 'roulette'
        ? outcome.pocket
        : kind === 'draw'
          ? outcome.ball
          : `×${outcome.value as number}`;
    const badge = el('div', `result-badge ${String(outcome.color ?? '')}`, String(shown));
    visual.querySelector('.result-badge')?.remove();
    visual.append(badge);
  } else if (kind === 'fish') {
    const fish = visual.querySelector<HTMLElement>(`[data-bet="${selectedBet}"]`);
    fish?.classList.add('shot');
    await sleep(600);
    fish?.classList.remove('shot');
    if (outcome.caught) fish?.classList.add('caught');
    say(outcome.caught ? T.caught : T.escaped, outcome.caught ? 'win' : 'info');
    await sleep(700);
    fish?.classList.remove('caught');
  } else if (kind === 'match') {
    const card = visual.parentElement!.querySelector<HTMLElement>(
      `[data-fixture="${String(outcome.fixture)}"] .score`,
    );
    const score = outcome.score as [number, number];
    if (card) {
      card.textContent = '…';
      await sleep(1200);
      card.textContent = `${score[0]} – ${score[1]}`;
    }
  } else if (kind === 'crash') {
    const value = visual.querySelector<HTMLElement>('.crash-value')!;
    const crash = outcome.crash as number;
    value.classList.remove('crashed', 'cashed');
    const steps = Math.min(60, Math.ceil(Math.log(crash) * 40) + 1);
    for (let i = 1; i <= steps; i++) {
      value.textContent = `${Math.exp((Math.log(crash) * i) / steps).toFixed(2)}×`;
      await sleep(40);
    }
    value.textContent = `${T.crashed} ${crash.toFixed(2)}×`;
    value.classList.add(crash >= (outcome.target as number) ? 'cashed' : 'crashed');
  } else if (kind === 'sic-bo') {
    const faces = ['⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];
    const dice = visual.querySelectorAll<HTMLElement>('.die');
    dice.forEach((d) => d.classList.add('rolling'));
    await sleep(900);
    (outcome.dice as number[]).forEach((v, i) => {
      dice[i]!.classList.remove('rolling');
      dice[i]!.textContent = faces[v - 1]!;
    });
  } else {
    const hands = visual.querySelectorAll<HTMLElement>('.hand');
    const sides =
      kind === 'dragon-tiger'
        ? [[outcome.dragon], [outcome.tiger]]
        : kind === 'blackjack'
          ? [outcome.player, outcome.dealer]
          : kind === 'showdown'
            ? [outcome.player, outcome.opponent]
            : [outcome.player, outcome.banker];
    (sides as { rank: number; suit: number }[][]).forEach((cards, i) =>
      hands[i]!.replaceChildren(...cards.map((c, k) => cardEl(c, k * 260 + i * 130))),
    );
    await sleep(900 + 260 * 3);
  }
}

// ── boot ───────────────────────────────────────────────────────────────────────────────────
/** The player's balance read again from the operator (or this provider's wallet), shown. */
async function refreshBalance(): Promise<void> {
  try {
    balanceMinor = (await api<SessionAnswer>('/api/session', {})).balanceMinor;
    updateMoney();
  } catch {
    // Kept as shown: the next round's answer carries the balance anyway.
  }
}

async function boot(): Promise<void> {
  if (!ident.token || !ident.game) {
    app.className = 'app';
    app.replaceChildren(el('div', 'fatal', T.noGame));
    return;
  }
  try {
    state = await api<SessionAnswer>('/api/session', {});
  } catch (error) {
    const code = (error as { answer?: { error?: string } }).answer?.error;
    app.className = 'app';
    app.replaceChildren(
      el(
        'div',
        'fatal',
        code === 'session_ended'
          ? T.ended
          : code === 'operator_unavailable'
            ? T.unavailable
            : T.noGame,
      ),
    );
    return;
  }
  balanceMinor = state.balanceMinor;
  stakeIndex = Math.min(2, state.stakesMinor.length - 1);
  renderFrame();
  if (state.type === 'slot') renderSlot();
  else renderRound();
  // Back on the game (from the site's wallet or deposit page in another tab): the balance now.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && !busy) void refreshBalance();
  });
  document.addEventListener('keydown', (event) => {
    if (event.code === 'Space' && event.target === document.body) {
      event.preventDefault();
      refs.primary.click();
    }
  });
}
void boot();
