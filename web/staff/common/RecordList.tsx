// A list screen's body for records found by a search: the search box (`q`, with its hint) above the toolkit's paged
// list, whose other filters come from meta.filters; a click on a row opens the record.
import { useState } from 'react';
import { useLocation } from 'wouter';
import type { PagedResponse } from '../../../machines/contracts/form-schema.ts';
import type { Values } from '../../toolkit/form/context.ts';
import { PagedList, type Column, type Row, type RowAction } from '../../toolkit/list/PagedList.tsx';
import { SearchBox } from './SearchBox.tsx';
import { useSession } from './session.tsx';

export interface RecordListProps<T extends Row> {
  api: string;
  caption: string;
  columns: Column<T>[];
  search?: { label: string; hint?: string; testId?: string };
  /** The record's route, or undefined when the row opens nothing. */
  rowPath?: (row: T) => string | undefined;
  /** Query parameters of the screen's own controls. */
  query?: Values;
  /** Filters of meta.filters the screen renders itself. */
  omitFilters?: string[];
  rowActions?: RowAction<T>[];
  rowKey?: (row: T) => string;
  refreshKey?: number;
  controls?: React.ReactNode;
  onLoad?: (page: PagedResponse<T>) => void;
}

export function RecordList<T extends Row>({
  api,
  caption,
  columns,
  search,
  rowPath,
  query,
  omitFilters = [],
  rowActions,
  rowKey,
  refreshKey,
  controls,
  onLoad,
}: RecordListProps<T>) {
  const { caller } = useSession();
  const [, navigate] = useLocation();
  const [q, setQ] = useState('');
  return (
    <>
      {search || controls ? (
        <div className="staff-list-controls">
          {search ? <SearchBox label={search.label} hint={search.hint} testId={search.testId} onSearch={setQ} /> : null}
          {controls}
        </div>
      ) : null}
      <PagedList<T>
        url={api}
        caption={caption}
        caller={caller}
        columns={columns}
        query={{ ...(q ? { q } : {}), ...(query ?? {}) }}
        omitFilters={search ? ['q', ...omitFilters] : omitFilters}
        rowActions={rowActions}
        rowKey={rowKey ? (row) => rowKey(row) : undefined}
        refreshKey={refreshKey}
        onLoad={onLoad}
        onRowClick={
          rowPath
            ? (row) => {
                const path = rowPath(row);
                if (path) navigate(path);
              }
            : undefined
        }
      />
    </>
  );
}
