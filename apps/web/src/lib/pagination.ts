/**
 * Which page buttons a paged list offers (docs/product.md §9 pagination). Shared by every paged
 * list (components/pagination.tsx); each list picks its shape.
 */

/**
 * `margin` pages kept at each end of the list, `range` pages around the current one. With a
 * margin of 0 only the window shows, without gaps (the account record).
 */
export type PaginationShape = { margin: number; range: number };
/** A page number to show, or a gap standing for the pages left out. */
export type PaginationItem = { kind: 'page'; page: number } | { kind: 'gap'; key: string };

/**
 * The page buttons for `current` of `total`: the first and last `margin` pages, `range` pages
 * centred on the current one (shifted inwards near the ends so there are always `range`), and
 * a gap wherever pages are skipped between two shown ones. A gap never hides a single page:
 * that page is shown.
 */
export function paginationItems(
  current: number,
  total: number,
  { margin, range }: PaginationShape,
): PaginationItem[] {
  if (total <= 0) return [];
  const page = Math.min(Math.max(1, current), total);
  let windowStart = page - Math.floor((range - 1) / 2);
  let windowEnd = windowStart + range - 1;
  if (windowStart < 1) {
    windowEnd += 1 - windowStart;
    windowStart = 1;
  }
  if (windowEnd > total) {
    windowStart = Math.max(1, windowStart - (windowEnd - total));
    windowEnd = total;
  }
  const shown = new Set<number>();
  for (let p = 1; p <= Math.min(margin, total); p++) shown.add(p);
  for (let p = Math.max(1, total - margin + 1); p <= total; p++) shown.add(p);
  for (let p = windowStart; p <= windowEnd; p++) shown.add(p);
  const pages = [...shown].sort((a, b) => a - b);

  const items: PaginationItem[] = [];
  let previous: number | null = null;
  for (const p of pages) {
    if (previous !== null && p - previous === 2) items.push({ kind: 'page', page: p - 1 });
    else if (previous !== null && p - previous > 2)
      items.push({ kind: 'gap', key: `gap-${previous}` });
    items.push({ kind: 'page', page: p });
    previous = p;
  }
  return items;
}

/**
 * Where a request to open `requested` leads (docs/product.md §5: "pagination ignores page numbers
 * above total pages"): null when it should be ignored (out of range, or already there).
 */
export function acceptPage(requested: number, current: number, total: number): number | null {
  if (!Number.isInteger(requested) || requested < 1 || requested > total) return null;
  return requested === current ? null : requested;
}
