import { z } from 'zod';

/** `params.rule` of the issue `text()` raises; the server names it in its translated message. */
export const PLAIN_TEXT_RULE = 'plain_text';

/** C0 and C1 control characters (DEL included), or a surrogate half without its partner. */
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The one string schema of every text field a client sends (issue 10 §5). A NUL used to travel
 * from a body to PostgreSQL, which refuses it in `text` (SQLSTATE 22021) and the request
 * answered 500; an unpaired surrogate cannot be encoded as UTF-8 at all. Both are refused here,
 * at the schema, with `validation_failed`, before any rule or query runs.
 *
 * Refused: C0 controls (U+0000–U+001F, so tab and newline too: no field a client sends is
 * multi-line unless it says so), DEL and C1 controls (U+007F–U+009F), and a surrogate half
 * without its partner. A field that takes multi-line text (a promotion's HTML body) passes
 * `{ multiline: true }`, which lets `\n`, `\r` and `\t` through, not a bare `z.string()`
 * (eslint.config.js forbids those here).
 *
 * `maxLength` is required: every field names its own bound (docs/conventions.md "Put a limit on
 * everything").
 *
 * Calls to it are pure to the web build's tree-shaking, like `z.…()` calls (manualPureFunctions
 * in apps/web/vite.config.ts): the web app uses no schema in production. Keep the name.
 */
export function text(maxLength: number, options: { multiline?: boolean } = {}): z.ZodString {
  // Multi-line fields (an operator's HTML body) let line feeds, carriage returns and tabs
  // through; every other control character is still refused.
  const allowed = options.multiline ? (value: string) => value.replace(/[\n\r\t]/g, ' ') : null;
  return z
    .string()
    .max(maxLength)
    .refine((value) => !FORBIDDEN.test(allowed ? allowed(value) : value), {
      message: 'contains a control character or an unpaired surrogate',
      params: { rule: PLAIN_TEXT_RULE },
    });
}

/**
 * A string the server writes (response fields): not checked, because it is not input and help
 * texts and announcements are multi-line. Never use it in a request schema: the fuzz test
 * (apps/server/test/fuzz-strings.test.ts) sends every request field a control character.
 */
export function serverText(): z.ZodString {
  return z.string();
}
