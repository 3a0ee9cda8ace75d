import { hashString, seededRandom, uniform, type RandomInt } from './rng';

/**
 * Round games (bet → result → settle) for the catalogue's non-slot entries: live tables
 * (roulette, baccarat, dragon tiger, sic bo, blackjack, money wheel), fish shooters, PvP card
 * tables, sportsbooks, esports, cockfights, lotteries and crash games. Pure: each `playRound`
 * takes a RandomInt. Tables with real rules pay the real odds (their RTP is the rules'); the
 * others derive their odds from the game's advertised RTP, so every bet returns that RTP.
 * Payout = stake × multiplier, rounded down to the currency's minor unit by the caller.
 */

export type RoundKind =
  | 'roulette'
  | 'baccarat'
  | 'dragon-tiger'
  | 'sic-bo'
  | 'blackjack'
  | 'wheel'
  | 'fish'
  | 'showdown'
  | 'match'
  | 'draw'
  | 'crash';

export interface Bet {
  id: string;
  en: string;
  pt: string;
  /** Decimal odds: payout = stake × odds on a win. */
  odds: number;
}

export interface Fixture {
  id: string;
  home: string;
  away: string;
  /** Outcome ids and their probabilities (sum 1). */
  outcomes: { id: string; en: string; pt: string; probability: number; odds: number }[];
}

export interface RoundSpec {
  kind: RoundKind;
  gameCode: string;
  /** The RTP this table's odds are set for, as a fraction. */
  rtp: number;
  bets: Bet[];
  /** wheel: segment values; fish: target multipliers; match: fixtures. */
  segments?: number[];
  targets?: number[];
  fixtures?: Fixture[];
  pockets?: number;
}

export interface RoundResult {
  /** What happened, for the page to draw (cards, pocket, dice, match score…). */
  outcome: Record<string, unknown>;
  /** Payout as a multiple of the stake (0 = lost, 1 = stake back). */
  multiplier: number;
}

/** Highest crash target a player may choose; far beyond it the odds stay exact anyway. */
export const MAX_CRASH_TARGET = 1000;

// ---------------------------------------------------------------------------------------------
// Which engine a catalogue entry plays

export function roundKindFor(
  category: string,
  classify: string,
  vendorCode: string,
  gameCode: string,
): RoundKind {
  if (category === 'FISH') return 'fish';
  if (category === 'PVP') return 'showdown';
  if (category === 'SPORTS' || category === 'ESPORTS' || category === 'COCKFIGHT') return 'match';
  if (category === 'LOTT' || category === 'ELOTT') return 'draw';
  if (category === 'RNG') return 'crash';
  if (vendorCode === 'BGS') return gameCode.includes('DOUBLE') ? 'wheel' : 'crash';
  switch (classify) {
    case 'ROULETTE':
      return 'roulette';
    case 'BACCARAT':
      return 'baccarat';
    case 'DRAGON_TIGER':
      return 'dragon-tiger';
    case 'SIC_BO':
      return 'sic-bo';
    case 'BLACKJACK':
      return 'blackjack';
    default:
      return 'wheel';
  }
}

const floor2 = (value: number): number => Math.floor(value * 100 + 1e-9) / 100;
const bet = (id: string, en: string, pt: string, odds: number): Bet => ({ id, en, pt, odds });

const RED_NUMBERS = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
/** Money-wheel segments (54, the classic big-six layout); each value's odds come from the RTP. */
const WHEEL_SEGMENTS: Record<number, number> = { 1: 23, 2: 15, 5: 7, 10: 4, 20: 2, 40: 1, 50: 2 };
/** The "double" wheel: 7 red, 7 black, 1 white. */
const DOUBLE_SEGMENTS: Record<number, number> = { 2: 14, 14: 1 };
const FISH_TARGETS = [2, 3, 5, 8, 10, 15, 20, 30, 50, 100];
const DRAW_BALLS = 10;

const TEAMS_SPORTS = [
  'Leões',
  'Tubarões',
  'Falcões',
  'Jaguares',
  'Tigres',
  'Águias',
  'Lobos',
  'Touros',
  'Corsários',
  'Guerreiros',
];
const TEAMS_ESPORTS = [
  'Nova Five',
  'Red Pixel',
  'Ghost Unit',
  'Iron Kites',
  'Neon Wolves',
  'Zero Gravity',
  'Byte Force',
  'Storm Core',
];

export interface RoundGame {
  vendorCode: string;
  gameCode: string;
  category: string;
  classify: string;
  nameEn: string;
  rtpBps: number;
}

export function buildRoundSpec(game: RoundGame): RoundSpec {
  const kind = roundKindFor(game.category, game.classify, game.vendorCode, game.gameCode);
  const { gameCode, nameEn } = game;
  const rtp = game.rtpBps / 10_000;
  const base = { kind, gameCode, rtp };
  const seedKey = `${game.vendorCode}/${gameCode}`;
  switch (kind) {
    case 'roulette': {
      const pockets = nameEn.includes('American') ? 38 : 37;
      return {
        ...base,
        rtp: 36 / pockets,
        pockets,
        bets: [
          bet('red', 'Red', 'Vermelho', 2),
          bet('black', 'Black', 'Preto', 2),
          bet('even', 'Even', 'Par', 2),
          bet('odd', 'Odd', 'Ímpar', 2),
          bet('low', '1–18', '1–18', 2),
          bet('high', '19–36', '19–36', 2),
          bet('dozen1', '1st 12', '1ª dúzia', 3),
          bet('dozen2', '2nd 12', '2ª dúzia', 3),
          bet('dozen3', '3rd 12', '3ª dúzia', 3),
          ...Array.from({ length: 37 }, (_, n) => bet(`n${n}`, String(n), String(n), 36)),
        ],
      };
    }
    case 'baccarat':
      return {
        ...base,
        rtp: 0.9894,
        bets: [
          bet('player', 'Player', 'Jogador', 2),
          bet('banker', 'Banker', 'Banca', 1.95),
          bet('tie', 'Tie', 'Empate', 9),
        ],
      };
    case 'dragon-tiger':
      return {
        ...base,
        rtp: 0.9627,
        bets: [
          bet('dragon', 'Dragon', 'Dragão', 2),
          bet('tiger', 'Tiger', 'Tigre', 2),
          bet('tie', 'Tie', 'Empate', 9),
        ],
      };
    case 'sic-bo':
      return {
        ...base,
        rtp: 0.9722,
        bets: [
          bet('small', 'Small 4–10', 'Pequeno 4–10', 2),
          bet('big', 'Big 11–17', 'Grande 11–17', 2),
          bet('triple', 'Any triple', 'Trinca qualquer', 31),
        ],
      };
    case 'blackjack':
      return { ...base, bets: [bet('hand', 'Deal', 'Distribuir', 2)] };
    case 'wheel': {
      const layout = gameCode.includes('DOUBLE') ? DOUBLE_SEGMENTS : WHEEL_SEGMENTS;
      const total = Object.values(layout).reduce((a, b) => a + b, 0);
      const segments = shuffledSegments(seedKey, layout);
      return {
        ...base,
        segments,
        bets: Object.entries(layout).map(([value, count]) =>
          bet(`s${value}`, `×${value}`, `×${value}`, floor2((rtp * total) / count)),
        ),
      };
    }
    case 'fish':
      return {
        ...base,
        targets: FISH_TARGETS,
        bets: FISH_TARGETS.map((m) => bet(`f${m}`, `${m}× fish`, `Peixe ${m}×`, m)),
      };
    case 'showdown':
      // Symmetric hands: a win pays stake + (1 − rake), a tie returns the stake. With ties
      // ignored the RTP is 1 − rake/2, so rake = 2(1 − RTP); ties (≈0.3 % of 3-card hands) add
      // under 0.02 pp.
      return { ...base, bets: [bet('play', 'Play hand', 'Jogar mão', floor2(2 - 2 * (1 - rtp)))] };
    case 'match': {
      const fixtures =
        game.category === 'COCKFIGHT'
          ? cockfightFixtures(seedKey, rtp)
          : buildFixtures(seedKey, rtp, game.category === 'ESPORTS');
      return {
        ...base,
        fixtures,
        bets: fixtures.flatMap((fixture) =>
          fixture.outcomes.map((o) => bet(`${fixture.id}:${o.id}`, o.en, o.pt, o.odds)),
        ),
      };
    }
    case 'draw':
      return {
        ...base,
        bets: [
          ...Array.from({ length: DRAW_BALLS }, (_, n) =>
            bet(`b${n}`, String(n), String(n), floor2(rtp * DRAW_BALLS)),
          ),
          bet('even', 'Even', 'Par', floor2(rtp * 2)),
          bet('odd', 'Odd', 'Ímpar', floor2(rtp * 2)),
        ],
      };
    case 'crash':
      return { ...base, bets: [bet('target', 'Cash out at', 'Sacar em', 2)] };
  }
}

function shuffledSegments(seedKey: string, layout: Record<number, number>): number[] {
  const random = seededRandom(hashString(`banca-demo-provider/wheel/${seedKey}`));
  const segments = Object.entries(layout).flatMap(([value, count]) =>
    new Array<number>(count).fill(Number(value)),
  );
  for (let i = segments.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [segments[i], segments[j]] = [segments[j]!, segments[i]!];
  }
  return segments;
}

function buildFixtures(seedKey: string, rtp: number, esports: boolean): Fixture[] {
  const random = seededRandom(hashString(`banca-demo-provider/fixtures/${seedKey}`));
  const names = esports ? TEAMS_ESPORTS : TEAMS_SPORTS;
  const fixtures: Fixture[] = [];
  for (let i = 0; i < 4; i++) {
    const home = names[(i * 2) % names.length]!;
    const away = names[(i * 2 + 1 + random(3)) % names.length]!;
    const draw = esports ? 0 : 0.2 + random(10) / 100;
    const homeShare = 0.3 + random(41) / 100;
    const outcomes = [
      { id: 'home', en: home, pt: home, probability: (1 - draw) * homeShare },
      ...(draw > 0 ? [{ id: 'draw', en: 'Draw', pt: 'Empate', probability: draw }] : []),
      { id: 'away', en: away, pt: away, probability: (1 - draw) * (1 - homeShare) },
    ];
    fixtures.push({
      id: `m${i + 1}`,
      home,
      away,
      outcomes: outcomes.map((o) => ({ ...o, odds: floor2(rtp / o.probability) })),
    });
  }
  return fixtures;
}

/** Cockfights: Meron (the favourite) against Wala, with a rare draw. */
function cockfightFixtures(seedKey: string, rtp: number): Fixture[] {
  const random = seededRandom(hashString(`banca-demo-provider/cockfight/${seedKey}`));
  return Array.from({ length: 4 }, (_, i) => {
    const draw = 0.03;
    const meron = 0.5 + random(16) / 100;
    const outcomes = [
      { id: 'meron', en: 'Meron', pt: 'Meron', probability: (1 - draw) * meron },
      { id: 'draw', en: 'Draw', pt: 'Empate', probability: draw },
      { id: 'wala', en: 'Wala', pt: 'Wala', probability: (1 - draw) * (1 - meron) },
    ];
    return {
      id: `m${i + 1}`,
      home: `Meron #${101 + i * 2}`,
      away: `Wala #${102 + i * 2}`,
      outcomes: outcomes.map((o) => ({ ...o, odds: floor2(rtp / o.probability) })),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Cards

/** A card: rank 1 (ace) … 13 (king), suit 0–3. */
export interface Card {
  rank: number;
  suit: number;
}

/** An 8-deck shoe drawn without replacement (fresh each round). */
function shoe(random: RandomInt, decks = 8): () => Card {
  const left = new Array<number>(52).fill(decks);
  let total = 52 * decks;
  return () => {
    let pick = random(total);
    let index = 0;
    while (pick >= left[index]!) pick -= left[index++]!;
    left[index]!--;
    total--;
    return { rank: (index % 13) + 1, suit: Math.floor(index / 13) };
  };
}

const baccaratPoints = (cards: Card[]): number =>
  cards.reduce((sum, c) => sum + (c.rank >= 10 ? 0 : c.rank), 0) % 10;

function baccarat(random: RandomInt): { player: Card[]; banker: Card[]; p: number; b: number } {
  const draw = shoe(random);
  const player = [draw(), draw()];
  const banker = [draw(), draw()];
  let p = baccaratPoints(player);
  let b = baccaratPoints(banker);
  if (p < 8 && b < 8) {
    let third: number | null = null;
    if (p <= 5) {
      const card = draw();
      player.push(card);
      third = card.rank >= 10 ? 0 : card.rank;
      p = baccaratPoints(player);
    }
    const bankerDraws =
      third === null
        ? b <= 5
        : b <= 2 ||
          (b === 3 && third !== 8) ||
          (b === 4 && third >= 2 && third <= 7) ||
          (b === 5 && third >= 4 && third <= 7) ||
          (b === 6 && (third === 6 || third === 7));
    if (bankerDraws) {
      banker.push(draw());
      b = baccaratPoints(banker);
    }
  }
  return { player, banker, p, b };
}

const blackjackValue = (cards: Card[]): number => {
  let total = 0;
  let aces = 0;
  for (const c of cards) {
    total += c.rank === 1 ? 11 : Math.min(10, c.rank);
    if (c.rank === 1) aces++;
  }
  while (total > 21 && aces-- > 0) total -= 10;
  return total;
};

/**
 * Auto-played blackjack: the hand follows a simplified basic strategy (hit to 12 against a
 * dealer 2–6, to 17 against 7–A; no doubles or splits), the dealer stands on all 17s,
 * blackjack pays 3:2. Its RTP (≈ 97.5 %) is below the table's optimal-play figure.
 */
function blackjack(random: RandomInt): { player: Card[]; dealer: Card[]; multiplier: number } {
  const draw = shoe(random, 6);
  const player = [draw(), draw()];
  const dealer = [draw(), draw()];
  const playerBj = blackjackValue(player) === 21;
  const dealerBj = blackjackValue(dealer) === 21;
  if (playerBj || dealerBj)
    return { player, dealer, multiplier: playerBj && dealerBj ? 1 : playerBj ? 2.5 : 0 };
  const up = Math.min(10, dealer[0]!.rank === 1 ? 11 : dealer[0]!.rank);
  const standOn = up >= 2 && up <= 6 ? 12 : 17;
  while (blackjackValue(player) < standOn) player.push(draw());
  const p = blackjackValue(player);
  if (p > 21) return { player, dealer, multiplier: 0 };
  while (blackjackValue(dealer) < 17) dealer.push(draw());
  const d = blackjackValue(dealer);
  return { player, dealer, multiplier: d > 21 || p > d ? 2 : p === d ? 1 : 0 };
}

/** Three-card hand strength (teen patti order: trail, pure sequence, sequence, colour, pair, high). */
export function threeCardScore(cards: Card[]): number {
  const ranks = cards.map((c) => (c.rank === 1 ? 14 : c.rank)).sort((a, b) => b - a);
  const [a, b, c] = ranks as [number, number, number];
  const flush = cards.every((card) => card.suit === cards[0]!.suit);
  const wheel = a === 14 && b === 3 && c === 2;
  const straight = (a - b === 1 && b - c === 1) || wheel;
  const high = wheel ? 3 : a;
  const kickers = a * 225 + b * 15 + c;
  if (a === b && b === c) return 6e6 + a;
  if (straight && flush) return 5e6 + high;
  if (straight) return 4e6 + high;
  if (flush) return 3e6 + kickers;
  if (a === b || b === c) {
    const pair = b;
    const kicker = a === b ? c : a;
    return 2e6 + pair * 15 + kicker;
  }
  return 1e6 + kickers;
}

// ---------------------------------------------------------------------------------------------
// Playing a round

export class RoundInputError extends Error {}

export function playRound(
  spec: RoundSpec,
  betId: string,
  random: RandomInt,
  target?: number,
): RoundResult {
  const chosen = spec.bets.find((b) => b.id === betId);
  if (!chosen) throw new RoundInputError(`unknown bet ${betId}`);
  switch (spec.kind) {
    case 'roulette': {
      const pockets = spec.pockets ?? 37;
      const pocket = random(pockets); // 37 on the American wheel is 00
      const n = pocket === 37 ? -1 : pocket;
      const wins: Record<string, boolean> = {
        red: RED_NUMBERS.has(n),
        black: n > 0 && !RED_NUMBERS.has(n),
        even: n > 0 && n % 2 === 0,
        odd: n > 0 && n % 2 === 1,
        low: n >= 1 && n <= 18,
        high: n >= 19,
        dozen1: n >= 1 && n <= 12,
        dozen2: n >= 13 && n <= 24,
        dozen3: n >= 25,
      };
      const won = betId.startsWith('n') ? Number(betId.slice(1)) === n : (wins[betId] ?? false);
      return {
        outcome: {
          pocket: n === -1 ? '00' : n,
          color: n <= 0 ? 'green' : RED_NUMBERS.has(n) ? 'red' : 'black',
        },
        multiplier: won ? chosen.odds : 0,
      };
    }
    case 'baccarat': {
      const hand = baccarat(random);
      const winner = hand.p > hand.b ? 'player' : hand.b > hand.p ? 'banker' : 'tie';
      const multiplier = winner === betId ? chosen.odds : winner === 'tie' ? 1 : 0;
      return { outcome: { ...hand, winner }, multiplier };
    }
    case 'dragon-tiger': {
      const draw = shoe(random);
      const dragon = draw();
      const tiger = draw();
      const winner =
        dragon.rank > tiger.rank ? 'dragon' : tiger.rank > dragon.rank ? 'tiger' : 'tie';
      // On a tie, dragon and tiger bets lose half.
      const multiplier = winner === betId ? chosen.odds : winner === 'tie' ? 0.5 : 0;
      return { outcome: { dragon, tiger, winner }, multiplier };
    }
    case 'sic-bo': {
      const dice = [random(6) + 1, random(6) + 1, random(6) + 1];
      const sum = dice[0]! + dice[1]! + dice[2]!;
      const triple = dice[0] === dice[1] && dice[1] === dice[2];
      const won =
        betId === 'triple' ? triple : !triple && (betId === 'small' ? sum <= 10 : sum >= 11);
      return { outcome: { dice, sum, triple }, multiplier: won ? chosen.odds : 0 };
    }
    case 'blackjack': {
      const hand = blackjack(random);
      return {
        outcome: {
          player: hand.player,
          dealer: hand.dealer,
          playerTotal: blackjackValue(hand.player),
          dealerTotal: blackjackValue(hand.dealer),
        },
        multiplier: hand.multiplier,
      };
    }
    case 'wheel': {
      const segments = spec.segments ?? [];
      const index = random(segments.length);
      const value = segments[index]!;
      return { outcome: { index, value }, multiplier: `s${value}` === betId ? chosen.odds : 0 };
    }
    case 'fish': {
      const m = chosen.odds;
      // Caught with probability RTP / multiplier: every target returns the RTP.
      const caught = uniform(random) < spec.rtp / m;
      return { outcome: { target: m, caught }, multiplier: caught ? m : 0 };
    }
    case 'showdown': {
      const draw = shoe(random, 1);
      const player = [draw(), draw(), draw()];
      const opponent = [draw(), draw(), draw()];
      const ps = threeCardScore(player);
      const os = threeCardScore(opponent);
      const winner = ps > os ? 'player' : os > ps ? 'opponent' : 'tie';
      return {
        outcome: { player, opponent, winner },
        multiplier: winner === 'player' ? chosen.odds : winner === 'tie' ? 1 : 0,
      };
    }
    case 'match': {
      const [fixtureId, outcomeId] = betId.split(':');
      const fixture = spec.fixtures?.find((f) => f.id === fixtureId);
      if (!fixture) throw new RoundInputError(`unknown fixture ${fixtureId}`);
      let roll = uniform(random);
      let result = fixture.outcomes[fixture.outcomes.length - 1]!;
      for (const o of fixture.outcomes) {
        if (roll < o.probability) {
          result = o;
          break;
        }
        roll -= o.probability;
      }
      const score = matchScore(result.id, random);
      return {
        outcome: { fixture: fixture.id, result: result.id, score },
        multiplier: result.id === outcomeId ? chosen.odds : 0,
      };
    }
    case 'draw': {
      const ball = random(DRAW_BALLS);
      const won =
        betId === 'even' ? ball % 2 === 0 : betId === 'odd' ? ball % 2 === 1 : betId === `b${ball}`;
      return { outcome: { ball }, multiplier: won ? chosen.odds : 0 };
    }
    case 'crash': {
      const t = target ?? 2;
      if (!(t >= 1.01 && t <= MAX_CRASH_TARGET) || floor2(t) !== t)
        throw new RoundInputError('bad target');
      // P(crash point ≥ t) = RTP / t for every two-decimal t ≥ 1.01: each target returns the RTP.
      const u = 1 - uniform(random);
      const crash = Math.max(1, floor2(spec.rtp / u));
      return { outcome: { crash, target: t }, multiplier: crash >= t ? t : 0 };
    }
  }
}

function matchScore(result: string, random: RandomInt): [number, number] {
  const a = random(4);
  if (result === 'draw') return [a, a];
  const b = a + 1 + random(3);
  return result === 'home' || result === 'meron' ? [b, a] : [a, b];
}
