import { defineModule } from '../manifest';
import './errors';
import { membersRoutes } from './routes';
import { createMembersService, type MembersService } from './service';

export type { MembersService } from './service';

declare module '../manifest' {
  interface ServiceRegistry {
    members: MembersService;
  }
}

/**
 * members: registration (by username or mobile), member info, profile, language, free play.
 * Member rows belong to auth (the accounts); this module writes them through auth's service.
 */
export const membersModule = defineModule({
  name: 'members',
  requires: ['accounts', 'auth', 'wallet', 'messages'],
  provides: ['members'],
  create: (_context, { accounts, auth, wallet, messages }) => ({
    members: createMembersService({ accounts, auth, wallet, messages }),
  }),
  routes: { player: (scope, services) => membersRoutes(scope, services) },
});
