// Paging of seed 001 section 9: 25 per page from page 1, at most 9 page numbers centred on the current page,
// 'Showing X to Y of Z entries', and column sort toggling.
import type { PageMeta } from '../../../machines/contracts/envelope.ts';

export const DEFAULT_PAGE_SIZE = 25;
export const FIRST_PAGE = 1;
export const MAX_PAGE_LINKS = 9;

/** Page numbers to show: at most `size`, centred on `current`, kept inside 1..last. */
export function pageWindow(current: number, last: number, size: number = MAX_PAGE_LINKS): number[] {
  if (last < 1) return [];
  const page = Math.min(Math.max(1, current), last);
  const count = Math.min(size, last);
  let start = page - Math.floor((count - 1) / 2);
  start = Math.max(1, Math.min(start, last - count + 1));
  return Array.from({ length: count }, (_, i) => start + i);
}

/** X, Y and Z of 'Showing X to Y of Z entries' (from meta.from/to when given, else computed). */
export function entriesRange(
  meta: Pick<PageMeta, 'current_page' | 'per_page' | 'total'> & Partial<Pick<PageMeta, 'from' | 'to'>>,
  rows?: number,
) {
  const total = meta.total;
  if (total === 0) return { from: 0, to: 0, total: 0 };
  const from = meta.from ?? (meta.current_page - 1) * meta.per_page + 1;
  const to = meta.to ?? Math.min(total, from - 1 + (rows ?? meta.per_page));
  return { from, to, total };
}

export interface SortState {
  sortBy?: string;
  sortDesc: boolean;
}

/** A click on a column header: a new column sorts ascending; the same column flips the direction. */
export function toggleSort(current: SortState, column: string): SortState {
  if (current.sortBy !== column) return { sortBy: column, sortDesc: false };
  return { sortBy: column, sortDesc: !current.sortDesc };
}
