/**
 * Failed queries are named on their error (db/connect.ts) so the error log can say which query
 * failed (http/logging.ts) without the SQL's parameters, which may be personal data.
 */

/** The key under which db/connect.ts tags a failed query's name on its error. */
export const QUERY_NAME = Symbol.for('banca.queryName');

/** A query's verb and first table (`insert into "members" …` → `insert members`). */
export function nameOfSql(sql: string): string {
  const verb = /^\s*([A-Za-z]+)/.exec(sql)?.[1]?.toLowerCase() ?? 'query';
  const table = /\b(?:from|into|update|join)\s+"?([A-Za-z_]\w*)"?/i.exec(sql)?.[1];
  return table ? `${verb} ${table}` : verb;
}
