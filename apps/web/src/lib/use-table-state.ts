import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** Page sizes a console table offers; the server refuses above 100 (ADMIN_PAGE_SIZE_MAX). */
export const TABLE_PAGE_SIZES = [10, 20, 50, 100] as const;

export type SortOrder = 'asc' | 'desc';

/** The paging and sorting the one DataTable reads and changes. */
export type TablePaging = {
  page: number;
  pageSize: number;
  sort: string | undefined;
  order: SortOrder;
  setPage: (page: number) => void;
  setPageSize: (pageSize: number) => void;
  setSort: (sort: string, order: SortOrder) => void;
};

/** What a server-paged table shows now, and how to change it. */
export type TableState<F extends string = string> = TablePaging & {
  filters: Record<F, string | undefined>;
  /** The query a list route takes: paging, sorting and every filter with a value. */
  params: Record<string, string | number>;
  /** Sets one filter (empty removes it) and goes back to the first page. */
  setFilter: (name: F, value: string | undefined) => void;
  setFilters: (values: Partial<Record<F, string | undefined>>) => void;
  clearFilters: () => void;
};

function positive(raw: string | null, fallback: number, max: number): number {
  const value = Number(raw);
  return Number.isInteger(value) && value >= 1 && value <= max ? value : fallback;
}

/**
 * A console table's paging, sorting and filters, kept in the address (`?page=2&sort=id…`), so
 * reload, back and forward and a pasted link show the same rows. `prefix` keeps two tables of
 * one screen apart (`ledger.page`).
 */
export function useTableState<F extends string = never>(options: {
  sort?: string;
  order?: SortOrder;
  pageSize?: number;
  filters?: readonly F[];
  prefix?: string;
}): TableState<F> {
  const [search, setSearch] = useSearchParams();
  const key = useCallback(
    (name: string) => (options.prefix ? `${options.prefix}.${name}` : name),
    [options.prefix],
  );
  const filterNames = options.filters;
  const defaultSize = options.pageSize ?? 20;

  const page = positive(search.get(key('page')), 1, 100_000);
  const pageSize = positive(search.get(key('pageSize')), defaultSize, 100);
  const sort = search.get(key('sort')) ?? options.sort;
  const rawOrder = search.get(key('order'));
  const order: SortOrder =
    rawOrder === 'asc' || rawOrder === 'desc' ? rawOrder : (options.order ?? 'desc');
  const filterValues = useMemo(() => {
    const values = {} as Record<F, string | undefined>;
    for (const name of filterNames ?? []) values[name] = search.get(key(name)) || undefined;
    return values;
  }, [filterNames, search, key]);

  const update = useCallback(
    (changes: Record<string, string | number | undefined>) => {
      setSearch(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [name, value] of Object.entries(changes)) {
            if (value === undefined || value === '') next.delete(key(name));
            else next.set(key(name), String(value));
          }
          return next;
        },
        { replace: true },
      );
    },
    [setSearch, key],
  );

  return useMemo(() => {
    const params: Record<string, string | number> = { page, pageSize, order };
    if (sort) params.sort = sort;
    for (const [name, value] of Object.entries(filterValues) as [F, string | undefined][])
      if (value) params[name] = value;
    return {
      page,
      pageSize,
      sort,
      order,
      filters: filterValues,
      params,
      setPage: (next) => update({ page: next === 1 ? undefined : next }),
      setPageSize: (next) =>
        update({ pageSize: next === defaultSize ? undefined : next, page: undefined }),
      setSort: (nextSort, nextOrder) =>
        update({ sort: nextSort, order: nextOrder, page: undefined }),
      setFilter: (name, value) => update({ [name]: value?.trim() || undefined, page: undefined }),
      setFilters: (values) =>
        update({
          ...Object.fromEntries(
            Object.entries(values).map(([name, value]) => [
              name,
              (value as string | undefined)?.trim() || undefined,
            ]),
          ),
          page: undefined,
        }),
      clearFilters: () =>
        update({
          ...Object.fromEntries((filterNames ?? []).map((name) => [name, undefined])),
          page: undefined,
        }),
    };
  }, [page, pageSize, sort, order, filterValues, update, defaultSize, filterNames]);
}
