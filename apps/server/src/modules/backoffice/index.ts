import { defineModule } from '../manifest';
import './errors';
import { backofficeRoutes } from './routes';
import { createBackofficeService, type BackofficeService } from './service';

export type { BackofficeService } from './service';

declare module '../manifest' {
  interface ServiceRegistry {
    backoffice: BackofficeService;
  }
}

/**
 * backoffice: the operator console's member desks (docs/admin-console.md): member lookup with
 * balances and ledger history, manual adjustments through the ledger, lock and unlock, the
 * development outbox. Rules over auth's accounts and outbox, the wallet and system; no table.
 * The console's own accounts, sessions and audit log are the admin module's.
 */
export const backofficeModule = defineModule({
  name: 'backoffice',
  requires: ['accounts', 'outbox', 'wallet', 'system'],
  provides: ['backoffice'],
  create: (_context, { accounts, outbox, wallet, system }) => ({
    backoffice: createBackofficeService({ accounts, outbox, wallet, system }),
  }),
  routes: { operator: (scope, services) => backofficeRoutes(scope, services.backoffice) },
});
