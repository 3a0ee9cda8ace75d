import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../test/client';
import { ENGINES, startTestApp, type TestApp } from '../../../test/harness';
import type { DomainEvents } from '../../lib/events';

describe.each(ENGINES)('member.registered on %s', (engine) => {
  let t: TestApp;
  const received: Array<DomainEvents['member.registered']> = [];
  beforeAll(async () => {
    t = await startTestApp(engine);
    // What a rewards or agents module would do in its manifest.
    t.app.events.on('member.registered', 'test.welcome', async (event) => {
      received.push(event.payload);
    });
  });
  afterAll(() => t.close());

  it('is published with the new member, in its transaction, and delivered after commit', async () => {
    const agent = await t.db
      .selectFrom('members')
      .select(['id', 'invite_code', 'merchant_code'])
      .where('username', '=', 'agente')
      .executeTakeFirstOrThrow();
    const c = createClient(t.app, { ip: '198.51.100.31' });
    const reply = await c.register({
      username: 'eventful1',
      password: 'event@2026',
      confirmPassword: 'event@2026',
      affiliateCode: agent.invite_code,
    });
    expect(reply.body.success).toBe(true);
    const member = await t.db
      .selectFrom('members')
      .select(['id'])
      .where('username', '=', 'eventful1')
      .executeTakeFirstOrThrow();

    expect(received).toEqual([]); // not started: nothing is delivered until asked
    await t.app.events.deliverPending();
    expect(received).toEqual([
      {
        memberId: member.id,
        merchantCode: agent.merchant_code,
        uplineMemberId: agent.id,
        referredByMemberId: null,
      },
    ]);
    await t.app.events.deliverPending();
    expect(received).toHaveLength(1);
  });

  it('is not published when the registration fails, nor for a trial account', async () => {
    const before = await t.db.selectFrom('domain_events').select('id').execute();
    const c = createClient(t.app, { ip: '198.51.100.32' });
    const taken = await c.register({
      username: 'eventful1',
      password: 'event@2026',
      confirmPassword: 'event@2026',
    });
    expect(taken.body.code).toBe('username_taken');
    const trial = await createClient(t.app, { ip: '198.51.100.33' }).post(
      '/wps/session/login/freeplay',
    );
    expect(trial.body.success).toBe(true);
    await t.app.events.deliverPending();
    const after = await t.db.selectFrom('domain_events').select('id').execute();
    expect(after).toHaveLength(before.length);
  });
});
