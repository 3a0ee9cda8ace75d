import type { BetRecord } from '../wallet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type TestClient } from '../../../test/client';
import { signedInOperator } from '../../../test/staff-client';
import { publish } from '../../lib/events';
import { ENGINES, startTestApp, type TestApp } from '../../../test/harness';
import { houseBet } from '../../../test/bets';

const PAYMENT_PASSWORD = '482915';
const PASSWORD = 'agents@2026';

/**
 * The agent centre as agents use it, on the real app: members join a team by affiliate code or
 * the register centre, the team pages show them and their play, money moves between an agent
 * and its direct downline once (and is refused with a code when it should be), and a member
 * applies to become an agent and an operator approves.
 */
describe.each(ENGINES)('agents on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  }, 120_000);
  afterAll(() => t.close());

  let counter = 0;
  const ip = () => `198.18.${engine === 'pglite' ? 7 : 8}.${++counter}`;
  const name = (prefix: string) =>
    `${prefix}${engine[0]}${counter}${Math.floor(Math.random() * 1e4)}`;

  type Member = { c: TestClient; id: number; username: string };

  async function member(fields: Record<string, unknown> = {}): Promise<Member> {
    const c = createClient(t.app, { ip: ip() });
    const username = name('ag');
    const reg = await c.register({
      username,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      ...fields,
    });
    expect(reg.status, JSON.stringify(reg.body)).toBe(200);
    const id = reg.body.value.member.id as number;
    const pw = await c.encrypted('PUT', '/wps/member/password/payment', {
      loginPassword: PASSWORD,
      paymentPassword: PAYMENT_PASSWORD,
      confirmPaymentPassword: PAYMENT_PASSWORD,
    });
    expect(pw.status, JSON.stringify(pw.body)).toBe(200);
    return { c, id, username };
  }

  /** A top-level agent (type 1), signed in again so its session says so. */
  async function agent(credit = 0): Promise<Member & { inviteCode: string }> {
    const m = await member();
    await t.app.services.accounts.update(m.id, { type: 1 });
    await t.app.services.agents.placeMember({
      memberId: m.id,
      uplineId: null,
      merchantCode: 'BANCA',
    });
    const login = await m.c.login(m.username, PASSWORD);
    expect(login.body.success, JSON.stringify(login.body)).toBe(true);
    if (credit > 0) await give(m.id, credit);
    const row = await t.app.services.accounts.findById(m.id);
    return { ...m, inviteCode: row!.invite_code };
  }

  async function give(memberId: number, amountMinor: number) {
    await t.app.services.wallet.adjust({
      member: { memberId, merchantCode: 'BANCA', currency: 'BRL' },
      amountMinor,
      reason: 'test credit',
      operatorId: 'op-test',
      idempotencyKey: `agents-test-${engine}-${memberId}-${amountMinor}-${Math.random()}`,
    });
  }

  async function balanceOf(c: TestClient): Promise<number> {
    const reply = await c.get('/wps/v2/wallets/balance');
    return reply.body.value?.main?.balanceMinor ?? reply.body.value?.balances?.main?.balanceMinor;
  }

  let roundNo = 0;
  /** One settled round of `stakeMinor` paying `payoutMinor`, as a vendor's bet and win. */
  async function play(memberId: number, stakeMinor: number, payoutMinor: number) {
    roundNo += 1;
    const round = `AGT${engine}${roundNo}`;
    const bet = (type: 'WITHDRAW' | 'DEPOSIT', amount: number): BetRecord =>
      houseBet(memberId, round, type, amount, 'BGS_DICE');
    const ref = { memberId, merchantCode: 'BANCA', currency: 'BRL' };
    await t.app.services.wallet.bets.post({ member: ref, bet: bet('WITHDRAW', stakeMinor) });
    await t.app.services.wallet.bets.post({ member: ref, bet: bet('DEPOSIT', payoutMinor) });
  }

  const key = () => `k${Math.random().toString(36).slice(2, 14)}`;

  it('puts members registered by affiliate code and by the register centre under the agent, and shows them with their play', async () => {
    const top = await agent();
    const invited = await member({ affiliateCode: top.inviteCode });
    await t.app.events.deliverPending();
    const created = await top.c.encrypted('POST', '/wps/agent/downlines', {
      username: name('dl'),
      password: 'downline@1',
      kind: 'agent',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const subAgentId = created.body.value.memberId as number;
    expect(created.body.value.isAgent).toBe(true);
    // The new agent registers its own player: two levels under the top agent.
    const sub = createClient(t.app, { ip: ip() });
    expect((await sub.login(created.body.value.username, 'downline@1')).body.success).toBe(true);
    const grand = await sub.encrypted('POST', '/wps/agent/downlines', {
      username: name('gp'),
      password: 'player@12',
      kind: 'player',
    });
    expect(grand.status, JSON.stringify(grand.body)).toBe(200);
    const grandId = grand.body.value.memberId as number;
    await t.app.events.deliverPending();

    expect(await t.app.services.agents.isDirectDownline(top.id, invited.id)).toBe(true);
    expect(await t.app.services.agents.isDirectDownline(top.id, grandId)).toBe(false);
    expect(await t.app.services.agents.ancestorsOf(grandId)).toEqual([
      { memberId: subAgentId, depth: 1 },
      { memberId: top.id, depth: 2 },
    ]);

    // Play: the invited player loses 30,00; the grandchild wins 5,00 on 10,00.
    await give(invited.id, 100_00);
    await give(grandId, 50_00);
    await play(invited.id, 30_00, 0);
    await play(grandId, 10_00, 15_00);
    await t.app.services.agents.rollup.rollUp(new Date(Date.now() + 60_000));

    const overview = await top.c.get('/wps/agent/overview?period=today');
    expect(overview.status, JSON.stringify(overview.body)).toBe(200);
    const o = overview.body.value;
    expect(o.teamSize).toBe(3);
    expect(o.directCount).toBe(2);
    expect(o.totals.newMembers).toBe(3);
    expect(o.totals.activeMembers).toBe(2);
    expect(o.totals.betMinor).toBe(40_00);
    expect(o.totals.validBetMinor).toBe(40_00);
    expect(o.totals.profitLossMinor).toBe(-30_00 + 5_00);
    expect(o.days.at(-1).betMinor).toBe(40_00);
    // Over a week: every day a bar, the same totals, each active member counted once.
    const week = (await top.c.get('/wps/agent/overview?period=last7')).body.value;
    expect(week.days).toHaveLength(7);
    expect(week.totals).toMatchObject({ activeMembers: 2, betMinor: 40_00, newMembers: 3 });

    // A second rollup over the same time counts nothing twice.
    await t.app.services.agents.rollup.rollUp(new Date(Date.now() + 60_000));
    expect((await top.c.get('/wps/agent/overview?period=today')).body.value.totals.betMinor).toBe(
      40_00,
    );

    const level = await top.c.get('/wps/agent/downlines?period=today');
    expect(level.status, JSON.stringify(level.body)).toBe(200);
    expect(level.body.value.total).toBe(2);
    const subRow = level.body.value.rows.find(
      (r: { memberId: number }) => r.memberId === subAgentId,
    );
    expect(subRow.teamSize).toBe(1);
    expect(subRow.figures.betMinor).toBe(10_00);
    const deeper = await top.c.get(`/wps/agent/downlines?period=today&parentId=${subAgentId}`);
    expect(deeper.body.value.rows.map((r: { memberId: number }) => r.memberId)).toEqual([grandId]);
    expect(deeper.body.value.path.map((p: { memberId: number }) => p.memberId)).toEqual([
      top.id,
      subAgentId,
    ]);

    // A round of the grandchild's cancelled (7,00 staked and given back): the agent sees what
    // was staked, marked refunded, and the totals leave it out.
    const cancelled = `AGT${engine}cancel`;
    const ref = { memberId: grandId, merchantCode: 'BANCA', currency: 'BRL' };
    const stake = houseBet(grandId, cancelled, 'WITHDRAW', 7_00, 'BGS_DICE');
    await t.app.services.wallet.bets.post({ member: ref, bet: stake });
    expect(
      await t.app.services.wallet.bets.cancelMany([
        {
          member: ref,
          bet: { ...stake, type: 'CANCEL', txId: `${cancelled}:CANCEL` },
          withdrawTxId: stake.txId,
        },
      ]),
    ).toEqual(['cancelled']);
    const bets = await top.c.get('/wps/agent/team-bets?period=today');
    expect(bets.body.value.total).toBe(3);
    expect(bets.body.value.totals.stakeMinor).toBe(40_00);
    expect(
      bets.body.value.rows.find((r: { roundId: string }) => r.roundId === cancelled),
    ).toMatchObject({ status: 'cancelled', stakeMinor: 7_00, refundedMinor: 7_00, payoutMinor: 0 });
    const loss = await top.c.get('/wps/agent/user-loss?period=today');
    expect(loss.body.value.rows[0].memberId).toBe(invited.id);
    expect(loss.body.value.rows[0].profitLossMinor).toBe(-30_00);
    expect(loss.body.value.totals.profitLossMinor).toBe(-25_00);

    // Someone outside the team cannot be looked up.
    const outsider = await member();
    const notMine = await top.c.get(
      `/wps/agent/user-loss?period=today&username=${outsider.username}`,
    );
    expect(notMine.status).toBe(400);
    expect(notMine.body.code).toBe('agent_not_in_team');
  }, 120_000);

  it('moves money to a direct downline and back to the upline once, live to the receiver, and refuses what it should', async () => {
    const top = await agent(500_00);
    const created = await top.c.encrypted('POST', '/wps/agent/downlines', {
      username: name('tr'),
      password: 'downline@1',
      kind: 'player',
    });
    const downId = created.body.value.memberId as number;
    const down = createClient(t.app, { ip: ip() });
    expect((await down.login(created.body.value.username, 'downline@1')).body.success).toBe(true);
    const pw = await down.encrypted('PUT', '/wps/member/password/payment', {
      loginPassword: 'downline@1',
      paymentPassword: PAYMENT_PASSWORD,
      confirmPaymentPassword: PAYMENT_PASSWORD,
    });
    expect(pw.status, JSON.stringify(pw.body)).toBe(200);

    const requestKey = key();
    const send = () =>
      top.c.encrypted('POST', '/wps/agent/transfers/downline', {
        downlineId: downId,
        amount: '120.50',
        paymentPassword: PAYMENT_PASSWORD,
        requestKey,
      });
    const first = await send();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.value.balanceMinor).toBe(500_00 - 120_50);
    // The same request again (a retry) moves nothing more.
    const again = await send();
    expect(again.status).toBe(200);
    expect(again.body.value.id).toBe(first.body.value.id);
    expect(await balanceOf(top.c)).toBe(500_00 - 120_50);
    expect(await balanceOf(down)).toBe(120_50);

    await t.app.events.deliverPending();
    const pushed = await t.db
      .selectFrom('realtime_events')
      .select(['type', 'data'])
      .where('member_id', '=', downId)
      .execute();
    expect(pushed.map((e) => e.type)).toEqual(['AGENT_TRANSFER_AGENT_TO_DOWNLINE']);
    expect(pushed[0]!.data).toMatchObject({ amount: 120.5, sender: top.username });

    const back = await down.encrypted('POST', '/wps/agent/transfers/upline', {
      amount: 20,
      paymentPassword: PAYMENT_PASSWORD,
      requestKey: key(),
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(await balanceOf(top.c)).toBe(500_00 - 100_50);
    const details = await top.c.get('/wps/agent/account-details?period=today');
    expect(details.body.value.rows.map((r: { kind: string }) => r.kind).sort()).toEqual([
      'transfer_in',
      'transfer_in',
      'transfer_out',
      'transfer_out',
    ]);

    const refused = async (c: TestClient, url: string, body: Record<string, unknown>) => {
      const reply = await c.encrypted('POST', url, {
        paymentPassword: PAYMENT_PASSWORD,
        requestKey: key(),
        ...body,
      });
      expect(reply.status, JSON.stringify(reply.body)).toBeGreaterThanOrEqual(400);
      expect(reply.status).toBeLessThan(500);
      return reply.body.code;
    };
    const other = await member();
    expect(
      await refused(top.c, '/wps/agent/transfers/downline', { downlineId: other.id, amount: '1' }),
    ).toBe('agent_not_direct_downline');
    expect(
      await refused(top.c, '/wps/agent/transfers/downline', { downlineId: top.id, amount: '1' }),
    ).toBe('agent_self_target');
    expect(
      await refused(top.c, '/wps/agent/transfers/downline', { downlineId: downId, amount: '5000' }),
    ).toBe('agent_transfer_insufficient_balance');
    expect(
      await refused(top.c, '/wps/agent/transfers/downline', { downlineId: downId, amount: '0.50' }),
    ).toBe('agent_transfer_out_of_range');
    expect(
      await refused(top.c, '/wps/agent/transfers/downline', {
        downlineId: downId,
        amount: '1',
        paymentPassword: '000000',
      }),
    ).toBe('payment_password_incorrect');
    expect(
      await refused(down, '/wps/agent/transfers/downline', { downlineId: top.id, amount: '1' }),
    ).toBe('agent_only');
    expect(await refused(other.c, '/wps/agent/transfers/upline', { amount: '1' })).toBe(
      'agent_no_upline',
    );
    // Nothing moved by any of them.
    expect(await balanceOf(top.c)).toBe(500_00 - 100_50);
    expect(await balanceOf(down)).toBe(100_50);
  }, 120_000);

  it('counts a team member’s deposit and paid withdrawal once, however often their events arrive', async () => {
    const top = await agent();
    const player = await member({ affiliateCode: top.inviteCode });
    const outsider = await member();
    await t.app.events.deliverPending();
    const at = new Date().toISOString();
    const deposit = (memberId: number, depositId: number) =>
      publish(t.db, 'deposit.credited', {
        depositId,
        merchantCode: 'BANCA',
        memberId,
        amountMinor: 150_00,
        currency: 'BRL',
        method: 'pix',
        creditedAt: at,
      });
    const depositId = 900_000 + counter;
    await deposit(player.id, depositId);
    await deposit(outsider.id, depositId + 1);
    await publish(t.db, 'withdrawal.paid', {
      withdrawalId: depositId,
      merchantCode: 'BANCA',
      memberId: player.id,
      amountMinor: 40_00,
      currency: 'BRL',
      confirmBy: at,
    });
    await t.app.events.deliverPending();
    // The same deposit again (a redelivery, or the handler run twice) changes nothing.
    await t.app.services.agents.recordMoney({
      merchantCode: 'BANCA',
      memberId: player.id,
      kind: 'deposit',
      amountMinor: 150_00,
      currency: 'BRL',
      sourceKey: `deposit:${depositId}`,
      at: new Date(at),
    });

    const o = (await top.c.get('/wps/agent/overview?period=today')).body.value;
    expect(o.totals).toMatchObject({
      depositCount: 1,
      depositMinor: 150_00,
      withdrawalCount: 1,
      withdrawalMinor: 40_00,
    });
    const details = (await top.c.get('/wps/agent/account-details?period=today')).body.value;
    expect(
      details.rows.map((r: { kind: string; amountMinor: number; username: string }) => [
        r.kind,
        r.amountMinor,
        r.username,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['deposit', 150_00, player.username],
        ['withdrawal', 40_00, player.username],
      ]),
    );
    expect(details.total).toBe(2);
  }, 120_000);

  it('keeps the agent centre to agents', async () => {
    const player = await member();
    for (const url of ['/wps/agent/overview', '/wps/agent/downlines', '/wps/agent/team-bets']) {
      const reply = await player.c.get(url);
      expect(reply.status).toBe(403);
      expect(reply.body.code).toBe('agent_only');
    }
  });

  it('lets a member apply to become an agent, once at a time, and an operator approve it', async () => {
    const m = await member();
    const apply = () =>
      m.c.post('/wps/agent/application', {
        message: 'I run a football fan page with 20k followers',
      });
    const first = await apply();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.value.status).toBe('pending');
    expect((await apply()).body.code).toBe('agent_application_pending');

    const { client: risk } = await signedInOperator(t.app, ['risk'], { ip: ip() });
    const list = await risk.get('/admin/api/agents/applications?status=pending');
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const row = list.body.value.rows.find((r: { memberId: number }) => r.memberId === m.id);
    expect(row.username).toBe(m.username);
    const decided = await risk.post(`/admin/api/agents/applications/${row.id}/decision`, {
      decision: 'approve',
      note: 'ok',
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    const twice = await risk.post(`/admin/api/agents/applications/${row.id}/decision`, {
      decision: 'reject',
    });
    expect(twice.body.code).toBe('agent_application_not_found');

    const mine = await m.c.get('/wps/agent/application');
    expect(mine.body.value).toMatchObject({ isAgent: true, application: { status: 'approved' } });
    const tree = await risk.get(`/admin/api/agents/tree?q=${m.username}`);
    expect(tree.status, JSON.stringify(tree.body)).toBe(200);
    expect(tree.body.value.member).toMatchObject({ memberId: m.id, isAgent: true, teamSize: 0 });
  }, 120_000);
});
