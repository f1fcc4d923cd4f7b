// The paged list: fetches rows with limit, page, sortBy, sortDesc (25 per page from page 1) and the filter values;
// renders the filters the server describes in meta.filters, sortable column headers, row actions, a pager of at most
// 9 page numbers centred on the current page, 'Showing X to Y of Z entries', 'No results found', loading and errors.
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { FieldSchema, PagedResponse } from '../../../machines/contracts/form-schema.ts';
import type { PageMeta } from '../../../machines/contracts/envelope.ts';
import { defaultCaller, fillPath, type Caller, type HttpMethod } from '../api/caller.ts';
import type { ConfirmOptions } from '../dialogs/ConfirmDialog.tsx';
import { useConfirm, useNotifyOptional } from '../dialogs/DialogsProvider.tsx';
import { FormContext, useFormController, type Values } from '../form/context.ts';
import { Fields } from '../form/FieldRenderer.tsx';
import { useToolkitT } from '../i18n.ts';
import { DEFAULT_PAGE_SIZE, entriesRange, FIRST_PAGE, pageWindow, toggleSort, type SortState } from './pager.ts';

export type Row = Record<string, unknown>;

export interface Column<T extends Row = Row> {
  key: string;
  label: string;
  sortable?: boolean;
  render?: (row: T) => ReactNode;
  className?: string;
}

export interface RowAction<T extends Row = Row> {
  label: string;
  /** Runs in the page; or give `url` (with {placeholders} filled from the row) to call the API. */
  onClick?: (row: T) => void | Promise<void>;
  url?: string;
  method?: HttpMethod;
  params?: Record<string, unknown>;
  /** Ask first: true for 'Are you sure?', a text, or full options (e.g. { preset: 'delete' }). */
  confirm?: boolean | string | ConfirmOptions;
  visible?: (row: T) => boolean;
  danger?: boolean;
  /** The button's accessible name for this row (e.g. 'Claim Jane Doe'), when the label alone repeats on every row. */
  name?: (row: T) => string;
  /** `data-testid` of the button (the same on every row; find it within the row). */
  testId?: string;
}

export interface PagedListProps<T extends Row = Row> {
  url: string;
  columns: Column<T>[];
  /** The table's accessible name (caption). */
  caption: string;
  method?: HttpMethod;
  caller?: Caller;
  pageSize?: number;
  rowKey?: (row: T, index: number) => string;
  rowActions?: RowAction<T>[];
  /** Filter values to start with (merged with what the filters' fields hold). */
  initialFilters?: Values;
  /** Change it to reload (e.g. after a form saved). */
  refreshKey?: number | string;
  /** Milliseconds to wait after a filter change before reloading. */
  filterDebounceMs?: number;
  /** Query parameters the screen controls itself (a search box, tabs); a change reloads from page 1. */
  query?: Values;
  /** Filters of meta.filters the screen renders itself (so they are not shown twice). */
  omitFilters?: readonly string[];
  /** A click on a row (outside its links and buttons), e.g. to open the record; give the row a link too. */
  onRowClick?: (row: T) => void;
  /** Every page read (e.g. for extra meta such as queue counts). */
  onLoad?: (page: PagedResponse<T>) => void;
}

interface ListState<T> {
  status: 'loading' | 'ready' | 'error';
  rows: T[];
  meta?: PageMeta;
  filters?: FieldSchema[];
  error?: string;
}

function cell(value: unknown): ReactNode {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? '✓' : '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function PagedList<T extends Row = Row>({
  url,
  columns,
  caption,
  method = 'GET',
  caller = defaultCaller,
  pageSize = DEFAULT_PAGE_SIZE,
  rowKey,
  rowActions = [],
  initialFilters = {},
  refreshKey,
  filterDebounceMs = 500,
  query,
  omitFilters,
  onRowClick,
  onLoad,
}: PagedListProps<T>) {
  const t = useToolkitT();
  const confirm = useConfirm();
  const notify = useNotifyOptional();
  const captionId = useId();
  const [page, setPage] = useState(FIRST_PAGE);
  const [sort, setSort] = useState<SortState>({ sortDesc: false });
  const [filterValues, setFilterValues] = useState<Values>(initialFilters);
  const [appliedFilters, setAppliedFilters] = useState<Values>(initialFilters);
  const [reload, setReload] = useState(0);
  const [state, setState] = useState<ListState<T>>({ status: 'loading', rows: [] });
  const generation = useRef(0);
  const onLoadRef = useRef(onLoad);
  onLoadRef.current = onLoad;
  // The screen's own query: kept by value, so a new object with the same values does not reload.
  const queryKey = JSON.stringify(query ?? {});
  const [appliedQuery, setAppliedQuery] = useState(queryKey);
  if (appliedQuery !== queryKey) {
    setAppliedQuery(queryKey);
    setPage(FIRST_PAGE);
  }
  const filterForm = useFormController({ initialValues: initialFilters, caller, onChange: setFilterValues });

  // Filter changes reload from page 1, after a short pause so typing does not fire a request per key.
  useEffect(() => {
    if (JSON.stringify(filterValues) === JSON.stringify(appliedFilters)) return undefined;
    const timer = setTimeout(() => {
      setAppliedFilters(filterValues);
      setPage(FIRST_PAGE);
    }, filterDebounceMs);
    return () => clearTimeout(timer);
  }, [filterValues, appliedFilters, filterDebounceMs]);

  useEffect(() => {
    const run = ++generation.current;
    setState((current) => ({ ...current, status: 'loading', error: undefined }));
    void caller
      .fetchPage<T>(
        url,
        {
          ...appliedFilters,
          ...(JSON.parse(appliedQuery) as Values),
          limit: pageSize,
          page,
          sortBy: sort.sortBy,
          sortDesc: sort.sortDesc,
        },
        method,
      )
      .then((result) => {
        if (run !== generation.current) return;
        const body = result.data as PagedResponse<T> | null;
        if (result.status && body && Array.isArray(body.data)) {
          setState({
            status: 'ready',
            rows: body.data,
            meta: body.meta,
            filters: body.meta?.filters,
          });
          onLoadRef.current?.(body);
        } else {
          setState((current) => ({
            ...current,
            status: 'error',
            error: result.message ?? result.error ?? t('toolkit.caller.unknown'),
          }));
        }
      });
  }, [caller, url, method, pageSize, page, sort, appliedFilters, appliedQuery, reload, refreshKey, t]);

  const runAction = useCallback(
    async (action: RowAction<T>, row: T) => {
      if (action.confirm) {
        const options: ConfirmOptions =
          typeof action.confirm === 'string'
            ? { message: action.confirm }
            : action.confirm === true
              ? {}
              : action.confirm;
        if (!(await confirm(options))) return;
      }
      if (action.onClick) {
        await action.onClick(row);
        return;
      }
      if (!action.url) return;
      const { path } = fillPath(action.url, row);
      const result = await caller.call(action.method ?? 'POST', path, { ...(action.params ?? {}) });
      if (result.status) {
        if (result.message) notify?.({ type: 'success', message: result.message });
        setReload((n) => n + 1);
      } else {
        notify?.({ type: 'error', message: result.message ?? result.error ?? t('toolkit.caller.unknown') });
      }
    },
    [caller, confirm, notify, t],
  );

  const meta = state.meta;
  const lastPage = meta?.last_page ?? 1;
  const currentPage = meta?.current_page ?? page;
  const range = meta ? entriesRange(meta, state.rows.length) : undefined;
  const hasActions = rowActions.length > 0;
  const loading = state.status === 'loading';
  const shownFilters = omitFilters?.length
    ? state.filters?.filter((f) => !f.name || !omitFilters.includes(f.name))
    : state.filters;
  /** A pager button that steps to another page: first, previous, next, last. */
  const stepButton = (labelKey: string, target: number, disabled: boolean, symbol: string) => (
    <button
      type="button"
      className="tk-pager__btn"
      disabled={disabled}
      aria-label={t(labelKey)}
      onClick={() => setPage(target)}
    >
      {symbol}
    </button>
  );

  return (
    <div className="tk-list">
      {shownFilters && shownFilters.length ? (
        <FormContext.Provider value={filterForm}>
          <div className="tk-list__filters" role="search" aria-label={t('toolkit.list.filters')}>
            <Fields fields={shownFilters} scope="" />
          </div>
        </FormContext.Provider>
      ) : null}
      {state.status === 'error' ? (
        <div className="tk-alert tk-alert--error" role="alert">
          <span>{state.error}</span>{' '}
          <button type="button" className="tk-btn tk-btn--small" onClick={() => setReload((n) => n + 1)}>
            {t('toolkit.list.retry')}
          </button>
        </div>
      ) : null}
      <div className="tk-table-wrap">
        <table className="tk-table" aria-labelledby={captionId} aria-busy={loading || undefined}>
          <caption id={captionId} className="tk-table__caption">
            {caption}
          </caption>
          <thead>
            <tr>
              {columns.map((column) => {
                const sorted = sort.sortBy === column.key;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    className={column.className}
                    aria-sort={
                      column.sortable ? (sorted ? (sort.sortDesc ? 'descending' : 'ascending') : 'none') : undefined
                    }
                  >
                    {column.sortable ? (
                      <button
                        type="button"
                        className="tk-sort"
                        onClick={() => {
                          setSort((current) => toggleSort(current, column.key));
                          setPage(FIRST_PAGE);
                        }}
                      >
                        {column.label}
                        <span className="tk-sort__icon" aria-hidden="true">
                          {sorted ? (sort.sortDesc ? ' ▼' : ' ▲') : ' ↕'}
                        </span>
                      </button>
                    ) : (
                      column.label
                    )}
                  </th>
                );
              })}
              {hasActions ? <th scope="col">{t('toolkit.list.actions')}</th> : null}
            </tr>
          </thead>
          <tbody>
            {state.rows.map((row, index) => (
              <tr
                key={rowKey ? rowKey(row, index) : String(row.id ?? index)}
                className={onRowClick ? 'tk-table__row--link' : undefined}
                onClick={
                  onRowClick
                    ? (event) => {
                        // links and buttons in the row do their own thing (the row's link is the keyboard way in)
                        if ((event.target as Element).closest('a, button, input, select, textarea, label')) return;
                        onRowClick(row);
                      }
                    : undefined
                }
              >
                {columns.map((column) => (
                  <td key={column.key} className={column.className}>
                    {column.render ? column.render(row) : cell(row[column.key])}
                  </td>
                ))}
                {hasActions ? (
                  <td className="tk-table__actions">
                    {rowActions
                      .filter((action) => !action.visible || action.visible(row))
                      .map((action) => (
                        <button
                          key={action.label}
                          type="button"
                          aria-label={action.name?.(row)}
                          data-testid={action.testId}
                          className={`tk-btn tk-btn--small${action.danger ? ' tk-btn--danger' : ''}`}
                          onClick={() => void runAction(action, row)}
                        >
                          {action.label}
                        </button>
                      ))}
                  </td>
                ) : null}
              </tr>
            ))}
            {state.status === 'ready' && state.rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length + (hasActions ? 1 : 0)} className="tk-table__empty">
                  {t('toolkit.list.noResults')}
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
      <div className="tk-list__footer">
        <p className="tk-list__summary" role="status">
          {loading ? t('toolkit.list.loading') : range && range.total > 0 ? t('toolkit.list.showing', range) : ''}
        </p>
        {lastPage > 1 ? (
          <nav aria-label={t('toolkit.list.pagination')} className="tk-pager">
            {stepButton('toolkit.list.first', 1, currentPage <= 1, '«')}
            {stepButton('toolkit.list.previous', currentPage - 1, currentPage <= 1, '‹')}
            {pageWindow(currentPage, lastPage).map((number) => (
              <button
                key={number}
                type="button"
                className={`tk-pager__btn${number === currentPage ? ' is-current' : ''}`}
                aria-label={t('toolkit.list.page', { page: number })}
                aria-current={number === currentPage ? 'page' : undefined}
                onClick={() => setPage(number)}
              >
                {number}
              </button>
            ))}
            {stepButton('toolkit.list.next', currentPage + 1, currentPage >= lastPage, '›')}
            {stepButton('toolkit.list.last', lastPage, currentPage >= lastPage, '»')}
          </nav>
        ) : null}
      </div>
    </div>
  );
}
