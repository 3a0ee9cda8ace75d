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
import {
  signedInOperator,
  STAFF_TEST_USER_AGENT,
  type StaffClient,
} from '../../../../test/staff-client';

const CHAT = '/wps/support/chat';
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const WEBP_1X1 = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
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
      hasImage: false,
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

  /** An image route answered as bytes: a member's (their token) or an operator's (token and cookie). */
  async function image(path: string, who: { token?: string | null; staff?: StaffClient }) {
    const headers: Record<string, string> = { 'x-gateway-version': '3', device: 'web' };
    if (who.token) headers.authorization = who.token;
    if (who.staff) {
      headers.authorization = who.staff.token!;
      headers.cookie = who.staff.cookie!;
      headers['user-agent'] = STAFF_TEST_USER_AGENT;
    }
    const res = await t.app.inject({ method: 'GET', url: path, headers });
    return {
      status: res.statusCode,
      type: res.headers['content-type'],
      bytes: res.rawPayload,
      code: res.statusCode === 200 ? null : (res.json() as { code: string }).code,
    };
  }

  it('carries pictures both ways, readable only by the conversation’s member and support operators', async () => {
    const { c, username } = await member();
    const sent = await c.post(`${CHAT}/messages`, { image: PNG_1X1.toString('base64') });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.value).toMatchObject({ sender: 'member', body: '', hasImage: true });
    const withText = await c.post(`${CHAT}/messages`, {
      body: 'O comprovante',
      image: PNG_1X1.toString('base64'),
    });
    expect(withText.body.value).toMatchObject({ body: 'O comprovante', hasImage: true });
    const conversationId = (await chatOf(c)).conversationId!;
    const memberImage = `${CHAT}/messages/${sent.body.value.id}/image`;

    // The member reads their own picture, as stored, never cached by others.
    const own = await image(memberImage, { token: c.token });
    expect([own.status, own.type]).toEqual([200, 'image/png']);
    expect(own.bytes.equals(PNG_1X1)).toBe(true);
    // Nobody else through the member's address: another member, a visitor.
    const other = await member();
    expect((await image(memberImage, { token: other.c.token })).code).toBe(
      'support_image_not_found',
    );
    expect((await image(memberImage, {})).code).toBe('not_logged_in');

    // Support operators through the desk; other roles are refused.
    const deskImage = url(DESK.image.path, sent.body.value.id);
    const seen = await image(deskImage, { staff: operator });
    expect([seen.status, seen.type]).toEqual([200, 'image/png']);
    const finance = (await signedInOperator(t.app, ['finance'], { ip: '198.51.100.73' })).client;
    expect((await image(deskImage, { staff: finance })).code).toBe('staff_role_required');
    expect((await image(url(DESK.image.path, 999_999), { staff: operator })).code).toBe(
      'support_image_not_found',
    );
    // A line without a picture has none to give.
    const plain = await c.post(`${CHAT}/messages`, { body: 'sem foto' });
    expect(
      (await image(`${CHAT}/messages/${plain.body.value.id}/image`, { token: c.token })).code,
    ).toBe('support_image_not_found');

    // The operator answers with a WebP; the member reads it; the desk's list shows the picture.
    const reply = await operator.post(url(DESK.reply.path, conversationId), {
      image: WEBP_1X1.toString('base64'),
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body.value).toMatchObject({ sender: 'staff', body: '', hasImage: true });
    const answer = await image(`${CHAT}/messages/${reply.body.value.id}/image`, { token: c.token });
    expect([answer.status, answer.type]).toEqual([200, 'image/webp']);
    const rows = (await operator.get(`${DESK.conversations.path}?search=${username}`)).body.value;
    expect(rows.rows[0]).toMatchObject({
      lastMessage: '',
      lastHasImage: true,
      lastSender: 'staff',
    });
  });

  it('refuses pictures that are not PNG, JPEG or WebP by their bytes, or too big, storing nothing', async () => {
    const { c } = await member();
    await c.post(`${CHAT}/messages`, { body: 'primeira linha' });
    const conversationId = (await chatOf(c)).conversationId!;
    for (const file of [
      Buffer.from('<script>alert(1)</script>'),
      Buffer.from('GIF89a\x01\0\x01\0', 'latin1'),
      Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024)]),
    ]) {
      const refused = await c.post(`${CHAT}/messages`, {
        body: 'veja',
        image: file.toString('base64'),
      });
      expect([refused.status, refused.body.code]).toEqual([400, 'support_bad_image']);
      expect(refused.body.message).toBe('A imagem deve ser PNG, JPG ou WebP de até 5 MB.');
      const byOperator = await operator.post(url(DESK.reply.path, conversationId), {
        image: file.toString('base64'),
      });
      expect(byOperator.body.code).toBe('support_bad_image');
    }
    // Neither text nor picture; a picture that is not base64.
    for (const body of [{}, { body: '  ' }, { image: '' }, { image: '<svg>' }]) {
      const refused = await c.post(`${CHAT}/messages`, body);
      expect([refused.status, refused.body.code]).toEqual([400, 'validation_failed']);
    }
    expect((await chatOf(c)).messages.map((m) => m.body)).toEqual(['primeira linha']);
    // A closed conversation takes no operator picture (refused before anything is stored).
    await operator.post(url(DESK.close.path, conversationId));
    const late = await operator.post(url(DESK.reply.path, conversationId), {
      image: PNG_1X1.toString('base64'),
    });
    expect([late.status, late.body.code]).toEqual([409, 'support_conversation_closed']);
  });

  it('pushes a member’s new line to consoles following support.desk with a ticket, and only to them', async () => {
    const ticket = await operator.post(DESK.liveTicket.path);
    expect(ticket.status, JSON.stringify(ticket.body)).toBe(200);
    expect(ticket.body.value.ticket).toMatch(/^[\w-]{43}$/);
    const finance = (await signedInOperator(t.app, ['finance'], { ip: '198.51.100.74' })).client;
    expect((await finance.post(DESK.liveTicket.path)).body.code).toBe('staff_role_required');

    // Without a ticket, or with a wrong one, the topic is refused (the socket stays open).
    const stranger = await openSocket(origin);
    stranger.send({ kind: 'subscribe', topic: 'support.desk' });
    stranger.send({ kind: 'subscribe', topic: 'support.desk', key: 'x'.repeat(43) });
    await stranger.next((f) => f.kind === 'refused' && f.code === 'realtime_topic_forbidden', 0);
    const refusals = await stranger.next(
      (f) => f.kind === 'refused' && f.code === 'realtime_topic_forbidden',
      1,
    );
    expect(refusals).toMatchObject({ topic: 'support.desk' });
    // A member's own session does not open it either.
    const { c } = await member();
    const memberSocket = await openSocket(origin, { token: c.token! });
    await memberSocket.next((f) => f.kind === 'ready');
    memberSocket.send({ kind: 'subscribe', topic: 'support.desk' });
    await memberSocket.next((f) => f.kind === 'refused');

    const desk = await openSocket(origin);
    desk.send({ kind: 'subscribe', topic: 'support.desk', key: ticket.body.value.ticket });
    await desk.next((f) => f.kind === 'subscribed' && f.topic === 'support.desk');

    const sent = await c.post(`${CHAT}/messages`, { body: 'Alguém aí?' });
    await drain();
    // Earlier tests' members wrote too: their lines may be delivered in the same drain.
    const pushed = await desk.next(
      (f) =>
        f.kind === 'topic' &&
        f.topic === 'support.desk' &&
        f.data.kind === 'message' &&
        'messageId' in f.data &&
        f.data.messageId === sent.body.value.id,
    );
    expect(pushed).toMatchObject({
      data: {
        kind: 'message',
        conversationId: (await chatOf(c)).conversationId,
        messageId: sent.body.value.id,
      },
    });
    // No text travels on the topic, and the others heard nothing.
    expect(JSON.stringify(pushed)).not.toContain('Alguém');
    expect(stranger.frames.some((f) => f.kind === 'topic')).toBe(false);
    expect(memberSocket.frames.some((f) => f.kind === 'topic')).toBe(false);

    // An expired ticket opens nothing, and ends the subscription it opened (checked again with
    // the sessions, every 30 s): the desk is told, and hears no more.
    await t.db
      .updateTable('support_desk_tickets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    expect(t.app.services.realtime.listenerCount('support.desk')).toBe(1);
    expect(await t.app.services.realtime.recheckGuards()).toBe(1);
    await desk.next((f) => f.kind === 'refused' && f.topic === 'support.desk');
    expect(t.app.services.realtime.listenerCount('support.desk')).toBe(0);
    const late = await openSocket(origin);
    late.send({ kind: 'subscribe', topic: 'support.desk', key: ticket.body.value.ticket });
    await late.next((f) => f.kind === 'refused' && f.topic === 'support.desk');
    await Promise.all([stranger.close(), memberSocket.close(), desk.close(), late.close()]);
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
