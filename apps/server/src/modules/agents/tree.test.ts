import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestApp, type TestApp } from '../../../test/harness';
import { seedMember } from '../../../test/seeds';

/**
 * The downline closure as the agent centre and the contracts read it: who is whose direct
 * downline, the upline chain, the team, and placing a member twice changing nothing.
 */
describe.each(ENGINES)('agent tree on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(engine);
  });
  afterAll(() => t.close());

  it('answers direct downline, uplines and team from one placement per member', async () => {
    const agents = t.app.services.agents;
    const top = await seedMember(t.db, { type: 1 });
    const mid = await seedMember(t.db, { type: 1 });
    const leaf = await seedMember(t.db);
    const outsider = await seedMember(t.db);
    await agents.placeMember({ memberId: mid, uplineId: top, merchantCode: 'BANCA' });
    await agents.placeMember({ memberId: leaf, uplineId: mid, merchantCode: 'BANCA' });
    // Placing again (a redelivered event), even under someone else, keeps the first place.
    await agents.placeMember({ memberId: leaf, uplineId: mid, merchantCode: 'BANCA' });
    await agents.placeMember({ memberId: leaf, uplineId: outsider, merchantCode: 'BANCA' });

    expect(await agents.isDirectDownline(top, mid)).toBe(true);
    expect(await agents.isDirectDownline(top, leaf)).toBe(false);
    expect(await agents.isDirectDownline(mid, leaf)).toBe(true);
    expect(await agents.isDirectDownline(outsider, leaf)).toBe(false);
    expect(await agents.isInTeam(top, leaf)).toBe(true);
    expect(await agents.isInTeam(top, top)).toBe(false);
    expect(await agents.uplineOf(leaf)).toBe(mid);
    expect(await agents.uplineOf(top)).toBeNull();
    expect(await agents.ancestorsOf(leaf)).toEqual([
      { memberId: mid, depth: 1 },
      { memberId: top, depth: 2 },
    ]);
    expect((await agents.teamMemberIds(top)).sort()).toEqual([mid, leaf].sort());
    expect(await agents.teamCounts(top)).toEqual({ team: 2, direct: 1 });
  });
});
