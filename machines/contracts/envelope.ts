// The result envelope of seed 001 section 3, shared by every endpoint.
export interface Envelope<T = unknown> {
  status: boolean;
  code: number;
  data: T;
  message?: string;
  error?: string;
  errors?: Record<string, string[]>;
}

export type FieldErrors = Record<string, string[]>;

/** Paging parameters of seed 001 (limit, page from 1, sortBy, sortDesc). */
export interface PagingQuery {
  limit: number;
  page: number;
  sortBy?: string;
  sortDesc?: boolean;
}

export interface PageMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  from: number | null;
  to: number | null;
  total: number;
  filters?: unknown[];
}
