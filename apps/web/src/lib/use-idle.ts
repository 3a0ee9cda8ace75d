import { startTransition, useEffect, useState } from 'react';
import { whenChunksLoaded } from './chunk-loader';

/** An idle callback comes at the latest this long after it is asked for. */
const IDLE_TIMEOUT_MS = 2_000;
/** Past this, idle-time work starts whatever the first screen is still waiting for. */
const SETTLE_LIMIT_MS = 4_000;

/** Runs `callback` when the main thread is next free (soon, where the browser cannot tell). */
function onIdle(callback: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(callback, 0);
  return () => clearTimeout(timer);
}

/** After the next paint, once the main thread is free. */
const afterPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => onIdle(resolve)));

let idle = false;
let waiting: Promise<void> | null = null;

/** Images on screen that have not arrived yet (lazy ones are the browser's business). */
function loadingImagesOnScreen(): HTMLImageElement[] {
  return [...document.images].filter((image) => {
    if (image.complete || image.loading === 'lazy') return false;
    const box = image.getBoundingClientRect();
    return box.bottom > 0 && box.right > 0 && box.top < innerHeight && box.left < innerWidth;
  });
}

/** Resolves when every image given is decoded, ready to paint (or has failed to load). */
const arrived = (images: HTMLImageElement[]) =>
  Promise.all(images.map((image) => image.decode().catch(() => undefined)));

/** The first screen is complete: painted, its code in (and rendered), its images arrived. */
async function firstScreenComplete(): Promise<void> {
  while (!idle) {
    await afterPaint();
    await whenChunksLoaded();
    // A chunk that just arrived renders before its images can be looked for.
    await afterPaint();
    const images = loadingImagesOnScreen();
    if (images.length === 0) return;
    // Then round the loop: the next paint is the one that shows them.
    await arrived(images);
  }
}

/**
 * Resolves once per visit, when the first screen is complete (painted, its code and its images
 * in) and the main thread is free — or after SETTLE_LIMIT_MS whatever happens. Work nobody sees
 * at first (the footer, sections and art below the fold, their data) waits for it, so on a slow
 * phone it does not compete with what is on screen.
 */
export function whenIdle(): Promise<void> {
  if (idle) return Promise.resolve();
  waiting ??= Promise.race([
    firstScreenComplete(),
    new Promise<void>((resolve) => setTimeout(resolve, SETTLE_LIMIT_MS)),
  ]).then(() => {
    idle = true;
  });
  return waiting;
}

/**
 * False until the first screen is complete and the browser idle (see whenIdle), then true for
 * the rest of the visit: what a component renders only when true costs the first screen nothing. The switch is
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
