import {
  SUPPORT_ADMIN_ENDPOINTS as DESK,
  supportChatSchema,
  supportConversationSchema,
  type RealtimeServerFrame,
} from '@banca/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type TestClient } from '../../../../test/client';
import { ENGINES, startTestApp, type TestApp } from '../../../../test/harness';
import { openSocket } from '../../../../test/socket-client';
import { signedInOperator, type StaffClient } from '../../../../test/staff-client';

const CHAT = '/wps/support/chat';
const url = (path: string, id: number) => path.replace(':id', String(id));

/**
 * The built-in support chat (docs/support.md) as a member and an operator use it: one
 * conversation per member however their first messages race, messages in order, unread counts
 * on both sides, the answer pushed to the member's socket, closing and reopening, who may call
 * what, and bad input.
 */
describe.each(ENGINES)('support chat on %s', (engine) => {
  let t: TestApp;
  let origin: string;
  let operator: StaffClient;
  beforeAll(async () => {
    t = await startTestApp(engine);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    origin = `http://127.0.0.1:${address.port}`;
    operator = (await signedInOperator(t.app, ['support'], { ip: '198.51.100.70' })).client;
  });
  afterAll(() => t.close());

  let counter = 0;
  async function member(): Promise<{ c: TestClient; id: number; username: string }> {
    counter += 1;
    const c = createClient(t.app, { ip: `198.18.7.${counter}` });
    const username = `chat${engine[0]}${counter}x`;
    const reg = await c.register({
      username,
      password: 'chat@2026',
      confirmPassword: 'chat@2026',
    });
    expect(reg.body.success).toBe(true);
    return { c, id: reg.body.value.member.id as number, username };
  }

  async function drain(): Promise<void> {
    while ((await t.app.events.deliverPending()) > 0);
  }

  async function chatOf(c: TestClient) {
    return supportChatSchema.parse((await c.get(CHAT)).body.value);
  }

  it('creates one conversation from two first messages sent at once, and keeps their order', async () => {
    const { c, id, username } = await member();
    expect(await chatOf(c)).toEqual({
      conversationId: null,
      status: null,
      unread: 0,
      messages: [],
      hasOlder: false,
    });

    const [a, b] = await Promise.all([
      c.post(`${CHAT}/messages`, { body: 'Olá, meu depósito não caiu' }),
      c.post(`${CHAT}/messages`, { body: 'Fiz às 10h pelo PIX' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const third = await c.post(`${CHAT}/messages`, { body: '  Podem ver?\nObrigado  ' });
    expect(third.body.value.body).toBe('Podem ver?\nObrigado');

    const chat = await chatOf(c);
    expect(chat.conversationId).not.toBeNull();
    expect(chat.status).toBe('open');
    expect(chat.messages.map((m) => m.id)).toEqual(
      [a.body.value.id, b.body.value.id, third.body.value.id].sort((x, y) => x - y),
    );
    expect(chat.messages.at(-1)!.body).toBe('Podem ver?\nObrigado');
    expect(chat.messages.every((m) => m.sender === 'member')).toBe(true);

    const rows = (await operator.get(`${DESK.conversations.path}?search=${username}`)).body.value;
    expect(rows.total).toBe(1);
    expect(rows.rows[0]).toMatchObject({
      id: chat.conversationId,
      memberId: id,
      username,
      status: 'open',
      unread: 3,
      lastMessage: 'Podem ver?\nObrigado',
      lastSender: 'member',
    });
  });

  it('counts unread on both sides, pushes the answer to the member’s socket, and reads mark them', async () => {
    const { c, username } = await member();
    await c.post(`${CHAT}/messages`, { body: 'Preciso de ajuda com um saque' });
    await c.post(`${CHAT}/messages`, { body: 'É urgente' });
    const conversationId = (await chatOf(c)).conversationId!;
    const summaryBefore = (await operator.get(DESK.summary.path)).body.value;
    expect(summaryBefore.unreadConversations).toBeGreaterThanOrEqual(1);

    // The operator opens the conversation and reads up to its last message.
    const opened = supportConversationSchema.parse(
      (await operator.get(url(DESK.conversation.path, conversationId))).body.value,
    );
    expect(opened.conversation.unread).toBe(2);
    expect(opened.messages.map((m) => m.body)).toEqual([
      'Preciso de ajuda com um saque',
      'É urgente',
    ]);
    const read = await operator.post(url(DESK.read.path, conversationId), {
      upToId: opened.messages.at(-1)!.id,
    });
    expect(read.body.value.unread).toBe(0);
    const unreadOnly = (
      await operator.get(`${DESK.conversations.path}?unreadOnly=true&search=${username}`)
    ).body.value;
    expect(unreadOnly.total).toBe(0);

    // The answer reaches the member's open socket as SUPPORT, with the unread count.
    const socket = await openSocket(origin, { token: c.token! });
    await socket.next((frame) => frame.kind === 'ready');
    const reply = await operator.post(url(DESK.reply.path, conversationId), {
      body: 'Olá! Já estamos verificando.',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.value).toMatchObject({ sender: 'staff', authorName: expect.any(String) });
    await drain();
    const pushed = (await socket.next(
      (frame) => frame.kind === 'event' && frame.type === 'SUPPORT',
    )) as Extract<RealtimeServerFrame, { kind: 'event' }>;
    expect(pushed.data).toEqual({
      conversationId,
      messageId: reply.body.value.id,
      status: 'open',
      unread: 1,
    });
    await socket.close();

    // The member's badge and chat: the answer last, unread until read; members see no operator name.
    expect((await c.get(`${CHAT}/unread`)).body.value).toEqual({ unread: 1 });
    const chat = await chatOf(c);
    expect(chat.unread).toBe(1);
    expect(chat.messages.at(-1)).toEqual({
      id: reply.body.value.id,
      sender: 'staff',
      body: 'Olá! Já estamos verificando.',
      createdAt: expect.any(String),
    });
    // A mark beyond the last message stops at it: the next answer is still unread.
    expect(
      (await c.put(`${CHAT}/read`, { upToId: reply.body.value.id + 1_000 })).body.value,
    ).toEqual({ unread: 0 });
    await operator.post(url(DESK.reply.path, conversationId), { body: 'Pode confirmar o valor?' });
    expect((await c.get(`${CHAT}/unread`)).body.value).toEqual({ unread: 1 });

    // A reconnecting socket that missed the answer catches up on it (the chat reads again).
    await drain();
    const later = await openSocket(origin, { token: c.token!, lastSeq: pushed.seq });
    const caughtUp = (await later.next(
      (frame) => frame.kind === 'event' && frame.type === 'SUPPORT' && frame.seq > pushed.seq,
    )) as Extract<RealtimeServerFrame, { kind: 'event'; type: 'SUPPORT' }>;
    expect(caughtUp.data.unread).toBe(1);
    await later.close();
  });

  it('closes a conversation: no more answers until the member writes again, which reopens it', async () => {
    const { c } = await member();
    await c.post(`${CHAT}/messages`, { body: 'Obrigado, resolvido' });
    const conversationId = (await chatOf(c)).conversationId!;
    const closed = await operator.post(url(DESK.close.path, conversationId));
    expect(closed.body.value).toMatchObject({ status: 'closed', closedAt: expect.any(String) });
    expect((await chatOf(c)).status).toBe('closed');

    const again = await operator.post(url(DESK.close.path, conversationId));
    expect([again.status, again.body.code]).toEqual([409, 'support_conversation_closed']);
    const late = await operator.post(url(DESK.reply.path, conversationId), { body: 'Algo mais?' });
    expect([late.status, late.body.code]).toEqual([409, 'support_conversation_closed']);

    await c.post(`${CHAT}/messages`, { body: 'Na verdade, mais uma dúvida' });
    const reopened = await chatOf(c);
    expect(reopened.conversationId).toBe(conversationId);
    expect(reopened.status).toBe('open');
    expect(reopened.messages.map((m) => m.body)).toEqual([
      'Obrigado, resolvido',
      'Na verdade, mais uma dúvida',
    ]);
  });

  it('admits members (not visitors or trial accounts) and support or owner operators only', async () => {
    const visitor = createClient(t.app, { ip: '198.18.7.200' });
    for (const [method, path] of [
      ['GET', CHAT],
      ['GET', `${CHAT}/unread`],
      ['POST', `${CHAT}/messages`],
      ['PUT', `${CHAT}/read`],
    ] as const) {
      const reply = await visitor.raw(method, path, method === 'GET' ? undefined : { body: 'x' });
      expect([path, reply.status, reply.body.code]).toEqual([path, 401, 'not_logged_in']);
    }
    const trial = createClient(t.app, { ip: '198.18.7.201' });
    trial.setToken((await trial.post('/wps/session/login/freeplay', {})).body.value.token);
    const refused = await trial.post(`${CHAT}/messages`, { body: 'oi' });
    expect(refused.body.code).toBe('trial_register_first');

    const finance = (await signedInOperator(t.app, ['finance'], { ip: '198.51.100.71' })).client;
    const denied = await finance.get(DESK.conversations.path);
    expect([denied.status, denied.body.code]).toEqual([403, 'staff_role_required']);
    const owner = (await signedInOperator(t.app, ['owner'], { ip: '198.51.100.72' })).client;
    expect((await owner.get(DESK.summary.path)).status).toBe(200);
    const badSort = await owner.get(`${DESK.conversations.path}?sort=username`);
    expect([badSort.status, badSort.body.code]).toEqual([400, 'validation_failed']);
    const missing = await owner.get(url(DESK.conversation.path, 999_999));
    expect([missing.status, missing.body.code]).toEqual([404, 'support_conversation_not_found']);
  });

  it('refuses blank, long and control-character messages, and more than 20 a minute', async () => {
    const { c } = await member();
    for (const body of ['   ', 'x'.repeat(1001), 'oi\u0000', 'oi\u0007']) {
      const reply = await c.post(`${CHAT}/messages`, { body });
      expect([reply.status, reply.body.code]).toEqual([400, 'validation_failed']);
    }
    expect((await c.post(`${CHAT}/messages`, { body: 'x'.repeat(1000) })).status).toBe(200);
    const sent = [];
    for (let i = 0; i < 20; i += 1) sent.push(await c.post(`${CHAT}/messages`, { body: `m${i}` }));
    expect(sent.map((r) => r.status)).toEqual([...Array(19).fill(200), 429]);
    expect(sent.at(-1)!.body.code).toBe('too_many_requests');
    // Another member is not held back by this one's limit.
    const other = await member();
    expect((await other.c.post(`${CHAT}/messages`, { body: 'oi' })).status).toBe(200);
    expect((await chatOf(c)).messages).toHaveLength(20);
  });

  it('pages a long history: the newest 50, then the ones before', async () => {
    const { c, id, username } = await member();
    // Written through the service: the route's per-minute limit would stop a test sending 55.
    for (let i = 1; i <= 55; i += 1)
      await t.app.services.support.memberSend(
        { memberId: id, merchantCode: 'BANCA', username },
        `linha ${i}`,
      );
    const newest = await chatOf(c);
    expect(newest.messages.map((m) => m.body)).toEqual(
      Array.from({ length: 50 }, (_, i) => `linha ${i + 6}`),
    );
    expect(newest.hasOlder).toBe(true);
    const before = supportChatSchema.parse(
      (await c.get(`${CHAT}?beforeId=${newest.messages[0]!.id}`)).body.value,
    );
    expect(before.messages.map((m) => m.body)).toEqual([1, 2, 3, 4, 5].map((i) => `linha ${i}`));
    expect(before.hasOlder).toBe(false);
  });
});
