import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { HmacSha256 } from '@banca/contracts/fairness';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/connect';
import type { Database } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { WalletService } from '../wallet';

/**
 * The hash chains of the shared games, crash and double (docs/fairness.md §4, docs/house.md
 * "Double and Crash"): per game a random secret end h_n, the commitment h₀ = SHA-256ⁿ(h_n) and a
 * random salt, both published before the chain's first round; round i plays h_i, so each
 * revealed hash hashes to the one before it and, in the end, to the commitment.
 */
/** Games per chain: 10,000 SHA-256s (~10 ms) make the chain and find any of its hashes. */
export const CHAIN_LENGTH = 10_000;

/** Node's HMAC: the same function as the pure one of @banca/contracts/fairness, faster. */
export const nodeHmac: HmacSha256 = (key, message) =>
  new Uint8Array(createHmac('sha256', key).update(message).digest());

const sha = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

/** h_index of a chain: SHA-256 applied (length − index) times to its secret end. */
export function gameHashAt(terminal: string, length: number, index: number): string {
  let h = terminal;
  for (let i = length; i > index; i--) h = sha(h);
  return h;
}

export type Chain = {
  id: string;
  salt: string;
  commitment: string;
  length: number;
  terminal: string;
  played: number;
};

/** The game's chain with rounds left, made (once, whoever asks first) when there is none. */
export async function currentChain(db: Db, gameCode: string): Promise<Chain> {
  const found = await sql<Chain>`
    SELECT id, salt, commitment, length, terminal, played FROM house_chains
    WHERE game_code = ${gameCode} AND played < length ORDER BY id LIMIT 1`.execute(db);
  if (found.rows[0]) return found.rows[0];
  const terminal = randomBytes(32).toString('hex');
  await sql`INSERT INTO house_chains (game_code, salt, commitment, length, terminal)
    SELECT ${gameCode}, ${randomBytes(16).toString('hex')}, ${gameHashAt(terminal, CHAIN_LENGTH, 0)}, ${CHAIN_LENGTH}, ${terminal}
    WHERE NOT EXISTS (SELECT 1 FROM house_chains WHERE game_code = ${gameCode} AND played < length)`.execute(
    db,
  );
  return currentChain(db, gameCode);
}

/**
 * Opens the game's next round on the chain's next index, once: under the chain row's lock, and
 * only while no round of the game is open (`openStatuses`), so two requests or instances never
 * open two rounds (nor skip an index). `insert` writes the round in the same transaction.
 * Undefined when another opened it first.
 */
export async function openNextRound<T>(
  db: Db,
  gameCode: string,
  openStatuses: readonly string[],
  insert: (trx: Transaction<Database>, chain: Chain, index: number) => Promise<T>,
): Promise<T | undefined> {
  const chain = await currentChain(db, gameCode);
  return db.transaction().execute(async (trx) => {
    const locked = await sql<{ played: number }>`
      SELECT played FROM house_chains WHERE id = ${chain.id} FOR UPDATE`.execute(trx);
    if (locked.rows[0]?.played !== chain.played) return undefined;
    const open = await sql`SELECT 1 FROM house_rounds WHERE game_code = ${gameCode}
      AND status IN (${sql.join(openStatuses)}) LIMIT 1`.execute(trx);
    if (open.rows.length > 0) return undefined;
    const index = chain.played + 1;
    await sql`UPDATE house_chains SET played = ${index} WHERE id = ${chain.id}`.execute(trx);
    return insert(trx, chain, index);
  });
}

/** A shared round ended this long ago with bets still unfinished was left by a stopped instance. */
export const STALE_ROUND_MS = 60_000;

/**
 * Ended rounds of an engine whose bets are not all finished (a stake, a claim or a payout left
 * half-done by an instance that stopped), ended more than STALE_ROUND_MS before `at`.
 */
export async function staleRounds<R>(db: Db, engine: 'crash' | 'double', at: Date, limit: number) {
  const { rows } = await sql<R>`
    SELECT r.* FROM house_rounds r JOIN house_games g ON g.game_code = r.game_code
    WHERE g.engine = ${engine} AND r.status = 'ended' AND r.ended_at < ${new Date(at.getTime() - STALE_ROUND_MS)}
      AND EXISTS (SELECT 1 FROM house_round_bets b WHERE b.round_id = r.id
                  AND b.status IN ('pending', 'placed', 'settling'))
    ORDER BY r.id LIMIT ${limit}`.execute(db);
  return rows;
}

/** The game hash and salt of a round's chain index (computed from the secret end). */
export async function roundHash(
  db: Db,
  chainId: string,
  index: number,
): Promise<{ hash: string; salt: string }> {
  const { rows } = await sql<{ salt: string; terminal: string; length: number }>`
    SELECT salt, terminal, length FROM house_chains WHERE id = ${chainId}`.execute(db);
  const chain = rows[0]!;
  return { hash: gameHashAt(chain.terminal, chain.length, index), salt: chain.salt };
}

/**
 * A keyed bet-record post of a shared round. Two settlers of a round (the clock and a request,
 * or two instances) may post the same key at the same moment: the loser hears
 * `bet_round_changed` (its key was claimed meanwhile) and posts again, which replays the
 * winner's operation once it has committed.
 */
export async function postShared(
  wallet: WalletService,
  input: Parameters<WalletService['bets']['post']>[0],
): ReturnType<WalletService['bets']['post']> {
  try {
    return await wallet.bets.post(input);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'bet_round_changed') throw error;
    return wallet.bets.post(input);
  }
}
