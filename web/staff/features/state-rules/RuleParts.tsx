// What the State Rules screen's two tables (a state's underwriting rule, its servicing terms) and their two editors
// share: one row per state with an Edit button at its end when the user may edit, and a form card with its title,
// the errors tied to their inputs, and Save/Cancel.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useT } from '../../../lib/i18n.tsx';
import { SaveActions } from '../../common/SaveActions.tsx';
import { Table } from '../../common/Table.tsx';

/** The server's 422 field errors, by input name. */
export type Errors = Record<string, string[]>;

export function StateRowsTable<R extends { state: string }>({
  caption,
  headers,
  editLabel,
  mayEdit,
  rows,
  cells,
  onEdit,
}: {
  caption: string;
  /** The column heads after the state's. */
  headers: readonly string[];
  editLabel: string;
  mayEdit: boolean;
  rows: readonly R[];
  /** A row's cells after the state's, as <td>s. */
  cells: (row: R) => ReactNode;
  onEdit: (row: R) => void;
}) {
  const t = useT();
  return (
    <Table
      caption={<caption className="staff-muted">{caption}</caption>}
      head={
        <>
          <th scope="col">{t('staff.ui.stateRules.state')}</th>
          {headers.map((header, index) => (
            <th scope="col" key={index}>
              {header}
            </th>
          ))}
          {mayEdit ? (
            <th scope="col">
              <span className="staff-muted">{editLabel}</span>
            </th>
          ) : null}
        </>
      }
    >
      {rows.map((r) => (
        <tr key={r.state}>
          <th scope="row">{r.state}</th>
          {cells(r)}
          {mayEdit ? (
            <td>
              <button type="button" className="tk-btn" onClick={() => onEdit(r)} aria-label={`${editLabel} ${r.state}`}>
                {editLabel}
              </button>
            </td>
          ) : null}
        </tr>
      ))}
    </Table>
  );
}

/** An input's errors under it; `id` is what the input's aria-describedby names. */
export function FieldError({ id, messages }: { id: string; messages: readonly string[] | undefined }) {
  return messages?.length ? (
    <p className="tk-error" id={id}>
      {messages.join(' ')}
    </p>
  ) : null;
}

export function RuleEditorForm({
  title,
  busy,
  takeFocus = false,
  onSave,
  onCancel,
  children,
}: {
  title: string;
  busy: boolean;
  /** Move the keyboard to the title when the editor opens. */
  takeFocus?: boolean;
  onSave: () => Promise<void>;
  onCancel: () => void;
  children: ReactNode;
}) {
  const t = useT();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus) heading.current?.focus();
  }, [takeFocus]);
  return (
    <form
      className="staff-card"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSave();
      }}
      aria-labelledby={`${id}-title`}
    >
      <h2 className="staff-section__title" id={`${id}-title`} ref={heading} tabIndex={takeFocus ? -1 : undefined}>
        {title}
      </h2>
      {children}
      <SaveActions busy={busy}>
        <button type="button" className="tk-btn" onClick={onCancel} disabled={busy}>
          {t('staff.ui.rules.cancel')}
        </button>
      </SaveActions>
    </form>
  );
}
