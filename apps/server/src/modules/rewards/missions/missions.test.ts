/* eslint-disable @typescript-eslint/no-explicit-any -- test replies are read loosely; contracts are asserted where it matters */
import { missionListSchema, leaderboardSchema, type RealtimeServerFrame } from '@banca/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type TestClient } from '../../../../test/client';
import { ENGINES, startTestApp, type TestApp } from '../../../../test/harness';
import { openSocket } from '../../../../test/socket-client';
import { signedInOperator, type StaffClient } from '../../../../test/staff-client';
import { checkInvariants } from '../../wallet/ledger';
import { houseBet } from '../../../../test/bets';

const PASSWORD = 'miss@2026';
const DAY_MS = 86_400_000;
type Member = { c: TestClient; id: number; username: string };

/**
 * Missions against the real server and ledger (docs/missions.md): an operator configures them
 * in the console (audited); settled rounds, logins and deposits count once per fact however
 * often they are delivered; a claim of an unfinished mission is refused, two claims at once pay
 * once; the leaderboard ranks members by the mission points they claimed.
 */
describe.each(ENGINES)('missions on %s', (engine) => {
  let t: TestApp;
  let editor: StaffClient;
  let counter = 0;
  let rounds = 0;
  let origin: string;

  beforeAll(async () => {
    t = await startTestApp(engine);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    origin = `http://127.0.0.1:${address.port}`;
    editor = (await signedInOperator(t.app, ['content'])).client;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function member(): Promise<Member> {
    counter += 1;
    const c = createClient(t.app, { ip: `198.18.${engine === 'pglite' ? 27 : 28}.${counter}` });
    const username = `mi${engine[0]}${counter}x${Math.floor(Math.random() * 1e4)}`;
    const reg = await c.register({ username, password: PASSWORD, confirmPassword: PASSWORD });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const id = reg.body.value.member.id as number;
    await t.app.services.wallet.adjust({
      member: { memberId: id, merchantCode: 'BANCA', currency: 'BRL' },
      amountMinor: 500_00,
      reason: 'test credit',
      operatorId: 'op-test',
      idempotencyKey: `missions-test-${engine}-${id}`,
    });
    await drain();
    return { c, id, username };
  }

  async function drain() {
    while ((await t.app.events.deliverPending()) > 0);
  }

  async function play(m: Member, stakeMinor: number, payoutMinor: number) {
    rounds += 1;
    const round = `M${engine[0]}${rounds}`;
    const record = (type: 'WITHDRAW' | 'DEPOSIT', amount: number) =>
      houseBet(m.id, round, type, amount);
    const ref = { memberId: m.id, merchantCode: 'BANCA', currency: 'BRL' };
    await t.app.services.wallet.bets.post({ member: ref, bet: record('WITHDRAW', stakeMinor) });
    await t.app.services.wallet.bets.post({ member: ref, bet: record('DEPOSIT', payoutMinor) });
    await drain();
  }

  async function balance(m: Member): Promise<number> {
    const brand = (await t.app.services.system.brandByCode('BANCA'))!;
    const ref = { memberId: m.id, merchantCode: 'BANCA', currency: 'BRL' };
    return (await t.app.services.wallet.balances(ref, brand)).main.balanceMinor;
  }

  async function create(overrides: Record<string, unknown>) {
    const reply = await editor.post('/admin/api/missions', {
      merchantCode: 'BANCA',
      titles: { 'pt-BR': 'Missão de teste', en: 'Test mission' },
      kind: 'bet',
      periodType: 'daily',
      target: 10_00,
      rewardKind: 'cash',
      rewardMinor: 5_00,
      missionPoints: 10,
      ...overrides,
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    return reply.body.value as { id: number };
  }

  async function cardOf(m: Member, id: number) {
    const reply = await m.c.get('/wps/missions');
    expect(reply.status).toBe(200);
    const list = missionListSchema.parse(reply.body.value);
    return list.missions.find((card) => card.id === id)!;
  }

  const badge = async (m: Member) =>
    (await m.c.get('/wps/missions/badge')).body.value.claimableCount as number;

  it('counts each settled batch once however often it is delivered; claims pay once', async () => {
    const mission = await create({ kind: 'bet', target: 10_00 });
    const audit = await sql<{ action: string }>`SELECT action FROM operator_audit
      WHERE subject = ${`mission:${mission.id}`}`.execute(t.db);
    expect(audit.rows.map((r) => r.action)).toEqual(['mission.create']);
    const m = await member();
    await play(m, 6_00, 0);
    expect(await cardOf(m, mission.id)).toMatchObject({ progress: 6_00, status: 'in_process' });

    // The same batch delivered again (a lease that ran out): nothing more is counted.
    const event = await sql<{ id: number; payload: any }>`SELECT id, payload FROM domain_events
      WHERE type = 'bets.settled' ORDER BY id DESC LIMIT 1`.execute(t.db);
    const again = { id: Number(event.rows[0]!.id), rounds: event.rows[0]!.payload.rounds };
    await t.app.services.missions.onRoundsSettled([again]);
    expect((await cardOf(m, mission.id)).progress).toBe(6_00);

    // Unfinished: refused with its code, nothing paid.
    const early = await m.c.post(`/wps/missions/${mission.id}/claim`, {});
    expect([early.status, early.body.code]).toEqual([409, 'mission_not_completed']);
    expect(await badge(m)).toBe(0);

    await play(m, 6_00, 0);
    expect(await cardOf(m, mission.id)).toMatchObject({ progress: 12_00, status: 'claimable' });
    expect(await badge(m)).toBe(1);

    const before = await balance(m);
    const claims = await Promise.all([
      m.c.post(`/wps/missions/${mission.id}/claim`, {}),
      m.c.post(`/wps/missions/${mission.id}/claim`, {}),
    ]);
    expect(claims.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(claims.find((r) => r.status === 409)!.body.code).toBe('mission_already_claimed');
    expect(claims.find((r) => r.status === 200)!.body.value.status).toBe('claimed');
    expect((await balance(m)) - before).toBe(5_00);
    expect(await badge(m)).toBe(0);
    const third = await m.c.post(`/wps/missions/${mission.id}/claim`, {});
    expect([third.status, third.body.code]).toEqual([409, 'mission_already_claimed']);
    expect(await checkInvariants(t.db)).toEqual([]);

    // Switched off by the console: gone from the page, claims refused.
    const off = await editor.put(`/admin/api/missions/${mission.id}`, {
      titles: { 'pt-BR': 'Missão de teste', en: 'Test mission' },
      kind: 'bet',
      periodType: 'daily',
      target: 10_00,
      rewardKind: 'cash',
      rewardMinor: 5_00,
      enabled: false,
    });
    expect(off.status).toBe(200);
    expect(await cardOf(m, mission.id)).toBeUndefined();
    const refused = await m.c.post(`/wps/missions/${mission.id}/claim`, {});
    expect([refused.status, refused.body.code]).toEqual([404, 'mission_not_found']);
  });

  it('counts rounds won, login days and deposits once per fact', async () => {
    const win = await create({ kind: 'win', target: 2, periodType: 'weekly' });
    const login = await create({ kind: 'login', target: 2, periodType: 'once' });
    const deposit = await create({ kind: 'deposit', target: 100_00, periodType: 'once' });
    const m = await member();
    await play(m, 1_00, 2_00); // won
    await play(m, 1_00, 0); // lost: not a win
    expect((await cardOf(m, win.id)).progress).toBe(1);

    // Registration signed the member in: day one. A second login the same day is the same day.
    expect((await m.c.login(m.username, PASSWORD)).status).toBe(200);
    await drain();
    expect((await cardOf(m, login.id)).progress).toBe(1);
    const tomorrow = new Date(Date.now() + DAY_MS).toISOString();
    const nextDay = { memberId: m.id, merchantCode: 'BANCA', at: tomorrow };
    await t.app.services.missions.onLoggedIn(nextDay);
    await t.app.services.missions.onLoggedIn(nextDay);
    expect(await cardOf(m, login.id)).toMatchObject({ progress: 2, status: 'claimable' });

    const credited = {
      depositId: 9_000_000 + counter,
      merchantCode: 'BANCA',
      memberId: m.id,
      amountMinor: 60_00,
      currency: 'BRL',
      creditedAt: new Date().toISOString(),
    };
    await t.app.services.missions.onDepositCredited(credited);
    await t.app.services.missions.onDepositCredited(credited);
    expect(await cardOf(m, deposit.id)).toMatchObject({ progress: 60_00, status: 'in_process' });
  });

  it('pushes MISSION to the member once when a mission becomes claimable', async () => {
    const deposit = await create({
      kind: 'deposit',
      target: 50_00,
      periodType: 'weekly',
      titles: { 'pt-BR': 'Deposite R$ 50', en: 'Deposit R$ 50' },
    });
    const m = await member();
    const socket = await openSocket(origin, { token: m.c.token! });
    await socket.next((frame) => frame.kind === 'ready');
    type MissionFrame = Extract<RealtimeServerFrame, { kind: 'event'; type: 'MISSION' }>;
    const missionFrames = (id: number) =>
      socket.frames.filter(
        (f): f is MissionFrame =>
          f.kind === 'event' && f.type === 'MISSION' && f.data.missionId === id,
      );
    const credited = (depositId: number, amountMinor: number) => ({
      depositId,
      merchantCode: 'BANCA',
      memberId: m.id,
      amountMinor,
      currency: 'BRL',
      creditedAt: new Date().toISOString(),
    });
    // Half way: counted, nothing pushed.
    await t.app.services.missions.onDepositCredited(credited(9_100_000 + counter, 30_00));
    // Past the target: pushed at once, with the titles and the badge's count.
    await t.app.services.missions.onDepositCredited(credited(9_200_000 + counter, 30_00));
    const pushed = (await socket.next(
      (f) => f.kind === 'event' && f.type === 'MISSION' && f.data.missionId === deposit.id,
    )) as MissionFrame;
    expect(pushed.data).toMatchObject({
      missionId: deposit.id,
      titles: { 'pt-BR': 'Deposite R$ 50', en: 'Deposit R$ 50' },
      claimableCount: await badge(m),
    });
    expect(pushed.data.claimableCount).toBeGreaterThanOrEqual(1);

    // The same deposit again, another deposit, and the job's sweep: nothing pushed twice.
    await t.app.services.missions.onDepositCredited(credited(9_200_000 + counter, 30_00));
    await t.app.services.missions.onDepositCredited(credited(9_300_000 + counter, 10_00));
    await t.app.services.missions.notifyClaimable(null);

    // Settled rounds: the rewards' settled-rounds handler counts them and pushes the mission
    // that became claimable at once; the sweep then finds nothing left to announce.
    const bet = await create({ kind: 'bet', target: 1_00, periodType: 'daily' });
    await play(m, 2_00, 0);
    expect((await cardOf(m, bet.id)).status).toBe('claimable');
    await socket.next(
      (f) => f.kind === 'event' && f.type === 'MISSION' && f.data.missionId === bet.id,
    );
    expect(await t.app.services.missions.notifyClaimable([m.id])).toBe(0);
    // A ping answered after everything above: no frame left in flight.
    const sent = socket.frames.length;
    socket.send({ kind: 'ping' });
    await socket.next((f) => f.kind === 'pong', sent);
    expect(missionFrames(deposit.id)).toHaveLength(1);
    expect(missionFrames(bet.id)).toHaveLength(1);
    await socket.close();
  });

  it('ranks members by the mission points they claimed this week', async () => {
    const worth = await create({ kind: 'bet', target: 1_00, missionPoints: 40, rewardMinor: 1_00 });
    const small = await create({ kind: 'bet', target: 1_00, missionPoints: 15, rewardMinor: 1_00 });
    const [a, b, c] = [await member(), await member(), await member()];
    for (const m of [a, b, c]) await play(m, 2_00, 0);
    const claim = async (m: Member, id: number) =>
      expect((await m.c.post(`/wps/missions/${id}/claim`, {})).status).toBe(200);
    await claim(a, worth.id);
    await claim(a, small.id);
    await claim(b, worth.id);
    await claim(c, small.id);

    const reply = await b.c.get('/wps/missions/leaderboard?period=week');
    expect(reply.status).toBe(200);
    const board = leaderboardSchema.parse(reply.body.value);
    const rows = board.top.filter((row) => [55, 40, 15].includes(row.points));
    // The first test's member holds 10 points this week too; these three sit above and below.
    expect(rows.map((row) => row.points)).toEqual([55, 40, 15]);
    expect(rows[1]).toMatchObject({ isMe: true, name: b.username });
    expect(rows[0]!.name).toMatch(/\*\*\*/);
    expect(board.me.points).toBe(40);
    expect(board.me.rank).toBe(rows[1]!.rank);
    expect(rows[0]!.rank).toBeLessThan(rows[1]!.rank);
    const bad = await b.c.get('/wps/missions/leaderboard?period=year');
    expect(bad.status).toBe(400);
  });

  it('refuses rules that do not fit together', async () => {
    const reply = await editor.post('/admin/api/missions', {
      merchantCode: 'BANCA',
      titles: { 'pt-BR': 'Depósito', en: 'Deposit' },
      kind: 'deposit',
      gameCategory: 'RNG',
      periodType: 'daily',
      target: 10_00,
      rewardKind: 'cash',
      rewardMinor: 1_00,
    });
    expect([reply.status, reply.body.code]).toEqual([400, 'mission_bad_rules']);
  });
});
