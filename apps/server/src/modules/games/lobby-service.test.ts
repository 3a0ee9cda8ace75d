import { describe, expect, it } from 'vitest';
import type { GamesService } from './service';
import type { GameRow, LobbyRepository } from './lobby-repository';
import { createLobbyService, type LobbyRequest } from './lobby-service';

function game(id: number, name: string, iconUrl: string | null = null): GameRow {
  return {
    id,
    vendor_code: 'PG',
    vendor_name: 'PG Soft',
    game_code: `g${id}`,
    game_category: 'RNG',
    name_en: name,
    name_pt: name,
    classify: 'SLOT',
    is_hot: false,
    is_new: false,
    maintenance: false,
    vendor_maintenance: false,
    entry_kind: 'VASSALAGE',
    rtp_bps: 9600,
    icon_url: iconUrl,
  };
}

/** A repository whose catalogue reads the test answers by hand. */
function controlledCatalogue() {
  const reads: Array<(rows: GameRow[]) => void> = [];
  const repo = {
    allGames: () => new Promise<GameRow[]>((resolve) => reads.push(resolve)),
  } as unknown as LobbyRepository;
  return { repo, reads };
}

const page: LobbyRequest = { selectType: 'ALL', gameType: 'RNG', pageNo: 1, pageSize: 18 };
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('lobby catalogue in memory', () => {
  it('keeps answering from a stale catalogue while the new one is read, then switches', async () => {
    let nowMs = 0;
    const { repo, reads } = controlledCatalogue();
    const lobby = createLobbyService({ repo, games: {} as GamesService, now: () => nowMs });

    const first = lobby.list(page, 'en', null);
    reads[0]!([game(1, 'Old Dragon')]);
    expect((await first).games.map((g) => g.gameName)).toEqual(['Old Dragon']);

    nowMs = 61_000; // past the 60 s TTL: a background read starts, the answer does not wait
    const stale = await lobby.list(page, 'en', null);
    expect(stale.games.map((g) => g.gameName)).toEqual(['Old Dragon']);
    expect(reads).toHaveLength(2);
    // Only one background read at a time.
    await lobby.list({ ...page, pageNo: 2 }, 'en', null);
    expect(reads).toHaveLength(2);

    reads[1]!([game(1, 'Old Dragon'), game(2, 'New Tiger')]);
    await settle();
    const fresh = await lobby.list(page, 'en', null);
    expect(fresh.games.map((g) => g.gameName)).toEqual(['Old Dragon', 'New Tiger']);
  });

  it('waits for the catalogue after invalidate(), so an operator change shows at once', async () => {
    const { repo, reads } = controlledCatalogue();
    const lobby = createLobbyService({
      repo,
      games: { invalidate: () => undefined } as unknown as GamesService,
      now: () => 0,
    });
    const first = lobby.list(page, 'en', null);
    reads[0]!([game(1, 'Old Dragon')]);
    await first;
    lobby.invalidate();
    const after = lobby.list(page, 'en', null);
    reads[1]!([game(3, 'Renamed')]);
    expect((await after).games.map((g) => g.gameName)).toEqual(['Renamed']);
  });

  it("shows a game's own picture, and generated art only for a game without one", async () => {
    const { repo, reads } = controlledCatalogue();
    const lobby = createLobbyService({ repo, games: {} as GamesService, now: () => 0 });
    const answer = lobby.list(page, 'en', null);
    reads[0]!([game(1, 'Own Icon', 'https://cdn.vendor.example/pg/1.png'), game(2, 'No Icon')]);
    expect((await answer).games.map((g) => g.iconUrl)).toEqual([
      'https://cdn.vendor.example/pg/1.png',
      '/lgw/art/game/2.svg',
    ]);
  });
});
