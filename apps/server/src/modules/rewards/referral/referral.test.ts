/* eslint-disable @typescript-eslint/no-explicit-any -- test replies are read loosely; contracts are asserted where it matters */
import { referralOverviewSchema } from '@banca/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type TestClient } from '../../../../test/client';
import { ENGINES, startTestApp, type TestApp } from '../../../../test/harness';
import { signedInOperator, type StaffClient } from '../../../../test/staff-client';
import { checkInvariants } from '../../wallet/ledger';
import { houseBet } from '../../../../test/bets';

const PASSWORD = 'indica@2026';
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
type Member = { c: TestClient; id: number; code: string };

/**
 * Invite a friend against the real server and ledger (docs/missions.md): the friend registers
 * with the member's code, deposits and plays past the brand's thresholds, and the referrer is
 * paid once (however often the facts arrive) and the friend counts toward invite missions;
 * the same device, address or CPF as the referrer never qualifies; one's own CPF is refused.
 */
describe.each(ENGINES)('referral on %s', (engine) => {
  let t: TestApp;
  let editor: StaffClient;
  let cashier: StaffClient;
  let counter = 0;

  beforeAll(async () => {
    t = await startTestApp(engine);
    editor = (await signedInOperator(t.app, ['content'])).client;
    cashier = (await signedInOperator(t.app, ['finance'])).client;
    const saved = await editor.put('/admin/api/referral/settings/BANCA', {
      enabled: true,
      minDepositMinor: 50_00,
      minTurnoverMinor: 20_00,
      rewardKind: 'cash',
      rewardMinor: 10_00,
      wageringMultiple: 0,
      blockSameIp: true,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
  });

  const drain = async () => {
    while ((await t.app.events.deliverPending()) > 0);
  };

  async function register(
    fields: Record<string, unknown> = {},
    ip = `198.18.${engine === 'pglite' ? 37 : 38}.${++counter}`,
  ) {
    const c = createClient(t.app, { ip });
    const reply = await c.register({
      username: `rf${engine[0]}${counter}x${Math.floor(Math.random() * 1e4)}`,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      deviceId: `device-${engine}-${counter}`,
      ...fields,
    });
    return { c, reply };
  }

  async function member(fields: Record<string, unknown> = {}, ip?: string): Promise<Member> {
    const { c, reply } = await register(fields, ip);
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    await drain();
    const overview = await c.get('/wps/referral');
    return { c, id: reply.body.value.member.id, code: overview.body.value.code };
  }

  async function overviewOf(m: Member) {
    const reply = await m.c.get('/wps/referral');
    expect(reply.status).toBe(200);
    return referralOverviewSchema.parse(reply.body.value);
  }

  async function balance(m: Member): Promise<number> {
    const brand = (await t.app.services.system.brandByCode('BANCA'))!;
    const ref = { memberId: m.id, merchantCode: 'BANCA', currency: 'BRL' };
    return (await t.app.services.wallet.balances(ref, brand)).main.balanceMinor;
  }

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
    await drain();
    return id;
  }

  async function play(m: Member, stakeMinor: number) {
    const round = `R${engine[0]}${m.id}x${Date.now()}`;
    const ref = { memberId: m.id, merchantCode: 'BANCA', currency: 'BRL' };
    for (const [type, amount] of [
      ['WITHDRAW', stakeMinor],
      ['DEPOSIT', 0],
    ] as const)
      await t.app.services.wallet.bets.post({
        member: ref,
        bet: houseBet(m.id, round, type, amount),
      });
    await drain();
  }

  it('pays the referrer once when the friend deposits and plays past the thresholds', async () => {
    const invite = await editor.post('/admin/api/missions', {
      merchantCode: 'BANCA',
      titles: { 'pt-BR': 'Convide um amigo', en: 'Invite a friend' },
      kind: 'invite',
      periodType: 'once',
      target: 1,
      rewardKind: 'points',
      rewardMinor: 100,
      missionPoints: 5,
    });
    expect(invite.status).toBe(200);
    const referrer = await member();
    const friend = await member({ referralCode: referrer.code });
    let overview = await overviewOf(referrer);
    expect(overview.linkPath).toBe(`/register?referralCode=${referrer.code}`);
    expect(overview.friends).toMatchObject([{ status: 'registered', blockedReason: null }]);

    const before = await balance(referrer);
    const depositId = await deposit(friend, '60.00');
    overview = await overviewOf(referrer);
    expect(overview.friends[0]).toMatchObject({ status: 'deposited', firstDepositMinor: 60_00 });
    expect(await balance(referrer)).toBe(before);

    await play(friend, 12_00);
    await play(friend, 12_00);
    overview = await overviewOf(referrer);
    expect(overview.friends[0]).toMatchObject({ status: 'qualified', rewardMinor: 10_00 });
    expect(overview.counts).toEqual({ registered: 1, deposited: 1, qualified: 1 });
    expect(overview.earnedMinor).toBe(10_00);
    expect((await balance(referrer)) - before).toBe(10_00);

    // The deposit delivered again, more rounds: paid once.
    await t.app.services.referral.onDepositCredited({
      depositId,
      memberId: friend.id,
      amountMinor: 60_00,
      creditedAt: new Date().toISOString(),
    });
    await play(friend, 30_00);
    expect((await balance(referrer)) - before).toBe(10_00);
    const paid = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ledger_operations
      WHERE idempotency_key = ${`referral-reward:${friend.id}`}`.execute(t.db);
    expect(Number(paid.rows[0]!.n)).toBe(1);
    // The qualified friend completed the referrer's invite mission.
    const missions = await referrer.c.get('/wps/missions');
    const card = missions.body.value.missions.find((m: any) => m.id === invite.body.value.id);
    expect(card).toMatchObject({ progress: 1, status: 'claimable' });
    expect(await checkInvariants(t.db)).toEqual([]);
  });

  it('never qualifies a friend on the referrer’s device or address; refuses one’s own CPF', async () => {
    const referrer = await member(
      { idNumber: '52998224725', deviceId: 'shared-phone' },
      '203.0.113.90',
    );
    const sameDevice = await member({ referralCode: referrer.code, deviceId: 'shared-phone' });
    await member({ referralCode: referrer.code }, '203.0.113.90');
    const overview = await overviewOf(referrer);
    expect(overview.friends.map((f) => [f.status, f.blockedReason]).sort()).toEqual([
      ['blocked', 'same_device'],
      ['blocked', 'same_ip'],
    ]);
    const before = await balance(referrer);
    await deposit(sameDevice, '60.00');
    await play(sameDevice, 30_00);
    expect(await balance(referrer)).toBe(before);
    expect((await overviewOf(referrer)).counts.qualified).toBe(0);

    const self = await register({ referralCode: referrer.code, idNumber: '529.982.247-25' });
    expect([self.reply.status, self.reply.body.code]).toEqual([400, 'referral_self']);
  });

  it('audits the console’s changes and refuses bad settings', async () => {
    const audit = await sql<{ action: string }>`SELECT action FROM operator_audit
      WHERE action = 'referral.settings'`.execute(t.db);
    expect(audit.rows.length).toBeGreaterThanOrEqual(1);
    const bad = await editor.put('/admin/api/referral/settings/BANCA', {
      enabled: true,
      minDepositMinor: -1,
      minTurnoverMinor: 0,
      rewardKind: 'cash',
      rewardMinor: 1,
      wageringMultiple: 0,
      blockSameIp: true,
    });
    expect(bad.status).toBe(400);
  });
});
