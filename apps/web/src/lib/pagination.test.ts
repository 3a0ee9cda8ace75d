import { describe, expect, it } from 'vitest';
import { acceptPage, paginationItems, type PaginationShape } from './pagination';

// The shapes the lists use (features/lobby/lib/pagination.ts, wallet/lib/records-pagination.ts).
const LOBBY: PaginationShape = { margin: 2, range: 5 };
const DIALOG: PaginationShape = { margin: 1, range: 5 };
const RECORDS: PaginationShape = { margin: 0, range: 5 };

/** "1 2 … 5 6 [7] 8 9 … 99 100" as a compact string for readable expectations. */
function render(current: number, total: number, shape = LOBBY): string {
  return paginationItems(current, total, shape)
    .map((item) =>
      item.kind === 'gap' ? '…' : item.page === current ? `[${item.page}]` : item.page,
    )
    .join(' ');
}

describe('paginationItems (margin 2, range 5)', () => {
  it('shows every page when there are few', () => {
    expect(render(1, 1)).toBe('[1]');
    expect(render(3, 7)).toBe('1 2 [3] 4 5 6 7');
    expect(render(1, 0)).toBe('');
  });

  it('keeps two pages at each end and five around the current one', () => {
    expect(render(50, 100)).toBe('1 2 … 48 49 [50] 51 52 … 99 100');
  });

  it('keeps five pages in the window near the ends', () => {
    expect(render(1, 441)).toBe('[1] 2 3 4 5 … 440 441');
    expect(render(441, 441)).toBe('1 2 … 437 438 439 440 [441]');
  });

  it('shows a single skipped page instead of a gap', () => {
    // Pages 1-2, window 4-8: page 3 alone would hide behind "…".
    expect(render(6, 20)).toBe('1 2 3 4 5 [6] 7 8 … 19 20');
  });

  it('clamps a current page outside the range', () => {
    expect(render(0, 3)).toBe('1 2 3');
    expect(render(9, 3)).toBe('1 2 3');
  });

  it('keeps one page at each end in the dialog', () => {
    expect(render(10, 20, DIALOG)).toBe('1 … 8 9 [10] 11 12 … 20');
  });
});

describe('paginationItems (margin 0, range 5: the account record)', () => {
  it('offers five pages around the current one, inside the list, without gaps', () => {
    expect(render(1, 3, RECORDS)).toBe('[1] 2 3');
    expect(render(1, 10, RECORDS)).toBe('[1] 2 3 4 5');
    expect(render(2, 10, RECORDS)).toBe('1 [2] 3 4 5');
    expect(render(6, 10, RECORDS)).toBe('4 5 [6] 7 8');
    expect(render(10, 10, RECORDS)).toBe('6 7 8 9 [10]');
  });
});

describe('acceptPage', () => {
  it('ignores pages above the total, below 1, and the page already shown', () => {
    expect(acceptPage(3, 1, 10)).toBe(3);
    expect(acceptPage(11, 1, 10)).toBeNull();
    expect(acceptPage(0, 1, 10)).toBeNull();
    expect(acceptPage(1, 1, 10)).toBeNull();
    expect(acceptPage(2.5, 1, 10)).toBeNull();
  });
});
