import { type ProviderCatalogue, type ProviderGame } from './catalogue';
import { buildRoundSpec, type RoundSpec } from './engines/round-games';
import { buildSlotSpec, layoutFor, type SlotSpec } from './engines/slot';

/** A game as the provider plays it: a slot or a round game, with its stakes in minor units. */
export type PlayableGame =
  | { type: 'slot'; game: ProviderGame; spec: SlotSpec; stakesMinor: number[] }
  | { type: 'round'; game: ProviderGame; spec: RoundSpec; stakesMinor: number[] };

/** Slot stakes in units of `lines` minor units, so a line bet is always whole minor units. */
const SLOT_STAKE_STEPS = [1, 2, 5, 10, 20, 50, 100, 250, 500];
const ROUND_STAKES_MINOR = [100, 200, 500, 1_000, 2_000, 5_000, 10_000, 50_000];
const FISH_STAKES_MINOR = [10, 20, 50, 100, 200, 500, 1_000];
/**
 * Generated specs kept in memory. A slot's tuning takes 1–200 ms, so specs are made on first
 * launch and kept; the bound keeps a crawl of all 10,000 games from growing the process.
 */
const MAX_CACHED_GAMES = 2_000;

export function createGameRegistry(catalogue: ProviderCatalogue): {
  resolve(vendorCode: string, gameCode: string): PlayableGame | undefined;
} {
  const cache = new Map<string, PlayableGame>();
  return {
    resolve(vendorCode, gameCode) {
      const key = `${vendorCode}/${gameCode}`;
      const cached = cache.get(key);
      if (cached) return cached;
      const game = catalogue.find(vendorCode, gameCode);
      if (!game) return undefined;
      const playable = build(game);
      if (cache.size >= MAX_CACHED_GAMES) cache.delete(cache.keys().next().value as string);
      cache.set(key, playable);
      return playable;
    },
  };
}

function build(game: ProviderGame): PlayableGame {
  if (game.category === 'RNG' && game.classify !== 'CRASH') {
    const spec = buildSlotSpec(game.gameCode, layoutFor(game.classify), game.rtpBps);
    return {
      type: 'slot',
      game,
      spec,
      stakesMinor: SLOT_STAKE_STEPS.map((step) => step * spec.lines.length),
    };
  }
  const spec = buildRoundSpec(game);
  return {
    type: 'round',
    game,
    spec,
    stakesMinor: spec.kind === 'fish' ? FISH_STAKES_MINOR : ROUND_STAKES_MINOR,
  };
}
