// The lease's account after funding (issue 23), on the staff lease record: status and days past due, balance and
// payoff quote of today, autopay and its method, the schedule, the ledger with each payment's allocation, the
// payment attempts with their return codes, and the servicing actions the user's permissions allow (each confirmed
// in a dialog; the server's refusal, 409 or 422, stays in the dialog). The numbers come from the same service as the
// lessee's own view (GET /staff/api/leases/{uuid}/account), so both agree to the cent.
import { useCallback, useEffect, useId, useState } from 'react';
import {
  SERVICING_ACTION_FIELDS,
  SERVICING_ACTION_IDS,
  servicingActionPermission,
  REFUND_METHODS,
  STAFF_PAYMENT_CHANNELS,
  type ServicingActionField,
  type ServicingActionId,
} from '../../../../machines/lease-account/staff-servicing-actions.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useNotify } from '../../../toolkit/dialogs/DialogsProvider.tsx';
import { ActionFormDialog } from '../../common/ActionFormDialog.tsx';
import { DetailList, Section, SimpleTable } from '../../common/Details.tsx';
import { formatMoney, When } from '../../common/display.tsx';
import { useSession } from '../../common/session.tsx';

interface AccountView {
  status: string;
  status_label: string;
  days_past_due: number;
  bucket: string | null;
  today: string;
  balance: string;
  past_due: string;
  total_of_payments: string;
  paid_to_date: string;
  fees_owed: string;
  autopay: boolean;
  payment_method: { kind: string; last4: string } | null;
  next_payment: { installment: number; due_date: string; amount: string } | null;
  schedule: { installment: number; due_date: string; amount: string; paid: string; status: string }[];
  ledger: {
    id: string;
    kind: string;
    at: string;
    amount: string;
    channel: string | null;
    reverses: string | null;
    allocations: { installment: number; amount: string }[];
  }[];
  payoff: { amount: string; valid_until: string } | null;
  attempts?: {
    installment: number;
    attempt: number;
    channel: string;
    amount: string;
    status: string;
    code: string | null;
    at: string;
  }[];
}

export function AccountSection({ uuid }: { uuid: string }) {
  const t = useT();
  const notify = useNotify();
  const { caller, can } = useSession();
  const [account, setAccount] = useState<AccountView | null | undefined>(undefined);
  const [action, setAction] = useState<ServicingActionId | undefined>(undefined);
  const url = `/staff/api/leases/${encodeURIComponent(uuid)}/account`;

  const load = useCallback(async () => {
    const result = await caller.get<AccountView>(url);
    setAccount(result.status && result.data ? result.data : null);
  }, [caller, url]);

  useEffect(() => {
    void load();
  }, [load]);

  // No account (not funded yet, or not allowed): the record shows nothing of it.
  if (!account) return null;
  const allowed = SERVICING_ACTION_IDS.filter((id) => can(servicingActionPermission(id)));

  return (
    <Section title={t('collections.ui.account')} testId="section-account">
      <p className="staff-record-status">
        <span className={`staff-status staff-status--${account.status}`} data-testid="account-status">
          {account.status_label}
        </span>{' '}
        {account.days_past_due > 0 ? (
          <span className="staff-muted" data-testid="account-days-past-due">
            {t('collections.ui.daysPastDue', { days: account.days_past_due, bucket: account.bucket ?? '' })}
          </span>
        ) : null}
      </p>
      <DetailList
        items={[
          {
            label: t('collections.ui.balance'),
            value: <span data-testid="account-balance">{formatMoney(account.balance)}</span>,
            always: true,
          },
          { label: t('collections.ui.pastDue'), value: formatMoney(account.past_due), always: true },
          { label: t('collections.ui.feesOwed'), value: formatMoney(account.fees_owed), always: true },
          { label: t('collections.ui.paidToDate'), value: formatMoney(account.paid_to_date), always: true },
          { label: t('collections.ui.totalOfPayments'), value: formatMoney(account.total_of_payments) },
          {
            label: t('collections.ui.nextPayment'),
            value: account.next_payment
              ? t('collections.ui.nextPaymentText', {
                  amount: formatMoney(account.next_payment.amount),
                  date: account.next_payment.due_date,
                })
              : '',
          },
          {
            label: t('collections.ui.payoff'),
            value: account.payoff
              ? t('collections.ui.payoffText', {
                  amount: formatMoney(account.payoff.amount),
                  date: account.payoff.valid_until,
                })
              : '',
          },
          {
            label: t('collections.ui.autopay'),
            value: t(account.autopay ? 'collections.ui.autopayOn' : 'collections.ui.autopayOff'),
            always: true,
          },
          {
            label: t('collections.ui.method'),
            value: account.payment_method
              ? t(`collections.ui.method.${account.payment_method.kind === 'card' ? 'card' : 'bank'}`, {
                  last4: account.payment_method.last4,
                })
              : t('collections.ui.method.none'),
            always: true,
          },
        ]}
      />

      {allowed.length ? (
        <div className="staff-actions" role="group" aria-label={t('collections.ui.actions')}>
          {allowed.map((id) => (
            <button
              key={id}
              type="button"
              className="tk-btn"
              data-testid={`account-action-${id}`}
              onClick={() => setAction(id)}
            >
              {t(`collections.action.${id}`)}
            </button>
          ))}
        </div>
      ) : null}

      <h3 className="staff-subtitle">{t('collections.ui.schedule')}</h3>
      <SimpleTable
        caption={t('collections.ui.schedule')}
        rows={account.schedule}
        rowKey={(i) => String(i.installment)}
        columns={[
          { key: 'n', label: t('collections.ui.installment'), render: (i) => String(i.installment) },
          { key: 'due', label: t('collections.ui.dueDate'), render: (i) => i.due_date },
          { key: 'amount', label: t('collections.ui.amount'), render: (i) => formatMoney(i.amount) },
          { key: 'paid', label: t('collections.ui.paid'), render: (i) => formatMoney(i.paid) },
          {
            key: 'status',
            label: t('collections.ui.state'),
            render: (i) => t(`collections.ui.installment.${i.status}`),
          },
        ]}
      />

      <h3 className="staff-subtitle">{t('collections.ui.ledger')}</h3>
      <SimpleTable
        caption={t('collections.ui.ledger')}
        rows={account.ledger}
        rowKey={(e) => e.id}
        empty={t('collections.ui.none')}
        columns={[
          { key: 'at', label: t('collections.ui.at'), render: (e) => <When value={e.at} /> },
          { key: 'kind', label: t('collections.ui.kind'), render: (e) => t(`collections.ui.entry.${e.kind}`) },
          { key: 'amount', label: t('collections.ui.amount'), render: (e) => formatMoney(e.amount) },
          { key: 'channel', label: t('collections.ui.channel'), render: (e) => e.channel ?? '' },
          {
            key: 'allocations',
            label: t('collections.ui.allocations'),
            render: (e) =>
              e.allocations
                .map((a) => t('collections.ui.allocation', { n: a.installment, amount: formatMoney(a.amount) }))
                .join(', '),
          },
          { key: 'id', label: t('collections.ui.entryId'), render: (e) => <code>{e.id}</code> },
        ]}
      />

      <h3 className="staff-subtitle">{t('collections.ui.attempts')}</h3>
      <SimpleTable
        caption={t('collections.ui.attempts')}
        rows={account.attempts ?? []}
        rowKey={(a) => `${a.installment}-${a.attempt}`}
        empty={t('collections.ui.none')}
        columns={[
          { key: 'at', label: t('collections.ui.at'), render: (a) => <When value={a.at} /> },
          { key: 'n', label: t('collections.ui.installment'), render: (a) => `${a.installment} / ${a.attempt}` },
          { key: 'channel', label: t('collections.ui.channel'), render: (a) => a.channel },
          { key: 'amount', label: t('collections.ui.amount'), render: (a) => formatMoney(a.amount) },
          { key: 'status', label: t('collections.ui.state'), render: (a) => a.status },
          { key: 'code', label: t('collections.ui.returnCode'), render: (a) => a.code ?? '' },
        ]}
      />

      {action ? (
        <ServicingActionDialog
          uuid={uuid}
          action={action}
          onClose={() => setAction(undefined)}
          onDone={(next, message) => {
            setAction(undefined);
            if (next) setAccount(next);
            else void load();
            notify({
              type: 'success',
              message: message ?? t('collections.action.done', { action: t(`collections.action.${action}`) }),
            });
          }}
        />
      ) : null}
    </Section>
  );
}

/** A servicing action's fields and its confirmation; the server's field errors show under their fields. */
function ServicingActionDialog({
  uuid,
  action,
  onClose,
  onDone,
}: {
  uuid: string;
  action: ServicingActionId;
  onClose: () => void;
  onDone: (next: AccountView | null, message: string | undefined) => void;
}) {
  const t = useT();
  const { caller } = useSession();
  const id = useId();
  // One key per dialog: a double submit or a retry after a timeout never records the payment twice.
  const [key] = useState(() => `staff-${action}-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  const [values, setValues] = useState<Partial<Record<ServicingActionField, string>>>({
    channel: 'phone',
    method: 'card',
  });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const fields = SERVICING_ACTION_FIELDS[action];
  const name = t(`collections.action.${action}`);

  async function submit() {
    setBusy(true);
    setError(undefined);
    setErrors({});
    const body = Object.fromEntries(fields.filter((f) => values[f]).map((f) => [f, values[f]]));
    const result = await caller.post<AccountView>(
      `/staff/api/leases/${encodeURIComponent(uuid)}/account/actions/${action}`,
      body,
      { headers: { 'idempotency-key': key } },
    );
    setBusy(false);
    if (result.status) {
      onDone(result.data ?? null, result.message);
      return;
    }
    setErrors(result.errors ?? {});
    setError(result.message ?? result.error ?? t('error.unknown'));
  }

  return (
    <ActionFormDialog
      testId="account-action"
      title={name}
      message={t('collections.ui.confirm', { action: name })}
      error={error}
      busy={busy}
      cancelTakesFocus={!fields.length}
      onSubmit={submit}
      onClose={onClose}
    >
      {fields.map((field, index) => {
        const fieldId = `${id}-${field}`;
        const fieldErrors = errors[field];
        const described = fieldErrors?.length ? `${fieldId}-error` : undefined;
        const common = {
          id: fieldId,
          name: field,
          className: 'tk-input',
          value: values[field] ?? '',
          'aria-invalid': described ? true : undefined,
          'aria-describedby': described,
          'data-testid': `account-action-${field}`,
          ...(index === 0 ? { 'data-autofocus': '' } : {}),
        };
        return (
          <div className="tk-field" key={field}>
            <label htmlFor={fieldId}>{t(`collections.ui.field.${field}`)}</label>
            {field === 'channel' ? (
              <select {...common} onChange={(e) => setValues((v) => ({ ...v, channel: e.target.value }))}>
                {STAFF_PAYMENT_CHANNELS.map((c) => (
                  <option key={c} value={c}>
                    {t(`collections.ui.channel.${c}`)}
                  </option>
                ))}
              </select>
            ) : field === 'method' ? (
              <select {...common} onChange={(e) => setValues((v) => ({ ...v, method: e.target.value }))}>
                {REFUND_METHODS.map((m) => (
                  <option key={m} value={m}>
                    {t(`collections.ui.method.refund.${m}`)}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...common}
                type={field === 'due_date' ? 'date' : 'text'}
                inputMode={field === 'amount' ? 'decimal' : undefined}
                onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
              />
            )}
            {described ? (
              <p id={described} className="tk-field__error">
                {fieldErrors!.join(' ')}
              </p>
            ) : null}
          </div>
        );
      })}
    </ActionFormDialog>
  );
}
