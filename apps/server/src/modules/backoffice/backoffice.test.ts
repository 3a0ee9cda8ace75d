import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../test/client';
import { ENGINES, startTestApp, type TestApp } from '../../../test/harness';
import { signedInOperator, type StaffClient } from '../../../test/staff-client';
import { checkInvariants } from '../wallet/ledger';

describe.each(ENGINES)('console member desks on %s', (engine) => {
  let t: TestApp;
  let finance: StaffClient;
  let support: StaffClient;
  let demoId: number;
  beforeAll(async () => {
    t = await startTestApp(engine);
    finance = (await signedInOperator(t.app, ['finance'], { ip: '198.51.100.30' })).client;
    support = (await signedInOperator(t.app, ['support'], { ip: '198.51.100.31' })).client;
    const found = await finance.get('/admin/api/members?q=demo');
    demoId = found.body.value.rows.find((row: { username: string }) => row.username === 'demo').id;
  });
  afterAll(() => t.close());

  it('finds a member by username prefix, id, mobile (with or without +55) and e-mail', async () => {
    const usernames = async (q: string) =>
      (await support.get(`/admin/api/members?q=${encodeURIComponent(q)}`)).body.value.rows.map(
        (row: { username: string }) => row.username,
      );
    expect(await usernames('dem')).toContain('demo');
    expect(await usernames(String(demoId))).toContain('demo');
    expect(await usernames('11987654321')).toEqual(['demo']);
    expect(await usernames('+55 11 98765-4321')).toEqual(['demo']);
    expect(await usernames('DEMO@banca.local')).toEqual(['demo']);
    expect(await usernames('nobody-like-this')).toEqual([]);
    const all = await sql<{ username: string }>`SELECT username FROM members
      ORDER BY lower(username) COLLATE "C"`.execute(t.db);
    const sorted = await support.get('/admin/api/members?sort=username&order=asc&pageSize=1');
    expect(sorted.body.value).toMatchObject({ page: 1, pageSize: 1, total: all.rows.length });
    expect(sorted.body.value.rows[0].username).toBe(all.rows[0]!.username);
    const badSort = await support.get('/admin/api/members?sort=password_hash');
    expect(badSort.body.code).toBe('validation_failed');
  });

  it('an adjustment moves money through the ledger once, even when repeated, and is audited with before/after', async () => {
    const before = await finance.get(`/admin/api/members/${demoId}`);
    expect(before.body.value.wallets[0]).toMatchObject({ wallet: 'main', balanceMinor: 0 });

    const body = {
      direction: 'credit',
      amount: '150.25',
      reason: 'Goodwill credit, ticket 481',
      idempotencyKey: 'form-key-0001',
    };
    const first = await finance.post(`/admin/api/members/${demoId}/adjustments`, body);
    expect(first.body.value).toMatchObject({ replayed: false, beforeMinor: 0, afterMinor: 15_025 });
    const again = await finance.post(`/admin/api/members/${demoId}/adjustments`, body);
    expect(again.body.value).toMatchObject({
      replayed: true,
      operationId: first.body.value.operationId,
      afterMinor: 15_025,
    });
    const detail = await finance.get(`/admin/api/members/${demoId}`);
    expect(detail.body.value.wallets[0].balanceMinor).toBe(15_025);
    expect(detail.body.value.totalMinor).toBe(15_025);

    const debit = await finance.post(`/admin/api/members/${demoId}/adjustments`, {
      ...body,
      direction: 'debit',
      amount: '50',
      idempotencyKey: 'form-key-0002',
    });
    expect(debit.body.value).toMatchObject({ beforeMinor: 15_025, afterMinor: 10_025 });
    // More than the balance: refused, nothing moves.
    const overdraw = await finance.post(`/admin/api/members/${demoId}/adjustments`, {
      ...body,
      direction: 'debit',
      amount: '1000',
      idempotencyKey: 'form-key-0003',
    });
    expect(overdraw.body.code).toBe('insufficient_funds');

    const ledger = await finance.get(`/admin/api/members/${demoId}/ledger?type=adjustment`);
    expect(
      ledger.body.value.list.map((row: { amountMinor: number; reference: string }) => [
        row.amountMinor,
        row.reference,
      ]),
    ).toEqual([
      [-5_000, 'Goodwill credit, ticket 481'],
      [15_025, 'Goodwill credit, ticket 481'],
    ]);

    const audit = await sql<{
      action: string;
      before_state: unknown;
      after_state: unknown;
      ip: string;
    }>`SELECT action, before_state, after_state, ip FROM operator_audit
       WHERE subject = ${`member:${demoId}`} AND action = 'member.adjust' ORDER BY id`.execute(
      t.db,
    );
    expect(audit.rows).toEqual([
      {
        action: 'member.adjust',
        before_state: { mainMinor: 0 },
        after_state: { mainMinor: 15_025 },
        ip: '198.51.100.30',
      },
      // The repeat is on record as a request, and says nothing moved.
      {
        action: 'member.adjust',
        before_state: { mainMinor: 0 },
        after_state: { mainMinor: 15_025 },
        ip: '198.51.100.30',
      },
      {
        action: 'member.adjust',
        before_state: { mainMinor: 15_025 },
        after_state: { mainMinor: 10_025 },
        ip: '198.51.100.30',
      },
    ]);
    const replayed = await finance.get(`/admin/api/audit?subject=member:${demoId}`);
    expect(replayed.body.code).toBe('staff_role_required');
    expect(await checkInvariants(t.db)).toEqual([]);
  });

  it('adjustments need the finance role, a reason and a well-formed amount', async () => {
    const bySupport = await support.post(`/admin/api/members/${demoId}/adjustments`, {
      direction: 'credit',
      amount: '10',
      reason: 'no right to do this',
      idempotencyKey: 'form-key-0100',
    });
    expect(bySupport.status).toBe(403);
    expect(bySupport.body.code).toBe('staff_role_required');
    for (const [amount, code] of [
      ['10.001', 'validation_failed'],
      ['-5', 'validation_failed'],
      ['0', 'invalid_amount'],
    ] as const) {
      const reply = await finance.post(`/admin/api/members/${demoId}/adjustments`, {
        direction: 'credit',
        amount,
        reason: 'bad amount',
        idempotencyKey: `form-key-${amount.replace(/\W/g, 'x')}`,
      });
      expect(reply.body.code).toBe(code);
    }
    const noReason = await finance.post(`/admin/api/members/${demoId}/adjustments`, {
      direction: 'credit',
      amount: '1',
      reason: ' ',
      idempotencyKey: 'form-key-0200',
    });
    expect(noReason.body.code).toBe('validation_failed');
    const missing = await finance.get('/admin/api/members/999999');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Jogador não encontrado.');
  });

  it('a lock logs the member out at once and keeps them out until unlocked; both audited', async () => {
    const player = createClient(t.app, { ip: '203.0.113.80' });
    expect((await player.login('agente', 'agente@2026')).body.success).toBe(true);
    const agentId = (await support.get('/admin/api/members?q=agente')).body.value.rows[0].id;
    const locked = await support.put(`/admin/api/members/${agentId}/status`, {
      status: 'locked',
      reason: 'Chargeback under review',
    });
    expect(locked.body.value.status).toBe('locked');
    // The instance's session memory may hold the session up to 2 s; the database has ended it.
    const sessions = await sql<{ live: number }>`SELECT count(*)::int AS live FROM sessions
      WHERE member_id = ${agentId} AND ended_at IS NULL`.execute(t.db);
    expect(sessions.rows[0]!.live).toBe(0);
    const retry = await createClient(t.app, { ip: '203.0.113.81' }).login('agente', 'agente@2026');
    expect(retry.body.code).toBe('account_disabled');
    const unlocked = await support.put(`/admin/api/members/${agentId}/status`, {
      status: 'active',
      reason: 'Review closed',
    });
    expect(unlocked.body.value.status).toBe('active');
    expect(
      (await createClient(t.app, { ip: '203.0.113.82' }).login('agente', 'agente@2026')).body
        .success,
    ).toBe(true);
    const audit = await sql<{ action: string; after_state: unknown; detail: { reason: string } }>`
      SELECT action, after_state, detail FROM operator_audit
      WHERE subject = ${`member:${agentId}`} ORDER BY id`.execute(t.db);
    expect(audit.rows.map((row) => [row.action, row.after_state, row.detail.reason])).toEqual([
      ['member.lock', { status: 'locked' }, 'Chargeback under review'],
      ['member.unlock', { status: 'active' }, 'Review closed'],
    ]);
  });

  it('the development outbox is readable by support, filtered by channel and destination', async () => {
    await sql`INSERT INTO outbox_messages (merchant_code, channel, destination, subject, body)
              VALUES ('BANCA', 'email', 'someone@example.com', 'Olá', 'Seu código é 123456')`.execute(
      t.db,
    );
    const emails = await support.get('/admin/api/outbox?channel=email&destination=SOMEONE@');
    expect(emails.body.value.rows).toEqual([
      expect.objectContaining({
        channel: 'email',
        destination: 'someone@example.com',
        subject: 'Olá',
        body: 'Seu código é 123456',
      }),
    ]);
    const denied = await finance.get('/admin/api/outbox');
    expect(denied.body.code).toBe('staff_role_required');
  });
});
