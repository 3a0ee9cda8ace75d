import { QUERY_NAME, nameOfSql } from '../db/query-name';

/**
 * What the log may hold (issue 10 §6): no personal data. Errors are logged by class, code,
 * message, stack and the name of the failed query, never its parameters; known personal
 * fields are redacted at the top level of a log call.
 */

/**
 * Keys whose values identify or reach a person, or open their account: redacted at the top level
 * of a log line (`request.log.info({ email }, …)`). Not deeper: a `*.email` wildcard made every
 * request's two log lines cost 30–40 µs instead of 2–4 µs (measured with pino 10), so nested
 * objects must not carry personal data at all. Errors go through serializeError.
 */
const PERSONAL_KEYS = [
  'email',
  'mobile',
  'mobileNum',
  'mobileNo',
  'phone',
  'birthday',
  'address',
  'fullName',
  'payeeName',
  'nickname',
  'cpf',
  'idNumber',
  'username',
  'password',
  'newPassword',
  'oldPassword',
  'confirmPassword',
  'confirmNewPassword',
  'paymentPassword',
  'oldPaymentPassword',
  'confirmPaymentPassword',
  'loginPassword',
  'token',
  'pendingToken',
  'verificationCode',
  'secret',
  'params',
  'parameters',
];

const CENSOR = '[redacted]';

/** pino `redact` option of the app's logger. */
export const LOG_REDACTION = {
  paths: [
    'req.headers.authorization',
    'req.headers.cookie',
    'res.headers["set-cookie"]',
    ...PERSONAL_KEYS,
  ],
  censor: CENSOR,
};

/** Fields of a PostgreSQL error that name the failure without holding row values. */
const DATABASE_ERROR_FIELDS = [
  'severity',
  'routine',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
] as const;

/** Words after which PostgreSQL quotes an identifier; any other quoted text may be a value. */
const IDENTIFIER_WORDS = new Set([
  'relation',
  'constraint',
  'column',
  'table',
  'type',
  'encoding',
  'index',
  'schema',
  'function',
  'database',
  'role',
  'sequence',
  'extension',
  'operator',
  'trigger',
]);

/** Errors nested through `cause` are followed this deep. */
const MAX_CAUSE_DEPTH = 3;

type LoggedError = { type: string; message: string; stack: string; [key: string]: unknown };

/**
 * The `err` serializer. pino's default copies every enumerable property of an error, and a
 * PGlite error carries the query's parameters (`params`), a PostgreSQL one a `detail` such as
 * `Key (email)=(…) already exists` and a `where` quoting the parameter it choked on.
 */
export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: '', stack: '' };
  const fields = error as unknown as Record<string | symbol, unknown>;
  const database = isDatabaseError(fields);
  const message = database ? withoutValues(error.message) : error.message;
  const logged: LoggedError = {
    type: error.constructor?.name ?? error.name,
    message,
    stack: error.stack?.replace(error.message, message) ?? '',
  };
  if (typeof fields.code === 'string' || typeof fields.code === 'number') logged.code = fields.code;
  if (typeof fields.statusCode === 'number') logged.statusCode = fields.statusCode;
  if (database) {
    for (const key of DATABASE_ERROR_FIELDS) {
      if (typeof fields[key] === 'string') logged[key] = fields[key];
    }
  }
  const query = queryNameOf(fields);
  if (query) logged.query = query;
  if (error.cause !== undefined && depth < MAX_CAUSE_DEPTH)
    logged.cause = serializeError(error.cause, depth + 1);
  return logged;
}

/** A PostgreSQL (node-postgres or PGlite) error: a five-character SQLSTATE and a severity. */
function isDatabaseError(error: Record<string, unknown>): boolean {
  return (
    typeof error.code === 'string' &&
    /^[0-9A-Z]{5}$/.test(error.code) &&
    typeof error.severity === 'string'
  );
}

/** `invalid input syntax for type date: "1990-02-31"` → `…: "[redacted]"`; identifiers stay. */
function withoutValues(message: string): string {
  return message.replace(/(\b\w+\s+)?"(?:[^"]|"")*"/g, (quoted, word: string | undefined) =>
    word && IDENTIFIER_WORDS.has(word.trim().toLowerCase()) ? quoted : `${word ?? ''}"${CENSOR}"`,
  );
}

/**
 * A failed query's name: its verb and first table (`insert into members` → `insert members`),
 * from the tag db/connect.ts puts on errors, or the SQL PGlite attaches. Never the SQL itself:
 * a statement built with literals would carry values.
 */
function queryNameOf(error: Record<string | symbol, unknown>): string | null {
  const tagged = error[QUERY_NAME];
  if (typeof tagged === 'string') return tagged;
  return typeof error.query === 'string' ? nameOfSql(error.query) : null;
}
