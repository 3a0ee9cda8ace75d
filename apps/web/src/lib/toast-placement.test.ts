import { describe, expect, it } from 'vitest';
import { toastBottomPx, type Box } from './toast-placement';

/** 1366×800, the stack bottom right (400 px wide, 24 px from the right edge). */
const DESKTOP = { viewportHeight: 800, marginPx: 16, gapPx: 12 };
const STACK = { left: 942, right: 1342, height: 60 };
const HEADER: Box = { top: 0, bottom: 113, left: 0, right: 1366 };

const overlaps = (a: Box, b: Box) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
/** The stack's box at a distance from the bottom (what a player would see covered). */
const stackAt = (bottomPx: number, vh: number, stack: typeof STACK): Box => ({
  top: vh - bottomPx - stack.height,
  bottom: vh - bottomPx,
  left: stack.left,
  right: stack.right,
});

describe('toastBottomPx', () => {
  it('stays at the bottom when nothing to keep clear is there', () => {
    expect(toastBottomPx({ ...DESKTOP, stack: STACK, keepClear: [HEADER] })).toBe(16);
    // The slip's buttons outside the stack's column, or scrolled out of view, do not count.
    const left: Box = { top: 740, bottom: 784, left: 300, right: 900 };
    const below: Box = { top: 900, bottom: 944, left: 1000, right: 1300 };
    expect(toastBottomPx({ ...DESKTOP, stack: STACK, keepClear: [left, below] })).toBe(16);
  });

  it('rises just above the slip’s buttons at the bottom of the screen (1366×800)', () => {
    const buttons: Box = { top: 730, bottom: 774, left: 1010, right: 1334 };
    const bottomPx = toastBottomPx({ ...DESKTOP, stack: STACK, keepClear: [HEADER, buttons] });
    expect(bottomPx).toBe(800 - 730 + 12);
    expect(overlaps(stackAt(bottomPx, 800, STACK), buttons)).toBe(false);
  });

  it('takes the lowest gap tall enough: between the buttons and a bar below them', () => {
    const buttons: Box = { top: 120, bottom: 164, left: 1010, right: 1334 };
    const bar: Box = { top: 600, bottom: 800, left: 942, right: 1366 };
    expect(toastBottomPx({ ...DESKTOP, stack: STACK, keepClear: [HEADER, buttons, bar] })).toBe(
      212,
    );
    // Three toasts do not fit under the header above the buttons: they go below them.
    const low: Box = { top: 200, bottom: 244, left: 1010, right: 1334 };
    const tall = { ...STACK, height: 200 };
    const bottomPx = toastBottomPx({ ...DESKTOP, stack: tall, keepClear: [HEADER, low, bar] });
    expect(bottomPx).toBe(212);
    expect(overlaps(stackAt(bottomPx, 800, tall), low)).toBe(false);
  });

  it('never covers any area kept clear, wherever the buttons are on a phone', () => {
    // 390×844: the stack centred (366 px wide), the slip bar fixed at the bottom.
    const vh = 844;
    const stack = { left: 12, right: 378, height: 64 };
    const header: Box = { top: 0, bottom: 64, left: 0, right: 390 };
    const bar: Box = { top: 772, bottom: 832, left: 12, right: 378 };
    for (let top = -60; top <= 860; top += 7) {
      const buttons: Box = { top, bottom: top + 44, left: 16, right: 374 };
      for (const keepClear of [
        [header, buttons],
        [header, buttons, bar],
      ]) {
        const bottomPx = toastBottomPx({
          viewportHeight: vh,
          marginPx: 16,
          gapPx: 12,
          stack,
          keepClear,
        });
        for (const area of keepClear)
          expect(overlaps(stackAt(bottomPx, vh, stack), area), `buttons at ${top}`).toBe(false);
      }
    }
  });

  it('keeps its usual place when no gap is tall enough', () => {
    const wall: Box = { top: 0, bottom: 800, left: 0, right: 1366 };
    expect(toastBottomPx({ ...DESKTOP, stack: STACK, keepClear: [wall] })).toBe(16);
  });
});
