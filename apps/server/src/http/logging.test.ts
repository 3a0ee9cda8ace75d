import { describe, expect, it } from 'vitest';
import { QUERY_NAME } from '../db/query-name';
import { serializeError } from './logging';

/** A node-postgres DatabaseError as the driver builds it: the fields that quote row values. */
function databaseError(fields: Record<string, unknown>, message: string): Error {
  return Object.assign(new Error(message), { severity: 'ERROR', ...fields });
}

describe('serializeError', () => {
  it('keeps what names a database failure and drops what quotes the row', () => {
    const error = databaseError(
      {
        code: '23505',
        constraint: 'members_email_key',
        table: 'members',
        detail: 'Key (email)=(maria@example.com) already exists.',
        where: "unnamed portal parameter $2 = '11987654321'",
        params: ['maria@example.com', '11987654321'],
        query: 'insert into "members" ("email", "mobile_num") values ($1, $2)',
      },
      'duplicate key value violates unique constraint "members_email_key"',
    );
    const logged = serializeError(error);
    expect(logged).toMatchObject({
      type: 'Error',
      code: '23505',
      severity: 'ERROR',
      constraint: 'members_email_key',
      table: 'members',
      query: 'insert members',
      message: 'duplicate key value violates unique constraint "members_email_key"',
    });
    expect(JSON.stringify(logged)).not.toMatch(/maria|11987654321/);
  });

  it('redacts values PostgreSQL quotes in its message, in the stack too', () => {
    const error = databaseError(
      { code: '22007' },
      'invalid input syntax for type date: "1990-02-31"',
    );
    (error as unknown as Record<symbol, string>)[QUERY_NAME] = 'update members';
    const logged = serializeError(error);
    expect(logged.message).toBe('invalid input syntax for type date: "[redacted]"');
    expect(logged.query).toBe('update members');
    expect(JSON.stringify(logged)).not.toContain('1990-02-31');
  });

  it('follows causes and leaves other errors’ messages alone', () => {
    const logged = serializeError(
      new Error('outer', { cause: databaseError({ code: '22P02' }, 'value "x@y.z" is bad') }),
    );
    expect(logged.message).toBe('outer');
    expect(logged.cause).toMatchObject({ code: '22P02', message: 'value "[redacted]" is bad' });
  });
});
