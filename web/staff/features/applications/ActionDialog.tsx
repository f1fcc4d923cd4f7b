// The confirmation of a lease status action: the server's confirmation text verbatim (seed 001: 'You are changing
// ":name" from ":old_state" state to ":new_state" state.'), the inputs the action takes (store, delivery date, note),
// and Yes/No. Yes posts the action with the record's version; the server's refusal (409, 422) stays in the dialog.
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { ApplicationDetail, StaffActionView } from '../../../../machines/contracts/staff-leases.ts';
import { useT } from '../../../lib/i18n.tsx';
import { ActionFormDialog } from '../../common/ActionFormDialog.tsx';
import { useSession } from '../../common/session.tsx';
import { LOOKUP } from '../../common/StaffForm.tsx';

type Input = StaffActionView['inputs'][number];
type Values = Partial<Record<Input, string>>;
/** What every input of the dialog carries: its id, value, change, error state and whether it takes the focus. */
interface InputWiring {
  id: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'data-first-input': '' | undefined;
}

export const actionPath = (uuid: string, action: string) =>
  `/staff/api/leases/${encodeURIComponent(uuid)}/actions/${encodeURIComponent(action)}`;

export function ActionDialog({
  detail,
  action,
  onDone,
  onRefused,
  onClose,
}: {
  detail: ApplicationDetail;
  action: StaffActionView;
  /** The action went through: the record as it is now, and the server's message. */
  onDone: (next: ApplicationDetail | null, message: string | undefined) => void;
  /** The server refused (e.g. 409: the record changed meanwhile). */
  onRefused?: (code: number) => void;
  onClose: () => void;
}) {
  const t = useT();
  const { caller } = useSession();
  const id = useId();
  const inputs = action.inputs ?? [];
  const [values, setValues] = useState<Values>(() =>
    inputs.includes('delivery_date') && detail.delivery_date
      ? { delivery_date: detail.delivery_date.slice(0, 10) }
      : {},
  );
  const [stores, setStores] = useState<{ id: string; name: string }[] | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const needsStores = inputs.includes('store_id');

  useEffect(() => {
    if (!needsStores) return undefined;
    let live = true;
    void caller.get<{ id: string; name: string }[]>('/staff/api/stores', { limit: 100 }, LOOKUP).then((r) => {
      if (live) setStores(r.status && Array.isArray(r.data) ? r.data : []);
    });
    return () => {
      live = false;
    };
  }, [caller, needsStores]);

  async function submit() {
    setBusy(true);
    setError(undefined);
    setFieldErrors({});
    const body: Record<string, unknown> = { v: detail.v };
    for (const name of inputs) {
      const value = values[name]?.trim();
      if (value) body[name] = value;
    }
    const result = await caller.post<ApplicationDetail>(actionPath(detail.uuid, action.id), body);
    setBusy(false);
    if (result.status) {
      onDone(
        result.data && typeof result.data === 'object' && 'uuid' in result.data ? result.data : null,
        result.message,
      );
      return;
    }
    setError(result.message ?? result.error ?? t('error.unknown'));
    setFieldErrors(result.errors ?? {});
    onRefused?.(result.code);
  }

  const fieldError = (name: Input) => fieldErrors[name]?.map((m) => t(m)).join(' ');
  const describe = (name: Input, hint?: boolean) =>
    [hint ? `${id}-${name}-hint` : '', fieldError(name) ? `${id}-${name}-error` : ''].filter(Boolean).join(' ') ||
    undefined;
  const set = (name: Input) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));
  /** An input the action takes, when it takes it: its label, the control, its hint and its error. */
  const inputBox = (name: Input, label: string, control: (wiring: InputWiring) => ReactNode, hint?: string) =>
    inputs.includes(name) ? (
      <div className="tk-field staff-dialog__field">
        <label htmlFor={`${id}-${name}`} className="tk-label">
          {label}
        </label>
        {control({
          id: `${id}-${name}`,
          value: values[name] ?? '',
          onChange: set(name),
          'aria-invalid': fieldError(name) ? true : undefined,
          'aria-describedby': describe(name, hint !== undefined),
          'data-first-input': inputs[0] === name ? '' : undefined,
        })}
        {hint !== undefined ? (
          <p id={`${id}-${name}-hint`} className="tk-hint">
            {hint}
          </p>
        ) : null}
        {fieldError(name) ? (
          <p id={`${id}-${name}-error`} className="tk-error">
            {fieldError(name)}
          </p>
        ) : null}
      </div>
    ) : null;

  return (
    <ActionFormDialog
      testId="action"
      title={action.label}
      message={action.confirm}
      messageTestId="action-confirm-text"
      error={error}
      busy={busy}
      initialFocus={inputs.length ? '[data-first-input]' : '[data-autofocus]'}
      onSubmit={submit}
      onClose={onClose}
    >
      {inputBox('store_id', t('staff.ui.lease.newStore'), (wiring) => (
        <select className="tk-input" {...wiring} data-testid="action-store">
          <option value="">{stores === undefined ? t('app.loading') : t('staff.ui.lease.chooseStore')}</option>
          {(stores ?? []).map((store) => (
            <option key={store.id} value={store.id} disabled={store.id === detail.store_id}>
              {store.name}
            </option>
          ))}
        </select>
      ))}
      {inputBox('delivery_date', t('staff.ui.lease.deliveryDate'), (wiring) => (
        <input type="date" className="tk-input" {...wiring} data-testid="action-delivery-date" />
      ))}
      {inputBox(
        'note',
        t('staff.ui.lease.note'),
        (wiring) => (
          <textarea className="tk-input tk-textarea" maxLength={1000} {...wiring} data-testid="action-note" />
        ),
        t('staff.ui.lease.noteHint'),
      )}
    </ActionFormDialog>
  );
}
