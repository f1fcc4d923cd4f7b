// The confirmation of a lease status action: the server's confirmation text verbatim (seed 001: 'You are changing
// ":name" from ":old_state" state to ":new_state" state.'), the inputs the action takes (store, delivery date, note),
// and Yes/No. Yes posts the action with the record's version; the server's refusal (409, 422) stays in the dialog.
import { useEffect, useId, useState } from 'react';
import type { ApplicationDetail, StaffActionView } from '../../../../machines/contracts/staff-leases.ts';
import { useT } from '../../../lib/i18n.tsx';
import { ActionFormDialog } from '../../common/ActionFormDialog.tsx';
import { useSession } from '../../common/session.tsx';
import { LOOKUP } from '../../common/StaffForm.tsx';

type Input = StaffActionView['inputs'][number];
type Values = Partial<Record<Input, string>>;

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
  const errorText = (name: Input) =>
    fieldError(name) ? (
      <p id={`${id}-${name}-error`} className="tk-error">
        {fieldError(name)}
      </p>
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
      {inputs.includes('store_id') ? (
        <div className="tk-field staff-dialog__field">
          <label htmlFor={`${id}-store_id`} className="tk-label">
            {t('staff.ui.lease.newStore')}
          </label>
          <select
            id={`${id}-store_id`}
            className="tk-input"
            value={values.store_id ?? ''}
            onChange={set('store_id')}
            aria-invalid={fieldError('store_id') ? true : undefined}
            aria-describedby={describe('store_id')}
            data-first-input={inputs[0] === 'store_id' ? '' : undefined}
            data-testid="action-store"
          >
            <option value="">{stores === undefined ? t('app.loading') : t('staff.ui.lease.chooseStore')}</option>
            {(stores ?? []).map((store) => (
              <option key={store.id} value={store.id} disabled={store.id === detail.store_id}>
                {store.name}
              </option>
            ))}
          </select>
          {errorText('store_id')}
        </div>
      ) : null}
      {inputs.includes('delivery_date') ? (
        <div className="tk-field staff-dialog__field">
          <label htmlFor={`${id}-delivery_date`} className="tk-label">
            {t('staff.ui.lease.deliveryDate')}
          </label>
          <input
            id={`${id}-delivery_date`}
            type="date"
            className="tk-input"
            value={values.delivery_date ?? ''}
            onChange={set('delivery_date')}
            aria-invalid={fieldError('delivery_date') ? true : undefined}
            aria-describedby={describe('delivery_date')}
            data-first-input={inputs[0] === 'delivery_date' ? '' : undefined}
            data-testid="action-delivery-date"
          />
          {errorText('delivery_date')}
        </div>
      ) : null}
      {inputs.includes('note') ? (
        <div className="tk-field staff-dialog__field">
          <label htmlFor={`${id}-note`} className="tk-label">
            {t('staff.ui.lease.note')}
          </label>
          <textarea
            id={`${id}-note`}
            className="tk-input tk-textarea"
            maxLength={1000}
            value={values.note ?? ''}
            onChange={set('note')}
            aria-invalid={fieldError('note') ? true : undefined}
            aria-describedby={describe('note', true)}
            data-first-input={inputs[0] === 'note' ? '' : undefined}
            data-testid="action-note"
          />
          <p id={`${id}-note-hint`} className="tk-hint">
            {t('staff.ui.lease.noteHint')}
          </p>
          {errorText('note')}
        </div>
      ) : null}
    </ActionFormDialog>
  );
}
