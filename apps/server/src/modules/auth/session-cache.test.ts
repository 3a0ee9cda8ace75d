import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, openTestDatabase, type TestDatabase } from '../../../test/harness';
import { seedDemo } from '../../demo/seed';
import { createAuthRepository } from './repository';

/**
 * The session memory of one instance (repository.ts): a session ended by another instance is
 * honoured here for at most 2 s, an active session is read again in the background before
 * then, and a session ended here is refused at once, even while such a read is under way.
 */
describe.each(ENGINES)('session memory on %s', (engine) => {
  let database: TestDatabase;
  let memberId: number;
  let n = 0;
  const t0 = Date.now() + 60_000; // the repository's clock is the `at` it is given
  const at = (ms: number) => new Date(t0 + ms);
  const settle = () => new Promise((r) => setTimeout(r, 250)); // past the gathering of re-reads

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    await seedDemo(database.db);
    const member = await database.db
      .selectFrom('members')
      .select('id')
      .where('username', '=', 'demo')
      .executeTakeFirstOrThrow();
    memberId = member.id;
  });
  afterAll(() => database.drop());

  async function newSession() {
    n += 1;
    const tokenHash = `session-cache-test-${n}`;
    await database.db
      .insertInto('sessions')
      .values({
        token_hash: tokenHash,
        member_id: memberId,
        scope: 'full',
        remember: true,
        ip: '198.51.100.7',
        device: 'web',
        user_agent: null,
        expires_at: new Date(t0 + 86_400_000),
        ended_at: null,
      })
      .execute();
    return tokenHash;
  }
  /** Another instance logs the session out: the row changes, this instance's memory does not. */
  const endElsewhere = (tokenHash: string) =>
    sql`UPDATE sessions SET ended_at = now() WHERE token_hash = ${tokenHash}`.execute(database.db);

  it('learns in the background, before the 2 s bound, that another instance ended it', async () => {
    const repo = createAuthRepository(database.db);
    const token = await newSession();
    expect(await repo.findLiveSession(token, at(0))).toBeDefined();
    await endElsewhere(token);
    expect(await repo.findLiveSession(token, at(500))).toBeDefined(); // fresh memory
    expect(await repo.findLiveSession(token, at(1_200))).toBeDefined(); // answered, re-read begun
    await settle();
    expect(await repo.findLiveSession(token, at(1_300))).toBeUndefined();
  });

  it('reads the sessions due together, and keeps those still live', async () => {
    const repo = createAuthRepository(database.db);
    const [ended, live] = [await newSession(), await newSession()];
    for (const token of [ended, live])
      expect(await repo.findLiveSession(token, at(0))).toBeDefined();
    await endElsewhere(ended);
    for (const token of [ended, live])
      expect(await repo.findLiveSession(token, at(1_200))).toBeDefined(); // both due
    await settle();
    expect(await repo.findLiveSession(ended, at(1_300))).toBeUndefined();
    // Read again at 1.2 s, so still remembered at 3 s although the first read was at 0.
    await endElsewhere(live);
    expect(await repo.findLiveSession(live, at(3_000))).toBeDefined();
  });

  it('never honours an ended session past 2 s, even without a request in between', async () => {
    const repo = createAuthRepository(database.db);
    const token = await newSession();
    expect(await repo.findLiveSession(token, at(0))).toBeDefined();
    await endElsewhere(token);
    expect(await repo.findLiveSession(token, at(2_000))).toBeUndefined();
  });

  it('refuses a session ended here at once, even if a re-read began before', async () => {
    const repo = createAuthRepository(database.db);
    const token = await newSession();
    const live = await repo.findLiveSession(token, at(0));
    expect(live).toBeDefined();
    expect(await repo.findLiveSession(token, at(1_200))).toBeDefined(); // re-read under way
    await repo.endSession(live!.sessionId, memberId, at(1_200));
    await settle();
    expect(await repo.findLiveSession(token, at(1_300))).toBeUndefined();
  });
});
