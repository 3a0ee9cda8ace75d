import { describe, expect, it } from 'vitest';
import { buildProviderCatalogue } from '../catalogue';
import { seededRandom } from './rng';
import {
  buildRoundSpec,
  playRound,
  roundKindFor,
  threeCardScore,
  type RoundGame,
} from './round-games';

const ROUNDS = 400_000;
const catalogue = buildProviderCatalogue();

function firstGame(category: string, classify?: string): RoundGame {
  const game = catalogue
    .all()
    .find((g) => g.category === category && (!classify || g.classify === classify));
  if (!game) throw new Error(`no ${category} ${classify}`);
  return game;
}

/** Mean payout multiple of one bet over ROUNDS rounds, and its standard error. */
function measure(game: RoundGame, betId: string, target?: number): { mean: number; se: number } {
  const spec = buildRoundSpec(game);
  const random = seededRandom(99);
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const m = playRound(spec, betId, random, target).multiplier;
    sum += m;
    squares += m * m;
  }
  const mean = sum / ROUNDS;
  return { mean, se: Math.sqrt(squares / ROUNDS - mean * mean) / Math.sqrt(ROUNDS) };
}

describe('round games', () => {
  it('gives every non-slot catalogue entry an engine and bets', () => {
    for (const game of catalogue.all()) {
      if (game.category === 'RNG' && game.classify !== 'CRASH') continue;
      const spec = buildRoundSpec(game);
      expect(spec.bets.length, `${game.vendorCode}/${game.gameCode}`).toBeGreaterThan(0);
    }
    expect(roundKindFor('COCKFIGHT', 'COCKFIGHT', 'GDO', 'LOBBY')).toBe('match');
  });

  // Real-rule tables return their rules' RTP; the others the advertised one. 4 SE bounds.
  it.each([
    ['LIVE', 'ROULETTE', 'red', 0.973],
    ['LIVE', 'BACCARAT', 'banker', 0.9894],
    ['LIVE', 'BACCARAT', 'player', 0.9876],
    ['LIVE', 'DRAGON_TIGER', 'dragon', 0.9627],
    ['LIVE', 'SIC_BO', 'big', 0.9722],
  ] as const)('%s %s: bet %s returns %f', (category, classify, betId, expected) => {
    const game = firstGame(category, classify);
    const { mean, se } = measure(game, betId);
    expect(Math.abs(mean - expected)).toBeLessThanOrEqual(4 * se);
  });

  it.each([
    ['FISH', undefined, 'f10'],
    ['LIVE', 'GAME_SHOW', 's5'],
    ['PVP', undefined, 'play'],
    ['SPORTS', undefined, 'm1:home'],
    ['COCKFIGHT', undefined, 'm2:wala'],
    ['LOTT', undefined, 'b3'],
    ['RNG', 'CRASH', 'target'],
  ] as const)('%s %s: bet %s returns the advertised RTP', (category, classify, betId) => {
    const game = firstGame(category, classify);
    const { mean, se } = measure(game, betId, betId === 'target' ? 2.5 : undefined);
    // Odds are floored to two decimals, which can only lower the RTP, by < 0.01 / odds.
    expect(mean, `${game.gameCode}`).toBeLessThanOrEqual(game.rtpBps / 10_000 + 4 * se);
    expect(mean).toBeGreaterThanOrEqual(game.rtpBps / 10_000 - 4 * se - 0.005);
  });

  it('ranks three-card hands in teen patti order', () => {
    const c = (rank: number, suit = 0) => ({ rank, suit });
    const trail = threeCardScore([c(2), c(2, 1), c(2, 2)]);
    const pureSequence = threeCardScore([c(1), c(13), c(12)]);
    const sequence = threeCardScore([c(4), c(5, 1), c(6)]);
    const colour = threeCardScore([c(2), c(9), c(13)]);
    const pair = threeCardScore([c(9), c(9, 1), c(2)]);
    const high = threeCardScore([c(1), c(9, 1), c(2)]);
    expect([trail, pureSequence, sequence, colour, pair, high]).toEqual(
      [trail, pureSequence, sequence, colour, pair, high].sort((a, b) => b - a),
    );
  });
});
