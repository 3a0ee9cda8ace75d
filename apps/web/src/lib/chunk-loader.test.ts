import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  ChunkLoadError,
  createRetryableImport,
  importWithTimeout,
  whenChunksLoaded,
} from './chunk-loader';

const never = () => new Promise<never>(() => {});

describe('importWithTimeout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives a chunk 120 seconds, then fails with a timeout', async () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    const outcome = importWithTimeout(never, 'MemberCenter').catch((error: unknown) => error);
    let settled = false;
    void outcome.then(() => (settled = true));

    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(settled).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ kind: 'timeout', chunkType: 'MemberCenter' });
  });

  it('reports a failed import as a load error with its cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const error = await importWithTimeout(() => Promise.reject(cause), 'Promotions').catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ kind: 'load', chunkType: 'Promotions', cause });
  });

  it('resolves with the module when it arrives in time', async () => {
    const module = { default: 'page' };
    await expect(importWithTimeout(() => Promise.resolve(module), 'Lottery')).resolves.toBe(module);
  });
});

describe('createRetryableImport', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('imports again on retry after a timeout, and keeps the module once loaded', async () => {
    const module = { default: 'page' };
    const importer = vi
      .fn<() => Promise<typeof module>>()
      .mockImplementationOnce(never)
      .mockResolvedValue(module);
    const loader = createRetryableImport(importer, 'PointMall');

    const first = loader.load().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    expect(await first).toMatchObject({ kind: 'timeout' });

    await expect(loader.load()).resolves.toBe(module);
    await expect(loader.load()).resolves.toBe(module);
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('hands over the module without waiting once it has arrived, never before', async () => {
    const module = { default: 'page' };
    const loader = createRetryableImport(() => Promise.resolve(module), 'GameListCenter');
    expect(loader.loaded()).toBeUndefined();
    const loading = loader.load();
    expect(loader.loaded()).toBeUndefined();
    await loading;
    expect(loader.loaded()).toBe(module);
  });

  it('shares one import between simultaneous loads', async () => {
    const importer = vi.fn(() => Promise.resolve({ default: 'page' }));
    const loader = createRetryableImport(importer, 'Seamless');
    await Promise.all([loader.load(), loader.load()]);
    expect(importer).toHaveBeenCalledTimes(1);
  });
});

describe('whenChunksLoaded', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits until every chunk on its way has arrived, failed or timed out', async () => {
    let arrive = () => {};
    const arriving = importWithTimeout(
      () => new Promise<string>((resolve) => (arrive = () => resolve('page'))),
      'Lottery',
    );
    const stuck = importWithTimeout(never, 'PointMall').catch(() => 'timed out');
    let loaded = false;
    void whenChunksLoaded().then(() => (loaded = true));

    arrive();
    await arriving;
    await vi.advanceTimersByTimeAsync(0);
    expect(loaded).toBe(false);

    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    expect(await stuck).toBe('timed out');
    expect(loaded).toBe(true);
    await expect(whenChunksLoaded()).resolves.toBeUndefined();
  });
});
