import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type TestClient } from './client';
import { ENGINES, startTestApp, type TestApp } from './harness';

/**
 * Every endpoint's access for each role (issue "Accounts", Security bar; docs/architecture.md):
 * a visitor, a trial (free-play) member, a member and an agent. `open` routes answer everyone;
 * `member` routes refuse visitors with not_logged_in; `real` routes also refuse trial members
 * with trial_register_first.
 */
type Access = 'open' | 'member' | 'real';
type Route = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  access: Access;
  encrypted?: boolean;
};

const ROUTES: Route[] = [
  { method: 'GET', url: '/wps/system/status', access: 'open' },
  { method: 'GET', url: '/wps/system/whitelabel', access: 'open' },
  { method: 'GET', url: '/wps/system/setting/register', access: 'open' },
  { method: 'GET', url: '/wps/system/country', access: 'open' },
  { method: 'GET', url: '/wps/system/domainRoute', access: 'open' },
  { method: 'GET', url: '/wps/system/helpCenter?lang=en', access: 'open' },
  { method: 'GET', url: '/wps/session/key/rsa', access: 'open' },
  { method: 'GET', url: '/wps/captcha', access: 'open' },
  { method: 'GET', url: '/lgw/games/game_menus', access: 'open' },
  { method: 'GET', url: '/lgw/games/list?gameType=RNG', access: 'open' },
  { method: 'GET', url: '/lgw/games/lanes', access: 'open' },
  { method: 'GET', url: '/lgw/games/hot?gameType=RNG', access: 'open' },
  { method: 'GET', url: '/lgw/games/winners', access: 'open' },
  { method: 'POST', url: '/wps/agent/affiliate', body: { code: 'AGENTE01' }, access: 'open' },
  { method: 'DELETE', url: '/wps/session/logout', access: 'member' },
  { method: 'GET', url: '/wps/member/info', access: 'member' },
  { method: 'GET', url: '/wps/member/info/icon', access: 'member' },
  { method: 'GET', url: '/wps/member/profile', access: 'member' },
  { method: 'GET', url: '/wps/member/sessions', access: 'member' },
  { method: 'GET', url: '/wps/v2/wallets/balance', access: 'member' },
  { method: 'GET', url: '/wps/wallet/transactions', access: 'member' },
  { method: 'GET', url: '/wps/member/bets', access: 'member' },
  { method: 'GET', url: '/wps/member/profit?period=today', access: 'member' },
  { method: 'POST', url: '/wps/relay/GCS_collectAll', access: 'member' },
  { method: 'GET', url: '/wps/games/favorites', access: 'member' },
  { method: 'GET', url: '/wps/games/recent', access: 'member' },
  { method: 'GET', url: '/lgw/games/list?selectType=FAV', access: 'member' },
  {
    method: 'POST',
    url: '/wps/member/password',
    body: { oldPassword: 'x', newPassword: 'y', confirmNewPassword: 'y' },
    access: 'real',
    encrypted: true,
  },
  { method: 'PUT', url: '/wps/member/language', body: { language: 'en' }, access: 'real' },
  { method: 'PUT', url: '/wps/member/profile', body: { nickname: 'Zé' }, access: 'real' },
  { method: 'GET', url: '/wps/member/info/funds/consolidated', access: 'real' },
  { method: 'GET', url: '/wps/member/messages', access: 'real' },
  { method: 'GET', url: '/wps/member/messages/unreadCount', access: 'real' },
  {
    method: 'PUT',
    url: '/wps/member/messages/read',
    body: { ids: [1], read: true },
    access: 'real',
  },
  { method: 'DELETE', url: '/wps/member/messages', body: { ids: [1] }, access: 'real' },
  { method: 'GET', url: '/wps/support/chat', access: 'real' },
  { method: 'GET', url: '/wps/support/chat/unread', access: 'real' },
  { method: 'POST', url: '/wps/support/chat/messages', body: { body: 'Olá' }, access: 'real' },
  { method: 'PUT', url: '/wps/support/chat/read', body: { upToId: 1 }, access: 'real' },
  { method: 'POST', url: '/wps/member/totp/setup', access: 'real' },
  {
    method: 'PUT',
    url: '/wps/member/password/payment',
    body: { loginPassword: 'x', paymentPassword: '123456', confirmPaymentPassword: '123456' },
    access: 'real',
    encrypted: true,
  },
];

describe.each(ENGINES)('access by role on %s', (engine) => {
  let t: TestApp;
  const roles: Record<string, () => Promise<TestClient>> = {};

  beforeAll(async () => {
    t = await startTestApp(engine);
    let n = 0;
    const fresh = () => createClient(t.app, { ip: `198.20.0.${(n += 1)}` });
    roles.visitor = async () => fresh();
    roles.trial = async () => {
      const c = fresh();
      c.setToken((await c.post('/wps/session/login/freeplay', {})).body.value.token);
      return c;
    };
    roles.member = async () => {
      const c = fresh();
      await c.register({
        username: `acc${engine[0]}${n}m`,
        password: 'access@2026',
        confirmPassword: 'access@2026',
      });
      return c;
    };
    roles.agent = async () => {
      const c = fresh();
      await c.login('agente', 'agente@2026');
      return c;
    };
  });
  afterAll(() => t.close());

  for (const role of ['visitor', 'trial', 'member', 'agent'] as const) {
    it(`answers a ${role} as the route's access says`, async () => {
      for (const route of ROUTES) {
        // A fresh session per route: logout and password changes must not affect the next one.
        const c = await roles[role]!();
        const res = route.encrypted
          ? await c.encrypted(route.method as 'POST' | 'PUT', route.url, route.body)
          : await c.raw(route.method, route.url, route.body);
        const label = `${role} ${route.method} ${route.url} → ${res.status} ${res.body.code ?? ''}`;
        expect(res.status, label).toBeLessThan(500);
        if (role === 'visitor' && route.access !== 'open') {
          expect(res.body.code, label).toBe('not_logged_in');
        } else if (role === 'trial' && route.access === 'real') {
          expect(res.body.code, label).toBe('trial_register_first');
        } else {
          expect(
            ['not_logged_in', 'trial_register_first', 'password_change_required'],
            label,
          ).not.toContain(res.body.code);
        }
      }
    });
  }
});
