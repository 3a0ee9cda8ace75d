import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, lastOutboxMessage, type TestClient } from './client';
import { ENGINES, startTestApp, type TestApp } from './harness';

/**
 * Issue 10 §1: a stolen session token must not be enough to take the account. The attack it
 * replays: change the e-mail with the token alone, ask for a reset code at the new address,
 * reset the password and end the owner's sessions.
 */
describe.each(ENGINES)('account takeover from a stolen session on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  let serial = 0;
  /** A fresh member with an e-mail and a mobile, logged in from `203.0.113.x`; the thief gets its token. */
  async function victim() {
    serial += 1;
    const username = `alvo${engine.slice(0, 2)}${serial}`;
    const password = 'Alvo@2026x';
    const email = `${username}@owner.example`;
    const mobileNum = `1199${String(100000 + serial * 7 + (engine === 'postgres' ? 50000 : 0))}`;
    const owner = createClient(t.app, { ip: `203.0.113.${serial}` });
    const registered = await owner.register({
      username,
      password,
      confirmPassword: password,
      email,
      mobileNum,
    });
    expect(registered.status).toBe(200);
    const thief = createClient(t.app, { ip: `198.18.0.${serial}` });
    thief.setToken(owner.token);
    return { owner, thief, username, password, email, mobileNum };
  }

  /** The owner's way to change a contact: the password again, then the code sent to the new value. */
  async function changeContact(
    c: TestClient,
    password: string,
    channel: 'email' | 'mobile',
    value: string,
  ) {
    await c.encrypted('POST', '/wps/member/reauth', { method: 'password', password });
    if (value) {
      const sent = await c.post('/wps/member/contact/code', { channel, value });
      expect(sent.status).toBe(200);
    }
    const destination = channel === 'email' ? value : `+55${value}`;
    const code = value ? (await lastOutboxMessage(t.db, destination)).code! : undefined;
    return channel === 'email'
      ? c.put('/wps/member/profile', { email: value, ...(code ? { emailCode: code } : {}) })
      : c.put('/wps/member/profile', { mobileNum: value, ...(code ? { mobileCode: code } : {}) });
  }

  async function memberRow(username: string) {
    return t.db
      .selectFrom('members')
      .selectAll()
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
  }

  it('fails at its first step: the token alone cannot change the e-mail or the mobile', async () => {
    const v = await victim();
    const email = await v.thief.put('/wps/member/profile', { email: 'thief@evil.example' });
    expect(email.status).toBe(403);
    expect(email.body.code).toBe('reauth_required');
    expect(email.body.data.methods).toEqual(['password', 'sms', 'email']);
    const mobile = await v.thief.put('/wps/member/profile', { mobileNum: '21999990000' });
    expect(mobile.body.code).toBe('reauth_required');
    const cleared = await v.thief.put('/wps/member/profile', { email: '' });
    expect(cleared.body.code).toBe('reauth_required');
    // Nor can it use the account to send codes to addresses of its choosing.
    const code = await v.thief.post('/wps/member/contact/code', {
      channel: 'email',
      value: 'thief@evil.example',
    });
    expect(code.body.code).toBe('reauth_required');
    const row = await memberRow(v.username);
    expect(row.email).toBe(v.email);
    expect(row.mobile_num).toBe(v.mobileNum);
    // Fields that recover nothing still change with the session alone.
    const nickname = await v.thief.put('/wps/member/profile', { nickname: 'Apelido' });
    expect(nickname.body.value.nickname).toBe('Apelido');
  });

  it('the reset code still goes only to the owner’s own address', async () => {
    const v = await victim();
    await v.thief.put('/wps/member/profile', { email: 'thief@evil.example' });
    const reset = await createClient(t.app, { ip: '198.18.1.1' }).post(
      '/wps/member/password/email',
      { username: v.username, email: 'thief@evil.example' },
    );
    expect(reset.body.code).toBe('username_or_email_not_found');
  });

  it('the token alone cannot turn the authenticator on', async () => {
    const v = await victim();
    const setup = await v.thief.post('/wps/member/totp/setup');
    expect(setup.status).toBe(200);
    const enable = await v.thief.post('/wps/member/totp/enable', { code: '123456' });
    expect(enable.body.code).toBe('reauth_required');
    expect((await memberRow(v.username)).totp_enabled_at).toBeNull();
  });

  it('a wrong password does not re-authenticate, and counts as a failure', async () => {
    const v = await victim();
    const wrong = await v.thief.encrypted('POST', '/wps/member/reauth', {
      method: 'password',
      password: 'guess-1',
    });
    expect(wrong.body.code).toBe('old_password_incorrect');
    const failures = await t.db
      .selectFrom('login_failures')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('account_key', '=', v.username)
      .executeTakeFirstOrThrow();
    expect(failures.n).toBe(1);
    const still = await v.thief.put('/wps/member/profile', { email: 'thief@evil.example' });
    expect(still.body.code).toBe('reauth_required');
  });

  it('the owner re-authenticates, changes the e-mail, and the old address is told', async () => {
    const v = await victim();
    const reauth = await v.owner.encrypted('POST', '/wps/member/reauth', {
      method: 'password',
      password: v.password,
    });
    expect(reauth.body.value).toEqual({ validForSeconds: 600 });
    // Re-authenticated, the new address must still prove it is the owner's: a code sent to it.
    const uncoded = await v.owner.put('/wps/member/profile', { email: 'new@owner.example' });
    expect(uncoded.body.code).toBe('contact_code_required');
    expect(uncoded.body.data).toEqual({ channel: 'email' });
    await v.owner.post('/wps/member/contact/code', {
      channel: 'email',
      value: 'new@owner.example',
    });
    const sent = await lastOutboxMessage(t.db, 'new@owner.example');
    const wrongCode = await v.owner.put('/wps/member/profile', {
      email: 'new@owner.example',
      emailCode: sent.code === '000000' ? '111111' : '000000',
    });
    expect(wrongCode.body.code).toBe('verification_code_invalid');
    expect((await memberRow(v.username)).email).toBe(v.email);
    const changed = await v.owner.put('/wps/member/profile', {
      email: 'new@owner.example',
      emailCode: sent.code!,
    });
    expect(changed.body.value.email).toBe('new@owner.example');
    const notice = await lastOutboxMessage(t.db, v.email);
    expect(notice.body).toMatch(/e-mail da sua conta .* foi alterado/);
    expect(notice.code).toBeNull();
    const sms = await lastOutboxMessage(t.db, `+55${v.mobileNum}`);
    expect(sms.body).toMatch(/e-mail da sua conta .* foi alterado/);
  });

  it('a freshly changed e-mail cannot reset the password for a day', async () => {
    const v = await victim();
    await changeContact(v.owner, v.password, 'email', 'fresh@owner.example');
    const stranger = createClient(t.app, { ip: '198.18.2.2' });
    const early = await stranger.post('/wps/member/password/email', {
      username: v.username,
      email: 'fresh@owner.example',
    });
    expect(early.status).toBe(403);
    expect(early.body.code).toBe('recovery_channel_cooling');
    expect(early.body.message).toMatch(/24 horas/);
    // A day later the new address is the account's own.
    await sql`UPDATE members SET email_changed_at = now() - interval '25 hours' WHERE username = ${v.username}`.execute(
      t.db,
    );
    const later = await stranger.post('/wps/member/password/email', {
      username: v.username,
      email: 'fresh@owner.example',
    });
    expect(later.status).toBe(200);
    expect((await lastOutboxMessage(t.db, 'fresh@owner.example')).code).toMatch(/^\d{6}$/);
  });

  it('a freshly changed mobile receives no login or reset code', async () => {
    const v = await victim();
    const newMobile = `2198${String(700000 + serial + (engine === 'postgres' ? 1000 : 0))}`;
    const changed = await changeContact(v.owner, v.password, 'mobile', newMobile);
    expect(changed.body.value.mobileNum).toBe(newMobile);
    const stranger = createClient(t.app, { ip: '198.18.3.3' });
    const sent = await stranger.post('/wps/member/password/sms', { mobileNum: newMobile });
    // The same answer as for any number, and nothing sent.
    expect(sent.status).toBe(200);
    const outbox = await t.db
      .selectFrom('outbox_messages')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('destination', '=', `+55${newMobile}`)
      .executeTakeFirstOrThrow();
    // Only the confirmation code of the change itself ever went there.
    expect(outbox.n).toBe(1);
  });

  it('a code sent to the account’s own e-mail re-authenticates too', async () => {
    const v = await victim();
    const sent = await v.owner.post('/wps/member/reauth/code', { method: 'email' });
    expect(sent.status).toBe(200);
    const { code } = await lastOutboxMessage(t.db, v.email);
    const wrong = await v.owner.encrypted('POST', '/wps/member/reauth', {
      method: 'email',
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.body.code).toBe('verification_failed');
    const right = await v.owner.encrypted('POST', '/wps/member/reauth', {
      method: 'email',
      code,
    });
    expect(right.status).toBe(200);
    const changed = await v.owner.put('/wps/member/profile', { mobileNum: '' });
    expect(changed.body.value.mobileNum).toBeNull();
  });

  it('re-authentication lasts ten minutes, and only for the session that made it', async () => {
    const v = await victim();
    await v.owner.encrypted('POST', '/wps/member/reauth', {
      method: 'password',
      password: v.password,
    });
    // Another session of the same member has not re-authenticated, so it still may not.
    const other = createClient(t.app, { ip: '203.0.113.250' });
    await other.login(v.username, v.password);
    expect((await other.put('/wps/member/profile', { email: 'x@y.example' })).body.code).toBe(
      'reauth_required',
    );
    await sql`UPDATE sessions SET reauthenticated_at = now() - interval '11 minutes' WHERE reauthenticated_at IS NOT NULL`.execute(
      t.db,
    );
    expect((await v.owner.put('/wps/member/profile', { email: 'x@y.example' })).body.code).toBe(
      'reauth_required',
    );
  });
});
