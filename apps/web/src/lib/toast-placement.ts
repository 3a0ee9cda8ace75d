/** A rectangle in viewport pixels, as getBoundingClientRect gives it. */
export type Box = { top: number; bottom: number; left: number; right: number };

/**
 * How far above the viewport's bottom edge the toast stack sits so it covers none of the areas
 * kept clear (a lottery slip's buttons, a bar fixed at the bottom, the sticky header: found by QA,
 * toasts covered the slip's "Apostar" at 1366×800). The stack keeps its column (`left`/`right`:
 * bottom right, or bottom centre on a phone) and only rises: its usual place when that is clear,
 * else just above an area, the lowest that leaves it room (every free gap of its column is just
 * above an area or at the bottom), else its usual place (no gap is tall enough). Areas outside its
 * column or outside the viewport do not count.
 */
export function toastBottomPx(input: {
  viewportHeight: number;
  /** The stack's column and height. */
  stack: { left: number; right: number; height: number };
  keepClear: readonly Box[];
  /** The usual distance from the bottom edge, and the least from the top edge. */
  marginPx: number;
  /** Between the stack and an area it rose above. */
  gapPx: number;
}): number {
  const { viewportHeight: vh, stack, marginPx, gapPx } = input;
  const areas = input.keepClear.filter(
    (box) =>
      box.right > stack.left &&
      box.left < stack.right &&
      box.bottom > 0 &&
      box.top < vh &&
      box.bottom > box.top,
  );
  const clear = (top: number) =>
    top >= marginPx &&
    areas.every((box) => box.bottom + gapPx <= top || box.top - gapPx >= top + stack.height);
  const offsets = [marginPx, ...areas.map((box) => vh - box.top + gapPx)].sort((a, b) => a - b);
  return offsets.find((offsetPx) => clear(vh - offsetPx - stack.height)) ?? marginPx;
}
