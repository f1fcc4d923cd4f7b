// Remote search shared by select, reference and autocomplete: starts at 3 characters, debounced, GET on the
// schema url with its params plus the query parameter (default q); data is a list.
import { useEffect, useRef, useState } from 'react';
import type { FieldOption } from '../../../../machines/contracts/form-schema.ts';
import type { Caller } from '../../api/caller.ts';

export const MIN_SEARCH_LENGTH = 3;
export const AJAX_SEARCH_DEBOUNCE_MS = 500;
export const REFERENCE_DEBOUNCE_MS = 300;

export type SearchStatus = 'idle' | 'short' | 'loading' | 'done' | 'error';

export interface SearchOptions {
  caller: Caller;
  url?: string;
  params?: Record<string, unknown>;
  queryKey?: string;
  debounceMs: number;
  minLength?: number;
}

export interface SearchState {
  query: string;
  setQuery: (query: string) => void;
  results: FieldOption[];
  status: SearchStatus;
  error: string;
  /** Characters still needed before a search starts. */
  missing: number;
}

function listOf(data: unknown): FieldOption[] {
  if (Array.isArray(data)) return data as FieldOption[];
  if (data && typeof data === 'object' && Array.isArray((data as { data?: unknown }).data))
    return (data as { data: FieldOption[] }).data;
  return [];
}

export function useRemoteSearch({
  caller,
  url,
  params,
  queryKey = 'q',
  debounceMs,
  minLength = MIN_SEARCH_LENGTH,
}: SearchOptions): SearchState {
  const [query, setQueryState] = useState('');
  const [results, setResults] = useState<FieldOption[]>([]);
  const [status, setStatus] = useState<SearchStatus>('idle');
  const [error, setError] = useState('');
  const generation = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const paramsKey = JSON.stringify(params ?? {});

  useEffect(() => () => clearTimeout(timer.current), []);

  function setQuery(next: string) {
    setQueryState(next);
    clearTimeout(timer.current);
    const run = ++generation.current;
    const text = next.trim();
    if (text.length === 0) {
      setStatus('idle');
      setResults([]);
      return;
    }
    if (text.length < minLength) {
      setStatus('short');
      setResults([]);
      return;
    }
    if (!url) return;
    setStatus('loading');
    timer.current = setTimeout(() => {
      void caller
        .get(url, { ...(JSON.parse(paramsKey) as Record<string, unknown>), [queryKey]: text })
        .then((result) => {
          if (run !== generation.current) return;
          if (result.status) {
            setResults(listOf(result.data));
            setStatus('done');
          } else {
            setError(result.message ?? result.error ?? '');
            setStatus('error');
          }
        });
    }, debounceMs);
  }

  return { query, setQuery, results, status, error, missing: Math.max(0, minLength - query.trim().length) };
}
