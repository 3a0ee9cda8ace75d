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

  /** A mission's rules as the desk sends them (a test's changes on top). */
  const RULES = {
    titles: { 'pt-BR': 'Missão de teste', en: 'Test mission' },
    kind: 'bet',
    periodType: 'daily',
    target: 10_00,
    rewardKind: 'cash',
    rewardMinor: 5_00,
  };
  const postMission = (overrides: Record<string, unknown>) =>
    editor.post('/admin/api/missions', {
      merchantCode: 'BANCA',
      ...RULES,
      missionPoints: 10,
      ...overrides,
    });

  async function create(overrides: Record<string, unknown>) {
    const reply = await postMission(overrides);
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
      ...RULES,
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

  it('keeps to a mission’s own dates: counting, the page, the badge and claims', async () => {
    const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
    const HOUR_MS = 3_600_000;
    const missions = async () =>
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM missions`.execute(t.db)).rows[0]!.n;
    const made = await missions();
    // A window that ends before (or as) it starts: refused with its code, nothing made.
    for (const endsAt of [at(-HOUR_MS), at(0)]) {
      const bad = await postMission({ startsAt: at(0), endsAt });
      expect([bad.status, bad.body.code]).toEqual([400, 'mission_window_invalid']);
    }
    const notADate = await postMission({ startsAt: 'tomorrow' });
    expect([notADate.status, notADate.body.code]).toEqual([400, 'validation_failed']);
    expect(await missions()).toBe(made);

    const upcoming = await create({ target: 1_00, missionPoints: 0, startsAt: at(DAY_MS) });
    const running = await create({
      target: 3_00,
      missionPoints: 0,
      rewardMinor: 2_00,
      startsAt: at(-HOUR_MS),
      endsAt: at(HOUR_MS),
    });
    const over = await create({
      target: 1_00,
      missionPoints: 0,
      startsAt: at(-10 * DAY_MS),
      endsAt: at(-8 * DAY_MS),
    });
    const m = await member();
    await play(m, 4_00, 0);

    // Not started: not on the page, nothing counted, no claim. Long over: the same.
    for (const id of [upcoming.id, over.id]) {
      expect(await cardOf(m, id)).toBeUndefined();
      const counted = await sql<{ n: number }>`SELECT count(*)::int AS n FROM mission_progress
        WHERE mission_id = ${id} AND member_id = ${m.id}`.execute(t.db);
      expect(counted.rows[0]!.n).toBe(0);
      const claim = await m.c.post(`/wps/missions/${id}/claim`, {});
      expect([claim.status, claim.body.code]).toEqual([409, 'mission_not_active']);
    }
    // Inside its window: counted, shown with its end.
    const card = await cardOf(m, running.id);
    expect(card).toMatchObject({ progress: 4_00, status: 'claimable', ended: false });
    expect(Date.parse(card.endsAtUtc!)).toBeGreaterThan(Date.now());

    // The operator ends it (audited with both dates): the reward earned stays claimable for the
    // grace period and the card says it ended; rounds after the end count nothing.
    const endedAt = at(-60_000);
    const end = await editor.put(`/admin/api/missions/${running.id}`, {
      ...RULES,
      target: 3_00,
      rewardMinor: 2_00,
      startsAt: at(-HOUR_MS),
      endsAt: endedAt,
    });
    expect(end.status, JSON.stringify(end.body)).toBe(200);
    const audit = await sql<{
      before: any;
      after: any;
    }>`SELECT before_state AS before, after_state AS after FROM operator_audit
      WHERE subject = ${`mission:${running.id}`} AND action = 'mission.update'`.execute(t.db);
    expect(audit.rows).toHaveLength(1);
    expect(Date.parse(audit.rows[0]!.before.endsAt)).toBeGreaterThan(Date.parse(endedAt));
    expect(audit.rows[0]!.after.endsAt).toBe(endedAt);
    await play(m, 5_00, 0);
    const ended = await cardOf(m, running.id);
    expect(ended).toMatchObject({ progress: 4_00, status: 'claimable', ended: true });
    expect(Date.parse(ended.claimUntilUtc!) - Date.parse(endedAt)).toBe(7 * DAY_MS);
    expect(await badge(m)).toBeGreaterThanOrEqual(1);
    const before = await balance(m);
    const paid = await m.c.post(`/wps/missions/${running.id}/claim`, {});
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await balance(m)) - before).toBe(2_00);
    // Claimed and ended: nothing left to show.
    expect(await cardOf(m, running.id)).toBeUndefined();
    expect(await checkInvariants(t.db)).toEqual([]);
  });

  it('counts by the mission’s window as the statement reads it, and closes claims after the grace period', async () => {
    const HOUR_MS = 3_600_000;
    const mission = await create({ kind: 'bet', target: 1_00, missionPoints: 0 });
    const m = await member();
    await play(m, 2_00, 0); // claimable; the brand's live missions are now in memory
    expect((await cardOf(m, mission.id)).status).toBe('claimable');
    const claimableBefore = await badge(m);

    // Another instance's desk ends it (this instance's memory still has it open): the counting
    // statement itself reads the window, so a round after the end adds nothing.
    await sql`UPDATE missions SET ends_at = now() - interval '1 minute',
      starts_at = now() - interval '1 day' WHERE id = ${mission.id}`.execute(t.db);
    await play(m, 3_00, 0);
    const progress = await sql<{ progress: number }>`SELECT progress::int FROM mission_progress
      WHERE mission_id = ${mission.id} AND member_id = ${m.id}`.execute(t.db);
    expect(progress.rows.map((r) => r.progress)).toEqual([2_00]);

    // Past the grace period: gone from the page and the badge, the claim refused, nothing paid.
    await sql`UPDATE missions SET ends_at = ${new Date(Date.now() - 8 * DAY_MS)},
      starts_at = ${new Date(Date.now() - 9 * DAY_MS - HOUR_MS)} WHERE id = ${mission.id}`.execute(
      t.db,
    );
    expect(await cardOf(m, mission.id)).toBeUndefined();
    expect(await badge(m)).toBe(claimableBefore - 1);
    const before = await balance(m);
    const refused = await m.c.post(`/wps/missions/${mission.id}/claim`, {});
    expect([refused.status, refused.body.code]).toEqual([409, 'mission_not_active']);
    expect(await balance(m)).toBe(before);
  });
});
