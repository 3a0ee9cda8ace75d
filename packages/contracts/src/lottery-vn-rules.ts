import { fairFloats, type Seeds } from './fairness/rng';
import { hmacSha256, type HmacSha256 } from './fairness/sha256';

/**
 * The Vietnamese and Southeast Asian lotteries' rules (issue 18 §2, docs/lottery.md "VN and SEA
 * lotteries"), pure and zod-free like lottery-rules.ts: the prize sheets of a draw, the bet types
 * on them, what a result pays each selection, and the return of an odds table.
 *
 * A draw's result is a sheet of prizes; it is kept as one flat list of integers in the sheet's
 * order (the `numbers` of a draw, as the e-lottery's are), each prize's length of digits known
 * from the structure, so 00123 is 123 in a 5-digit row.
 *
 * Odds are an operator's table, not derived: each bet type has its multipliers in 1/10,000 per
 * tier (one tier for the Vietnamese bets, one per prize class for 4D). A Vietnamese "lô" is
 * priced per point as operators sell it: one point of lô 2 số costs as many units as the sheet
 * has 2-digit endings (27 north, 18 south) and pays the table's multiplier per hit, so a line's
 * payout is `floor(stake · Σ hits·tierE4 / (10,000 · cost))`.
 */

export const VN_LOTTERY_KINDS = ['vn_north', 'vn_south', 'sea4d'] as const;
export type VnLotteryKind = (typeof VN_LOTTERY_KINDS)[number];

export const VN_LOTTERY_BET_TYPES = {
  vn_north: ['lo2', 'lo3', 'de', 'de_dau', 'de3', 'xien2', 'xien3', 'xien4'],
  vn_south: ['lo2', 'lo3', 'de', 'de_dau', 'de3', 'xien2', 'xien3', 'xien4', 'da2'],
  sea4d: ['big', 'small'],
} as const satisfies Record<VnLotteryKind, readonly string[]>;

export type PrizeRow = { prize: string; count: number; digits: number };

/**
 * The prize rows in the order a result sheet lists them. North (Miền Bắc, XSMB): 27 numbers,
 * the special prize (ĐB) first. South and central (Miền Nam / Miền Trung): 18 numbers, read from
 * the 8th prize up to the special. 4D: 1st, 2nd, 3rd, 10 special ("starters"), 10 consolation.
 */
export const PRIZE_STRUCTURES: Record<VnLotteryKind, readonly PrizeRow[]> = {
  vn_north: [
    { prize: 'DB', count: 1, digits: 5 },
    { prize: 'G1', count: 1, digits: 5 },
    { prize: 'G2', count: 2, digits: 5 },
    { prize: 'G3', count: 6, digits: 5 },
    { prize: 'G4', count: 4, digits: 4 },
    { prize: 'G5', count: 6, digits: 4 },
    { prize: 'G6', count: 3, digits: 3 },
    { prize: 'G7', count: 4, digits: 2 },
  ],
  vn_south: [
    { prize: 'G8', count: 1, digits: 2 },
    { prize: 'G7', count: 1, digits: 3 },
    { prize: 'G6', count: 3, digits: 4 },
    { prize: 'G5', count: 1, digits: 4 },
    { prize: 'G4', count: 7, digits: 5 },
    { prize: 'G3', count: 2, digits: 5 },
    { prize: 'G2', count: 1, digits: 5 },
    { prize: 'G1', count: 1, digits: 5 },
    { prize: 'DB', count: 1, digits: 6 },
  ],
  sea4d: [
    { prize: 'P1', count: 1, digits: 4 },
    { prize: 'P2', count: 1, digits: 4 },
    { prize: 'P3', count: 1, digits: 4 },
    { prize: 'SP', count: 10, digits: 4 },
    { prize: 'CO', count: 10, digits: 4 },
  ],
};

export function isVnLotteryKind(kind: string): kind is VnLotteryKind {
  return (VN_LOTTERY_KINDS as readonly string[]).includes(kind);
}

/** Every number of a sheet with its prize and digits, in the sheet's order. */
export function prizeSlots(kind: VnLotteryKind): Array<PrizeRow & { index: number }> {
  return PRIZE_STRUCTURES[kind].flatMap((row) =>
    Array.from({ length: row.count }, (_, index) => ({ ...row, index })),
  );
}

/** How many numbers a sheet has: 27 north, 18 south/central, 23 for 4D. */
export function prizeCount(kind: VnLotteryKind): number {
  return prizeSlots(kind).length;
}

/** A result sheet as rows of zero-padded strings (how operators read and type it). */
export type ResultSheet = Array<{ prize: string; values: string[] }>;

export function sheetOf(kind: VnLotteryKind, numbers: readonly number[]): ResultSheet {
  let i = 0;
  return PRIZE_STRUCTURES[kind].map((row) => ({
    prize: row.prize,
    values: Array.from({ length: row.count }, () =>
      String(numbers[i++] ?? 0).padStart(row.digits, '0'),
    ),
  }));
}

/**
 * A typed sheet to the draw's numbers, or the prizes that are wrong (`G3-2`: the 2nd number of
 * the 3rd prize): a row missing or with the wrong count, a value not exactly its digits long.
 * 4D's 23 numbers must all differ (each is drawn once).
 */
export function numbersOfSheet(
  kind: VnLotteryKind,
  sheet: ReadonlyArray<{ prize: string; values: readonly string[] }>,
): { numbers: number[] } | { invalid: string[] } {
  const invalid: string[] = [];
  const numbers: number[] = [];
  const known = new Set(PRIZE_STRUCTURES[kind].map((r) => r.prize));
  for (const row of sheet) if (!known.has(row.prize)) invalid.push(row.prize);
  for (const row of PRIZE_STRUCTURES[kind]) {
    const given = sheet.filter((r) => r.prize === row.prize);
    const values = given.length === 1 ? given[0]!.values : null;
    if (!values || values.length !== row.count) {
      invalid.push(row.prize);
      for (let i = 0; i < row.count; i++) numbers.push(0);
      continue;
    }
    values.forEach((value, i) => {
      if (value.length !== row.digits || !/^\d+$/.test(value))
        invalid.push(`${row.prize}-${i + 1}`);
      numbers.push(Number(value) || 0);
    });
  }
  if (kind === 'sea4d' && invalid.length === 0) {
    const slots = prizeSlots(kind);
    const seen = new Set<number>();
    numbers.forEach((n, i) => {
      if (seen.has(n)) invalid.push(`${slots[i]!.prize}-${slots[i]!.index + 1}`);
      seen.add(n);
    });
  }
  return invalid.length > 0 ? { invalid } : { numbers };
}

/** The prizes two entries of a sheet disagree on (`DB-1`, `G3-2`), in the sheet's order. */
export function sheetDifferences(
  kind: VnLotteryKind,
  a: readonly number[],
  b: readonly number[],
): string[] {
  return prizeSlots(kind)
    .map((slot, i) => (a[i] === b[i] ? null : `${slot.prize}-${slot.index + 1}`))
    .filter((x): x is string => x !== null);
}

/** Where the special prize (ĐB) is in the flat list, and its digits. */
function special(kind: 'vn_north' | 'vn_south', numbers: readonly number[]) {
  const slots = prizeSlots(kind);
  const i = slots.findIndex((s) => s.prize === 'DB');
  return { value: numbers[i] ?? 0, digits: slots[i]!.digits };
}

const XIEN_SIZE: Record<string, number> = { xien2: 2, xien3: 3, xien4: 4 };
const pad = (n: number, digits: number) => String(n).padStart(digits, '0');

/** Bet types whose selection is several 2-digit numbers (`07-25`): xiên and đá. */
const PAIRED_SIZE: Record<string, number> = { ...XIEN_SIZE, da2: 2 };

/**
 * Whether a selection exists for a bet type: lô 2 số, đề and đề đầu `00`–`99`; lô 3 số and ba
 * càng (`de3`) `000`–`999`; xiên 2/3/4 and đá (`da2`) that many different 2-digit numbers in
 * ascending order joined by `-` (`07-25-88`); 4D big/small `0000`–`9999`.
 */
export function vnSelectionValid(kind: VnLotteryKind, betType: string, selection: string): boolean {
  if (!(VN_LOTTERY_BET_TYPES[kind] as readonly string[]).includes(betType)) return false;
  if (kind === 'sea4d') return /^\d{4}$/.test(selection);
  if (betType === 'lo3' || betType === 'de3') return /^\d{3}$/.test(selection);
  const size = PAIRED_SIZE[betType];
  if (size) {
    const parts = selection.split('-');
    return (
      parts.length === size &&
      parts.every((p) => /^\d{2}$/.test(p)) &&
      parts.every((p, i) => i === 0 || p > parts[i - 1]!)
    );
  }
  return /^\d{2}$/.test(selection);
}

/**
 * The cost of one point in units: lô counts every ending it covers, đá both numbers' endings
 * (2 × 18 = 36 in the south, as southern operators sell "đá"), every other bet 1.
 */
export function vnOddsDiv(kind: VnLotteryKind, betType: string): number {
  if (kind === 'sea4d') return 1;
  if (betType === 'lo2') return prizeSlots(kind).filter((s) => s.digits >= 2).length;
  if (betType === 'da2') return 2 * prizeSlots(kind).filter((s) => s.digits >= 2).length;
  if (betType === 'lo3') return prizeSlots(kind).filter((s) => s.digits >= 3).length;
  return 1;
}

/** Tiers of a bet type's odds table: one, or 4D's prize classes (big 5, small 3). */
export function vnOddsTiers(kind: VnLotteryKind, betType: string): string[] {
  if (kind === 'sea4d')
    return betType === 'big' ? ['P1', 'P2', 'P3', 'SP', 'CO'] : ['P1', 'P2', 'P3'];
  return ['hit'];
}

/**
 * Hits of a selection in a result, per tier of its odds: lô the number of prizes ending in it
 * (each occurrence pays), đề whether the special prize ends in it, đề đầu whether the special
 * prize starts with it, ba càng whether the special prize's last 3 digits are it, xiên whether
 * every number of it is among the sheet's 2-digit endings, đá how many complete pairs the sheet
 * makes of its two numbers (the fewer of their occurrences: 07 twice and 25 twice is 2, 07 twice
 * and 25 once is 1, one missing is 0), 4D how many times it is each prize class.
 */
export function vnLineHits(
  kind: VnLotteryKind,
  betType: string,
  selection: string,
  numbers: readonly number[],
): number[] {
  const slots = prizeSlots(kind);
  if (kind === 'sea4d') {
    const target = Number(selection);
    return vnOddsTiers(kind, betType).map(
      (tier) => slots.filter((s, i) => s.prize === tier && numbers[i] === target).length,
    );
  }
  const endings = (digits: number) =>
    slots
      .map((s, i) => (s.digits >= digits ? pad((numbers[i] ?? 0) % 10 ** digits, digits) : null))
      .filter((x): x is string => x !== null);
  if (betType === 'lo2') return [endings(2).filter((e) => e === selection).length];
  if (betType === 'lo3') return [endings(3).filter((e) => e === selection).length];
  const db = special(kind, numbers);
  if (betType === 'de') return [pad(db.value % 100, 2) === selection ? 1 : 0];
  if (betType === 'de_dau') return [pad(db.value, db.digits).slice(0, 2) === selection ? 1 : 0];
  if (betType === 'de3') return [pad(db.value % 1000, 3) === selection ? 1 : 0];
  if (betType === 'da2') {
    const all = endings(2);
    const [a, b] = selection.split('-');
    return [Math.min(all.filter((e) => e === a).length, all.filter((e) => e === b).length)];
  }
  if (XIEN_SIZE[betType]) {
    const all = new Set(endings(2));
    return [selection.split('-').every((n) => all.has(n)) ? 1 : 0];
  }
  return [0];
}

/** A line's payout: floor(stake · Σ hits·tierE4 / (10,000 · cost)), the settlement's formula. */
export function vnPayoutMinor(
  stakeMinor: number,
  hits: readonly number[],
  tiersE4: readonly number[],
  oddsDiv: number,
): number {
  const factor = hits.reduce((s, h, i) => s + h * (tiersE4[i] ?? 0), 0);
  return Math.floor((stakeMinor * factor) / (10_000 * oddsDiv));
}

/**
 * The default odds tables (E4 per tier), as Vietnamese and Malaysian operators publish them:
 * lô 2 số 95 per point (a point costs 27 north, 18 south), lô 3 số 900, đề and đề đầu 95, ba
 * càng 900, xiên 2/3/4 17/75/350 north and 34/230/1,600 south (fewer endings make them rarer;
 * all about 90 % by `vnRtpBps`), đá 2 số 1,200 per point (a point costs 36; about 88 %); 4D big
 * 2,500/1,000/500/180/60 and small 3,500/2,000/1,000 per unit.
 */
export const VN_DEFAULT_ODDS_E4: Record<VnLotteryKind, Record<string, number[]>> = {
  vn_north: {
    lo2: [950_000],
    lo3: [9_000_000],
    de: [950_000],
    de_dau: [950_000],
    de3: [9_000_000],
    xien2: [170_000],
    xien3: [750_000],
    xien4: [3_500_000],
  },
  vn_south: {
    lo2: [950_000],
    lo3: [9_000_000],
    de: [950_000],
    de_dau: [950_000],
    de3: [9_000_000],
    xien2: [340_000],
    xien3: [2_300_000],
    xien4: [16_000_000],
    da2: [12_000_000],
  },
  sea4d: {
    big: [25_000_000, 10_000_000, 5_000_000, 1_800_000, 600_000],
    small: [35_000_000, 20_000_000, 10_000_000],
  },
};

const choose = (n: number, k: number) => {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
};

/**
 * E[min(A, B)] for two given numbers' occurrences A, B among N endings, each ending uniform
 * over 100 values and independent: Σ_{k≥1} P(A ≥ k, B ≥ k), from the multinomial law of
 * (A, B, the rest) with probabilities (1/100, 1/100, 98/100).
 */
function expectedPairs(n: number): number {
  const factorial = (k: number) => {
    let r = 1;
    for (let i = 2; i <= k; i++) r *= i;
    return r;
  };
  let e = 0;
  for (let a = 1; a <= n; a++)
    for (let b = 1; a + b <= n; b++)
      e +=
        Math.min(a, b) *
        (factorial(n) / (factorial(a) * factorial(b) * factorial(n - a - b))) *
        0.01 ** (a + b) *
        0.98 ** (n - a - b);
  return e;
}

/**
 * The return of an odds table in basis points, with every number of the sheet uniform and
 * independent (4D's numbers differ, but each prize is still 1 in 10,000): lô and đề pay
 * `tier / 100` (a point costs one unit per ending, each ending is 1 in 100), lô 3 số and ba
 * càng `tier / 1,000`; a xiên of k numbers wins with P = Σ (−1)^j C(k,j) (1 − j/100)^N over the
 * N endings; đá pays its expected complete pairs E[min(A, B)] times the tier over its cost 2N;
 * 4D Σ count·tier / 10,000.
 */
export function vnRtpBps(kind: VnLotteryKind, betType: string, tiersE4: readonly number[]): number {
  if (kind === 'sea4d') {
    const tiers = vnOddsTiers(kind, betType);
    const counts = tiers.map((t) => PRIZE_STRUCTURES.sea4d.find((r) => r.prize === t)!.count);
    return Math.floor(tiersE4.reduce((s, x, i) => s + x * (counts[i] ?? 0), 0) / 10_000);
  }
  const tier = tiersE4[0] ?? 0;
  if (betType === 'lo3' || betType === 'de3') return Math.floor(tier / 1_000);
  if (betType === 'da2')
    return Math.floor((tier * expectedPairs(vnOddsDiv(kind, 'lo2'))) / vnOddsDiv(kind, betType));
  const size = XIEN_SIZE[betType];
  if (!size) return Math.floor(tier / 100);
  const n = vnOddsDiv(kind, 'lo2');
  let p = 0;
  for (let j = 0; j <= size; j++) p += (-1) ** j * choose(size, j) * (1 - j / 100) ** n;
  return Math.floor(tier * p);
}

/**
 * A plausible result for development (the results feed's development adapter): the numbers of
 * every prize from HMAC-SHA256 of a key and the draw (docs/fairness.md's floats), so one draw
 * always gets the same sheet; 4D's numbers are drawn again until they all differ.
 */
export function vnPlausibleResult(
  kind: VnLotteryKind,
  seeds: Omit<Seeds, 'nonce'>,
  hmac: HmacSha256 = hmacSha256,
): number[] {
  const slots = prizeSlots(kind);
  const floats = fairFloats({ ...seeds, nonce: 0 }, slots.length * 3, hmac);
  const out: number[] = [];
  let f = 0;
  for (const slot of slots) {
    let value = Math.floor(floats[f++]! * 10 ** slot.digits);
    while (kind === 'sea4d' && out.includes(value))
      value = Math.floor(floats[f++]! * 10 ** slot.digits);
    out.push(value);
  }
  return out;
}
