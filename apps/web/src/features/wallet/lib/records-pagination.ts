import type { PaginationShape } from '@/lib/pagination';

/**
 * The account record offers five pages around the current one (docs/product.md §9 "range 5"), no
 * ends.
 */
export const RECORDS_PAGINATION: PaginationShape = { margin: 0, range: 5 };
