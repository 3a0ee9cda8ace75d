import type { Db } from '../../db/connect';
import { postOperation, type WalletService } from '../wallet';
import type { RewardIssuer } from './seam';

/**
 * The issuers this part of the module implements (seam.ts): cash into the member's main
 * wallet and points into the member's points wallet (Portaria 1.231/2024 art. 42–43: points
 * live in a wallet of their own), each one ledger operation from the brand's house account
 * `promotion`, keyed by the grant so a repeat pays nothing.
 */
export function createLedgerIssuers(deps: { db: Db; wallet: WalletService }): {
  cash: RewardIssuer;
  points: RewardIssuer;
} {
  const issueInto = (purpose: 'main' | 'points', kind: string): RewardIssuer => ({
    async issue(grant) {
      const member = {
        memberId: grant.memberId,
        merchantCode: grant.merchantCode,
        currency: grant.currency,
      };
      const [from, to] = await Promise.all([
        deps.wallet.houseAccount(grant.merchantCode, 'promotion', grant.currency),
        deps.wallet.memberAccount(member, purpose),
      ]);
      const operation = await postOperation(deps.db, {
        idempotencyKey: grant.idempotencyKey,
        kind,
        reference: `promotion:${grant.promotionId}`,
        transfers: [
          {
            from,
            to,
            amountMinor: grant.amountMinor,
            kind,
            reference: `promotion-entry:${grant.entryId}`,
          },
        ],
      });
      return { reference: `ledger:${operation.operationId}` };
    },
  });
  return {
    cash: issueInto('main', 'promotion_cash'),
    points: issueInto('points', 'promotion_points'),
  };
}
