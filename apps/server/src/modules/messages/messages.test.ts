import { messagePageSchema } from '@banca/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type TestClient } from '../../../test/client';
import { ENGINES, startTestApp, type TestApp } from '../../../test/harness';
import { publish } from '../../lib/events';

/**
 * The inbox (messageV2) as a member sees it: payments' events become messages, once each, in
 * the member's language, with read/unread, delete, paging and the badge's count. Until the
 * payments module lands, the test publishes its events through the bus itself.
 */
describe.each(ENGINES)('messages on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  let counter = 0;
  let nextId = 1000;
  async function member(
    language: 'pt-BR' | 'en' = 'pt-BR',
  ): Promise<{ c: TestClient; id: number }> {
    counter += 1;
    const c = createClient(t.app, { ip: `198.18.1.${counter}`, language });
    const reg = await c.register({
      username: `inbox${engine[0]}${counter}x`,
      password: 'inbox@2026',
      confirmPassword: 'inbox@2026',
    });
    expect(reg.body.success).toBe(true);
    return { c, id: reg.body.value.member.id as number };
  }

  async function credited(memberId: number, amountMinor: number, depositId = ++nextId) {
    await publish(t.db, 'deposit.credited', {
      depositId,
      merchantCode: 'BANCA',
      memberId,
      amountMinor,
      currency: 'BRL',
      method: 'pix',
      creditedAt: new Date().toISOString(),
    });
    return depositId;
  }

  it('writes one message per money event, with the amount and the second parameter, in the member’s language', async () => {
    const { c, id } = await member();
    await credited(id, 12_345);
    await publish(t.db, 'deposit.failed', {
      depositId: ++nextId,
      merchantCode: 'BANCA',
      memberId: id,
      amountMinor: 5_000,
      currency: 'BRL',
      method: 'pix',
      reason: 'expired',
    });
    const withdrawalId = ++nextId;
    await publish(t.db, 'withdrawal.approved', {
      withdrawalId,
      merchantCode: 'BANCA',
      memberId: id,
      amountMinor: 2_000,
      currency: 'BRL',
    });
    await publish(t.db, 'withdrawal.rejected', {
      withdrawalId: ++nextId,
      merchantCode: 'BANCA',
      memberId: id,
      amountMinor: 3_000,
      currency: 'BRL',
      reason: 'Chave PIX de outra pessoa',
    });
    await t.app.events.deliverPending();

    const page = messagePageSchema.parse((await c.get('/wps/member/messages')).body.value);
    expect(page.totalCount).toBe(4);
    expect(page.unread).toBe(4);
    // Newest first. Events published within the same millisecond carry the same time, and
    // their handlers run in lanes of their own, so the order among equal times is not fixed.
    const times = page.list.map((m) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const [rejected, approved, failed, deposit] = [
      'withdrawal_rejected',
      'withdrawal_approved',
      'deposit_failed',
      'deposit_credited',
    ].map((kind) => page.list.find((m) => m.kind === kind));
    expect(deposit).toMatchObject({
      title: 'Depósito creditado',
      content: 'Seu depósito de R$\u00a0123,45 via PIX foi creditado no seu saldo.',
      amountMinor: 12_345,
      detail: 'pix',
      read: false,
    });
    expect(failed!.content).toBe(
      'Seu depósito de R$\u00a050,00 não foi concluído: o prazo para pagar terminou. Nenhum valor foi cobrado.',
    );
    expect(approved!.content).toContain(`nº ${withdrawalId} de R$\u00a020,00`);
    expect(rejected!.content).toBe(
      'Seu saque de R$\u00a030,00 foi recusado: Chave PIX de outra pessoa. O valor voltou para o seu saldo.',
    );

    // The same inbox in English when the member reads it in English.
    const english = createClient(t.app, { ip: `198.18.1.${counter}`, language: 'en' });
    english.setToken(c.token);
    const en = (await english.get('/wps/member/messages')).body.value;
    expect(en.list[3]).toMatchObject({
      title: 'Deposit credited',
      content: 'Your PIX deposit of R$123.45 has been credited to your balance.',
    });
  });

  it('writes one message when the same deposit’s event is delivered twice', async () => {
    const { c, id } = await member();
    const depositId = await credited(id, 1_000);
    await t.app.events.deliverPending();
    // The same fact again (a retried publish, a redelivery): still one message.
    await credited(id, 1_000, depositId);
    await t.app.events.deliverPending();
    const page = (await c.get('/wps/member/messages')).body.value;
    expect(page.totalCount).toBe(1);
    expect((await c.get('/wps/member/messages/unreadCount')).body.value).toEqual({ unread: 1 });
    // Member info carries the same count (the header loads it with the member).
    expect((await c.get('/wps/member/info')).body.value.counts.unreadMessages).toBe(1);
  });

  it('writes one message per deposit when many are delivered in one batch, the same one twice among them', async () => {
    const { c, id } = await member();
    const first = await credited(id, 100);
    for (let i = 1; i < 30; i += 1) await credited(id, 100 + i);
    await credited(id, 100, first); // the first deposit's event again, in the same batch
    await t.app.events.deliverPending();
    expect((await c.get('/wps/member/messages/unreadCount')).body.value).toEqual({ unread: 30 });
    const page = (await c.get('/wps/member/messages?pageSize=50')).body.value;
    expect(page.totalCount).toBe(30);
    expect(
      (page.list as Array<{ amountMinor: number }>).map((m) => m.amountMinor).sort((a, b) => a - b),
    ).toEqual(Array.from({ length: 30 }, (_, i) => 100 + i));
  });

  it('marks read and unread, deletes, and never touches another member’s messages', async () => {
    const { c, id } = await member();
    const other = await member();
    await credited(id, 100);
    const laterDeposit = await credited(id, 200);
    await credited(other.id, 300);
    await t.app.events.deliverPending();
    const [second, first] = (await c.get('/wps/member/messages')).body.value.list as Array<{
      id: number;
    }>;
    const theirs = (await other.c.get('/wps/member/messages')).body.value.list[0].id as number;

    expect(
      (await c.put('/wps/member/messages/read', { ids: [first!.id], read: true })).body.value,
    ).toEqual({ unread: 1 });
    // Reading one of another member's messages changes nothing for them.
    expect(
      (await c.put('/wps/member/messages/read', { ids: [theirs], read: true })).body.value,
    ).toEqual({ unread: 1 });
    expect((await other.c.get('/wps/member/messages/unreadCount')).body.value.unread).toBe(1);

    const unreadOnly = (await c.get('/wps/member/messages?status=unread')).body.value;
    expect(unreadOnly.list.map((m: { id: number }) => m.id)).toEqual([second!.id]);

    expect(
      (await c.put('/wps/member/messages/read', { ids: [first!.id], read: false })).body.value
        .unread,
    ).toBe(2);
    expect(
      (await c.raw('DELETE', '/wps/member/messages', { ids: [second!.id, theirs] })).body.value
        .unread,
    ).toBe(1);
    const after = (await c.get('/wps/member/messages')).body.value;
    expect(after.list.map((m: { id: number }) => m.id)).toEqual([first!.id]);
    expect((await other.c.get('/wps/member/messages')).body.value.totalCount).toBe(1);

    // A deleted message stays deleted when its event is delivered again.
    await credited(id, 200, laterDeposit);
    await t.app.events.deliverPending();
    const res = await c.get('/wps/member/messages');
    expect(res.body.value.totalCount).toBe(1);
  });

  it('pages the inbox newest first', async () => {
    const { c, id } = await member();
    // The inbox is in the order of the facts (their events' times, to the millisecond), not of
    // delivery, which runs several at once: the facts here are a few milliseconds apart.
    for (let i = 1; i <= 23; i += 1) {
      await credited(id, i * 100);
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    await t.app.events.deliverPending();
    const first = (await c.get('/wps/member/messages')).body.value;
    expect(first).toMatchObject({
      pageNo: 1,
      pageSize: 10,
      totalCount: 23,
      totalPages: 3,
      unread: 23,
    });
    expect(first.list[0].amountMinor).toBe(2_300);
    const last = (await c.get('/wps/member/messages?pageNo=3')).body.value;
    expect(last.list.map((m: { amountMinor: number }) => m.amountMinor)).toEqual([300, 200, 100]);
    const big = (await c.get('/wps/member/messages?pageSize=50')).body.value;
    expect(big.list).toHaveLength(23);
  });

  it('refuses bad input with a code, a visitor with not_logged_in and a trial member with trial_register_first', async () => {
    const { c } = await member();
    for (const body of [
      { ids: [], read: true },
      { ids: [1] },
      { ids: ['1'], read: true },
      { ids: Array(101).fill(1), read: true },
    ]) {
      const res = await c.put('/wps/member/messages/read', body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validation_failed');
    }
    expect((await c.get('/wps/member/messages?pageSize=51')).body.code).toBe('validation_failed');
    expect((await c.raw('DELETE', '/wps/member/messages', { ids: [0] })).status).toBe(400);

    const visitor = createClient(t.app);
    const refused = await visitor.get('/wps/member/messages/unreadCount');
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('not_logged_in');

    const trial = createClient(t.app, { ip: '198.18.1.250' });
    const free = await trial.post('/wps/session/login/freeplay');
    trial.setToken(free.body.value.token);
    expect((await trial.get('/wps/member/messages')).body.code).toBe('trial_register_first');
  });
});
