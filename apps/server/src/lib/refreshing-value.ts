/**
 * One value read from the database and remembered, for data every request needs and that
 * changes rarely (brands, transfer-mode vendors, the lobby's catalogue). It is never older
 * than `maxAgeMs`, which bounds how long a change made by another instance takes to show here
 * (the catalogue's is Infinity: once read, it is never waited for). Once it is
 * `refreshAfterMs` old, the next caller starts one read in the background and still gets the
 * current value, so under steady traffic no request waits for the read: before this, every
 * request in flight when the value expired queued behind the same query, and those were the
 * slowest requests of bench:ledger.
 */
export type RefreshingValue<T> = {
  get(): Promise<T>;
  /** Forget the value: the next get() reads it again and waits for it (a change made here). */
  invalidate(): void;
};

export function refreshingValue<T>(options: {
  load: () => Promise<T>;
  maxAgeMs: number;
  refreshAfterMs: number;
  now?: () => number;
}): RefreshingValue<T> {
  const { load, maxAgeMs, refreshAfterMs } = options;
  const now = options.now ?? Date.now;
  let current: { value: T; atMs: number } | null = null;
  /** The read under way, shared by every caller that has to wait for it. */
  let reading: Promise<T> | null = null;
  /** Counts invalidate(): a read that began before one must not put back what it forgot. */
  let generation = 0;

  function read(): Promise<T> {
    if (reading) return reading;
    const readGeneration = generation;
    const startedAtMs = now();
    const promise = load().then((value) => {
      if (readGeneration === generation) current = { value, atMs: startedAtMs };
      return value;
    });
    reading = promise;
    const done = () => {
      if (reading === promise) reading = null;
    };
    promise.then(done, done);
    return promise;
  }

  return {
    async get() {
      const ageMs = current ? now() - current.atMs : Infinity;
      if (!current || ageMs >= maxAgeMs) return read();
      // A failed background read keeps the current value; once it is too old, the caller
      // that waits for the next read sees the error.
      if (ageMs >= refreshAfterMs) read().catch(() => undefined);
      return current.value;
    },
    invalidate() {
      generation += 1;
      current = null;
      reading = null;
    },
  };
}

/** Keys one refreshingValues() remembers before it forgets them all (a bound, not a target). */
const DEFAULT_MAX_KEYS = 10_000;

/**
 * Many refreshing values by key (a brand and language, a lobby query): the same rules as
 * refreshingValue for each key. `get(key, load)` reads with `load` the first time the key is
 * asked for (the same key always means the same read). At `maxKeys` keys all are forgotten at
 * once: keys come from a bounded set of brands, languages and lists, so that is a safety net.
 */
export function refreshingValues(options: {
  maxAgeMs: number;
  refreshAfterMs: number;
  maxKeys?: number;
  now?: () => number;
}) {
  const values = new Map<string, RefreshingValue<unknown>>();
  const maxKeys = options.maxKeys ?? DEFAULT_MAX_KEYS;
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      let value = values.get(key) as RefreshingValue<T> | undefined;
      if (!value) {
        if (values.size >= maxKeys) values.clear();
        value = refreshingValue({ ...options, load });
        values.set(key, value as RefreshingValue<unknown>);
      }
      return value.get();
    },
    /** Forget every key: the next get() of each reads again and waits (a change made here). */
    invalidate(): void {
      for (const value of values.values()) value.invalidate();
      values.clear();
    },
  };
}
