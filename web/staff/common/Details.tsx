// Building blocks of the record screens (application, checkout, payment): a titled section, a definition list of
// label/value pairs, and a plain table with a caption and column headers.
import { useId, type ReactNode } from 'react';
import { useT } from '../../lib/i18n.tsx';
import { ScrollingTable } from './Table.tsx';

export function Section({
  title,
  children,
  actions,
  testId,
}: {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <section className="staff-card staff-section" aria-labelledby={id} data-testid={testId}>
      <div className="staff-section__head">
        <h2 id={id} className="staff-section__title">
          {title}
        </h2>
        {actions ? <div className="staff-section__actions">{actions}</div> : null}
      </div>
      {children}
    </section>
  );
}

export interface DetailItem {
  label: string;
  value: ReactNode;
  /** Shown even when the value is empty. */
  always?: boolean;
}

const isEmpty = (value: ReactNode) => value === null || value === undefined || value === '' || value === false;

/** A definition list; empty values are left out unless `always`. */
export function DetailList({ items }: { items: DetailItem[] }) {
  const shown = items.filter((item) => item.always || !isEmpty(item.value));
  if (!shown.length) return <EmptyNote />;
  return (
    <dl className="staff-dl">
      {shown.map((item) => (
        <div key={item.label} className="staff-dl__item">
          <dt>{item.label}</dt>
          <dd>{isEmpty(item.value) ? '' : item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function EmptyNote({ text }: { text?: string }) {
  const t = useT();
  return <p className="tk-empty">{text ?? t('staff.ui.lease.none')}</p>;
}

export interface TableColumn<T> {
  key: string;
  label: string;
  render: (row: T) => ReactNode;
}

/** A static table (no paging) with its caption; an empty list says so instead. */
export function SimpleTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
}: {
  caption: string;
  columns: TableColumn<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string;
  empty?: string;
}) {
  if (!rows.length) return <EmptyNote text={empty} />;
  return (
    <ScrollingTable
      region={caption}
      caption={<caption className="visually-hidden">{caption}</caption>}
      head={columns.map((column) => (
        <th key={column.key} scope="col">
          {column.label}
        </th>
      ))}
    >
      {rows.map((row, index) => (
        <tr key={rowKey(row, index)}>
          {columns.map((column) => (
            <td key={column.key}>{column.render(row)}</td>
          ))}
        </tr>
      ))}
    </ScrollingTable>
  );
}
