import { describe, expect, it } from 'vitest';
import { newIdempotencyKey, RetryableKey } from './idempotency-key';

describe('idempotency keys', () => {
  it('are UUIDs the server accepts, new every time', () => {
    const key = newIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(key);
  });

  it('are reused only when the same submit is retried before an answer', () => {
    const keys = new RetryableKey();
    const first = keys.keyFor('0:1:25050');
    expect(keys.keyFor('0:1:25050')).toBe(first);
    expect(keys.keyFor('0:1:100')).not.toBe(first);
    const other = keys.keyFor('0:1:100');
    keys.settle();
    expect(keys.keyFor('0:1:100')).not.toBe(other);
  });
});
