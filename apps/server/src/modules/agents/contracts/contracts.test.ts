import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type TestClient } from '../../../../test/client';
import { ENGINES, startTestApp, type TestApp } from '../../../../test/harness';
import { signedInOperator } from '../../../../test/staff-client';

/**
 * Contracts as agents use them (docs/agents.md "Contracts"): an upline offers a direct downline,
 * the downline answers through the original's relay calls, the login popup's flags, and every
 * bad input a code with a translated message and nothing changed.
 */
describe.each(ENGINES)('agent contracts on %s', (engine) => {
  let t: TestApp;
  let seq = 0;
  const ids: Record<string, number> = {};
  const clients: Record<string, TestClient> = {};

  /** A real member (registered, logged in), made an agent when `agent`, placed under `upline`. */
  async function member(name: string, agent: boolean, upline: string | null) {
    seq += 1;
    const c = createClient(t.app, { ip: `198.18.${engine === 'postgres' ? 61 : 62}.${seq}` });
    const username = `${name}${engine[0]}${seq}`.slice(0, 16);
    const reg = await c.register({
      username,
      password: 'agent@2026',
      confirmPassword: 'agent@2026',
    });
    expect(reg.body.success).toBe(true);
    const id = reg.body.value.member.id as number;
    if (agent) await sql`UPDATE members SET type = 1 WHERE id = ${id}`.execute(t.db);
    await t.app.services.agents.placeMember({
      memberId: id,
      uplineId: upline ? ids[upline]! : null,
      merchantCode: 'BANCA',
    });
    ids[name] = id;
    clients[name] = c;
    return c;
  }

  const realtime = (downline: string, rates: [number, number][]) => ({
    kind: 'realtime',
    downlineId: ids[downline],
    tiers: rates.map(([rateBp, lossRateBp], i) => ({
      thresholdMinor: i * 100_000,
      rateBp,
      lossRateBp,
    })),
  });

  beforeAll(async () => {
    t = await startTestApp(engine);
    await member('top', true, null);
    await member('mid', true, 'top');
    await member('low', true, 'mid');
    await member('player', false, 'mid');
    await member('other', true, null);
  }, 120_000);
  afterAll(() => t?.close());

  it('refuses bad offers with a code and a translated message, storing nothing', async () => {
    const top = clients.top!;
    const cases: [unknown, number, string][] = [
      [realtime('mid', [[600, 100]]), 400, 'contract_rate_out_of_bounds'],
      [
        realtime('mid', [
          [100, 50],
          [90, 60],
        ]),
        400,
        'contract_tiers_not_increasing',
      ],
      [
        {
          ...realtime('mid', [
            [100, 50],
            [120, 60],
          ]),
          tiers: [
            { thresholdMinor: 5, rateBp: 100, lossRateBp: 50 },
            { thresholdMinor: 5, rateBp: 120, lossRateBp: 60 },
          ],
        },
        400,
        'contract_tiers_not_increasing',
      ],
      [
        { kind: 'realtime', downlineId: ids.mid, tiers: [{ thresholdMinor: 0, rateBp: 100 }] },
        400,
        'contract_loss_rate_required',
      ],
      [realtime('top', [[100, 50]]), 400, 'contract_to_self'],
      [realtime('low', [[100, 50]]), 403, 'contract_not_direct_downline'],
      [realtime('other', [[100, 50]]), 403, 'contract_not_direct_downline'],
      [{ kind: 'daily', downlineId: ids.mid, tiers: [] }, 400, 'validation_failed'],
    ];
    for (const [body, status, code] of cases) {
      const res = await top.post('/wps/agent/contracts', body);
      expect([res.status, res.body.code]).toEqual([status, code]);
      expect(res.body.message).toBeTruthy();
    }
    // English too
    const en = createClient(t.app, { language: 'en', ip: '198.18.70.1' });
    en.setToken(top.token);
    const english = await en.post(
      '/wps/agent/contracts',
      realtime('mid', [
        [100, 50],
        [90, 60],
      ]),
    );
    expect(english.body.message).toBe(
      'Level 2 must have a higher threshold and rate than the level before it.',
    );
    // A player's offer, or an offer to a player: contracts are between agents.
    expect(
      (await clients.player!.post('/wps/agent/contracts', realtime('top', [[1, 1]]))).body.code,
    ).toBe('agent_only');
    expect(
      (await clients.mid!.post('/wps/agent/contracts', realtime('player', [[10, 5]]))).body.code,
    ).toBe('contract_agents_only');
    const stored = await sql<{ n: number }>`SELECT count(*)::int AS n FROM agent_contracts`.execute(
      t.db,
    );
    expect(stored.rows[0]!.n).toBe(0);
  });

  it('offers, shows the popup flags, accepts once, and terminates', async () => {
    const offered = await clients.top!.post(
      '/wps/agent/contracts',
      realtime('mid', [
        [100, 50],
        [150, 80],
      ]),
    );
    expect(offered.body.success).toBe(true);
    expect(offered.body.value).toMatchObject({
      kind: 'realtime',
      status: 'pending',
      upline: { id: ids.top },
      downline: { id: ids.mid },
    });
    const id = offered.body.value.id as number;

    const funds = await clients.mid!.get('/wps/member/info/funds/consolidated');
    expect(funds.body.value).toMatchObject({
      realtimesalreqtype: 'NEW',
      dailysalreqtype: null,
      divtypereq: null,
      contracthoursalreqh: null,
    });
    expect(
      (await clients.mid!.get('/wps/agent/contracts/pending')).body.value.list.map(
        (c: { id: number }) => c.id,
      ),
    ).toEqual([id]);

    // Someone else cannot answer it.
    expect(
      (
        await clients.low!.post('/wps/relay/MCSFE_processRealTimeSalaryContract', {
          contractId: id,
          status: 'A',
        })
      ).body.code,
    ).toBe('contract_not_found');
    // Two acceptances at once: one wins, the other is told it was already answered.
    const [a, b] = await Promise.all([
      clients.mid!.post('/wps/relay/MCSFE_processRealTimeSalaryContract', {
        contractId: id,
        status: 'A',
      }),
      clients.mid!.post('/wps/relay/MCSFE_processRealTimeSalaryContract', {
        contractId: id,
        status: 'A',
      }),
    ]);
    expect([a.body.success, b.body.success].sort()).toEqual([false, true]);
    expect([a, b].find((r) => !r.body.success)!.body.code).toBe('contract_not_pending');
    expect(
      (await clients.mid!.get('/wps/member/info/funds/consolidated')).body.value.realtimesalreqtype,
    ).toBeNull();
    const received = await clients.mid!.get('/wps/agent/contracts?role=received');
    expect(received.body.value.list).toMatchObject([{ id, status: 'active' }]);

    // mid may now give low at most its own rates.
    const tooHigh = await clients.mid!.post('/wps/agent/contracts', realtime('low', [[160, 10]]));
    expect([tooHigh.status, tooHigh.body.code]).toEqual([400, 'contract_rate_above_upline']);
    const fine = await clients.mid!.post('/wps/agent/contracts', realtime('low', [[120, 70]]));
    expect(fine.body.success).toBe(true);
    const reject = await clients.low!.post('/wps/relay/MCSFE_processRealTimeSalaryContract', {
      contractId: fine.body.value.id,
      status: 'R',
    });
    expect(reject.body.value.contract.status).toBe('rejected');
    // Terminating needs a contract in force.
    expect(
      (
        await clients.low!.post('/wps/relay/MCSFE_processRealTimeSalaryContract', {
          contractId: fine.body.value.id,
          status: 'C',
        })
      ).body.code,
    ).toBe('contract_not_active');
  });

  it('ends the downline’s higher contracts when a lower rate is accepted, only after confirmation', async () => {
    // mid gives low a daily salary of 1.00 %, having accepted 1.50 % from top.
    const give = async (from: string, to: string, rateBp: number) => {
      const res = await clients[from]!.post('/wps/agent/contracts', {
        kind: 'daily',
        downlineId: ids[to],
        minActiveMembers: 1,
        tiers: [{ thresholdMinor: 100_00, rateBp }],
      });
      expect(res.body.success).toBe(true);
      return res.body.value.id as number;
    };
    const answer = (who: string, id: number, status: string, confirmEndDownline?: boolean) =>
      clients[who]!.post('/wps/relay/MCS2_processDailySalContract', {
        id,
        status,
        ...(confirmEndDownline ? { confirmEndDownline } : {}),
      });
    expect((await answer('mid', await give('top', 'mid', 150), 'A')).body.success).toBe(true);
    const lowContract = await give('mid', 'low', 100);
    expect((await answer('low', lowContract, 'A')).body.value.contract.status).toBe('active');

    // top now offers mid 0.80 %: accepting would end mid's 1.00 % contract with low.
    const lower = await give('top', 'mid', 80);
    const preview = await clients.mid!.get(`/wps/agent/contracts/${lower}/preview`);
    expect(preview.body.value.endsContracts.map((c: { id: number }) => c.id)).toEqual([
      lowContract,
    ]);
    const unconfirmed = await answer('mid', lower, 'A');
    expect([unconfirmed.status, unconfirmed.body.code, unconfirmed.body.data]).toEqual([
      409,
      'contract_ends_downline_contracts',
      { contractIds: [lowContract] },
    ]);
    expect(unconfirmed.body.message).toContain('1');
    // Nothing changed: the offer still waits, low's contract is still in force.
    expect(
      (await clients.low!.get('/wps/agent/contracts?role=received&kind=daily')).body.value.list[0]
        .status,
    ).toBe('active');
    const confirmed = await answer('mid', lower, 'A', true);
    expect(confirmed.body.value.contract.status).toBe('active');
    expect(confirmed.body.value.endedContracts).toMatchObject([
      { id: lowContract, status: 'ended', endReason: 'upline_rate_lowered' },
    ]);
    const mids = (await clients.mid!.get('/wps/agent/contracts?role=received&kind=daily')).body
      .value.list;
    expect(mids.map((c: { status: string }) => c.status)).toEqual(['active', 'replaced']);

    // An offer mid made at its rate is withdrawn when mid accepts a lower one: low cannot
    // accept it afterwards.
    const offerToLow = await give('mid', 'low', 80);
    const lowest = await give('top', 'mid', 50);
    expect((await answer('mid', lowest, 'A')).body.code).toBe('contract_ends_downline_contracts');
    expect((await answer('mid', lowest, 'A', true)).body.value.endedContracts).toMatchObject([
      { id: offerToLow, status: 'withdrawn' },
    ]);
    expect((await answer('low', offerToLow, 'A')).body.code).toBe('contract_not_pending');
  });

  it('dividends are answered by product and period; the console gives house contracts (audited)', async () => {
    const offer = await clients.top!.post('/wps/agent/contracts', {
      kind: 'dividend',
      downlineId: ids.mid,
      computationPeriod: 'weekly',
      minActiveMembers: 2,
      tiers: [
        { thresholdMinor: 1_000_00, rateBp: 1_000 },
        { thresholdMinor: 5_000_00, rateBp: 2_000 },
      ],
    });
    expect(offer.body.value.terms).toMatchObject({
      productType: 'ALL',
      period: 'weekly',
      minActiveMembers: 2,
    });
    expect(
      (await clients.mid!.get('/wps/member/info/funds/consolidated')).body.value.divtypereq,
    ).toBe('NEW');
    const wrong = await clients.mid!.post('/wps/relay/MCS2_processDividendReq', {
      productType: 'ALL',
      computationPeriod: 'monthly',
      status: 'A',
    });
    expect(wrong.body.code).toBe('contract_not_found');
    const ok = await clients.mid!.post('/wps/relay/MCS2_processDividendReq', {
      productType: 'ALL',
      computationPeriod: 'weekly',
      status: 'A',
    });
    expect(ok.body.value.contract).toMatchObject({ kind: 'dividend', status: 'active' });
    const cancel = await clients.mid!.post('/wps/relay/MCS2_processDividendReq', {
      productType: 'ALL',
      computationPeriod: 'weekly',
      status: 'C',
    });
    expect(cancel.body.value.contract.status).toBe('terminated');

    const { client: owner } = await signedInOperator(t.app, ['owner'], { ip: '198.51.100.61' });
    const house = await owner.post('/admin/api/agents/contracts', {
      kind: 'hourly',
      downlineId: ids.top,
      windowMinutes: 30,
      minActiveMembers: 0,
      tiers: [{ thresholdMinor: 0, rateBp: 50 }],
      reason: 'launch terms',
    });
    expect(house.body.value).toMatchObject({
      kind: 'hourly',
      status: 'active',
      upline: null,
      terms: { period: '30' },
    });
    const audit = await sql<{
      action: string;
    }>`SELECT action FROM operator_audit WHERE action = 'agents.contract.house'`.execute(t.db);
    expect(audit.rows).toHaveLength(1);
    const listed = await owner.get(`/admin/api/agents/contracts?memberId=${ids.top}&kind=hourly`);
    expect(listed.body.value.list[0].id).toBe(house.body.value.id);
  });
});
