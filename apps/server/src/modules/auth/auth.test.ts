import { errorEnvelopeSchema, loginResponseSchema } from '@banca/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestApp, type TestApp } from '../../../test/harness';
import { createClient, lastOutboxMessage } from '../../../test/client';
import { CAPTCHA_AFTER_FAILURES, LOCK_AFTER_PAIR_FAILURES } from './attempt-limiter';
import { totpCodeAt } from './totp';
import { sql } from 'kysely';

describe.each(ENGINES)('accounts on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  const client = (
    ip = `198.51.100.${Math.floor(Math.random() * 200) + 1}`,
    language: 'pt-BR' | 'en' = 'pt-BR',
  ) => createClient(t.app, { ip, language });

  describe('encrypted bodies', () => {
    it('refuses a plain body on a route marked E', async () => {
      const c = client();
      const res = await c.post('/wps/session/login', {
        type: 'username',
        username: 'demo',
        password: 'demo@2026',
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('encryption_required');
    });

    it('refuses an unknown key id and a tampered body', async () => {
      const c = client();
      const unknown = await c.post('/wps/session/login', {
        enc: { kid: 'nope', key: 'AAAA', iv: 'AAAA', data: 'AAAA' },
      });
      expect(unknown.body.code).toBe('encryption_key_unknown');
      const { kid } = (await c.get('/wps/session/key/rsa')).body.value;
      const tampered = await c.post('/wps/session/login', {
        enc: { kid, key: 'AAAA', iv: 'AAAAAAAAAAAAAAAA', data: 'AAAA' },
      });
      expect(tampered.status).toBe(400);
      expect(tampered.body.code).toBe('encryption_invalid');
    });

    it('validates the decrypted body like any other, translated', async () => {
      const c = client(undefined, 'en');
      const res = await c.encrypted('POST', '/wps/session/login', {
        type: 'username',
        username: 'x'.repeat(100),
        password: 'y',
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
      expect(res.body.message).toContain('at most 64 characters');
    });
  });

  describe('login', () => {
    it('logs the demo member in with a token, member info and the first-login flag once', async () => {
      const c = client();
      const first = await c.login('demo', 'demo@2026');
      expect(first.status).toBe(200);
      const value = loginResponseSchema.parse(first.body.value);
      expect(value.member.account).toBe('demo');
      expect(value.firstTimeLogin).toBe(true);
      expect(value.mustChangePassword).toBe(false);
      expect(value.token.length).toBeGreaterThanOrEqual(43);
      const info = await c.get('/wps/member/info');
      expect(info.body.value).toMatchObject({
        account: 'demo',
        isAgent: false,
        isTrial: false,
        currencySymbol: 'R$',
      });
      const again = await client().login('DEMO', 'demo@2026');
      expect(again.body.value.firstTimeLogin).toBe(false);
    });

    it('gives the same answer for a wrong password and an unknown account', async () => {
      const wrong = await client().login('demo', 'not-the-password');
      const unknown = await client().login('nobody_here', 'not-the-password');
      expect(wrong.status).toBe(400);
      expect(unknown.status).toBe(400);
      expect(wrong.body.code).toBe('login_failed');
      expect(unknown.body.code).toBe('login_failed');
      expect(wrong.body.message).toBe(unknown.body.message);
    });

    it('asks for a captcha after repeated failures, and accepts the right one once', async () => {
      const c = client('192.0.2.50');
      let last;
      for (let i = 0; i < CAPTCHA_AFTER_FAILURES; i++)
        last = await c.login('agente', 'wrong-password');
      expect(last!.body.data.captcha).toBe(true);
      const withoutCaptcha = await c.login('agente', 'agente@2026');
      expect(withoutCaptcha.body.code).toBe('captcha_required');
      expect(withoutCaptcha.body.data.captcha).toBe(true);

      const image = await c.get('/wps/captcha');
      expect(image.body.value).toMatch(/^data:image\/png;base64,/);
      const captchaId = image.headers['x-captcha-id'] as string;
      const bad = await c.login('agente', 'agente@2026', { captchaId, captcha: 'zzzz' });
      expect(bad.body.code).toBe('captcha_invalid');
      // The answer is stored hashed; the test reads it the only way a person could, so plant a known one.
      const fresh = await c.get('/wps/captcha');
      const freshId = fresh.headers['x-captcha-id'] as string;
      await sql`UPDATE captchas SET answer_hash = encode(sha256('abcd'::bytea), 'hex') WHERE id = ${freshId}`.execute(
        t.db,
      );
      // Bound to the client that fetched it: the right answer from another IP is refused, and
      // burns the captcha.
      const stolen = await c.get('/wps/captcha');
      const stolenId = stolen.headers['x-captcha-id'] as string;
      await sql`UPDATE captchas SET answer_hash = encode(sha256('abcd'::bytea), 'hex') WHERE id = ${stolenId}`.execute(
        t.db,
      );
      const relayed = await client('192.0.2.51').login('agente', 'agente@2026', {
        captchaId: stolenId,
        captcha: 'abcd',
      });
      expect(relayed.body.code).toBe('captcha_invalid');
      const good = await c.login('agente', 'agente@2026', { captchaId: freshId, captcha: 'ABCD' });
      expect(good.status).toBe(200);
      // Single use: the same id and answer are refused the second time.
      await expect(
        t.app.services.captcha.verify(freshId, 'abcd', { ip: '192.0.2.50', userAgent: null }),
      ).rejects.toMatchObject({
        code: 'captcha_invalid',
      });
    });

    it('locks an address out of an account after many failures from it, for existing and unknown names alike', async () => {
      for (const name of ['lockme', 'demo_lock_target']) {
        await t.db
          .insertInto('login_failures')
          .values(
            Array.from({ length: LOCK_AFTER_PAIR_FAILURES }, () => ({
              merchant_code: 'BANCA',
              account_key: name,
              ip: '10.9.9.9',
            })),
          )
          .execute();
        const res = await client('10.9.9.9').login(name, 'whatever', {
          captchaId: 'x',
          captcha: 'y',
        });
        expect(res.status).toBe(429);
        expect(res.body.code).toBe('login_locked');
        expect(res.body.message).toMatch(/\d+ minutos/);
        // Another address is not locked out: it is asked for a captcha instead.
        const elsewhere = await client('10.9.9.10').login(name, 'whatever');
        expect(elsewhere.body.code).toBe('captcha_required');
      }
    });

    it('refuses the agent login to non-agents and lets agents through', async () => {
      const member = await client().login('demo', 'demo@2026', { agentLogin: true });
      expect(member.status).toBe(403);
      expect(member.body.code).toBe('only_agents_can_login');
      const agent = await client().login('agente', 'agente@2026', { agentLogin: true });
      expect(agent.body.value.isAgent).toBe(true);
    });

    it('refuses non-member accounts everywhere (member_no_enter)', async () => {
      const c = client();
      await c.register({
        username: 'staffer1',
        password: 'staff@123',
        confirmPassword: 'staff@123',
      });
      await t.db
        .updateTable('members')
        .set({ type: 9 })
        .where('username', '=', 'staffer1')
        .execute();
      const res = await client().login('staffer1', 'staff@123');
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('member_no_enter');
    });

    it('forces the change of a weak default password before anything else', async () => {
      const c = client();
      const login = await c.login('novato', '123456');
      expect(login.body.value.mustChangePassword).toBe(true);
      expect((await c.get('/wps/member/info')).body.value.mustChangePassword).toBe(true);
      const profile = await c.get('/wps/member/profile');
      expect(profile.status).toBe(403);
      expect(profile.body.code).toBe('password_change_required');
      const weak = await c.encrypted('POST', '/wps/member/password', {
        oldPassword: '123456',
        newPassword: 'senha123',
        confirmNewPassword: 'senha123',
      });
      expect(weak.body.code).toBe('password_too_common');
      const mismatch = await c.encrypted('POST', '/wps/member/password', {
        oldPassword: '123456',
        newPassword: 'Novato#2026',
        confirmNewPassword: 'Novato#2027',
      });
      expect(mismatch.body.code).toBe('password_mismatch');
      const changed = await c.encrypted('POST', '/wps/member/password', {
        oldPassword: '123456',
        newPassword: 'Novato#2026',
        confirmNewPassword: 'Novato#2026',
      });
      expect(changed.status).toBe(200);
      expect((await c.get('/wps/member/info')).status).toBe(200);
      expect((await client().login('novato', 'Novato#2026')).body.value.mustChangePassword).toBe(
        false,
      );
    });

    it('forces a change of an expired password only where the brand enforces expiry', async () => {
      const c = client();
      await c.register({
        username: 'oldpass1',
        password: 'oldpass@1',
        confirmPassword: 'oldpass@1',
      });
      await t.db
        .updateTable('members')
        .set({ password_changed_at: new Date(Date.now() - 200 * 86_400_000) })
        .where('username', '=', 'oldpass1')
        .execute();
      const login = await client().login('oldpass1', 'oldpass@1');
      expect(login.body.value).toMatchObject({ passwordExpired: true, mustChangePassword: true });
      await t.app.services.system.updateBrandSettings('BANCA', (s) => ({
        ...s,
        siteFlags: { ...s.siteFlags, CHNGPASSVERIF3: false },
      }));
      const relaxed = await client().login('oldpass1', 'oldpass@1');
      expect(relaxed.body.value).toMatchObject({
        passwordExpired: false,
        mustChangePassword: false,
      });
      await t.app.services.system.updateBrandSettings('BANCA', (s) => ({
        ...s,
        siteFlags: { ...s.siteFlags, CHNGPASSVERIF3: true },
      }));
    });

    it('logs out: the token stops working', async () => {
      const c = client();
      await c.login('demo', 'demo@2026');
      expect((await c.delete('/wps/session/logout')).status).toBe(200);
      const after = await c.get('/wps/member/info');
      expect(after.status).toBe(401);
      expect(after.body.code).toBe('not_logged_in');
    });

    it('stores session tokens hashed', async () => {
      const c = client();
      await c.login('demo', 'demo@2026');
      const rows = await t.db.selectFrom('sessions').select('token_hash').execute();
      expect(rows.some((r) => r.token_hash === c.token)).toBe(false);
      expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
    });
  });

  describe('SMS login', () => {
    it('sends a code to a registered number and logs in with it, once', async () => {
      const c = client();
      const sent = await c.post('/wps/verification/sms/noLogin', {
        mobileNum: '11987654321',
        countryDialingCode: '+55',
      });
      expect(sent.body.value.expiredMinutes).toBeLessThanOrEqual(10);
      const { code } = await lastOutboxMessage(t.db, '+5511987654321');
      const res = await c.encrypted('POST', '/wps/session/login', {
        type: 'sms',
        mobileNum: '11987654321',
        countryDialingCode: '+55',
        verificationCode: code,
      });
      expect(res.body.value.member.account).toBe('demo');
      const replay = await c.encrypted('POST', '/wps/session/login', {
        type: 'sms',
        mobileNum: '11987654321',
        countryDialingCode: '+55',
        verificationCode: code,
      });
      expect(replay.body.code).toBe('verification_code_invalid');
    });

    it('throttles sends: one a second, then "retry after 5 minutes"', async () => {
      const c = client('192.0.2.77');
      expect(
        (await c.post('/wps/verification/sms/noLogin', { mobileNum: '11900000001' })).status,
      ).toBe(200);
      const quick = await c.post('/wps/verification/sms/noLogin', { mobileNum: '11900000002' });
      expect(quick.body.code).toBe('sms_throttled');
      await t.db
        .updateTable('verification_codes')
        .set({ created_at: new Date(Date.now() - 2000) })
        .where('client_key', '=', 'ip:192.0.2.77')
        .execute();
      for (let i = 0; i < 4; i++) {
        await c.post('/wps/verification/sms/noLogin', { mobileNum: `1190000001${i}` });
        await t.db
          .updateTable('verification_codes')
          .set({ created_at: new Date(Date.now() - 2000) })
          .where('client_key', '=', 'ip:192.0.2.77')
          .execute();
      }
      const tooMany = await c.post('/wps/verification/sms/noLogin', { mobileNum: '11900000099' });
      expect(tooMany.status).toBe(429);
      expect(tooMany.body.code).toBe('sms_too_many_requests');
      expect(tooMany.body.message).toContain('5 minutos');
    });

    it('reports a missing and a malformed number', async () => {
      expect((await client().post('/wps/verification/sms/noLogin', {})).body.code).toBe(
        'phone_missing',
      );
      expect(
        (await client().post('/wps/verification/sms/noLogin', { mobileNum: '12' })).body.code,
      ).toBe('phone_invalid_format');
    });
  });

  describe('extra verification from an unregistered IP', () => {
    it('holds the login and lets it through with a TOTP code, then remembers the IP', async () => {
      const home = client('203.0.113.200');
      await home.register({
        username: 'totpuser',
        password: 'totp@user1',
        confirmPassword: 'totp@user1',
      });
      const setup = await home.post('/wps/member/totp/setup');
      const secret = setup.body.value.secret as string;
      expect(setup.body.value.otpauthUrl).toContain('otpauth://totp/');
      // A new way to pass login checks: the password first (security-takeover.test.ts).
      await home.encrypted('POST', '/wps/member/reauth', {
        method: 'password',
        password: 'totp@user1',
      });
      const enable = await home.post('/wps/member/totp/enable', {
        code: totpCodeAt(secret, Date.now()),
      });
      expect(enable.status).toBe(200);
      await t.app.services.system.updateBrandSettings('BANCA', (s) => ({
        ...s,
        whitelabel: s.whitelabel.map((n) =>
          n.modId === 'LOGIN_IP_VERIFICATION' ? { ...n, enabled: true } : n,
        ),
      }));
      try {
        const away = client('203.0.113.201');
        const held = await away.login('totpuser', 'totp@user1');
        expect(held.status).toBe(403);
        expect(held.body.code).toBe('login_verification_required');
        expect(held.body.data.methods).toContain('totp');
        const wrong = await away.post('/wps/session/login/verification', {
          pendingToken: held.body.data.pendingToken,
          method: 'totp',
          code: '000000',
        });
        expect(wrong.body.code).toBe('verification_failed');
        // The code used at setup is spent; the next step's code is accepted.
        const next = totpCodeAt(secret, Date.now() + 30_000);
        const okRes = await away.post('/wps/session/login/verification', {
          pendingToken: held.body.data.pendingToken,
          method: 'totp',
          code: next,
        });
        expect(okRes.status).toBe(200);
        expect(okRes.body.value.member.account).toBe('totpuser');
        const again = await client('203.0.113.201').login('totpuser', 'totp@user1');
        expect(again.status).toBe(200);
      } finally {
        await t.app.services.system.updateBrandSettings('BANCA', (s) => ({
          ...s,
          whitelabel: s.whitelabel.map((n) =>
            n.modId === 'LOGIN_IP_VERIFICATION' ? { ...n, enabled: false } : n,
          ),
        }));
      }
    });
  });

  describe('request limits', () => {
    it('limits free-play accounts per address, with the wait in the message', async () => {
      const c = client('192.0.2.201');
      let last;
      for (let i = 0; i < 31; i++) last = await c.post('/wps/session/login/freeplay', {});
      expect(last!.status).toBe(429);
      expect(last!.body.code).toBe('too_many_requests');
      expect(last!.body.message).toMatch(/\d+ segundos/);
      expect((await client('192.0.2.202').post('/wps/session/login/freeplay', {})).status).toBe(
        200,
      );
    });
  });

  describe('free play', () => {
    it('creates a trial member that must register a real account for member-only actions', async () => {
      const c = client();
      const res = await c.post('/wps/session/login/freeplay', { os: 'web', platform: 'W' });
      expect(res.body.value.isTrial).toBe(true);
      c.setToken(res.body.value.token);
      const info = await c.get('/wps/member/info');
      expect(info.body.value).toMatchObject({ type: 4, isTrial: true });
      const language = await c.put('/wps/member/language', { language: 'en' });
      expect(language.status).toBe(403);
      expect(language.body.code).toBe('trial_register_first');
    });
  });

  it('records the Device header on the session, and web for a device it does not know', async () => {
    const deviceOf = async (device: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/wps/session/login/freeplay',
        remoteAddress: `198.51.100.${Math.floor(Math.random() * 200) + 1}`,
        headers: { 'x-gateway-version': '3', device, 'content-type': 'application/json' },
        payload: JSON.stringify({ os: 'web', platform: 'W' }),
      });
      const row = await t.db
        .selectFrom('sessions')
        .select('device')
        .where('member_id', '=', res.json().value.member.id)
        .executeTakeFirstOrThrow();
      return row.device;
    };
    expect(await deviceOf('IOS')).toBe('ios');
    expect(await deviceOf('h5')).toBe('h5');
    expect(await deviceOf('toaster')).toBe('web');
  });

  describe('forgot password', () => {
    it('by e-mail: form-encoded request, code from the outbox, new password, logged in', async () => {
      const c = client();
      const unknown = await t.app.inject({
        method: 'POST',
        url: '/wps/member/password/email',
        payload: 'username=demo&email=wrong%40example.com',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress: '198.51.100.90',
      });
      expect(errorEnvelopeSchema.parse(unknown.json()).code).toBe('username_or_email_not_found');
      const sent = await t.app.inject({
        method: 'POST',
        url: '/wps/member/password/email',
        payload: 'username=demo&email=DEMO%40banca.local',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress: '198.51.100.91',
      });
      expect(sent.statusCode).toBe(200);
      const { code } = await lastOutboxMessage(t.db, 'demo@banca.local');
      const reset = await c.encrypted('POST', '/wps/member/password/verification', {
        username: 'demo',
        email: 'demo@banca.local',
        verificationCode: code,
        newPassword: 'demo@2027',
        confirmNewPassword: 'demo@2027',
      });
      expect(reset.status).toBe(200);
      expect(reset.body.value.member.account).toBe('demo');
      expect((await client().login('demo', 'demo@2026')).body.code).toBe('login_failed');
      // Put the documented demo password back for the other tests.
      const back = createClient(t.app, { ip: '198.51.100.92' });
      back.setToken(reset.body.value.token);
      await back.encrypted('POST', '/wps/member/password', {
        oldPassword: 'demo@2027',
        newPassword: 'demo@2026',
        confirmNewPassword: 'demo@2026',
      });
    });
  });

  describe('member pages', () => {
    it('updates the profile, the language, and lists and ends sessions', async () => {
      const a = client();
      await a.register({
        username: 'perfil01',
        password: 'perfil@01',
        confirmPassword: 'perfil@01',
      });
      const b = client();
      await b.login('perfil01', 'perfil@01');
      // The e-mail is a recovery channel: the password first (security-takeover.test.ts).
      await a.encrypted('POST', '/wps/member/reauth', {
        method: 'password',
        password: 'perfil@01',
      });
      // ...and the code sent to the new address.
      await a.post('/wps/member/contact/code', { channel: 'email', value: 'ze@example.com' });
      const updated = await a.put('/wps/member/profile', {
        nickname: 'Zé',
        birthday: '1990-05-17',
        telegram: '@ze',
        email: 'ze@example.com',
        emailCode: (await lastOutboxMessage(t.db, 'ze@example.com')).code!,
      });
      expect(updated.body.message).toBeUndefined();
      expect(updated.body.value).toMatchObject({
        nickname: 'Zé',
        birthday: '1990-05-17',
        telegram: '@ze',
        email: 'ze@example.com',
      });
      const badDate = await a.put('/wps/member/profile', { birthday: '17/05/1990' });
      expect(badDate.body.code).toBe('validation_failed');
      expect((await a.put('/wps/member/language', { language: 'en' })).body.value.language).toBe(
        'en',
      );
      expect((await a.get('/wps/member/info')).body.value.language).toBe('en');
      const sessions = (await a.get('/wps/member/sessions')).body.value as Array<{
        id: number;
        current: boolean;
      }>;
      expect(sessions).toHaveLength(2);
      const other = sessions.find((s) => !s.current)!;
      expect((await a.delete(`/wps/member/sessions/${other.id}`)).status).toBe(200);
      expect((await b.get('/wps/member/info')).status).toBe(401);
      expect((await a.delete(`/wps/member/sessions/${other.id}`)).body.code).toBe(
        'session_not_found',
      );
    });

    it('sets the payment password with the login password, then changes it with the old one', async () => {
      const c = client();
      await c.register({ username: 'payer01', password: 'payer@01', confirmPassword: 'payer@01' });
      const wrong = await c.encrypted('PUT', '/wps/member/password/payment', {
        loginPassword: 'nope',
        paymentPassword: '123456',
        confirmPaymentPassword: '123456',
      });
      expect(wrong.body.code).toBe('old_password_incorrect');
      const set = await c.encrypted('PUT', '/wps/member/password/payment', {
        loginPassword: 'payer@01',
        paymentPassword: '246810',
        confirmPaymentPassword: '246810',
      });
      expect(set.status).toBe(200);
      expect((await c.get('/wps/member/profile')).body.value.paymentPasswordSet).toBe(true);
      const change = await c.encrypted('PUT', '/wps/member/password/payment', {
        oldPaymentPassword: '246810',
        paymentPassword: '135790',
        confirmPaymentPassword: '135790',
      });
      expect(change.status).toBe(200);
    });

    it('refuses member routes to visitors with not_logged_in', async () => {
      for (const url of [
        '/wps/member/info',
        '/wps/member/info/icon',
        '/wps/member/profile',
        '/wps/member/sessions',
      ]) {
        const res = await client().get(url);
        expect(res.status, url).toBe(401);
        expect(res.body.code).toBe('not_logged_in');
      }
    });
  });
});
