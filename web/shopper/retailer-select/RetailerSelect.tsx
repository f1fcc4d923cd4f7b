import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { api, ApiError } from '../../lib/api.ts';
import { getSession } from '../../lib/apply-session.ts';
import { brandFromQuery, useBrand } from '../../lib/brand.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { useT } from '../../lib/i18n.tsx';
import { forgetTypedInput, restoreTypedFocus, typedInput } from '../../lib/prerender-input.ts';

// Route `/` (apply/retailer): search stores by name, Apply Now leads to `#/{retailer}/{store}/initiate` (the query
// string stays in front of the hash, so it is carried along). A store already in the session goes straight to /apply.

export interface StoreHit {
  retailer: { slug: string; name: string };
  store: { slug: string; name: string; label?: string; city?: string; state?: string };
}

export const MIN_QUERY = 2;
export const SEARCH_DEBOUNCE_MS = 300;

type Search =
  | { state: 'idle' }
  | { state: 'loading'; query: string }
  | { state: 'done'; query: string; hits: StoreHit[] }
  | { state: 'error'; query: string; message: string };

export function RetailerSelect() {
  const t = useT();
  const { brand, setBrandKey } = useBrand();
  const [, navigate] = useLocation();
  const search = useSearch();
  // what the shopper typed into the prerendered search box before the app arrived (main.tsx) is where the app starts
  const [handedOver] = useState(() => typedInput('q'));
  const [text, setText] = useState(handedOver?.value ?? '');
  const field = useRef<HTMLInputElement>(null);
  const [result, setResult] = useState<Search>({ state: 'idle' });
  const inputId = useId();
  const hintId = useId();
  const hasSession = getSession() !== null;
  useDocumentTitle(t('shell.select.title'), brand.name);

  useLayoutEffect(() => {
    if (!handedOver) return;
    forgetTypedInput('q');
    if (field.current) restoreTypedFocus(field.current, handedOver);
  }, [handedOver]);

  useEffect(() => {
    if (hasSession) navigate('/apply', { replace: true });
    else setBrandKey(brandFromQuery(search));
  }, [hasSession, navigate, setBrandKey, search]);

  useEffect(() => {
    const query = text.trim();
    if (query.length < MIN_QUERY) {
      setResult({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setResult({ state: 'loading', query });
      api<StoreHit[]>('GET', '/apply-v2/stores', { query: { q: query }, signal: controller.signal }).then(
        (envelope) => setResult({ state: 'done', query, hits: Array.isArray(envelope.data) ? envelope.data : [] }),
        (error: unknown) => {
          if ((error as Error).name === 'AbortError') return;
          setResult({ state: 'error', query, message: error instanceof ApiError ? error.message : 'error.unknown' });
        },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  if (hasSession) return null;

  let status = '';
  if (result.state === 'loading') status = t('shell.select.searching');
  else if (result.state === 'error') status = t(result.message);
  else if (result.state === 'done')
    status =
      result.hits.length === 0
        ? t('shell.select.noResults', { query: result.query })
        : result.hits.length === 1
          ? t('shell.select.oneResult')
          : t('shell.select.results', { count: result.hits.length });

  return (
    <section aria-labelledby="select-title">
      <h1 id="select-title">{t('shell.select.title')}</h1>
      <p className="page-intro">{t('shell.select.intro')}</p>
      <form role="search" className="field" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor={inputId}>{t('shell.select.searchLabel')}</label>
        <span id={hintId} className="field__hint">
          {t('shell.select.searchHint')}
        </span>
        <input
          ref={field}
          id={inputId}
          className="input"
          type="search"
          name="q"
          autoComplete="off"
          spellCheck={false}
          aria-describedby={hintId}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </form>
      <p
        role="status"
        aria-live="polite"
        className={result.state === 'error' ? 'search-status search-status--error' : 'search-status'}
      >
        {status}
      </p>
      {result.state === 'done' && result.hits.length > 0 && (
        <ul className="results" aria-label={t('shell.select.resultsLabel')}>
          {result.hits.map((hit) => {
            const nameId = `store-${hit.retailer.slug}-${hit.store.slug}`;
            return (
              <li key={nameId} className="card result">
                <div>
                  <h2 className="result__name" id={nameId}>
                    {hit.store.name}
                  </h2>
                  <p className="result__meta">
                    {hit.retailer.name}
                    {hit.store.city && hit.store.state
                      ? ` · ${t('shell.select.location', { city: hit.store.city, state: hit.store.state })}`
                      : ''}
                  </p>
                </div>
                <button
                  type="button"
                  className="button"
                  aria-describedby={nameId}
                  onClick={() =>
                    navigate(`/${encodeURIComponent(hit.retailer.slug)}/${encodeURIComponent(hit.store.slug)}/initiate`)
                  }
                >
                  {t('shell.select.applyNow')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
