/* eslint-disable @typescript-eslint/no-explicit-any -- test replies are read loosely; contracts are asserted where it matters */
import { ticketDrawSchema, ticketListSchema, type RealtimeServerFrame } from '@banca/contracts';
import { sha256Hex, ticketDraw } from '@banca/contracts/fairness';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type TestClient } from '../../../../test/client';
import { ENGINES, startTestApp, type TestApp } from '../../../../test/harness';
import { openSocket } from '../../../../test/socket-client';
import { signedInOperator, type StaffClient } from '../../../../test/staff-client';
import { checkInvariants } from '../../wallet/ledger';

const PASSWORD = 'ticket@2026';
const DAY_MS = 86_400_000;

type Member = { c: TestClient; id: number };
type Prize = { prizeKind: string; amountMinor: number; wageringMultiple?: number; weight: number };

/**
 * Reward tickets against the real server and ledger (docs/rewards.md "Tickets"): a promotion
 * issues tickets once however often its issuer is called; two draws of one ticket at once pay
 * once; cash, points and bonus prizes land through the ledger; every draw is recomputed from its
 * revealed seed; bad draws answer codes; the console's tables are checked and audited.
 */
describe.each(ENGINES)('reward tickets on %s', (engine) => {
  let t: TestApp;
  let editor: StaffClient;
  let reader: StaffClient;
  let counter = 0;
  let origin: string;

  beforeAll(async () => {
    t = await startTestApp(engine);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    origin = `http://127.0.0.1:${address.port}`;
    editor = (await signedInOperator(t.app, ['content'])).client;
    reader = (await signedInOperator(t.app, ['finance'])).client;
  });
  afterAll(async () => {
    await t?.close();
  });

  const ref = (m: Member) => ({ memberId: m.id, merchantCode: 'BANCA', currency: 'BRL' });

  async function member(): Promise<Member> {
    counter += 1;
    const c = createClient(t.app, { ip: `198.18.${engine === 'pglite' ? 27 : 28}.${counter}` });
    const reg = await c.register({
      username: `tk${engine[0]}${counter}x${Math.floor(Math.random() * 1e4)}`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    return { c, id: reg.body.value.member.id as number };
  }

  async function saveTable(kind: string, prizes: Prize[], validDays: number | null = null) {
    const res = await editor.put(`/admin/api/reward-tickets/tables/${kind}`, {
      merchantCode: 'BANCA',
      validDays,
      prizes: prizes.map((p) => ({ wageringMultiple: 0, ...p })),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.value;
  }

  /** A promotion giving `count` tickets of `kind` to every new member, issued at registration. */
  async function promotion(kind: string, count = 1): Promise<number> {
    const res = await editor.post('/admin/api/promotions', {
      merchantCode: 'BANCA',
      category: 'other',
      titles: { 'pt-BR': 'Bilhete de boas-vindas', en: 'Welcome ticket' },
      summaries: { 'pt-BR': 'Um bilhete por cadastro', en: 'One ticket per sign-up' },
      bodies: { 'pt-BR': '<p>Abra o seu bilhete.</p>', en: '<p>Open your ticket.</p>' },
      trigger: 'registration',
      claimMode: 'auto',
      rewardKind: 'ticket',
      ticketKind: kind,
      rewardCalc: 'fixed',
      rewardFixedMinor: count,
      startsAt: new Date(Date.now() - DAY_MS).toISOString(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.value.id;
  }

  /** Switches the other ticket promotions off, so a new member receives only this test's. */
  async function only(promotionId: number) {
    await t.db
      .updateTable('promotions')
      .set({ enabled: false })
      .where('reward_kind', '=', 'ticket')
      .where('id', '<>', promotionId)
      .execute();
  }

  async function memberWithTickets(kind: string, count = 1) {
    const promotionId = await promotion(kind, count);
    await only(promotionId);
    const m = await member();
    while ((await t.app.events.deliverPending()) > 0);
    const list = ticketListSchema.parse((await m.c.get('/wps/rewards/tickets')).body.value);
    return { m, promotionId, list };
  }

  async function balances(m: Member) {
    const brand = (await t.app.services.system.brandByCode('BANCA'))!;
    const wallet = t.app.services.wallet;
    return {
      main: (await wallet.balances(ref(m), brand)).main.balanceMinor,
      points: await wallet.purposeBalance(ref(m), 'points'),
      bonus: await wallet.purposeBalance(ref(m), 'bonus'),
    };
  }

  async function ledgerOperation(key: string) {
    return t.db
      .selectFrom('ledger_operations')
      .selectAll()
      .where('idempotency_key', '=', key)
      .execute();
  }

  it('a promotion issues its tickets once, however often its issuer is called', async () => {
    await saveTable('prize_wheel', [
      { prizeKind: 'cash', amountMinor: 2_00, weight: 3 },
      { prizeKind: 'nothing', amountMinor: 0, weight: 1 },
    ]);
    const { m, promotionId, list } = await memberWithTickets('prize_wheel', 2);
    expect(list.tickets.map((ticket) => ticket.kind)).toEqual(['prize_wheel', 'prize_wheel']);
    expect(list.tickets[0]!.title).toBe('Bilhete de boas-vindas');
    expect(list.tickets[0]!.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(list.tickets[0]!.serverSeedHash).not.toBe(list.tickets[1]!.serverSeedHash);
    expect(list.tables.find((table) => table.kind === 'prize_wheel')?.prizes).toHaveLength(2);

    // The recovery job calls the issuer again with the entry's key: the same tickets answer.
    const entry = await t.db
      .selectFrom('promotion_entries')
      .select(['id', 'reward_reference'])
      .where('promotion_id', '=', promotionId)
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    const again = await t.app.services.tickets.issuer.issue({
      ...ref(m),
      promotionId,
      entryId: entry.id,
      kind: 'ticket',
      amountMinor: 2,
      ticketKind: 'prize_wheel',
      wagering: null,
      idempotencyKey: `promotion-reward:${entry.id}`,
    });
    expect(again.reference).toBe(entry.reward_reference);
    const after = ticketListSchema.parse((await m.c.get('/wps/rewards/tickets')).body.value);
    expect(after.tickets.map((ticket) => ticket.id)).toEqual(list.tickets.map((x) => x.id));
  });

  it('pushes TICKET to the member at once when tickets arrive, once however often they are issued', async () => {
    await saveTable('egg', [
      { prizeKind: 'cash', amountMinor: 1_00, weight: 1 },
      { prizeKind: 'nothing', amountMinor: 0, weight: 1 },
    ]);
    const promotionId = await promotion('egg', 2);
    await only(promotionId);
    const m = await member();
    const socket = await openSocket(origin, { token: m.c.token! });
    await socket.next((frame) => frame.kind === 'ready');
    type TicketFrame = Extract<RealtimeServerFrame, { kind: 'event'; type: 'TICKET' }>;
    const isTicket = (f: RealtimeServerFrame): f is TicketFrame =>
      f.kind === 'event' && f.type === 'TICKET';

    // The registration's promotion issues two eggs: one push names them and the promotion.
    while ((await t.app.events.deliverPending()) > 0);
    const pushed = (await socket.next(isTicket)) as TicketFrame;
    const list = ticketListSchema.parse((await m.c.get('/wps/rewards/tickets')).body.value);
    expect(pushed.data).toMatchObject({
      kind: 'egg',
      count: 2,
      ticketIds: list.tickets.map((ticket) => ticket.id),
      titles: { 'pt-BR': 'Bilhete de boas-vindas', en: 'Welcome ticket' },
    });

    // The recovery job's repeat of the issue pushes nothing new.
    const entry = await t.db
      .selectFrom('promotion_entries')
      .select('id')
      .where('promotion_id', '=', promotionId)
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    await t.app.services.tickets.issuer.issue({
      ...ref(m),
      promotionId,
      entryId: entry.id,
      kind: 'ticket',
      amountMinor: 2,
      ticketKind: 'egg',
      wagering: null,
      idempotencyKey: `promotion-reward:${entry.id}`,
    });
    const sent = socket.frames.length;
    socket.send({ kind: 'ping' });
    await socket.next((f) => f.kind === 'pong', sent);
    expect(socket.frames.filter(isTicket)).toHaveLength(1);
    await socket.close();
  });

  it('two draws of one ticket at once: one wins, the prize is paid once through the ledger', async () => {
    await saveTable('red_envelope', [{ prizeKind: 'cash', amountMinor: 7_50, weight: 1 }]);
    const { m, list } = await memberWithTickets('red_envelope');
    const ticket = list.tickets[0]!;
    const before = await balances(m);
    const url = `/wps/rewards/tickets/${ticket.id}/draw`;
    const [a, b] = await Promise.all([m.c.post(url, {}), m.c.post(url, {})]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.code).toBe('ticket_already_drawn');
    const won = ticketDrawSchema.parse((a.status === 200 ? a : b).body.value);
    expect(won.prize).toMatchObject({ prizeKind: 'cash', amountMinor: 7_50 });
    expect((await balances(m)).main - before.main).toBe(7_50);

    // One ledger operation, from the brand's promotion account to the member's main wallet.
    const operations = await ledgerOperation(`ticket-prize:${ticket.id}`);
    expect(operations).toHaveLength(1);
    expect(won.reference).toBe(`ledger:${operations[0]!.id}`);
    const transfers = await t.db
      .selectFrom('ledger_transfers as lt')
      .innerJoin('ledger_accounts as fa', 'fa.id', 'lt.from_account_id')
      .innerJoin('ledger_accounts as ta', 'ta.id', 'lt.to_account_id')
      .select(['lt.amount_minor', 'fa.purpose as fromPurpose', 'ta.member_id as toMember'])
      .where('lt.operation_id', '=', operations[0]!.id)
      .execute();
    expect(transfers).toEqual([{ amount_minor: 7_50, fromPurpose: 'promotion', toMember: m.id }]);

    // Used: gone from the list, and a third draw answers the code.
    const list2 = ticketListSchema.parse((await m.c.get('/wps/rewards/tickets')).body.value);
    expect(list2.tickets).toEqual([]);
    const third = await m.c.post(url, {});
    expect([third.status, third.body.code]).toEqual([409, 'ticket_already_drawn']);
    expect(third.body.message).toBe('Este bilhete já foi aberto.');
    expect(await checkInvariants(t.db)).toEqual([]);
  });

  it('every draw is recomputed from its revealed seed, the client seed and the recorded table', async () => {
    const table = [
      { prizeKind: 'cash', amountMinor: 1_00, weight: 50 },
      { prizeKind: 'points', amountMinor: 10_00, weight: 30 },
      { prizeKind: 'cash', amountMinor: 5_00, weight: 15 },
      { prizeKind: 'nothing', amountMinor: 0, weight: 5 },
    ];
    await saveTable('egg', table);
    const { m, list } = await memberWithTickets('egg', 3);
    for (const [i, ticket] of list.tickets.entries()) {
      const res = await m.c.post(`/wps/rewards/tickets/${ticket.id}/draw`, {
        clientSeed: `minha semente ${i}`,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const history = await m.c.get('/wps/rewards/tickets/draws');
    const draws = history.body.value.draws.map((d: unknown) => ticketDrawSchema.parse(d));
    expect(draws).toHaveLength(3);
    for (const draw of draws) {
      const committed = list.tickets.find((x) => x.id === draw.ticketId)!;
      // The seed revealed is the one whose hash the member saw before drawing.
      expect(sha256Hex(draw.serverSeed)).toBe(committed.serverSeedHash);
      expect(draw.serverSeedHash).toBe(committed.serverSeedHash);
      expect(draw.clientSeed).toMatch(/^minha semente \d$/);
      const again = ticketDraw(
        { serverSeed: draw.serverSeed, clientSeed: draw.clientSeed, nonce: draw.nonce },
        draw.prizes.map((p: Prize) => p.weight),
      );
      expect(again).toEqual({
        roll: draw.roll,
        totalWeight: 100,
        prizeIndex: draw.prizeIndex,
      });
      expect(draw.prizes).toEqual(table.map((p) => ({ wageringMultiple: 0, ...p })));
      expect(draw.prize).toEqual(draw.prizes[draw.prizeIndex]);
      expect(draw.reference === null).toBe(draw.prize.prizeKind === 'nothing');
    }
  });

  it('pays points into the points wallet and a bonus into the bonus wallet with its wagering', async () => {
    await saveTable('points', [{ prizeKind: 'points', amountMinor: 300_00, weight: 1 }]);
    const points = await memberWithTickets('points');
    const before = await balances(points.m);
    const drawn = await points.m.c.post(
      `/wps/rewards/tickets/${points.list.tickets[0]!.id}/draw`,
      {},
    );
    expect(drawn.status, JSON.stringify(drawn.body)).toBe(200);
    const after = await balances(points.m);
    expect([after.points - before.points, after.main - before.main]).toEqual([300_00, 0]);

    await saveTable('bonus', [
      { prizeKind: 'bonus', amountMinor: 20_00, wageringMultiple: 5, weight: 1 },
    ]);
    const bonus = await memberWithTickets('bonus');
    const res = await bonus.m.c.post(`/wps/rewards/tickets/${bonus.list.tickets[0]!.id}/draw`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.value.reference).toMatch(/^bonus:\d+$/);
    expect((await balances(bonus.m)).bonus).toBe(20_00);
    const grants = await bonus.m.c.get('/wps/rewards/bonuses');
    expect(grants.body.value.list).toMatchObject([
      { amountMinor: 20_00, wageringMultiple: 5, requiredMinor: 100_00, status: 'open' },
    ]);
    expect(await checkInvariants(t.db)).toEqual([]);
  });

  it('a prize an instance left unpaid is paid once by the job', async () => {
    await saveTable('red_envelope', [{ prizeKind: 'cash', amountMinor: 3_00, weight: 1 }]);
    const { m, list } = await memberWithTickets('red_envelope');
    const id = list.tickets[0]!.id;
    const res = await m.c.post(`/wps/rewards/tickets/${id}/draw`, {});
    expect(res.status).toBe(200);
    // As if the instance stopped after the draw and before recording the payment.
    await t.db
      .updateTable('reward_ticket_draws')
      .set({ paid_at: null, reference: null })
      .where('ticket_id', '=', id)
      .execute();
    const before = await balances(m);
    expect(await t.app.services.tickets.payOwed()).toBeGreaterThanOrEqual(1);
    expect(await t.app.services.tickets.payOwed()).toBe(0);
    expect((await balances(m)).main).toBe(before.main);
    expect(await ledgerOperation(`ticket-prize:${id}`)).toHaveLength(1);
  });

  it('answers codes for foreign, unknown, expired and malformed draws; nothing moves', async () => {
    await saveTable('egg', [{ prizeKind: 'cash', amountMinor: 1_00, weight: 1 }], 1);
    const owner = await memberWithTickets('egg', 2);
    const [first, second] = owner.list.tickets;
    expect(first!.expiresAt).not.toBeNull();
    const stranger = await member();
    const foreign = await stranger.c.post(`/wps/rewards/tickets/${first!.id}/draw`, {});
    expect([foreign.status, foreign.body.code]).toEqual([404, 'ticket_not_found']);
    const unknown = await stranger.c.post('/wps/rewards/tickets/999999999/draw', {});
    expect([unknown.status, unknown.body.code]).toEqual([404, 'ticket_not_found']);
    const notAnId = await owner.m.c.post('/wps/rewards/tickets/abc/draw', {});
    expect(notAnId.status).toBe(400);
    const control = await owner.m.c.post(`/wps/rewards/tickets/${first!.id}/draw`, {
      clientSeed: 'semente\u0000',
    });
    expect(control.status).toBe(400);
    const long = await owner.m.c.post(`/wps/rewards/tickets/${first!.id}/draw`, {
      clientSeed: 'x'.repeat(65),
    });
    expect(long.status).toBe(400);
    const extra = await owner.m.c.post(`/wps/rewards/tickets/${first!.id}/draw`, {
      prizeIndex: 0,
    });
    expect(extra.status).toBe(400);

    await t.db
      .updateTable('reward_tickets')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', second!.id)
      .execute();
    const expired = await owner.m.c.post(`/wps/rewards/tickets/${second!.id}/draw`, {});
    expect([expired.status, expired.body.code]).toEqual([409, 'ticket_expired']);
    const english = await owner.m.c.raw(
      'POST',
      `/wps/rewards/tickets/${second!.id}/draw`,
      {},
      { language: 'en' },
    );
    expect(english.body.message).toBe('This ticket has expired.');
    const list = ticketListSchema.parse((await owner.m.c.get('/wps/rewards/tickets')).body.value);
    expect(list.tickets.map((x) => x.id)).toEqual([first!.id]);
    // Nothing was drawn or paid by the refusals.
    const draws = await owner.m.c.get('/wps/rewards/tickets/draws');
    expect(draws.body.value.draws).toEqual([]);
    expect((await balances(owner.m)).main).toBe(0);
    const anonymous = await createClient(t.app, { ip: '198.18.29.1' }).get('/wps/rewards/tickets');
    expect(anonymous.status).toBe(401);
  });

  it('the console checks tables against their kind, audits saves and reports the draws', async () => {
    const put = (kind: string, prizes: Prize[], merchantCode = 'BANCA') =>
      editor.put(`/admin/api/reward-tickets/tables/${kind}`, {
        merchantCode,
        validDays: null,
        prizes: prizes.map((p) => ({ wageringMultiple: 0, ...p })),
      });
    const cases: [string, Prize[]][] = [
      ['red_envelope', [{ prizeKind: 'nothing', amountMinor: 0, weight: 1 }]],
      ['bonus', [{ prizeKind: 'cash', amountMinor: 1_00, weight: 1 }]],
      ['points', [{ prizeKind: 'cash', amountMinor: 1_00, weight: 1 }]],
      ['egg', [{ prizeKind: 'cash', amountMinor: 0, weight: 1 }]],
      ['egg', [{ prizeKind: 'cash', amountMinor: 1_00, wageringMultiple: 3, weight: 1 }]],
    ];
    for (const [kind, prizes] of cases) {
      const res = await put(kind, prizes);
      expect([res.status, res.body.code], `${kind} ${JSON.stringify(prizes)}`).toEqual([
        400,
        'ticket_invalid',
      ]);
    }
    expect((await put('egg', [{ prizeKind: 'cash', amountMinor: 1_00, weight: 0 }])).status).toBe(
      400,
    );
    expect((await put('lottery', [{ prizeKind: 'cash', amountMinor: 1, weight: 1 }])).status).toBe(
      400,
    );
    expect((await put('egg', [], 'BANCA')).status).toBe(400);
    const unknownBrand = await put(
      'egg',
      [{ prizeKind: 'cash', amountMinor: 1, weight: 1 }],
      'NOPE',
    );
    expect([unknownBrand.status, unknownBrand.body.code]).toEqual([400, 'ticket_invalid']);
    const refused = await reader.put('/admin/api/reward-tickets/tables/egg', {
      merchantCode: 'BANCA',
      validDays: null,
      prizes: [{ prizeKind: 'cash', amountMinor: 1, wageringMultiple: 0, weight: 1 }],
    });
    expect(refused.status).toBe(403);

    const saved = await saveTable('prize_wheel', [
      { prizeKind: 'cash', amountMinor: 4_00, weight: 1 },
    ]);
    expect(saved).toMatchObject({ kind: 'prize_wheel', prizes: [{ amountMinor: 4_00 }] });
    const audit = await sql<{ action: string; subject: string }>`
      SELECT action, subject FROM operator_audit
      WHERE action = 'reward_ticket.table.save' ORDER BY id DESC LIMIT 1`.execute(t.db);
    expect(audit.rows[0]).toEqual({
      action: 'reward_ticket.table.save',
      subject: 'ticket-table:BANCA:prize_wheel',
    });
    const tables = await reader.get('/admin/api/reward-tickets/tables?merchantCode=BANCA');
    expect(tables.body.value.tables.map((x: any) => x.kind)).toEqual([
      'egg',
      'red_envelope',
      'prize_wheel',
      'bonus',
      'points',
    ]);

    const { m, list } = await memberWithTickets('prize_wheel');
    const reportBefore = await reader.get('/admin/api/reward-tickets/report?merchantCode=BANCA');
    const wheelBefore = reportBefore.body.value.rows.find((r: any) => r.kind === 'prize_wheel');
    await m.c.post(`/wps/rewards/tickets/${list.tickets[0]!.id}/draw`, {});
    const report = await reader.get('/admin/api/reward-tickets/report?merchantCode=BANCA');
    const wheel = report.body.value.rows.find((r: any) => r.kind === 'prize_wheel');
    expect(wheel.drawn - wheelBefore.drawn).toBe(1);
    expect(wheel.unused - wheelBefore.unused).toBe(-1);
    expect(wheel.cashMinor - wheelBefore.cashMinor).toBe(4_00);
  });

  it('under br-regulated bonus prizes are left out of draws and refused in tables', async () => {
    await saveTable('prize_wheel', [
      { prizeKind: 'bonus', amountMinor: 50_00, wageringMultiple: 10, weight: 1_000 },
      { prizeKind: 'cash', amountMinor: 1_00, weight: 1 },
    ]);
    const { m, list } = await memberWithTickets('prize_wheel');
    await t.app.services.system.updateBrandSettings('BANCA', (s) => ({
      ...s,
      complianceProfile: 'br-regulated',
    }));
    try {
      const shown = ticketListSchema.parse((await m.c.get('/wps/rewards/tickets')).body.value);
      expect(shown.tables.find((x) => x.kind === 'prize_wheel')?.prizes).toEqual([
        { prizeKind: 'cash', amountMinor: 1_00, wageringMultiple: 0, weight: 1 },
      ]);
      const res = await m.c.post(`/wps/rewards/tickets/${list.tickets[0]!.id}/draw`, {});
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.value.prize.prizeKind).toBe('cash');
      expect((await balances(m)).bonus).toBe(0);
      const table = await editor.put('/admin/api/reward-tickets/tables/bonus', {
        merchantCode: 'BANCA',
        validDays: null,
        prizes: [{ prizeKind: 'bonus', amountMinor: 1_00, wageringMultiple: 1, weight: 1 }],
      });
      expect([table.status, table.body.code]).toEqual([403, 'ticket_bonus_forbidden']);
    } finally {
      await t.app.services.system.updateBrandSettings('BANCA', (s) => ({
        ...s,
        complianceProfile: 'open',
      }));
    }
  });
});
