import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestApp, type TestApp } from '../../../test/harness';
import {
  createStaffClient,
  signedInDemoOwner,
  signedInOperator,
  STAFF_TEST_USER_AGENT,
} from '../../../test/staff-client';
import { DEMO_OPERATOR } from '../../demo/operators';
import { totpCodeAt } from '../auth';
import { LOCK_AFTER_PAIR_FAILURES } from '../auth/attempt-limiter';

describe.each(ENGINES)('operator console sign-in and audit on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it('the password alone opens nothing: the authenticator code is required, and used once', async () => {
    const browser = createStaffClient(t.app, { ip: '198.51.100.1' });
    const first = await browser.password(DEMO_OPERATOR.username, DEMO_OPERATOR.password);
    expect(first.status).toBe(200);
    // The demo owner's authenticator is enrolled: no secret is shown again.
    expect(first.body.value).toEqual({ step: 'totp', pendingToken: expect.any(String) });
    expect(browser.token).toBeNull();
    expect((await browser.get('/admin/api/session')).body.code).toBe('staff_login_required');

    const wrong = await browser.code(first.body.value.pendingToken, '000000');
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('totp_invalid');

    const code = totpCodeAt(DEMO_OPERATOR.totpSecret, Date.now());
    const right = await browser.code(first.body.value.pendingToken, code);
    expect(right.status).toBe(200);
    expect(right.body.value.operator).toMatchObject({ username: 'owner', totpEnrolled: true });
    expect(right.headers['set-cookie']).toMatch(
      /^banca_staff_binding=[\w-]{40,}; Path=\/admin\/api; HttpOnly; SameSite=Strict/,
    );
    const me = await browser.get('/admin/api/session');
    expect(me.body.value).toMatchObject({ username: 'owner', roles: DEMO_OPERATOR.roles });

    // The same code again (a shoulder-surfed or replayed one) is refused, even with the password.
    const again = createStaffClient(t.app, { ip: '198.51.100.1' });
    const second = await again.password(DEMO_OPERATOR.username, DEMO_OPERATOR.password);
    const replay = await again.code(second.body.value.pendingToken, code);
    expect(replay.body.code).toBe('totp_invalid');
    // The pending sign-in is tied to the address that gave the password.
    const elsewhere = createStaffClient(t.app, { ip: '198.51.100.99' });
    const stolenPending = await elsewhere.code(
      second.body.value.pendingToken,
      totpCodeAt(DEMO_OPERATOR.totpSecret, Date.now() + 30_000),
    );
    expect(stolenPending.body.code).toBe('staff_login_expired');
  });

  it('a first sign-in enrols the authenticator: QR secret shown once, saved only when a code proves it', async () => {
    const created = await t.app.services.operators.createOperator(
      {
        username: 'newbie',
        displayName: 'Newbie',
        password: 'newbie-console-1',
        roles: ['support'],
      },
      null,
    );
    expect(created.totpEnrolled).toBe(false);
    const browser = createStaffClient(t.app, { ip: '198.51.100.2' });
    const first = await browser.password('newbie', 'newbie-console-1');
    expect(first.body.value.step).toBe('enrol');
    expect(first.body.value.otpauthUrl).toMatch(
      /^otpauth:\/\/totp\/Banca%20console:newbie\?issuer=Banca%20console&secret=[A-Z2-7]+/,
    );
    const secret: string = first.body.value.secret;
    // A wrong code saves nothing: the next sign-in still enrols (with a new secret).
    expect((await browser.code(first.body.value.pendingToken, '123456')).body.code).toBe(
      'totp_invalid',
    );
    const ok = await browser.code(first.body.value.pendingToken, totpCodeAt(secret, Date.now()));
    expect(ok.body.value.operator.totpEnrolled).toBe(true);
    const later = await createStaffClient(t.app, { ip: '198.51.100.2' }).password(
      'newbie',
      'newbie-console-1',
    );
    expect(later.body.value).toEqual({ step: 'totp', pendingToken: expect.any(String) });
  });

  it('wrong codes count toward the lock-out, like wrong passwords; then even the right ones are refused', async () => {
    const op = await signedInOperator(t.app, ['support'], { ip: '198.51.100.3' });
    const browser = createStaffClient(t.app, { ip: '198.51.100.3' });
    let wrongCodes = 0;
    while (wrongCodes < LOCK_AFTER_PAIR_FAILURES) {
      const step = await browser.password(op.username, op.password);
      expect(step.body.value.step).toBe('totp');
      for (let i = 0; i < 5 && wrongCodes < LOCK_AFTER_PAIR_FAILURES; i++) {
        const reply = await browser.code(step.body.value.pendingToken, '000000');
        expect(reply.body.code).toBe('totp_invalid');
        wrongCodes += 1;
      }
    }
    const locked = await browser.password(op.username, op.password);
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe('login_locked');
    // The lock is per address: the operator can still sign in from the office's other line.
    const other = await createStaffClient(t.app, { ip: '198.51.100.4' }).signIn(
      op.username,
      op.password,
      op.secret,
      Date.now() + 30_000,
    );
    expect(other.reply.status).toBe(200);
  });

  it('wrong passwords lock the address out of the operator account too (the members’ limiter)', async () => {
    const browser = createStaffClient(t.app, { ip: '198.51.100.5' });
    for (let i = 0; i < LOCK_AFTER_PAIR_FAILURES; i++) {
      const reply = await browser.password('owner', `wrong-password-${i}`);
      expect(reply.body.code).toBe('staff_login_failed');
    }
    const locked = await browser.password(DEMO_OPERATOR.username, DEMO_OPERATOR.password);
    expect(locked.body.code).toBe('login_locked');
    // An unknown operator answers exactly like a wrong password.
    const unknown = await createStaffClient(t.app, { ip: '198.51.100.6' }).password(
      'nobody-here',
      'whatever-password',
    );
    expect(unknown.body).toEqual({
      success: false,
      code: 'staff_login_failed',
      message: 'Operador ou senha incorretos.',
    });
  });

  it('an operator without the role is refused with staff_role_required, translated', async () => {
    const roleless = await signedInOperator(t.app, [], { ip: '198.51.100.7' });
    const pt = await roleless.client.get('/admin/api/audit');
    expect(pt.status).toBe(403);
    expect(pt.body).toEqual({
      success: false,
      code: 'staff_role_required',
      message: 'Seu perfil de operador não permite esta ação.',
    });
    const en = createStaffClient(t.app, { ip: '198.51.100.7', language: 'en' });
    await en.signIn(roleless.username, roleless.password, roleless.secret, Date.now() + 30_000);
    const reply = await en.get('/admin/api/operators');
    expect(reply.body.message).toBe('Your operator role does not allow this action.');
    // Signed in all the same: who they are is theirs to read.
    expect((await en.get('/admin/api/session')).body.value.roles).toEqual([]);
  });

  it('a stolen session token without its binding cookie, or from another browser, is refused and burns the session', async () => {
    const op = await signedInOperator(t.app, ['owner'], { ip: '198.51.100.8' });
    const token = op.client.token!;
    const cookie = op.client.cookie!;
    expect((await op.client.get('/admin/api/session')).status).toBe(200);

    // Another browser with the same user agent but only the token (from a log, a screenshot).
    const thief = createStaffClient(t.app, { ip: '203.0.113.66' });
    const tokenOnly = await thief.raw('GET', '/admin/api/operators', undefined, {
      token,
      cookie: null,
    });
    expect(tokenOnly.status).toBe(401);
    expect(tokenOnly.body.code).toBe('staff_login_required');
    // The attempt ended the session: even its owner's browser must sign in again.
    expect((await op.client.get('/admin/api/session')).status).toBe(401);

    // With the cookie too but from another browser (user agent), a fresh session is refused as well.
    const second = await signedInOperator(t.app, ['owner'], { ip: '198.51.100.9' });
    const otherBrowser = await thief.raw('GET', '/admin/api/session', undefined, {
      token: second.client.token,
      cookie: second.client.cookie,
      userAgent: `${STAFF_TEST_USER_AGENT} Other`,
    });
    expect(otherBrowser.status).toBe(401);
    expect((await second.client.get('/admin/api/session')).status).toBe(401);
    expect(cookie).toMatch(/^banca_staff_binding=/);
  });

  it('sessions end on logout, on idle expiry and when an owner disables the operator', async () => {
    const op = await signedInOperator(t.app, ['support'], { ip: '198.51.100.10' });
    const out = await op.client.delete('/admin/api/session');
    expect(out.body.value).toEqual({ done: true });
    expect(out.headers['set-cookie']).toMatch(/^banca_staff_binding=; .*Max-Age=0/);
    expect((await op.client.get('/admin/api/session')).status).toBe(401);

    const idle = await signedInOperator(t.app, ['support'], { ip: '198.51.100.11' });
    await sql`UPDATE staff_sessions SET idle_expires_at = now() - interval '1 second'
              WHERE staff_id = ${idle.id}`.execute(t.db);
    expect((await idle.client.get('/admin/api/session')).status).toBe(401);

    const owner = await signedInOperator(t.app, ['owner'], { ip: '198.51.100.12' });
    const victim = await signedInOperator(t.app, ['finance'], { ip: '198.51.100.13' });
    const disabled = await owner.client.put(`/admin/api/operators/${victim.id}`, {
      status: 'disabled',
    });
    expect(disabled.body.value.status).toBe('disabled');
    expect((await victim.client.get('/admin/api/session')).status).toBe(401);
    const again = await createStaffClient(t.app, { ip: '198.51.100.13' }).password(
      victim.username,
      victim.password,
    );
    expect(again.body.code).toBe('staff_account_disabled');
  });

  it('the owner manages operators; every change is in the append-only audit log with before/after, address and request', async () => {
    const owner = await signedInOperator(t.app, ['owner'], { ip: '198.51.100.14' });
    const created = await owner.client.encrypted('POST', '/admin/api/operators', {
      username: 'cashier.ana',
      displayName: 'Ana (caixa)',
      password: 'cashier-ana-2026',
      roles: ['finance', 'support', 'finance'],
    });
    expect(created.body.value).toMatchObject({
      username: 'cashier.ana',
      roles: ['finance', 'support'],
      totpEnrolled: false,
    });
    const id = created.body.value.id as number;
    const taken = await owner.client.encrypted('POST', '/admin/api/operators', {
      username: 'CASHIER.ANA',
      displayName: 'Other',
      password: 'another-pass-2026',
      roles: [],
    });
    expect(taken.body.code).toBe('operator_username_taken');
    const weak = await owner.client.encrypted('POST', '/admin/api/operators', {
      username: 'weak.one',
      displayName: 'Weak',
      password: 'short',
      roles: [],
    });
    expect(weak.body.code).toBe('validation_failed');

    const roles = await owner.client.put(`/admin/api/operators/${id}`, { roles: ['risk'] });
    expect(roles.body.value.roles).toEqual(['risk']);
    const reset = await owner.client.post(`/admin/api/operators/${id}/totp/reset`);
    expect(reset.body.value.totpEnrolled).toBe(false);
    const self = await owner.client.put(`/admin/api/operators/${owner.id}`, { roles: ['risk'] });
    expect(self.body.code).toBe('operator_self_lockout');

    const log = await owner.client.get(`/admin/api/audit?subject=operator:${id}&order=asc`);
    expect(log.body.value.total).toBe(3);
    const [create, update, resetEntry] = log.body.value.rows;
    expect(create).toMatchObject({
      operatorId: String(owner.id),
      operatorName: owner.username,
      action: 'operator.create',
      before: null,
      after: { username: 'cashier.ana', roles: ['finance', 'support'] },
      ip: '198.51.100.14',
      requestId: expect.stringMatching(/.+-.+/),
    });
    expect(update).toMatchObject({
      action: 'operator.update',
      before: { roles: ['finance', 'support'] },
      after: { roles: ['risk'] },
    });
    expect(resetEntry).toMatchObject({
      action: 'operator.reset_totp',
      detail: { route: 'POST /admin/api/operators/:id/totp/reset' },
    });
    // Filters: by operator and by action prefix; sign-ins are on record too.
    const logins = await owner.client.get(`/admin/api/audit?operatorId=${owner.id}&action=staff.`);
    expect(logins.body.value.rows.map((row: { action: string }) => row.action)).toEqual([
      'staff.login',
    ]);
    const badSort = await owner.client.get('/admin/api/audit?sort=ip');
    expect(badSort.body.code).toBe('validation_failed');

    // Append-only: the database itself refuses to change or remove an entry.
    await expect(sql`UPDATE operator_audit SET action = 'x'`.execute(t.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM operator_audit`.execute(t.db)).rejects.toThrow(/append-only/);
  });

  it('the demo owner signs in with the published authenticator secret', async () => {
    const owner = await signedInDemoOwner(t.app, Date.now() + 30_000);
    const list = await owner.get('/admin/api/operators?sort=username&order=asc&pageSize=2');
    expect(list.body.value.pageSize).toBe(2);
    expect(list.body.value.total).toBeGreaterThan(2);
    expect(list.body.value.rows).toHaveLength(2);
  });
});
