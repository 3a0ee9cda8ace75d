/**
 * Loading a lazy area (docs/product.md §2, §8): each split chunk has 120 s to arrive; past that, or
 * when the import fails, the area shows an error with a Retry that tries the import again.
 */

/** Chunk load timeout (docs/product.md §9: "Chunk timeout 120 s"). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export type ChunkErrorKind = 'timeout' | 'load';

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(
    readonly kind: ChunkErrorKind,
    /** The lazy area, e.g. `MemberCenter` (docs/product.md §8: "load error with type"). */
    readonly chunkType: string,
    options?: { cause?: unknown },
  ) {
    super(
      `${kind === 'timeout' ? 'Timed out loading' : 'Failed to load'} chunk ${chunkType}`,
      options,
    );
  }
}

/** Chunks on their way, and who waits for there to be none (see whenChunksLoaded). */
let loading = 0;
let waiters: (() => void)[] = [];

/** Resolves once no chunk is loading (at once when none is). */
export function whenChunksLoaded(): Promise<void> {
  return loading === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve));
}

function settle(): void {
  loading -= 1;
  if (loading > 0) return;
  const ready = waiters;
  waiters = [];
  for (const resolve of ready) resolve();
}

/** Runs `importer`, rejecting with a `ChunkLoadError` when it fails or outlives `timeoutMs`. */
export function importWithTimeout<T>(
  importer: () => Promise<T>,
  chunkType: string,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  loading += 1;
  let counted = true;
  const done = () => {
    if (counted) settle();
    counted = false;
  };
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      done();
      reject(new ChunkLoadError('timeout', chunkType));
    }, timeoutMs);
    importer().then(
      (module) => {
        clearTimeout(timer);
        done();
        resolve(module);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        done();
        reject(new ChunkLoadError('load', chunkType, { cause }));
      },
    );
  });
}

/**
 * A loader that remembers a successful import (every later `load()` reuses it) but forgets a
 * failed one, so the next `load()` — the user's Retry — calls the importer again. `loaded()`
 * is the module once it has arrived, for code that can use it at once rather than wait.
 */
export type RetryableImport<T> = { load: () => Promise<T>; loaded: () => T | undefined };

export function createRetryableImport<T>(
  importer: () => Promise<T>,
  chunkType: string,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
): RetryableImport<T> {
  let pending: Promise<T> | null = null;
  let module: { value: T } | null = null;
  return {
    load() {
      if (!pending) {
        pending = importWithTimeout(importer, chunkType, timeoutMs);
        pending.then(
          (value) => {
            module = { value };
          },
          () => {
            pending = null;
          },
        );
      }
      return pending;
    },
    loaded: () => module?.value,
  };
}
