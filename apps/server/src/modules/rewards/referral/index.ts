import type { Db } from '../../../db/connect';
import type { Accounts } from '../../auth';
import type { PaymentsService } from '../../payments';
import type { SystemService } from '../../system';
import type { MissionsService } from '../missions';
import type { RewardIssuers } from '../seam';
import { createReferralRepository } from './repository';
import { createReferralService, type ReferralService } from './service';

export { referralAdminRoutes, referralRoutes } from './routes';
export type { ReferralService } from './service';

/** The invite-a-friend part of the rewards module (docs/missions.md); qualified friends count toward invite missions. */
export function createReferralPart(deps: {
  db: Db;
  system: SystemService;
  payments: PaymentsService;
  accounts: Accounts;
  issuers: RewardIssuers;
  missions: MissionsService;
}): ReferralService {
  return createReferralService({
    repo: createReferralRepository(deps.db),
    system: deps.system,
    payments: deps.payments,
    accounts: deps.accounts,
    issuers: deps.issuers,
    onFriendQualified: (p) => deps.missions.onFriendQualified(p),
  });
}
