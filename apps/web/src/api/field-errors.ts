import { isApiError } from './api-error';

/**
 * Which form field a server error belongs to, so its (already translated) message shows
 * beside that field (docs/product.md §8 "the first validation message shows beside the field"):
 * - `field_invalid` names the field in `data.field`;
 * - `validation_failed` lists `data.issues[].field`;
 * - other codes are tied to a field by the form's own `byCode` map.
 * Null when the error is about the whole form.
 */
export function fieldOfError<F extends string>(
  error: unknown,
  fields: readonly F[],
  byCode: Partial<Record<string, F>> = {},
): F | null {
  if (!isApiError(error)) return null;
  const known = (name: unknown): F | null =>
    typeof name === 'string' && (fields as readonly string[]).includes(name) ? (name as F) : null;
  if (error.code === 'field_invalid')
    return known(error.data?.field) ?? byCode.field_invalid ?? null;
  if (error.code === 'validation_failed') {
    const issues = error.data?.issues;
    if (Array.isArray(issues)) {
      for (const issue of issues) {
        const field = known((issue as { field?: unknown }).field);
        if (field) return field;
      }
    }
    return null;
  }
  return byCode[error.code] ?? null;
}

/** The message of the first `validation_failed` issue, which names the field plainly. */
export function issueMessage(error: unknown): string | null {
  if (!isApiError(error) || error.code !== 'validation_failed') return null;
  const first: unknown = Array.isArray(error.data?.issues) ? error.data.issues[0] : null;
  return first &&
    typeof first === 'object' &&
    typeof (first as { message?: unknown }).message === 'string'
    ? (first as { message: string }).message
    : null;
}
