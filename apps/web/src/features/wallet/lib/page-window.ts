/** Page buttons shown at once (spec §9 pagination "range 5"). */
const PAGE_RANGE = 5;

/** The pages to offer around `page`: PAGE_RANGE of them, kept inside 1..totalPages. */
export function pageWindow(page: number, totalPages: number): number[] {
  const count = Math.min(PAGE_RANGE, totalPages);
  const start = Math.max(1, Math.min(page - Math.floor(PAGE_RANGE / 2), totalPages - count + 1));
  return Array.from({ length: count }, (_, index) => start + index);
}
