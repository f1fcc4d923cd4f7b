// The toolkit's table markup (head row, body rows) for the staff screens' hand-built tables, and the wrapper that
// scrolls it sideways on narrow screens.
import type { ReactNode } from 'react';

export interface TableProps {
  /** The <caption> element, if any. */
  caption?: ReactNode;
  /** The head row's cells, or `headers` for a head row of plain column headings. */
  head?: ReactNode;
  headers?: readonly string[];
  /** The body's rows. */
  children: ReactNode;
}

export function Table({ caption, head, headers, children }: TableProps) {
  return (
    <table className="tk-table">
      {caption}
      <thead>
        <tr>
          {head ??
            headers?.map((header, index) => (
              <th key={index} scope="col">
                {header}
              </th>
            ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** The table in its sideways-scrolling wrapper; a `region` name makes the wrapper a focusable, named region. */
export function ScrollingTable({ region, ...props }: TableProps & { region?: string }) {
  const table = <Table {...props} />;
  // focusable (and named) so keyboard users can scroll it
  return region ? (
    <div className="tk-table-wrap" tabIndex={0} role="region" aria-label={region}>
      {table}
    </div>
  ) : (
    <div className="tk-table-wrap">{table}</div>
  );
}
