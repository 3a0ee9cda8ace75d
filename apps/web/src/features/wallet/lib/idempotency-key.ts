/**
 * A random `Idempotency-Key` (UUID v4). crypto.randomUUID exists only in secure contexts
 * (https, localhost); a brand reached over plain http on a LAN address still needs keys, and
 * crypto.getRandomValues works everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One key per submit, kept for a retry of the same submit: when a call may or may not have
 * reached the ledger (no answer, a timeout, a 5xx), sending the same content again must reuse
 * the key so the server applies it at most once. Other content, or a clear answer, starts anew.
 */
export class RetryableKey {
  private pending: { content: string; key: string } | null = null;

  /** The key for a submit of `content`: the pending one when it is a retry of it. */
  keyFor(content: string): string {
    if (this.pending?.content !== content) this.pending = { content, key: newIdempotencyKey() };
    return this.pending.key;
  }

  /** The call was answered (success or a definite refusal): the next submit is a new one. */
  settle(): void {
    this.pending = null;
  }
}
