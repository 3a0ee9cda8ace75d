import type { PaginationShape } from '@/lib/pagination';

/**
 * Lobby pagination (docs/product.md §9): two pages kept at each end, five around the current page.
 */
export const LOBBY_PAGINATION: PaginationShape = { margin: 2, range: 5 };
/**
 * The game popup is narrower: one page at each end (docs/product.md §9 "margin 1 in the dialog
 * list").
 */
export const DIALOG_PAGINATION: PaginationShape = { margin: 1, range: 5 };
