import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_AFTER_PAIR_FAILURES } from '../src/modules/auth/attempt-limiter';
import { createClient } from './client';
import { ENGINES, startTestApp, type TestApp } from './harness';

/**
 * Issue 10 §2: guessing a password behind a session costs what guessing at the login form does.
 * Every check of a secret counts into the same per-account limiter, answers one code for every
 * wrong secret, and checks the form before the secret so no later error says a guess was right.
 */
describe.each(ENGINES)('secrets checked behind a session on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  let serial = 0;
  async function member(ip: string) {
    serial += 1;
    const username = `seg${engine.slice(0, 2)}${serial}`;
    const password = 'Segredo@2026';
    const c = createClient(t.app, { ip });
    const registered = await c.register({ username, password, confirmPassword: password });
    expect(registered.status).toBe(200);
    return { c, username, password };
  }

  async function failuresOf(username: string): Promise<number> {
    const row = await t.db
      .selectFrom('login_failures')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('account_key', '=', username)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  it('30 wrong old passwords lock like logins, and the lock holds for the login form too', async () => {
    const m = await member('192.0.2.80');
    const codes: string[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await m.c.encrypted('POST', '/wps/member/password', {
        oldPassword: `wrong-${i}`,
        newPassword: 'Novo@2026x',
        confirmNewPassword: 'Novo@2026x',
      });
      codes.push(res.body.code as string);
    }
    expect(codes.slice(0, LOCK_AFTER_PAIR_FAILURES)).toEqual(
      Array(LOCK_AFTER_PAIR_FAILURES).fill('old_password_incorrect'),
    );
    expect(new Set(codes.slice(LOCK_AFTER_PAIR_FAILURES))).toEqual(new Set(['login_locked']));
    expect(await failuresOf(m.username)).toBe(LOCK_AFTER_PAIR_FAILURES);
    // The right old password is refused too while locked: no oracle behind the lock.
    const right = await m.c.encrypted('POST', '/wps/member/password', {
      oldPassword: m.password,
      newPassword: 'Novo@2026x',
      confirmNewPassword: 'Novo@2026x',
    });
    expect(right.body.code).toBe('login_locked');
    const login = await createClient(t.app, { ip: '192.0.2.80' }).login(m.username, m.password);
    expect(login.body.code).toBe('login_locked');
  });

  it('checks the form before the secret: a mismatch says nothing about the old password', async () => {
    const m = await member('192.0.2.81');
    const answers = [];
    for (const oldPassword of [m.password, 'not-it']) {
      const res = await m.c.encrypted('POST', '/wps/member/password', {
        oldPassword,
        newPassword: 'Novo@2026x',
        confirmNewPassword: 'Novo@2026y',
      });
      answers.push([res.status, res.body.code]);
    }
    expect(answers[0]).toEqual([400, 'password_mismatch']);
    expect(answers[1]).toEqual(answers[0]);
    expect(await failuresOf(m.username)).toBe(0);
  });

  it('the payment password: form first, then the login password counted like a login', async () => {
    const m = await member('192.0.2.82');
    const mismatchRight = await m.c.encrypted('PUT', '/wps/member/password/payment', {
      loginPassword: m.password,
      paymentPassword: '123456',
      confirmPaymentPassword: '654321',
    });
    const mismatchWrong = await m.c.encrypted('PUT', '/wps/member/password/payment', {
      loginPassword: 'not-it',
      paymentPassword: '123456',
      confirmPaymentPassword: '654321',
    });
    expect(mismatchRight.body.code).toBe('password_mismatch');
    expect(mismatchWrong.body.code).toBe('password_mismatch');
    const wrong = await m.c.encrypted('PUT', '/wps/member/password/payment', {
      loginPassword: 'not-it',
      paymentPassword: '123456',
      confirmPaymentPassword: '123456',
    });
    expect(wrong.body.code).toBe('old_password_incorrect');
    expect(await failuresOf(m.username)).toBe(1);
    const set = await m.c.encrypted('PUT', '/wps/member/password/payment', {
      loginPassword: m.password,
      paymentPassword: '123456',
      confirmPaymentPassword: '123456',
    });
    expect(set.status).toBe(200);
    // Changing it: a wrong old payment password answers the same code, and counts.
    const wrongOld = await m.c.encrypted('PUT', '/wps/member/password/payment', {
      oldPaymentPassword: '000000',
      paymentPassword: '222222',
      confirmPaymentPassword: '222222',
    });
    expect(wrongOld.body.code).toBe('old_password_incorrect');
    expect(await failuresOf(m.username)).toBe(1);
  });

  it('authenticator codes count into the same limiter', async () => {
    const m = await member('192.0.2.83');
    await m.c.post('/wps/member/totp/setup');
    await m.c.encrypted('POST', '/wps/member/reauth', { method: 'password', password: m.password });
    const codes: string[] = [];
    for (let i = 0; i < LOCK_AFTER_PAIR_FAILURES + 1; i++) {
      // Six digits that are never the current code: the real one is 6 digits too, rarely 000000.
      const res = await m.c.post('/wps/member/totp/enable', { code: String(i).padStart(6, '9') });
      codes.push(res.body.code as string);
    }
    expect(codes.filter((c) => c === 'totp_invalid').length).toBe(LOCK_AFTER_PAIR_FAILURES);
    expect(codes.at(-1)).toBe('login_locked');
  });
});
