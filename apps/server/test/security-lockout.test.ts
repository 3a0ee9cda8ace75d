import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountDelayMs,
  DELAY_AFTER_ACCOUNT_FAILURES,
  FAILURE_WINDOW_MS,
  LOCK_AFTER_PAIR_FAILURES,
} from '../src/modules/auth/attempt-limiter';
import { createClient, type TestClient } from './client';
import { ENGINES, startTestApp, type TestApp } from './harness';

/**
 * Issue 10 §3: a brute-force defence must not let a stranger lock the owner out. Failures lock
 * the (account, address) pair and the address; the account as a whole only asks for a captcha
 * and, past many failures from many addresses, a growing delay of at most a minute.
 */
describe.each(ENGINES)('brute force without locking the owner out on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  /** A captcha fetched by this client, with an answer planted (it is stored hashed, like a password). */
  async function solvedCaptcha(c: TestClient): Promise<{ captchaId: string; captcha: string }> {
    const image = await c.get('/wps/captcha');
    const captchaId = image.headers['x-captcha-id'] as string;
    await sql`UPDATE captchas SET answer_hash = encode(sha256('kq7m'::bytea), 'hex') WHERE id = ${captchaId}`.execute(
      t.db,
    );
    return { captchaId, captcha: 'kq7m' };
  }

  let serial = 0;
  async function owner() {
    serial += 1;
    const username = `dono${engine.slice(0, 2)}${serial}`;
    const password = 'Dono@2026x';
    const c = createClient(t.app, { ip: `203.0.113.${100 + serial}` });
    expect((await c.register({ username, password, confirmPassword: password })).status).toBe(200);
    return { username, password };
  }

  it('20 failures from address A: A is locked out, the owner logs in from B with a captcha', async () => {
    const o = await owner();
    const attacker = createClient(t.app, { ip: '198.51.100.66' });
    const codes: string[] = [];
    for (let i = 0; i < 20; i++) {
      const captcha = i >= 3 ? await solvedCaptcha(attacker) : {};
      const res = await attacker.login(o.username, `guess-${i}`, captcha);
      codes.push(res.body.code as string);
    }
    expect(codes.slice(0, LOCK_AFTER_PAIR_FAILURES).every((c) => c === 'login_failed')).toBe(true);
    expect(codes.slice(LOCK_AFTER_PAIR_FAILURES).every((c) => c === 'login_locked')).toBe(true);
    // Even the right password does not get through from A now.
    const fromA = await attacker.login(o.username, o.password, await solvedCaptcha(attacker));
    expect(fromA.body.code).toBe('login_locked');

    const home = createClient(t.app, { ip: '203.0.113.77' });
    const withoutCaptcha = await home.login(o.username, o.password);
    expect(withoutCaptcha.body.code).toBe('captcha_required');
    const fromB = await home.login(o.username, o.password, await solvedCaptcha(home));
    expect(fromB.status).toBe(200);
    expect(fromB.body.value.member.account).toBe(o.username);
  });

  it('failures from many addresses slow the account down for a minute at most, never lock it', async () => {
    const o = await owner();
    // As many failures as from 40 addresses, the last one just now.
    await t.db
      .insertInto('login_failures')
      .values(
        Array.from({ length: DELAY_AFTER_ACCOUNT_FAILURES + 10 }, (_, i) => ({
          merchant_code: 'BANCA',
          account_key: o.username,
          ip: `100.64.0.${i}`,
          created_at: new Date(Date.now() - 1000),
        })),
      )
      .execute();
    const home = createClient(t.app, { ip: '203.0.113.78' });
    const early = await home.login(o.username, o.password, await solvedCaptcha(home));
    expect(early.status).toBe(429);
    expect(early.body.code).toBe('login_throttled');
    expect(early.body.message).toMatch(/Aguarde \d+ segundos/);
    // The minute passes.
    await sql`UPDATE login_failures SET created_at = created_at - interval '61 seconds' WHERE account_key = ${o.username}`.execute(
      t.db,
    );
    const later = await home.login(o.username, o.password, await solvedCaptcha(home));
    expect(later.status).toBe(200);
  });

  it('the growing delay keeps any account under 100 failures an hour (ASVS 2.2.1)', () => {
    // The fastest an attacker with unlimited addresses can go: each try as soon as it is allowed.
    const failuresAtMs: number[] = [];
    let clockMs = 0;
    while (clockMs < 3 * FAILURE_WINDOW_MS) {
      const recent = failuresAtMs.filter((at) => at > clockMs - FAILURE_WINDOW_MS);
      const waitMs = recent.length > 0 ? recent.at(-1)! + accountDelayMs(recent.length) : 0;
      clockMs = Math.max(clockMs + 1, waitMs);
      failuresAtMs.push(clockMs);
    }
    let worstHour = 0;
    for (const start of failuresAtMs) {
      const inHour = failuresAtMs.filter((at) => at >= start && at < start + FAILURE_WINDOW_MS);
      worstHour = Math.max(worstHour, inHour.length);
    }
    expect(worstHour).toBeLessThanOrEqual(100);
    expect(worstHour).toBeGreaterThan(DELAY_AFTER_ACCOUNT_FAILURES);
  });
});
