import type { BetRecord } from '../src/modules/wallet';

/**
 * One transaction of a house round (vendor BGS) as the wallet's bet path takes it: how the
 * integration tests play a round without a game (`wallet.bets.post` a WITHDRAW, then a DEPOSIT
 * that ends it). The transaction id is `<round>:<type>`, so posting it again is a replay.
 */
export function houseBet(
  memberId: number,
  round: string,
  type: 'WITHDRAW' | 'DEPOSIT',
  amount: number,
  game = 'DICE',
): BetRecord {
  return {
    merchant: 'BANCA',
    member: memberId,
    vendor: 'BGS',
    game,
    round,
    currency: 'BRL',
    txId: `${round}:${type}`,
    type,
    betRef: null,
    amount,
    txTime: new Date().toISOString(),
    gameOver: type === 'DEPOSIT',
    cancels: null,
    tombstone: false,
  };
}
