/* eslint-disable @typescript-eslint/no-explicit-any -- test replies are read loosely; contracts are asserted where it matters */
import { promotionListSchema } from '@banca/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type TestClient } from '../../../test/client';
import { ENGINES, startTestApp, type TestApp } from '../../../test/harness';
import { signedInOperator, type StaffClient } from '../../../test/staff-client';
import { seedDemoPromotions } from '../../demo/promotions';
import { checkInvariants } from '../wallet/ledger';
import { houseBet } from '../../../test/bets';

const PASSWORD = 'promo@2026';
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const DAY_MS = 86_400_000;

type Member = { c: TestClient; id: number };

/**
 * Promotions against the real server and ledger (docs/rewards.md): an operator configures them
 * in the console; a deposit qualifies a member, whose claim pays once even when two arrive at
 * once; an application with proof is checked by its bytes, rejected with a reason the member
 * reads, then approved with the reward issued; the kill switch hides and refuses; bonus kinds
 * are hidden and refused under br-regulated.
 */
describe.each(ENGINES)('promotions on %s', (engine) => {
  let t: TestApp;
  let editor: StaffClient;
  let cashier: StaffClient;
  let counter = 0;

  beforeAll(async () => {
    t = await startTestApp(engine);
    editor = (await signedInOperator(t.app, ['content'])).client;
    cashier = (await signedInOperator(t.app, ['finance'])).client;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function member(): Promise<Member> {
    counter += 1;
    const c = createClient(t.app, { ip: `198.18.${engine === 'pglite' ? 17 : 18}.${counter}` });
    const reg = await c.register({
      username: `pr${engine[0]}${counter}x${Math.floor(Math.random() * 1e4)}`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    return { c, id: reg.body.value.member.id as number };
  }

  async function mainBalance(m: Member): Promise<number> {
    const brand = (await t.app.services.system.brandByCode('BANCA'))!;
    const ref = { memberId: m.id, merchantCode: 'BANCA', currency: 'BRL' };
    return (await t.app.services.wallet.balances(ref, brand)).main.balanceMinor;
  }

  /** A bank transfer the cashier approves: credited through the ledger, deposit.credited delivered. */
  async function deposit(m: Member, amount: string): Promise<number> {
    const created = await m.c.post('/wps/payments/deposits', { channelCode: 'bank', amount });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.value.id as number;
    const upload = await t.app.inject({
      method: 'PUT',
      url: `/wps/payments/deposits/${id}/receipt`,
      headers: { authorization: m.c.token!, 'content-type': 'image/png', 'x-gateway-version': '3' },
      payload: PNG_1X1,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const approved = await cashier.post(`/admin/api/payments/deposits/${id}/approve`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    await t.app.events.deliverPending();
    return id;
  }

  const rules = (overrides: Record<string, unknown>) => ({
    merchantCode: 'BANCA',
    category: 'deposit',
    titles: { 'pt-BR': 'Promoção de teste', en: 'Test promotion' },
    summaries: { 'pt-BR': 'Resumo', en: 'Summary' },
    bodies: {
      'pt-BR': '<p>Regras<script>alert(1)</script></p>\n<a href="javascript:x" onclick="y">x</a>',
      en: '<p>Rules</p>',
    },
    trigger: 'deposit',
    rewardKind: 'cash',
    rewardCalc: 'fixed',
    rewardFixedMinor: 10_00,
    startsAt: new Date(Date.now() - DAY_MS).toISOString(),
    endsAt: new Date(Date.now() + 30 * DAY_MS).toISOString(),
    ...overrides,
  });

  async function create(overrides: Record<string, unknown>): Promise<any> {
    const res = await editor.post('/admin/api/promotions', rules(overrides));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.value;
  }

  async function cardOf(m: Member | null, id: number): Promise<any> {
    const c = m?.c ?? createClient(t.app, { ip: '198.18.99.1' });
    const res = await c.get('/wps/promotions');
    expect(res.status).toBe(200);
    const list = promotionListSchema.parse(res.body.value);
    return list.promotions.find((p) => p.id === id);
  }

  it('seeds the demo promotions once, shown to a visitor in page order', async () => {
    await seedDemoPromotions(t.app.services);
    await seedDemoPromotions(t.app.services);
    const res = await createClient(t.app, { ip: '198.18.99.2' }).get('/wps/promotions');
    const titles = promotionListSchema.parse(res.body.value).promotions.map((p) => p.title);
    expect(titles).toEqual([
      'Bônus de boas-vindas de 100%',
      'Cashback semanal de 10%',
      'Mande seu print e ganhe R$ 10',
      'Recarga diária: 5% de volta',
    ]);
  });

  it('stores the body sanitised: no script, no javascript: link, no event attribute', async () => {
    const promo = await create({});
    expect(promo.bodies['pt-BR']).not.toMatch(/script|javascript|onclick/);
    expect(promo.bodies['pt-BR']).toContain('<p>Regras</p>');
    const card = await cardOf(null, promo.id);
    expect(card.status).toBe('join');
    expect(card.bodyHtml).toBe(promo.bodies['pt-BR']);
  });

  it('takes a banner by its bytes and serves it to visitors', async () => {
    const promo = await create({});
    const upload = (payload: Buffer, type: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/admin/api/promotions/${promo.id}/banner`,
        headers: {
          authorization: editor.token!,
          cookie: editor.cookie!,
          'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) BancaConsoleTest/1.0',
          'content-type': type,
        },
        payload,
      });
    // A script named as a PNG is refused by its bytes; nothing is stored.
    const fake = await upload(Buffer.from('<svg onload="alert(1)"></svg>'), 'image/png');
    expect([fake.statusCode, fake.json().code]).toEqual([400, 'promotion_bad_file']);
    expect((await cardOf(null, promo.id)).bannerUrl).toBeNull();
    const ok = await upload(PNG_1X1, 'image/png');
    expect(ok.statusCode, ok.body).toBe(200);
    const url = (await cardOf(null, promo.id)).bannerUrl as string;
    const image = await t.app.inject({ method: 'GET', url, headers: { 'x-gateway-version': '3' } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG_1X1)).toBe(true);
  });

  it('a first deposit qualifies the member; two claims at once pay once', async () => {
    const promo = await create({
      trigger: 'first_deposit',
      category: 'welcome',
      rewardCalc: 'percent',
      rewardPercentBps: 5000,
      rewardCapMinor: 30_00,
      thresholdMinor: 20_00,
    });
    const m = await member();
    expect((await cardOf(m, promo.id)).status).toBe('joined');
    const early = await m.c.post(`/wps/promotions/${promo.id}/claim`);
    expect([early.status, early.body.code]).toEqual([409, 'promotion_nothing_to_claim']);

    await deposit(m, '100.00');
    const ready = await cardOf(m, promo.id);
    expect(ready.status).toBe('claim');
    expect(ready.progressMinor).toBe(100_00);
    const before = await mainBalance(m);

    const [a, b] = await Promise.all([
      m.c.post(`/wps/promotions/${promo.id}/claim`),
      m.c.post(`/wps/promotions/${promo.id}/claim`),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.code).toBe('promotion_already_claimed');
    // 50 % of R$ 100 capped at R$ 30, once.
    expect((await mainBalance(m)) - before).toBe(30_00);
    const after = await cardOf(m, promo.id);
    expect([after.status, after.rewardMinor]).toEqual(['claimed', 30_00]);

    // A second deposit is not a first deposit: nothing more.
    await deposit(m, '50.00');
    expect((await cardOf(m, promo.id)).status).toBe('claimed');
    expect(await checkInvariants(t.db)).toEqual([]);
  });

  it('counts a deposit delivered twice once', async () => {
    const promo = await create({ trigger: 'deposit', thresholdMinor: 150_00, periodType: 'daily' });
    const m = await member();
    const depositId = await deposit(m, '100.00');
    // The same fact again (a redelivery): the entry does not grow.
    await t.app.services.rewards.onDepositCredited({
      depositId,
      merchantCode: 'BANCA',
      memberId: m.id,
      amountMinor: 100_00,
      currency: 'BRL',
      creditedAt: new Date().toISOString(),
    });
    const card = await cardOf(m, promo.id);
    expect([card.status, card.progressMinor]).toEqual(['in_process', 100_00]);
  });

  it('an application: bad files refused, rejected with a reason, then approved and paid', async () => {
    const promo = await create({
      trigger: 'application',
      category: 'other',
      rewardFixedMinor: 5_00,
    });
    const m = await member();
    expect((await cardOf(m, promo.id)).status).toBe('join');
    const url = `/wps/promotions/${promo.id}/applications`;
    const png = PNG_1X1.toString('base64');

    const script = Buffer.from('<script>alert(1)</script>').toString('base64');
    const bad = await m.c.post(url, { comment: 'meu print', images: [script] });
    expect([bad.status, bad.body.code]).toEqual([400, 'promotion_bad_file']);
    expect(bad.body.message).toContain('5 MB');
    const tooMany = await m.c.post(url, { comment: 'x', images: [png, png, png, png] });
    expect([tooMany.status, tooMany.body.code]).toEqual([400, 'promotion_too_many_files']);
    const longComment = await m.c.post(url, { comment: 'x'.repeat(141), images: [png] });
    expect(longComment.status).toBe(400);
    expect((await cardOf(m, promo.id)).status).toBe('join');

    const applied = await m.c.post(url, { comment: 'Print do meu depósito', images: [png, png] });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.value.status).toBe('applying');
    const twice = await m.c.post(url, { comment: 'de novo', images: [png] });
    expect([twice.status, twice.body.code]).toEqual([409, 'promotion_application_exists']);

    const queue = await editor.get('/admin/api/promotions/applications?status=pending');
    const row = queue.body.value.rows.find((r: any) => r.memberId === m.id);
    expect(row).toMatchObject({ comment: 'Print do meu depósito', proofs: [1, 2] });
    const proof = await t.app.inject({
      method: 'GET',
      url: `/admin/api/promotions/applications/${row.id}/proofs/1`,
      headers: {
        authorization: editor.token!,
        cookie: editor.cookie!,
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) BancaConsoleTest/1.0',
      },
    });
    expect(proof.statusCode).toBe(200);
    expect(proof.rawPayload.equals(PNG_1X1)).toBe(true);

    // Deciding needs a deciding role; content editors only read the queue.
    const denied = await editor.post(`/admin/api/promotions/applications/${row.id}/decision`, {
      decision: 'approve',
    });
    expect(denied.status).toBe(403);
    const rejected = await cashier.post(`/admin/api/promotions/applications/${row.id}/decision`, {
      decision: 'reject',
      reason: 'O print não mostra o valor',
    });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    const seen = await cardOf(m, promo.id);
    expect([seen.status, seen.rejectReason]).toEqual(['rejected', 'O print não mostra o valor']);
    const again = await cashier.post(`/admin/api/promotions/applications/${row.id}/decision`, {
      decision: 'approve',
    });
    expect([again.status, again.body.code]).toEqual([409, 'promotion_application_decided']);

    const second = await m.c.post(url, { comment: 'Agora com o valor', images: [png] });
    expect(second.status).toBe(200);
    const pending = await cashier.get('/admin/api/promotions/applications?status=pending');
    const next = pending.body.value.rows.find((r: any) => r.memberId === m.id);
    const before = await mainBalance(m);
    const approved = await cashier.post(`/admin/api/promotions/applications/${next.id}/decision`, {
      decision: 'approve',
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.value).toMatchObject({ status: 'approved', rewardMinor: 5_00 });
    expect((await mainBalance(m)) - before).toBe(5_00);
    expect((await cardOf(m, promo.id)).status).toBe('issued');
    // One reward per period: no third application.
    const third = await m.c.post(url, { comment: 'mais', images: [] });
    expect([third.status, third.body.code]).toEqual([409, 'promotion_application_exists']);

    const report = await editor.get('/admin/api/promotions/report?merchantCode=BANCA');
    expect(report.body.value.rows.find((r: any) => r.promotionId === promo.id)).toMatchObject({
      issuedCount: 1,
      costMinor: 5_00,
      pendingApplications: 0,
    });
    expect(await checkInvariants(t.db)).toEqual([]);
  });

  /** One round of house dice's vendor through the wallet's bet records: stake, then payout. */
  let rounds = 0;
  async function play(m: Member, stakeMinor: number, payoutMinor: number) {
    rounds += 1;
    const round = `P${engine[0]}${rounds}`;
    const record = (type: 'WITHDRAW' | 'DEPOSIT', amount: number) =>
      houseBet(m.id, round, type, amount);
    const ref = { memberId: m.id, merchantCode: 'BANCA', currency: 'BRL' };
    await t.app.services.wallet.bets.post({ member: ref, bet: record('WITHDRAW', stakeMinor) });
    await t.app.services.wallet.bets.post({ member: ref, bet: record('DEPOSIT', payoutMinor) });
    while ((await t.app.events.deliverPending()) > 0);
  }

  it('settled rounds: net loss qualifies a weekly cashback, paid as a percentage once', async () => {
    const promo = await create({
      trigger: 'loss',
      category: 'cashback',
      periodType: 'weekly',
      thresholdMinor: 30_00,
      rewardCalc: 'percent',
      rewardPercentBps: 1000,
      rewardCapMinor: 100_00,
    });
    const m = await member();
    await t.app.services.wallet.adjust({
      member: { memberId: m.id, merchantCode: 'BANCA', currency: 'BRL' },
      amountMinor: 200_00,
      reason: 'test credit',
      operatorId: 'op-test',
      idempotencyKey: `promo-test-${engine}-${m.id}`,
    });
    await play(m, 20_00, 0);
    expect(await cardOf(m, promo.id)).toMatchObject({ status: 'in_process', progressMinor: 20_00 });
    // A win counts against the loss: 20 lost, 15 won back → 5 net; then 40 lost → 45 net.
    await play(m, 10_00, 25_00);
    await play(m, 40_00, 0);
    expect(await cardOf(m, promo.id)).toMatchObject({ status: 'claim', progressMinor: 45_00 });
    const before = await mainBalance(m);
    expect((await m.c.post(`/wps/promotions/${promo.id}/claim`)).status).toBe(200);
    expect((await mainBalance(m)) - before).toBe(4_50);
    // Rounds after the claim do not reopen this week's entry.
    await play(m, 50_00, 0);
    expect((await cardOf(m, promo.id)).status).toBe('claimed');
  });

  it('a batch of settled rounds counts each round once and qualifies an entry once', async () => {
    const promo = await create({
      trigger: 'turnover',
      category: 'slots',
      periodType: 'daily',
      thresholdMinor: 50_00,
    });
    const [a, b] = [await member(), await member()];
    const settledAt = new Date().toISOString();
    const round = (memberId: number, betRoundId: number, validBetMinor: number) => ({
      betRoundId,
      merchantCode: 'BANCA',
      memberId,
      vendorCode: 'BGS',
      gameCode: 'DICE',
      roundId: `batch-${betRoundId}`,
      currency: 'BRL',
      stakeMinor: validBetMinor,
      payoutMinor: 0,
      validBetMinor,
      settledAt,
    });
    // One bet-path batch: A crosses the threshold on its fourth round, B stays below it.
    const serial = 9_100_000 + (engine === 'pglite' ? 0 : 1_000);
    const batch = [1, 2, 3, 4].map((i) => round(a.id, serial + i, 15_00));
    batch.push(round(b.id, serial + 5, 10_00));
    await t.app.services.rewards.onRoundsSettled(batch);
    // Delivered again (a lost lease), and again with a round of it in a later batch.
    await t.app.services.rewards.onRoundsSettled(batch);
    await t.app.services.rewards.onRoundsSettled([batch[0]!, round(b.id, serial + 6, 5_00)]);
    expect(await cardOf(a, promo.id)).toMatchObject({ status: 'claim', progressMinor: 60_00 });
    expect(await cardOf(b, promo.id)).toMatchObject({ status: 'in_process', progressMinor: 15_00 });
    const ready = await sql<{ n: number }>`SELECT count(*)::int AS n FROM domain_events
      WHERE type = 'promotion.reward-ready' AND (payload->>'promotionId')::bigint = ${promo.id}`.execute(
      t.db,
    );
    expect(ready.rows[0]!.n).toBe(1);
  });

  it('registration qualifies a fixed reward in points, issued automatically', async () => {
    const promo = await create({
      trigger: 'registration',
      category: 'welcome',
      rewardKind: 'points',
      rewardFixedMinor: 500_00,
      claimMode: 'auto',
    });
    const m = await member();
    while ((await t.app.events.deliverPending()) > 0);
    expect(await cardOf(m, promo.id)).toMatchObject({ status: 'issued', rewardMinor: 500_00 });
    // In the member's points wallet, its own ledger account (Portaria 1.231/2024 art. 42–43).
    const points = await t.db
      .selectFrom('ledger_accounts')
      .select('balance_minor')
      .where('member_id', '=', m.id)
      .where('purpose', '=', 'points')
      .executeTakeFirst();
    expect(Number(points?.balance_minor)).toBe(500_00);
    expect(await mainBalance(m)).toBe(0);
  });

  it('takes a phone-sized proof and refuses one over 5 MB by its decoded size', async () => {
    const promo = await create({ trigger: 'application', rewardFixedMinor: 1_00 });
    const m = await member();
    const url = `/wps/promotions/${promo.id}/applications`;
    // A PNG's signature and IHDR chunk, padded: what a phone photo's size looks like on the wire.
    const photo = (bytes: number) =>
      Buffer.concat([PNG_1X1, Buffer.alloc(bytes - PNG_1X1.length, 7)]).toString('base64');
    const big = await m.c.post(url, { comment: 'grande', images: [photo(5 * 1024 * 1024 + 1)] });
    expect([big.status, big.body.code]).toEqual([400, 'promotion_bad_file']);
    const ok = await m.c.post(url, { comment: 'foto', images: [photo(2 * 1024 * 1024)] });
    expect(ok.status, JSON.stringify(ok.body).slice(0, 300)).toBe(200);
    expect(ok.body.value.status).toBe('applying');
  });

  it('the kill switch hides a promotion and refuses its claims', async () => {
    const promo = await create({ trigger: 'deposit', thresholdMinor: 50_00 });
    const m = await member();
    await deposit(m, '60.00');
    expect((await cardOf(m, promo.id)).status).toBe('claim');
    const off = await editor.post(`/admin/api/promotions/${promo.id}/enabled`, { enabled: false });
    expect([off.status, off.body.value.enabled]).toEqual([200, false]);
    expect(await cardOf(m, promo.id)).toBeUndefined();
    const refused = await m.c.post(`/wps/promotions/${promo.id}/claim`);
    expect([refused.status, refused.body.code]).toEqual([404, 'promotion_not_found']);
    const on = await editor.post(`/admin/api/promotions/${promo.id}/enabled`, { enabled: true });
    expect(on.status).toBe(200);
    expect((await m.c.post(`/wps/promotions/${promo.id}/claim`)).status).toBe(200);
  });

  it('refuses what is not open: not started, ended, wrong action, contradictory rules', async () => {
    const later = await create({
      trigger: 'application',
      startsAt: new Date(Date.now() + DAY_MS).toISOString(),
      endsAt: null,
    });
    const m = await member();
    expect((await cardOf(m, later.id)).status).toBe('coming_soon');
    const early = await m.c.post(`/wps/promotions/${later.id}/applications`, { comment: 'x' });
    expect([early.status, early.body.code]).toEqual([409, 'promotion_not_started']);
    const ended = await create({
      trigger: 'application',
      startsAt: new Date(Date.now() - 2 * DAY_MS).toISOString(),
      endsAt: new Date(Date.now() - DAY_MS).toISOString(),
    });
    expect((await cardOf(m, ended.id)).status).toBe('closed');
    const late = await m.c.post(`/wps/promotions/${ended.id}/applications`, { comment: 'x' });
    expect([late.status, late.body.code]).toEqual([409, 'promotion_closed']);
    const wrong = await m.c.post(`/wps/promotions/${ended.id}/claim`);
    expect(wrong.body.code).toBe('promotion_wrong_action');
    const endedDeposit = await create({
      trigger: 'deposit',
      startsAt: new Date(Date.now() - 2 * DAY_MS).toISOString(),
      endsAt: new Date(Date.now() - DAY_MS).toISOString(),
    });
    const expired = await m.c.post(`/wps/promotions/${endedDeposit.id}/claim`);
    expect([expired.status, expired.body.code]).toEqual([409, 'promotion_closed']);
    // Only members who deposited: this one has not, so the promotion is closed to them.
    const depositors = await create({ trigger: 'application', eligibility: 'depositors' });
    expect((await cardOf(m, depositors.id)).status).toBe('closed');
    const ineligible = await m.c.post(`/wps/promotions/${depositors.id}/applications`, {
      comment: 'x',
    });
    expect([ineligible.status, ineligible.body.code]).toEqual([403, 'promotion_not_eligible']);
    const contradictory = await editor.post(
      '/admin/api/promotions',
      rules({ rewardKind: 'ticket', ticketKind: null }),
    );
    expect([contradictory.status, contradictory.body.code]).toEqual([
      400,
      'promotion_invalid_rules',
    ]);
  });

  it('hides and refuses bonus kinds under br-regulated', async () => {
    const promo = await create({ trigger: 'application', rewardKind: 'bonus' });
    const m = await member();
    expect(await cardOf(m, promo.id)).toBeDefined();
    await t.app.services.system.updateBrandSettings('BANCA', (s) => ({
      ...s,
      complianceProfile: 'br-regulated',
    }));
    try {
      expect(await cardOf(m, promo.id)).toBeUndefined();
      const refused = await m.c.post(`/wps/promotions/${promo.id}/applications`, { comment: 'x' });
      expect([refused.status, refused.body.code]).toEqual([403, 'promotion_bonus_forbidden']);
      const created = await editor.post(
        '/admin/api/promotions',
        rules({ rewardKind: 'ticket', ticketKind: 'bonus' }),
      );
      expect([created.status, created.body.code]).toEqual([403, 'promotion_bonus_forbidden']);
      const list = await editor.get('/admin/api/promotions?merchantCode=BANCA');
      expect(list.body.value.promotions.find((p: any) => p.id === promo.id).forbidden).toBe(true);
    } finally {
      await t.app.services.system.updateBrandSettings('BANCA', (s) => ({
        ...s,
        complianceProfile: 'open',
      }));
    }
  });
});
