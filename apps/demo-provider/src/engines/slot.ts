import { hashString, seededRandom, type RandomInt } from './rng';

/**
 * The slot engine: reel strips, paylines, a paytable per game, wilds, scatters and free spins.
 * Pure and deterministic given a RandomInt. Each game's parameters are generated from its game
 * code and tuned so the exact, analytically computed RTP equals the RTP the catalogue
 * advertises (within RTP_TUNING_TOLERANCE); a simulation test confirms it over a million spins.
 *
 * Pays are whole multiples of the line bet (lines) or of the total bet (scatters), and stakes
 * are whole multiples of `lines` minor units, so every payout is an exact number of centavos:
 * nothing is rounded.
 */

export type SlotSymbol = number;

export interface SlotSpec {
  gameCode: string;
  reels: number;
  rows: number;
  /** Row index on each reel, one array per line. */
  lines: number[][];
  /** Symbol ids 0..symbols-1; `wild` and `scatter` are ids or -1 when the game has none. */
  symbols: number;
  wild: number;
  scatter: number;
  /** pays[symbol][count] in line bets (index = number of matching reels, 0..reels). */
  pays: number[][];
  /** scatterPays[count] in total bets. */
  scatterPays: number[];
  /** freeSpins[count of scatters] awarded; free spins cannot retrigger. */
  freeSpins: number[];
  freeSpinMultiplier: number;
  /** One circular strip per reel. */
  strips: SlotSymbol[][];
  /** The visual kind of each symbol, for the page (`seven`, `gem`, `A`, …). */
  glyphs: string[];
  /** Exact RTP of these parameters, as a fraction. */
  rtp: number;
  /** The RTP the catalogue advertises, as a fraction. */
  targetRtp: number;
}

export interface LineWin {
  line: number;
  symbol: SlotSymbol;
  count: number;
  /** In line bets. */
  pay: number;
}

export interface SpinOutcome {
  /** window[reel][row] */
  window: SlotSymbol[][];
  stops: number[];
  lineWins: LineWin[];
  scatterCount: number;
  /** In total bets. */
  scatterPay: number;
  /** Total pay of this spin in line bets (lines) plus scatter pay × lines, before multiplier. */
  payLineBets: number;
  freeSpinsAwarded: number;
}

export interface PlayOutcome {
  base: SpinOutcome;
  freeSpins: SpinOutcome[];
  /** Total win in line bets (free spins include their multiplier). */
  totalLineBets: number;
}

/** Exact RTP after tuning is within this of the advertised one (0.01 percentage point). */
export const RTP_TUNING_TOLERANCE = 0.0001;
/** Greedy tuning steps; each moves one symbol on one strip. Measured: 5–40 steps suffice. */
const MAX_TUNING_STEPS = 400;

// ---------------------------------------------------------------------------------------------
// Evaluation

export function spinWindow(
  spec: SlotSpec,
  random: RandomInt,
): { window: number[][]; stops: number[] } {
  const window: number[][] = [];
  const stops: number[] = [];
  for (let r = 0; r < spec.reels; r++) {
    const strip = spec.strips[r]!;
    const stop = random(strip.length);
    stops.push(stop);
    const column: number[] = [];
    for (let row = 0; row < spec.rows; row++) column.push(strip[(stop + row) % strip.length]!);
    window.push(column);
  }
  return { window, stops };
}

/**
 * One line: the wild run from the left pays the wild's own pay; otherwise the first non-wild
 * symbol and the wilds that follow it pay that symbol's pay; the line pays the larger. Scatters
 * never pay on lines and wilds never stand in for them.
 */
export function evaluateLine(
  spec: SlotSpec,
  symbols: readonly SlotSymbol[],
): { symbol: number; count: number; pay: number } {
  const { wild, scatter, pays } = spec;
  let wildRun = 0;
  while (wildRun < symbols.length && symbols[wildRun] === wild) wildRun++;
  const wildPay = wild >= 0 ? pays[wild]![wildRun]! : 0;
  if (wildRun === symbols.length) return { symbol: wild, count: wildRun, pay: wildPay };
  const first = symbols[wildRun]!;
  if (first === scatter) return { symbol: wild, count: wildRun, pay: wildPay };
  let count = wildRun + 1;
  while (count < symbols.length && (symbols[count] === first || symbols[count] === wild)) count++;
  const pay = pays[first]![count]!;
  return pay >= wildPay
    ? { symbol: first, count, pay }
    : { symbol: wild, count: wildRun, pay: wildPay };
}

export function evaluateWindow(
  spec: SlotSpec,
  window: readonly (readonly SlotSymbol[])[],
): Omit<SpinOutcome, 'stops' | 'window'> {
  const lineWins: LineWin[] = [];
  const onLine = new Array<number>(spec.reels);
  let linePay = 0;
  spec.lines.forEach((rows, line) => {
    for (let r = 0; r < spec.reels; r++) onLine[r] = window[r]![rows[r]!]!;
    const win = evaluateLine(spec, onLine);
    if (win.pay > 0) {
      lineWins.push({ line, ...win });
      linePay += win.pay;
    }
  });
  let scatterCount = 0;
  if (spec.scatter >= 0)
    for (const column of window)
      for (const symbol of column) if (symbol === spec.scatter) scatterCount++;
  const scatterPay = spec.scatterPays[scatterCount] ?? 0;
  return {
    lineWins,
    scatterCount,
    scatterPay,
    payLineBets: linePay + scatterPay * spec.lines.length,
    freeSpinsAwarded: spec.freeSpins[scatterCount] ?? 0,
  };
}

export function spin(spec: SlotSpec, random: RandomInt): SpinOutcome {
  const { window, stops } = spinWindow(spec, random);
  return { window, stops, ...evaluateWindow(spec, window) };
}

/** One paid spin and the free spins it triggers (which pay × freeSpinMultiplier). */
export function play(spec: SlotSpec, random: RandomInt): PlayOutcome {
  const base = spin(spec, random);
  const freeSpins: SpinOutcome[] = [];
  let total = base.payLineBets;
  for (let i = 0; i < base.freeSpinsAwarded; i++) {
    const free = spin(spec, random);
    freeSpins.push(free);
    total += free.payLineBets * spec.freeSpinMultiplier;
  }
  return { base, freeSpins, totalLineBets: total };
}

/**
 * The same total as `play(...).totalLineBets`, without building objects: for simulations of
 * millions of spins. `sim` comes from `simulator(spec)`.
 */
export function fastPlay(sim: Simulator, random: RandomInt): number {
  let total = fastSpin(sim, random);
  const awarded = sim.awarded;
  for (let i = 0; i < awarded; i++) total += fastSpin(sim, random) * sim.multiplier;
  return total;
}

export interface Simulator {
  reels: number;
  rows: number;
  strips: Int32Array[];
  /** lines flattened: lines[l * reels + r] = row */
  lines: Int32Array;
  lineCount: number;
  /** pays[symbol * (reels + 1) + count] */
  pays: Int32Array;
  wild: number;
  scatter: number;
  scatterPays: Int32Array;
  freeSpins: Int32Array;
  multiplier: number;
  window: Int32Array;
  awarded: number;
}

export function simulator(spec: SlotSpec): Simulator {
  const stride = spec.reels + 1;
  const pays = new Int32Array(spec.symbols * stride);
  spec.pays.forEach((row, s) => row.forEach((pay, k) => (pays[s * stride + k] = pay)));
  const padded = (values: number[]): Int32Array => {
    const out = new Int32Array(spec.reels * spec.rows + 1);
    values.forEach((v, i) => (out[i] = v));
    return out;
  };
  return {
    reels: spec.reels,
    rows: spec.rows,
    strips: spec.strips.map((strip) => Int32Array.from(strip)),
    lines: Int32Array.from(spec.lines.flat()),
    lineCount: spec.lines.length,
    pays,
    wild: spec.wild,
    scatter: spec.scatter,
    scatterPays: padded(spec.scatterPays),
    freeSpins: padded(spec.freeSpins),
    multiplier: spec.freeSpinMultiplier,
    window: new Int32Array(spec.reels * spec.rows),
    awarded: 0,
  };
}

/** `evaluateWindow`'s rule, inlined over typed arrays. */
function fastSpin(sim: Simulator, random: RandomInt): number {
  const { reels, rows, strips, scatter, wild, window, lines, lineCount, pays } = sim;
  const stride = reels + 1;
  let scatters = 0;
  for (let r = 0; r < reels; r++) {
    const strip = strips[r]!;
    const length = strip.length;
    const stop = random(length);
    for (let row = 0; row < rows; row++) {
      const at = stop + row;
      const symbol = strip[at < length ? at : at - length]!;
      window[r * rows + row] = symbol;
      if (symbol === scatter) scatters++;
    }
  }
  let pay = 0;
  for (let l = 0; l < lineCount; l++) {
    const base = l * reels;
    let wildRun = 0;
    while (wildRun < reels && window[wildRun * rows + lines[base + wildRun]!] === wild) wildRun++;
    const wildPay = wild >= 0 ? pays[wild * stride + wildRun]! : 0;
    if (wildRun === reels) {
      pay += wildPay;
      continue;
    }
    const first = window[wildRun * rows + lines[base + wildRun]!]!;
    if (first === scatter) {
      pay += wildPay;
      continue;
    }
    let count = wildRun + 1;
    while (count < reels) {
      const symbol = window[count * rows + lines[base + count]!];
      if (symbol !== first && symbol !== wild) break;
      count++;
    }
    const linePay = pays[first * stride + count]!;
    pay += linePay > wildPay ? linePay : wildPay;
  }
  sim.awarded = sim.freeSpins[scatters]!;
  return pay + sim.scatterPays[scatters]! * lineCount;
}

// ---------------------------------------------------------------------------------------------
// Exact RTP

/** Symbol counts per reel: counts[reel][symbol]. */
function countsOf(spec: Pick<SlotSpec, 'strips' | 'symbols'>): number[][] {
  return spec.strips.map((strip) => {
    const counts = new Array<number>(spec.symbols).fill(0);
    for (const symbol of strip) counts[symbol]!++;
    return counts;
  });
}

interface RtpShape {
  reels: number;
  rows: number;
  symbols: number;
  wild: number;
  scatter: number;
  pays: number[][];
  scatterPays: number[];
  freeSpins: number[];
  freeSpinMultiplier: number;
  lineCount: number;
}

/**
 * Expected pay of one line in line bets. Every line takes one row per reel and stops are
 * independent and uniform, so the symbol a line sees on reel i is distributed as the strip's
 * symbol frequencies, independently across reels: the sum runs over (leading wilds w, first
 * other symbol s, run length k) with the same rule as `evaluateLine`.
 */
function lineExpectation(shape: RtpShape, counts: number[][], lengths: number[]): number {
  const { reels, symbols, wild, scatter, pays } = shape;
  const p = (reel: number, symbol: number): number =>
    symbol < 0 ? 0 : counts[reel]![symbol]! / lengths[reel]!;
  let expectation = 0;
  let allWild = 1;
  for (let w = 0; w <= reels; w++) {
    const wildPay = wild >= 0 ? pays[wild]![w]! : 0;
    if (w === reels) {
      expectation += allWild * wildPay;
      break;
    }
    for (let s = 0; s < symbols; s++) {
      if (s === wild) continue;
      const first = allWild * p(w, s);
      if (first === 0) continue;
      if (s === scatter) {
        expectation += first * wildPay;
        continue;
      }
      let run = first;
      for (let k = w + 1; k <= reels; k++) {
        // run = P(first w wild, reel w is s, reels w+1..k-1 are s or wild)
        const stop = k === reels ? 1 : 1 - p(k, s) - p(k, wild);
        expectation += run * stop * Math.max(pays[s]![k]!, wildPay);
        if (k < reels) run *= p(k, s) + p(k, wild);
      }
    }
    allWild *= p(w, wild);
    if (allWild === 0) break;
  }
  return expectation;
}

/** Distribution of the number of scatters in view (scatters sit at least `rows` apart). */
function scatterDistribution(shape: RtpShape, counts: number[][], lengths: number[]): number[] {
  let dist = [1];
  for (let r = 0; r < shape.reels; r++) {
    const q = shape.scatter < 0 ? 0 : (shape.rows * counts[r]![shape.scatter]!) / lengths[r]!;
    const next = new Array<number>(dist.length + 1).fill(0);
    dist.forEach((value, n) => {
      next[n]! += value * (1 - q);
      next[n + 1]! += value * q;
    });
    dist = next;
  }
  return dist;
}

function exactRtp(shape: RtpShape, counts: number[][], lengths: number[]): number {
  const lineEv = lineExpectation(shape, counts, lengths);
  const dist = scatterDistribution(shape, counts, lengths);
  let scatterEv = 0;
  let freeSpinsEv = 0;
  dist.forEach((probability, n) => {
    scatterEv += probability * (shape.scatterPays[n] ?? 0);
    freeSpinsEv += probability * (shape.freeSpins[n] ?? 0);
  });
  // Line pays are in line bets and there are lineCount lines of stake/lineCount each.
  const spinRtp = lineEv + scatterEv;
  return spinRtp * (1 + freeSpinsEv * shape.freeSpinMultiplier);
}

/** The exact RTP of a spec (used by tests; generation stores it in `spec.rtp`). */
export function computeRtp(spec: SlotSpec): number {
  return exactRtp(
    { ...spec, lineCount: spec.lines.length },
    countsOf(spec),
    spec.strips.map((strip) => strip.length),
  );
}

// ---------------------------------------------------------------------------------------------
// Generation

export type SlotLayout = 'classic' | 'video' | 'wide';

const LINES_3X3: number[][] = [
  [1, 1, 1],
  [0, 0, 0],
  [2, 2, 2],
  [0, 1, 2],
  [2, 1, 0],
];

/** The 20 lines of a 5×3 video slot (the first 20 of the usual 25-line layout). */
const LINES_5X3: number[][] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 2, 1, 0, 1],
  [1, 0, 1, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 2, 2, 0],
];

/** 5×4: 40 lines: the four rows, the 5×3 shapes on the upper and on the lower three rows, two diagonals. */
const LINES_5X4: number[][] = [
  [0, 0, 0, 0, 0],
  [1, 1, 1, 1, 1],
  [2, 2, 2, 2, 2],
  [3, 3, 3, 3, 3],
  ...LINES_5X3.slice(3),
  ...LINES_5X3.slice(3).map((line) => line.map((row) => row + 1)),
  [0, 1, 2, 3, 3],
  [3, 2, 1, 0, 0],
];

const HIGH_GLYPHS = [
  'seven',
  'crown',
  'diamond',
  'bell',
  'star',
  'clover',
  'cherry',
  'bar',
  'horseshoe',
  'coin',
];
const LOW_GLYPHS = ['A', 'K', 'Q', 'J', '10'];

interface Blueprint {
  reels: number;
  rows: number;
  lines: number[][];
  highs: number;
  lows: number;
  hasWild: boolean;
  hasScatter: boolean;
  stripLength: number;
}

const BLUEPRINTS: Record<SlotLayout, Blueprint> = {
  classic: {
    reels: 3,
    rows: 3,
    lines: LINES_3X3,
    highs: 4,
    lows: 1,
    hasWild: true,
    hasScatter: false,
    stripLength: 64,
  },
  video: {
    reels: 5,
    rows: 3,
    lines: LINES_5X3,
    highs: 4,
    lows: 5,
    hasWild: true,
    hasScatter: true,
    stripLength: 48,
  },
  wide: {
    reels: 5,
    rows: 4,
    lines: LINES_5X4,
    highs: 4,
    lows: 5,
    hasWild: true,
    hasScatter: true,
    stripLength: 56,
  },
};

/** Which layout a catalogue classify plays on. */
export function layoutFor(classify: string): SlotLayout {
  if (classify === 'SLOT_CLASSIC') return 'classic';
  if (classify === 'MEGAWAYS' || classify === 'JACKPOT') return 'wide';
  return 'video';
}

/** Base pays before scaling, in line bets, by count (index 0..5). */
const HIGH_PAYS = [
  [0, 0, 2, 25, 100, 500],
  [0, 0, 0, 20, 80, 300],
  [0, 0, 0, 15, 60, 200],
  [0, 0, 0, 12, 40, 150],
];
const LOW_PAYS = [
  [0, 0, 0, 6, 20, 100],
  [0, 0, 0, 5, 15, 80],
  [0, 0, 0, 5, 12, 60],
  [0, 0, 0, 4, 10, 50],
  [0, 0, 0, 3, 8, 40],
];
const WILD_PAYS = [0, 0, 0, 40, 200, 1000];
const CLASSIC_PAYS = [100, 40, 20, 10, 5];
const CLASSIC_WILD_PAY = 250;

/** Relative frequency of each symbol class on the strips. */
const HIGH_WEIGHTS = [2, 3, 3, 4];
const LOW_WEIGHTS = [6, 6, 7, 7, 8];
const CLASSIC_HIGH_WEIGHTS = [2, 3, 4, 5];
const CLASSIC_LOW_WEIGHT = [8];

function shuffle<T>(random: RandomInt, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** Lays `counts` out as a strip with scatters at least `gap` stops apart (circularly). */
function layStrip(random: RandomInt, counts: number[], scatter: number, gap: number): number[] {
  const others: number[] = [];
  counts.forEach((count, symbol) => {
    if (symbol !== scatter) for (let i = 0; i < count; i++) others.push(symbol);
  });
  shuffle(random, others);
  const scatters = scatter >= 0 ? counts[scatter]! : 0;
  if (scatters === 0) return others;
  const length = others.length + scatters;
  if (scatters * gap > length) throw new Error('too many scatters for the strip');
  // Evenly spaced slots for the scatters, then the shuffled others in between.
  const strip = new Array<number>(length).fill(-1);
  const offset = random(Math.floor(length / scatters));
  for (let i = 0; i < scatters; i++)
    strip[(offset + Math.floor((i * length) / scatters)) % length] = scatter;
  let next = 0;
  for (let i = 0; i < length; i++) if (strip[i] === -1) strip[i] = others[next++]!;
  return strip;
}

function distribute(random: RandomInt, weights: number[], total: number): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.max(1, Math.floor((w * total) / sum)));
  let left = total - counts.reduce((a, b) => a + b, 0);
  while (left > 0) {
    counts[random(counts.length)]!++;
    left--;
  }
  return counts;
}

/**
 * The game's parameters, generated from its code and tuned to `rtpBps`. Deterministic: the
 * same code, layout and RTP always give the same game.
 */
export function buildSlotSpec(gameCode: string, layout: SlotLayout, rtpBps: number): SlotSpec {
  const random = seededRandom(hashString(`banca-demo-provider/slot/${gameCode}`));
  const bp = BLUEPRINTS[layout];
  const classic = layout === 'classic';
  // Symbol ids: highs, lows, then wild, then scatter.
  const highs = bp.highs;
  const lows = bp.lows;
  const wild = bp.hasWild ? highs + lows : -1;
  const scatter = bp.hasScatter ? highs + lows + 1 : -1;
  const symbols = highs + lows + (bp.hasWild ? 1 : 0) + (bp.hasScatter ? 1 : 0);

  const pays: number[][] = [];
  for (let s = 0; s < symbols; s++) pays.push(new Array<number>(bp.reels + 1).fill(0));
  const variation = (): number => 0.8 + random(41) / 100;
  if (classic) {
    CLASSIC_PAYS.slice(0, highs + lows).forEach(
      (pay, s) => (pays[s]![3] = Math.max(2, Math.round(pay * variation()))),
    );
    pays[wild]![3] = CLASSIC_WILD_PAY;
  } else {
    for (let s = 0; s < highs; s++)
      pays[s] = HIGH_PAYS[s]!.map((pay) => Math.round(pay * variation()));
    for (let s = 0; s < lows; s++)
      pays[highs + s] = LOW_PAYS[s]!.map((pay) => Math.round(pay * variation()));
    pays[wild] = [...WILD_PAYS];
  }
  const scatterPays = new Array<number>(bp.reels + 1).fill(0);
  const freeSpins = new Array<number>(bp.reels + 1).fill(0);
  let freeSpinMultiplier = 1;
  if (bp.hasScatter) {
    scatterPays[3] = 2;
    scatterPays[4] = 10;
    scatterPays[5] = 50;
    const base = [8, 10, 12, 15][random(4)]!;
    freeSpins[3] = base;
    freeSpins[4] = base + 5;
    freeSpins[5] = base + 10;
    freeSpinMultiplier = [1, 2, 2, 3][random(4)]!;
  }

  // Reel counts: weights per class, a few wilds (none on reel 1 of some games), 1–2 scatters.
  const counts: number[][] = [];
  for (let r = 0; r < bp.reels; r++) {
    const wilds = !bp.hasWild
      ? 0
      : classic
        ? 1 + random(2)
        : r === 0 && random(2) === 0
          ? 0
          : 1 + random(2);
    const scatters = bp.hasScatter ? 1 + (random(3) === 0 ? 1 : 0) : 0;
    const rest = bp.stripLength - wilds - scatters;
    const weights = classic
      ? [...CLASSIC_HIGH_WEIGHTS, ...CLASSIC_LOW_WEIGHT]
      : [...HIGH_WEIGHTS, ...LOW_WEIGHTS];
    const reelCounts = distribute(random, weights, rest);
    if (bp.hasWild) reelCounts.push(wilds);
    if (bp.hasScatter) reelCounts.push(scatters);
    counts.push(reelCounts);
  }

  const shape: RtpShape = {
    reels: bp.reels,
    rows: bp.rows,
    symbols,
    wild,
    scatter,
    pays,
    scatterPays,
    freeSpins,
    freeSpinMultiplier,
    lineCount: bp.lines.length,
  };
  const target = rtpBps / 10_000;
  const lengths = counts.map((c) => c.reduce((a, b) => a + b, 0));

  // Coarse: scale the line pays (whole numbers, each at least 1 where it paid) towards the target.
  const untuned = exactRtp(shape, counts, lengths);
  const scale = target / untuned;
  for (let s = 0; s < symbols; s++) {
    if (s === scatter) continue;
    pays[s] = pays[s]!.map((pay) => (pay === 0 ? 0 : Math.max(1, Math.round(pay * scale))));
  }
  tuneCounts(shape, counts, lengths, target, wild, scatter);

  const glyphRandom = seededRandom(hashString(`banca-demo-provider/glyphs/${gameCode}`));
  const highGlyphs = shuffle(glyphRandom, [...HIGH_GLYPHS]).slice(0, highs);
  const glyphs = [
    ...highGlyphs,
    ...(classic ? ['bar'] : LOW_GLYPHS.slice(0, lows)),
    ...(bp.hasWild ? ['wild'] : []),
    ...(bp.hasScatter ? ['scatter'] : []),
  ];
  if (classic && highGlyphs.includes('bar'))
    glyphs[highs] = 'cherry' === highGlyphs[0] ? 'bell' : 'cherry';
  const strips = counts.map((reelCounts) => layStrip(random, reelCounts, scatter, bp.rows));
  return {
    gameCode,
    reels: bp.reels,
    rows: bp.rows,
    lines: bp.lines,
    symbols,
    wild,
    scatter,
    pays,
    scatterPays,
    freeSpins,
    freeSpinMultiplier,
    strips,
    glyphs,
    rtp: exactRtp(shape, counts, lengths),
    targetRtp: target,
  };
}

/**
 * Greedy fine tuning: move one stop of one reel from one symbol to another (never wilds or
 * scatters, never below one of a symbol), or change one pay by one line bet, whichever brings
 * the exact RTP closest to the target, until it is within a quarter of the tolerance.
 */
function tuneCounts(
  shape: RtpShape,
  counts: number[][],
  lengths: number[],
  target: number,
  wild: number,
  scatter: number,
): void {
  let current = exactRtp(shape, counts, lengths);
  for (
    let step = 0;
    step < MAX_TUNING_STEPS && Math.abs(current - target) > RTP_TUNING_TOLERANCE / 4;
    step++
  ) {
    let best: { reel: number; from: number; to: number; rtp: number } | null = null;
    let bestPay: { symbol: number; count: number; delta: number; rtp: number } | null = null;
    // A pay one line bet up or down: the finest step where the strips run out of small moves.
    for (let symbol = 0; symbol < shape.symbols; symbol++) {
      if (symbol === scatter) continue;
      const row = shape.pays[symbol]!;
      for (let count = 0; count < row.length; count++) {
        if (row[count] === 0) continue;
        for (const delta of [-1, 1]) {
          if (row[count]! + delta < 1) continue;
          row[count]! += delta;
          const rtp = exactRtp(shape, counts, lengths);
          row[count]! -= delta;
          const bestSoFar = bestPay?.rtp ?? current;
          if (Math.abs(rtp - target) < Math.abs(bestSoFar - target))
            bestPay = { symbol, count, delta, rtp };
        }
      }
    }
    for (let reel = 0; reel < shape.reels; reel++) {
      const reelCounts = counts[reel]!;
      for (let from = 0; from < shape.symbols; from++) {
        if (from === wild || from === scatter || reelCounts[from]! <= 1) continue;
        for (let to = 0; to < shape.symbols; to++) {
          if (to === from || to === wild || to === scatter) continue;
          reelCounts[from]!--;
          reelCounts[to]!++;
          const rtp = exactRtp(shape, counts, lengths);
          reelCounts[from]!++;
          reelCounts[to]!--;
          if (Math.abs(rtp - target) < Math.abs((best?.rtp ?? current) - target))
            best = { reel, from, to, rtp };
        }
      }
    }
    if (bestPay && Math.abs(bestPay.rtp - target) < Math.abs((best?.rtp ?? current) - target)) {
      shape.pays[bestPay.symbol]![bestPay.count]! += bestPay.delta;
      current = bestPay.rtp;
      continue;
    }
    if (!best) break;
    counts[best.reel]![best.from]!--;
    counts[best.reel]![best.to]!++;
    current = best.rtp;
  }
}
