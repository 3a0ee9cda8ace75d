import { startTransition, useEffect, useState } from 'react';

/** Idle-time work starts after this long even on a page that never goes idle. */
const IDLE_TIMEOUT_MS = 2_000;

/** Runs `callback` when the main thread is next free (soon, where the browser cannot tell). */
function onIdle(callback: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(callback, 0);
  return () => clearTimeout(timer);
}

let idle = false;
let waiting: Promise<void> | null = null;

/**
 * Resolves once the page has painted and then found the main thread free, once per visit. Work
 * nobody sees at first (the footer, sections below the fold, their data) waits for it, so the
 * first paint on a slow phone does not wait for that work.
 */
export function whenIdle(): Promise<void> {
  if (idle) return Promise.resolve();
  waiting ??= new Promise<void>((resolve) => {
    // The frame callback runs before the next paint, the idle callback after it.
    requestAnimationFrame(() =>
      onIdle(() => {
        idle = true;
        resolve();
      }),
    );
  });
  return waiting;
}

/**
 * False until the page has painted and gone idle (see whenIdle), then true for the rest of the
 * visit: what a component renders only when true costs the first paint nothing. The switch is
 * a transition, so React renders what it reveals in slices instead of one long task.
 */
export function useIdle(): boolean {
  const [isIdle, setIdle] = useState(idle);
  useEffect(() => {
    if (isIdle) return;
    let current = true;
    void whenIdle().then(() => {
      if (current) startTransition(() => setIdle(true));
    });
    return () => {
      current = false;
    };
  }, [isIdle]);
  return isIdle;
}

/**
 * How many of a long page's `total` parts to render: `initial` at once, then one more each time
 * the main thread is free once the page is idle, until all are in (within a second or so of
 * loading). Parts below the fold cost the first paint nothing, and each reveal stays a short
 * task instead of one long one that leaves the page unresponsive.
 */
export function useProgressiveCount(total: number, initial: number): number {
  const isIdle = useIdle();
  const [count, setCount] = useState(initial);
  useEffect(() => {
    if (!isIdle || count >= total) return;
    return onIdle(() => startTransition(() => setCount((shown) => shown + 1)));
  }, [isIdle, count, total]);
  return Math.min(count, total);
}
