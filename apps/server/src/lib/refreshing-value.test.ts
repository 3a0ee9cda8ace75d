import { describe, expect, it } from 'vitest';
import { refreshingValue, refreshingValues } from './refreshing-value';

/** A load whose reads the test answers one by one, on a clock the test moves. */
function harness() {
  let clockMs = 0;
  const reads: Array<{ resolve: (v: string) => void; reject: (e: Error) => void }> = [];
  const value = refreshingValue<string>({
    load: () => new Promise((resolve, reject) => reads.push({ resolve, reject })),
    maxAgeMs: 1_000,
    refreshAfterMs: 500,
    now: () => clockMs,
  });
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return {
    value,
    reads,
    settle,
    advance: (ms: number) => {
      clockMs += ms;
    },
    /** The first read done: the value is 'v1', read at time 0. */
    primed: async () => {
      const first = value.get();
      reads[0]!.resolve('v1');
      await first;
    },
  };
}

describe('refreshingValue', () => {
  it('shares one read among the callers that must wait, then answers from memory', async () => {
    const h = harness();
    const first = h.value.get();
    const second = h.value.get();
    expect(h.reads).toHaveLength(1);
    h.reads[0]!.resolve('v1');
    expect(await Promise.all([first, second])).toEqual(['v1', 'v1']);
    h.advance(499);
    expect(await h.value.get()).toBe('v1');
    expect(h.reads).toHaveLength(1);
  });

  it('once half-aged, answers at once and reads again in the background, once', async () => {
    const h = harness();
    await h.primed();
    h.advance(600);
    expect(await h.value.get()).toBe('v1');
    expect(await h.value.get()).toBe('v1');
    expect(h.reads).toHaveLength(2);
    h.reads[1]!.resolve('v2');
    await h.settle();
    expect(await h.value.get()).toBe('v2');
    expect(h.reads).toHaveLength(2);
  });

  it('never answers older than maxAgeMs: past it, callers wait for the read', async () => {
    const h = harness();
    await h.primed();
    h.advance(1_000);
    let answered: string | null = null;
    const late = h.value.get().then((v) => (answered = v));
    await h.settle();
    expect(answered).toBeNull();
    h.reads[1]!.resolve('v2');
    expect(await late).toBe('v2');
  });

  it('keeps the value when a background read fails, and reports a failed read it waits for', async () => {
    const h = harness();
    await h.primed();
    h.advance(600);
    expect(await h.value.get()).toBe('v1');
    h.reads[1]!.reject(new Error('database down'));
    await h.settle();
    expect(await h.value.get()).toBe('v1');
    h.advance(1_000);
    const late = h.value.get();
    h.reads.at(-1)!.reject(new Error('database down'));
    await expect(late).rejects.toThrow('database down');
  });

  it('after invalidate(), waits for a new read and ignores one begun before', async () => {
    const h = harness();
    await h.primed();
    h.advance(600);
    await h.value.get(); // starts a background read of the old data
    h.value.invalidate();
    const fresh = h.value.get();
    expect(h.reads).toHaveLength(3);
    h.reads[2]!.resolve('after the change');
    expect(await fresh).toBe('after the change');
    h.reads[1]!.resolve('before the change'); // the older read ends last
    await h.settle();
    expect(await h.value.get()).toBe('after the change');
  });
});

describe('refreshingValues', () => {
  it('keeps one value per key, each read once, refreshed and bounded like refreshingValue', async () => {
    let clockMs = 0;
    const loads: string[] = [];
    const values = refreshingValues({
      maxAgeMs: 1_000,
      refreshAfterMs: 500,
      maxKeys: 2,
      now: () => clockMs,
    });
    const get = (key: string) =>
      values.get(key, async () => {
        loads.push(key);
        return `${key}@${clockMs}`;
      });
    expect(await Promise.all([get('pt'), get('pt'), get('en')])).toEqual(['pt@0', 'pt@0', 'en@0']);
    expect(loads).toEqual(['pt', 'en']);
    // Half its age: answered from memory, read again behind the caller's back.
    clockMs = 600;
    expect(await get('pt')).toBe('pt@0');
    await new Promise((r) => setTimeout(r, 0));
    expect(await get('pt')).toBe('pt@600');
    // Past its age: the caller waits for a fresh read.
    clockMs = 2_000;
    expect(await get('en')).toBe('en@2000');
    // A third key over maxKeys forgets the others, which are read again when asked.
    loads.length = 0;
    await get('es');
    await get('pt');
    expect(loads).toEqual(['es', 'pt']);
    // invalidate(): every key is read again.
    values.invalidate();
    loads.length = 0;
    await get('es');
    expect(loads).toEqual(['es']);
  });
});
