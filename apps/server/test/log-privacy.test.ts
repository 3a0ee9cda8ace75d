import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { newMemberRow } from '../src/modules/members/new-member';
import { ENGINES, openTestDatabase, type TestDatabase } from './harness';

/**
 * Issue 10 §6 "Logs keep no personal data": a query that fails with a member's data in its
 * parameters is logged with its name and the request id, never the data.
 */
const PERSONAL = {
  email: 'maria.silva@example.com',
  mobile: '11987654321',
  address: 'Rua das Palmeiras 123, Recife',
  fullName: 'Maria Aparecida da Silva',
  // Year 0 does not exist in PostgreSQL: the insert fails on this value (SQLSTATE 22008).
  birthday: '0000-01-01',
};

describe.each(ENGINES)('the log on %s', (engine) => {
  let database: TestDatabase;
  let app: App;
  const lines: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    app = await buildApp({
      db: database.db,
      logLevel: 'info',
      logStream: { write: (line) => void lines.push(line) },
    });
    // A real insert through the app's database, failing inside a request like any route's would.
    app.post('/test/failing-insert', async (request) => {
      request.log.info({ email: PERSONAL.email, address: PERSONAL.address }, 'about to insert');
      await database.db
        .insertInto('members')
        .values(
          newMemberRow({
            merchant_code: 'BANCA',
            username: 'maria',
            password_hash: 'x',
            invite_code: 'MARIA1',
            email: PERSONAL.email,
            mobile_num: PERSONAL.mobile,
            address: PERSONAL.address,
            full_name: PERSONAL.fullName,
            birthday: PERSONAL.birthday,
          }),
        )
        .execute();
      return { inserted: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  it('logs a failed query by name and request id, without its parameters', async () => {
    const res = await app.inject({ method: 'POST', url: '/test/failing-insert' });
    expect(res.statusCode).toBe(500);
    const requestId = res.headers['x-request-id'];
    expect(res.json()).toMatchObject({ success: false, code: 'internal_error' });
    expect(res.json().message).toContain(requestId);

    const log = lines.join('');
    for (const value of Object.values(PERSONAL)) expect(log).not.toContain(value);

    const entries = lines.map((line) => JSON.parse(line));
    const failure = entries.find((entry) => entry.msg === 'unhandled error');
    expect(failure).toMatchObject({
      reqId: requestId,
      err: { code: '22008', query: 'insert members', severity: 'ERROR' },
    });
    expect(failure.err.message).toContain('"[redacted]"');
    const redacted = entries.find((entry) => entry.msg === 'about to insert');
    expect(redacted).toMatchObject({
      reqId: requestId,
      email: '[redacted]',
      address: '[redacted]',
    });
  });
});
