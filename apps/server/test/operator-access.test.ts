import { ADMIN_ROUTES, type RouteDescriptor } from '@banca/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestApp, type TestApp } from './harness';
import { createStaffClient, signedInOperator, type StaffClient } from './staff-client';

/** The sign-in steps: the only operator routes answered without a staff session. */
const SIGN_IN = new Set<string>([ADMIN_ROUTES.staff.login.path, ADMIN_ROUTES.staff.totp.path]);
/** Routes any signed-in operator may call, whatever their roles: who they are, and leaving. */
const ANY_STAFF = new Set([
  `${ADMIN_ROUTES.staff.me.method} ${ADMIN_ROUTES.staff.me.path}`,
  `${ADMIN_ROUTES.staff.logout.method} ${ADMIN_ROUTES.staff.logout.path}`,
]);

function everyOperatorRoute(): RouteDescriptor[] {
  return Object.values(ADMIN_ROUTES).flatMap((area) => Object.values<RouteDescriptor>(area));
}

const urlOf = (route: RouteDescriptor) => route.path.replace(/:(\w+)/g, '1');

/**
 * Every operator route against every kind of caller (DESIGN.md §9 "every role is checked
 * against every endpoint"): nobody, a member's token, a staff token without its binding, and an
 * operator with no role. Desks added by other modules to ADMIN_ROUTES are covered too.
 */
describe.each(ENGINES)('operator scope access on %s', (engine) => {
  let t: TestApp;
  let roleless: StaffClient;
  beforeAll(async () => {
    t = await startTestApp(engine);
    roleless = (await signedInOperator(t.app, [], { ip: '198.51.100.40' })).client;
  });
  afterAll(() => t.close());

  it('refuses every route but the sign-in without a bound staff session', async () => {
    const nobody = createStaffClient(t.app, { ip: '198.51.100.41' });
    for (const route of everyOperatorRoute()) {
      if (SIGN_IN.has(route.path)) continue;
      const payload = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
      const anonymous = await nobody.raw(route.method, urlOf(route), payload, { token: null });
      expect([route.path, anonymous.status, anonymous.body.code]).toEqual([
        route.path,
        401,
        'staff_login_required',
      ]);
      // A token of the right shape that is not a staff session (a member's, a guess).
      const guessed = await nobody.raw(route.method, urlOf(route), payload, {
        token: 'A'.repeat(43),
      });
      expect([route.path, guessed.body.code]).toEqual([route.path, 'staff_login_required']);
    }
  });

  it('an operator without roles reaches only who-am-I and logout; everything else is staff_role_required', async () => {
    for (const route of everyOperatorRoute()) {
      const key = `${route.method} ${route.path}`;
      if (SIGN_IN.has(route.path) || ANY_STAFF.has(key)) continue;
      const payload = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
      const reply = await roleless.raw(route.method, urlOf(route), payload);
      expect([key, reply.status, reply.body.code]).toEqual([key, 403, 'staff_role_required']);
    }
    expect((await roleless.get(ADMIN_ROUTES.staff.me.path)).status).toBe(200);
  });
});
