/* eslint-disable @typescript-eslint/no-explicit-any -- test replies are read loosely; contracts are asserted where it matters */
import {
  announcementPageSchema,
  contentOverviewSchema,
  feedbackPageSchema,
  noticeResponseSchema,
} from '@banca/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type TestClient } from '../../../test/client';
import { ENGINES, startTestApp, type TestApp } from '../../../test/harness';
import { signedInOperator, type StaffClient } from '../../../test/staff-client';
import { MAX_OPEN_FEEDBACK } from '.';

const PASSWORD = 'conteudo@2026';
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const HOUR_MS = 3_600_000;
const A_COMPLAINT = 'My PIX deposit of R$ 50 has not arrived after two hours.';

/**
 * The content desk against the real server (docs/content.md): an operator's announcements reach
 * exactly the audience of their execution, script never survives saving or showing, a member's
 * feedback is checked (length, image bytes) and its answer reaches their inbox once, and a
 * banner published in the console is on the home payload at once, audited.
 */
describe.each(ENGINES)('content desk on %s', (engine) => {
  let t: TestApp;
  let editor: StaffClient;
  let support: StaffClient;
  let counter = 0;

  beforeAll(async () => {
    t = await startTestApp(engine);
    editor = (await signedInOperator(t.app, ['content'])).client;
    support = (await signedInOperator(t.app, ['support'])).client;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function member(language: 'pt-BR' | 'en' = 'en'): Promise<TestClient> {
    counter += 1;
    const c = createClient(t.app, {
      language,
      ip: `198.18.${engine === 'pglite' ? 37 : 38}.${counter}`,
    });
    const reg = await c.register({
      username: `ct${engine[0]}${counter}x${Math.floor(Math.random() * 1e4)}`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    return c;
  }

  async function announce(fields: Record<string, unknown>) {
    const res = await editor.post('/admin/api/content/announcements', {
      merchantCode: 'BANCA',
      type: 'PU',
      language: 'en',
      ...fields,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.value;
  }

  async function popupTitles(c: TestClient, execution: 'A' | 'B' | 'F', pageNo = 1) {
    const res = await c.get(
      `/wps/announcements?execution=${execution}&platform=W&pageNo=${pageNo}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return announcementPageSchema.parse(res.body.value);
  }

  it('shows each popup announcement to its execution only, while its schedule runs, 9 a page', async () => {
    const tag = `${engine}-sel`;
    await announce({ title: `${tag} anonymous`, execution: 'B', promotionType: 'deposit' });
    await announce({ title: `${tag} signed in`, execution: 'A' });
    await announce({ title: `${tag} first login`, execution: 'F' });
    await announce({ title: `${tag} in Portuguese`, execution: 'B', language: 'pt-BR' });
    await announce({
      title: `${tag} ended`,
      execution: 'B',
      startsAt: new Date(Date.now() - 48 * HOUR_MS).toISOString(),
      endsAt: new Date(Date.now() - 24 * HOUR_MS).toISOString(),
    });
    await announce({
      title: `${tag} tomorrow`,
      execution: 'B',
      startsAt: new Date(Date.now() + 24 * HOUR_MS).toISOString(),
    });
    const visitor = createClient(t.app, { language: 'en' });
    const anonymous = await popupTitles(visitor, 'B');
    const mine = anonymous.list.filter((a) => a.title.startsWith(tag));
    expect(mine.map((a) => a.title)).toEqual([`${tag} anonymous`]);
    expect(mine[0]!.promotionType).toBe('deposit');
    expect((await popupTitles(visitor, 'A')).list.map((a) => a.title)).toContain(
      `${tag} signed in`,
    );
    expect((await popupTitles(visitor, 'A')).list.map((a) => a.title)).not.toContain(
      `${tag} anonymous`,
    );
    expect((await popupTitles(visitor, 'F')).list.map((a) => a.title)).toEqual([
      `${tag} first login`,
    ]);
    const pt = await popupTitles(createClient(t.app, { language: 'pt-BR' }), 'B');
    expect(pt.list.map((a) => a.title)).toEqual([`${tag} in Portuguese`]);

    // Ten more for B: the list pages at 9.
    for (let i = 0; i < 10; i += 1) await announce({ title: `${tag} #${i}`, execution: 'B' });
    const first = await popupTitles(visitor, 'B');
    expect(first.list).toHaveLength(9);
    expect(first.total).toBe(11);
    expect(first.totalPages).toBe(2);
    expect((await popupTitles(visitor, 'B', 2)).list).toHaveLength(2);
    // A page past the end answers the last page, as the spec's pagination ignores it.
    expect((await popupTitles(visitor, 'B', 7)).pageNo).toBe(2);
  });

  it('strips script from an announcement when it is saved, and again when it is shown', async () => {
    const saved = await announce({
      title: 'Weekend tournament',
      execution: 'F',
      language: 'pt-BR',
      content:
        '<p onclick="steal()">Prizes <strong>all weekend</strong></p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">rules</a>',
    });
    expect(saved.content).toBe(
      '<p>Prizes <strong>all weekend</strong></p><a target="_blank" rel="noopener noreferrer">rules</a>',
    );
    // A row written behind the console's back (by hand in SQL) is still cleaned on the way out.
    await t.db
      .insertInto('announcements')
      .values({
        merchant_code: 'BANCA',
        type: 'PU',
        execution: 'F',
        language: 'pt-BR',
        title: 'Written by hand',
        content: '<p>Hello</p><script>document.cookie</script><iframe src="https://evil"></iframe>',
        promotion_type: null,
        // A second ago: the column's default, the database's now() in microseconds, could fall
        // after the request's own time in milliseconds and hide the row (a flake in CI).
        starts_at: new Date(Date.now() - 1000),
        ends_at: null,
      })
      .execute();
    t.app.services.content.invalidate();
    const shown = await popupTitles(createClient(t.app, { language: 'pt-BR' }), 'F');
    const byHand = shown.list.find((a) => a.title === 'Written by hand')!;
    expect(byHand.content).toBe('<p>Hello</p>');
    expect(shown.list.every((a) => !/script|onerror|javascript:/i.test(a.content))).toBe(true);
    const notice = noticeResponseSchema.parse(
      (await createClient(t.app, { language: 'pt-BR' }).get('/wps/notice?execution=F')).body.value,
    );
    expect(notice.popup?.content ?? '').not.toMatch(/script/i);
  });

  it('refuses announcements and banners that are not well formed, with codes', async () => {
    const noTitle = await editor.post('/admin/api/content/announcements', {
      merchantCode: 'BANCA',
      type: 'PU',
      language: 'en',
      title: '',
    });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.code).toBe('validation_failed');
    const backwards = await editor.post('/admin/api/content/announcements', {
      merchantCode: 'BANCA',
      type: 'PU',
      language: 'en',
      title: 'Backwards',
      startsAt: new Date(Date.now() + HOUR_MS).toISOString(),
      endsAt: new Date().toISOString(),
    });
    expect(backwards.body.code).toBe('content_bad_schedule');
    const badLink = await editor.post('/admin/api/content/banners', {
      merchantCode: 'BANCA',
      groupName: 'w_home',
      language: 'en',
      imageUrl: '/lgw/art/banner/1.svg',
      linkageType: 'external',
      target: 'javascript:alert(1)',
    });
    expect(badLink.status).toBe(400);
    expect(badLink.body.code).toBe('content_bad_link');
    const unknownBrand = await editor.post('/admin/api/content/banners', {
      merchantCode: 'NOPE',
      groupName: 'w_home',
      language: 'en',
      imageUrl: '/lgw/art/banner/1.svg',
    });
    expect(unknownBrand.body.code).toBe('content_unknown_brand');
    expect((await editor.delete('/admin/api/content/help/999999999')).body.code).toBe(
      'content_not_found',
    );
    // Support reads the desk but may not publish.
    const bySupport = await support.post('/admin/api/content/announcements', {
      merchantCode: 'BANCA',
      type: 'PU',
      language: 'en',
      title: 'Not mine to publish',
    });
    expect(bySupport.status).toBe(403);
  });

  it('puts a banner published in the console on home at once, and audits it', async () => {
    const created = await editor.post('/admin/api/content/banners', {
      merchantCode: 'BANCA',
      groupName: 'w_home',
      language: 'en',
      imageUrl: '/lgw/art/banner/2.svg?lang=en',
      alt: `Black Friday ${engine}`,
      linkageType: 'route',
      target: '/promotions',
      sortOrder: 0,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const home = async () =>
      noticeResponseSchema.parse(
        (await createClient(t.app, { language: 'en' }).get('/wps/notice?execution=B')).body.value,
      ).banners;
    expect((await home()).find((b) => b.alt === `Black Friday ${engine}`)).toMatchObject({
      groupName: 'w_home',
      linkageType: 'route',
      target: '/promotions',
    });
    const audit = await t.db
      .selectFrom('operator_audit')
      .selectAll()
      .where('subject', '=', `banner:${created.body.value.id}`)
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['content.banner.create']);

    const removed = await editor.delete(`/admin/api/content/banners/${created.body.value.id}`);
    expect(removed.status).toBe(200);
    expect((await home()).find((b) => b.alt === `Black Friday ${engine}`)).toBeUndefined();

    const overview = contentOverviewSchema.parse(
      (await support.get('/admin/api/content?merchantCode=BANCA')).body.value,
    );
    expect(overview.brands.map((b) => b.merchantCode)).toContain('BANCA');
    expect(overview.helpTopics.length).toBeGreaterThan(0);
    expect(overview.channels.domainRoute.length).toBeGreaterThan(0);
  });

  it('uploads a banner image checked by its bytes, serves it to the site, and a banner shows it', async () => {
    const WEBP_1X1 = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');
    const upload = (file: Buffer | string, client: StaffClient = editor) =>
      client.post('/admin/api/content/banner-images', {
        file: typeof file === 'string' ? file : file.toString('base64'),
      });
    const fetchImage = (url: string) =>
      t.app.inject({ method: 'GET', url, headers: { 'x-gateway-version': '3', device: 'web' } });

    const png = await upload(PNG_1X1);
    expect(png.status, JSON.stringify(png.body)).toBe(200);
    expect(png.body.value).toMatchObject({ contentType: 'image/png', bytes: PNG_1X1.length });
    expect(png.body.value.url).toMatch(/^\/wps\/banner-images\/\d{4}-\d{2}\/[0-9a-f]{32}$/);
    // Served to anyone (banners are public), as the bytes uploaded, cached for good.
    const served = await fetchImage(png.body.value.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG_1X1)).toBe(true);
    const webp = await upload(WEBP_1X1);
    expect(webp.body.value.contentType).toBe('image/webp');
    expect((await fetchImage(webp.body.value.url)).headers['content-type']).toBe('image/webp');

    // A banner takes the uploaded address, and home shows it.
    const created = await editor.post('/admin/api/content/banners', {
      merchantCode: 'BANCA',
      groupName: 'w_home',
      language: 'en',
      imageUrl: png.body.value.url,
      alt: `Uploaded ${engine}`,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const notice = noticeResponseSchema.parse(
      (await createClient(t.app, { language: 'en' }).get('/wps/notice?execution=B')).body.value,
    );
    expect(notice.banners.find((b) => b.alt === `Uploaded ${engine}`)?.url).toBe(
      png.body.value.url,
    );
    const audit = await t.db
      .selectFrom('operator_audit')
      .select('action')
      .where('subject', '=', png.body.value.url)
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['content.banner.image']);
    await editor.delete(`/admin/api/content/banners/${created.body.value.id}`);

    // Bad files: a script called .png, an SVG, a RIFF that is not WebP, a PNG over 2 MB.
    const oversized = Buffer.concat([PNG_1X1, Buffer.alloc(2 * 1024 * 1024)]);
    for (const file of [
      Buffer.from('<script>alert(1)</script>'),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      Buffer.concat([Buffer.from('RIFF\0\0\0\0WAVEfmt ', 'latin1'), Buffer.alloc(32)]),
      oversized,
    ]) {
      const refused = await upload(file);
      expect([refused.status, refused.body.code]).toEqual([400, 'content_bad_image']);
      expect(refused.body.message).toBe(
        'A imagem do banner deve ser PNG, JPG ou WebP de até 2 MB.',
      );
    }
    const notBase64 = await upload('not base64!');
    expect([notBase64.status, notBase64.body.code]).toEqual([400, 'validation_failed']);
    // Support reads the desk but does not edit it.
    const denied = await upload(PNG_1X1, support);
    expect([denied.status, denied.body.code]).toEqual([403, 'staff_role_required']);

    // The public address serves banners only: another upload's key (a feedback's image) is not
    // reachable through it, nor a made-up name.
    const c = await member();
    await c.put('/wps/feedback', {
      content: A_COMPLAINT,
      type: 'deposit',
      file: PNG_1X1.toString('base64'),
    });
    const feedbackKey = (
      await t.db
        .selectFrom('feedback')
        .select('image_key')
        .where('image_key', 'is not', null)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
    ).image_key!;
    const month = feedbackKey.split('/')[1]!;
    const name = feedbackKey.split('/')[2]!;
    expect((await fetchImage(`/wps/banner-images/${month}/${name}`)).statusCode).toBe(404);
    expect((await fetchImage(`/wps/banner-images/${month}/${'0'.repeat(32)}`)).statusCode).toBe(
      404,
    );
    expect((await fetchImage('/wps/banner-images/..%2Ffeedback/x')).statusCode).toBe(400);
  });

  it('saves help articles sanitised and mirror domains the status payload then lists', async () => {
    const saved = await editor.put('/admin/api/content/help', {
      merchantCode: 'BANCA',
      key: 'bonus-rules',
      language: 'en',
      title: 'Bonus rules',
      content: '<h2>Wagering</h2><p>Play it <em>30 times</em>.</p><script>x()</script>',
      sortOrder: 9,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const topics = (await createClient(t.app).get('/wps/system/helpCenter?lang=en&device=WEB')).body
      .value as Array<{ key: string; content: string }>;
    expect(topics.find((topic) => topic.key === 'bonus-rules')?.content).toBe(
      '<h2>Wagering</h2><p>Play it <em>30 times</em>.</p>',
    );
    const empty = await editor.put('/admin/api/content/help', {
      merchantCode: 'BANCA',
      key: 'empty',
      language: 'en',
      title: 'Nothing left',
      content: '<script>only()</script>',
    });
    expect(empty.body.code).toBe('content_empty_body');

    const channels = {
      domainRoute: [
        { name: 'Principal', url: 'http://localhost:8080' },
        { name: 'Espelho 2', url: 'https://espelho2.example' },
      ],
      customerService: [
        { csType: 'WHATSAPP', path: 'https://wa.me/5511999990000', label: 'WhatsApp' },
      ],
      socialChannels: [{ channel: 'INSTAGRAM', url: 'https://instagram.com/banca' }],
    };
    const savedChannels = await editor.put('/admin/api/content/channels/BANCA', channels);
    expect(savedChannels.status, JSON.stringify(savedChannels.body)).toBe(200);
    const status = await createClient(t.app).get('/wps/system/status');
    expect(status.body.value.info.domainRoute).toEqual(channels.domainRoute);
    const badUrl = await editor.put('/admin/api/content/channels/BANCA', {
      ...channels,
      domainRoute: [{ name: 'Bad', url: 'javascript:alert(1)' }],
    });
    expect(badUrl.body.code).toBe('validation_failed');
  });

  it('checks feedback: signed-in members only, 20 to 1000 characters, PNG or JPEG by the bytes', async () => {
    const visitor = createClient(t.app, { language: 'en' });
    const anonymous = await visitor.put('/wps/feedback', { content: A_COMPLAINT, type: 'deposit' });
    expect(anonymous.status).toBe(401);

    const c = await member();
    const short = await c.put('/wps/feedback', { content: 'Too short to read.', type: 'game' });
    expect(short.status).toBe(400);
    expect(short.body.code).toBe('feedback_length');
    expect(short.body.message).toBe('The message must be between 20 and 1000 characters long.');
    // Twenty characters once trimmed: spaces around do not count.
    const padded = await c.put('/wps/feedback', {
      content: `   ${'x'.repeat(19)}   `,
      type: 'game',
    });
    expect(padded.body.code).toBe('feedback_length');
    const long = await c.put('/wps/feedback', { content: 'y'.repeat(1001), type: 'others' });
    expect(long.body.code).toBe('feedback_length');

    const script = Buffer.from('<script>alert(1)</script> pretending to be a picture');
    const notImage = await c.put('/wps/feedback', {
      content: A_COMPLAINT,
      type: 'deposit',
      file: script.toString('base64'),
    });
    expect(notImage.status).toBe(400);
    expect(notImage.body.code).toBe('feedback_bad_image');
    const fakePng = Buffer.concat([PNG_1X1.subarray(0, 8), Buffer.alloc(40)]);
    expect(
      (
        await c.put('/wps/feedback', {
          content: A_COMPLAINT,
          type: 'deposit',
          file: fakePng.toString('base64'),
        })
      ).body.code,
    ).toBe('feedback_bad_image');
    const badType = await c.put('/wps/feedback', { content: A_COMPLAINT, type: 'lottery' });
    expect(badType.body.code).toBe('validation_failed');
    // Nothing of the refused ones was kept.
    expect(feedbackPageSchema.parse((await c.get('/wps/feedback')).body.value).total).toBe(0);

    for (let i = 0; i < MAX_OPEN_FEEDBACK; i += 1)
      expect(
        (await c.put('/wps/feedback', { content: `${A_COMPLAINT} (${i})`, type: 'others' })).status,
      ).toBe(200);
    const flood = await c.put('/wps/feedback', { content: A_COMPLAINT, type: 'others' });
    expect(flood.status).toBe(429);
    expect(flood.body.code).toBe('feedback_too_many_open');
  });

  it('answers a feedback with an image once: the member reads it in the history and the inbox', async () => {
    const c = await member('pt-BR');
    const sent = await c.put('/wps/feedback', {
      sender: 'Maria',
      content: A_COMPLAINT,
      type: 'deposit',
      file: PNG_1X1.toString('base64'),
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const id = sent.body.value.id as number;
    expect(sent.body.value).toMatchObject({ status: 'pending', hasImage: true, sender: 'Maria' });

    const image = await t.app.inject({
      method: 'GET',
      url: `/wps/feedback/${id}/image`,
      headers: { authorization: c.token!, 'x-gateway-version': '3' },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(Buffer.from(image.rawPayload).equals(PNG_1X1)).toBe(true);
    const other = await member();
    expect((await other.get(`/wps/feedback/${id}/image`)).status).toBe(404);

    const queue = await support.get('/admin/api/content/feedback?status=pending&pageSize=100');
    const queued = queue.body.value.rows.find((row: any) => row.id === id);
    expect(queued).toMatchObject({ type: 'deposit', hasImage: true, status: 'pending' });

    const inHand = await support.post(`/admin/api/content/feedback/${id}/status`, {
      status: 'in_progress',
    });
    expect(inHand.body.value.status).toBe('in_progress');
    const answer = 'Encontramos seu PIX: o valor foi creditado agora. Obrigado pela paciência!';
    const [first, second] = await Promise.all([
      support.post(`/admin/api/content/feedback/${id}/reply`, { reply: answer }),
      editor.post(`/admin/api/content/feedback/${id}/reply`, { reply: 'A second answer' }),
    ]);
    const replies = [first, second].map((r) => r.status).sort();
    expect(replies).toEqual([200, 409]);
    expect([first, second].find((r) => r.status === 409)!.body.code).toBe('feedback_closed');
    const winner = [first, second].find((r) => r.status === 200)!;
    const winningText = winner.body.value.reply as string;

    await t.app.events.deliverPending();
    await t.app.events.deliverPending();
    const history = feedbackPageSchema.parse((await c.get('/wps/feedback')).body.value);
    expect(history.list[0]).toMatchObject({ id, status: 'answered', reply: winningText });
    const inbox = await c.get('/wps/member/messages');
    const messages = inbox.body.value.list.filter((m: any) => m.kind === 'feedback_answered');
    expect(messages).toHaveLength(1);
    expect(messages[0].title).toBe('Respondemos à sua mensagem');
    expect(messages[0].content).toContain(winningText);

    const closeAfter = await support.post(`/admin/api/content/feedback/${id}/status`, {
      status: 'closed',
    });
    expect(closeAfter.body.code).toBe('feedback_closed');
    expect(
      (await support.post('/admin/api/content/feedback/999999999/reply', { reply: 'x' })).body.code,
    ).toBe('feedback_not_found');
  });

  it('ranks winners from real rounds only: the biggest of the period, or the newest', async () => {
    const game = await t.db.selectFrom('games').select('id').limit(1).executeTakeFirstOrThrow();
    const at = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR_MS);
    const round = Math.floor(Math.random() * 1e9);
    await t.db
      .insertInto('game_winners')
      .values([
        // A seeded win bigger than any real one: the winners pages never show it.
        {
          merchant_code: 'BANCA',
          display_name: 'se***ed',
          game_id: game.id,
          amount_minor: 99_999_999,
          currency: 'BRL',
          won_at: at(1),
          bet_round_id: null,
        },
        {
          merchant_code: 'BANCA',
          display_name: 'bi***01',
          game_id: game.id,
          amount_minor: 500_000,
          currency: 'BRL',
          won_at: at(5),
          bet_round_id: round,
        },
        {
          merchant_code: 'BANCA',
          display_name: 'ne***02',
          game_id: game.id,
          amount_minor: 120_000,
          currency: 'BRL',
          won_at: at(2),
          bet_round_id: round + 1,
        },
        {
          merchant_code: 'BANCA',
          display_name: 'ol***03',
          game_id: game.id,
          amount_minor: 900_000,
          currency: 'BRL',
          won_at: at(24 * 10),
          bet_round_id: round + 2,
        },
      ])
      .execute();
    const visitor = createClient(t.app, { language: 'en' });
    const names = async (query: string) =>
      (
        (await visitor.get(`/wps/winners?${query}`)).body.value as Array<{ displayName: string }>
      ).map((w) => w.displayName);
    expect(await names('view=ranking&period=week')).toEqual(['bi***01', 'ne***02']);
    expect(await names('view=latest&period=week')).toEqual(['ne***02', 'bi***01']);
    expect(await names('view=ranking&period=month')).toEqual(['ol***03', 'bi***01', 'ne***02']);
    expect(await names('view=ranking&period=day')).toEqual(['bi***01', 'ne***02']);
    expect((await visitor.get('/wps/winners?view=best')).body.code).toBe('validation_failed');
  });
});
