// One past-due account's collections work (issue 23): who works it (claim, assign), the promise to pay and what came
// of it, and the contact attempts. "Log call" and the message buttons are disabled, with the reason beside them, when
// the lessee did not agree to that channel, asked to stop, or it is outside the contact hours in the lessee's time
// zone; the server refuses them too (409). Every change sends the version shown, so a stale page gets a 409.
import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { CONTACT_OUTCOMES, type ContactChannel } from '../../../../machines/domain/servicing/collections-work.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useNotify } from '../../../toolkit/dialogs/DialogsProvider.tsx';
import { DetailList, Section, SimpleTable } from '../../common/Details.tsx';
import { formatMoney, When } from '../../common/display.tsx';
import { Screen } from '../../common/Screen.tsx';
import { useSession } from '../../common/session.tsx';
import { LabelledSelect, WorkInput } from './fields.tsx';

interface ChannelRule {
  allowed: boolean;
  reason: string | null;
  message: string | null;
}

interface WorkView {
  lease_id: string;
  v: number;
  status: string;
  status_label: string;
  today: string;
  days_past_due: number;
  bucket: string;
  past_due: string;
  balance: string;
  assignee: { id: string; name: string } | null;
  promise: { date: string; amount: string; paid_since: string; status: string } | null;
  promise_history: { date: string; amount: string; status: string; resolved_on: string }[];
  contact: {
    time_zone: string;
    local_time: string;
    hours: { start_hour: number; end_hour: number };
    channels: Record<ContactChannel, ChannelRule>;
  };
  contacts: {
    id: string;
    at: string;
    channel: ContactChannel;
    outcome: string;
    note: string | null;
    by: { name: string };
  }[];
}

type Errors = Record<string, string[]>;

const CHANNEL_BUTTONS: { channel: ContactChannel; label: string }[] = [
  { channel: 'phone', label: 'collections.ui.logCall' },
  { channel: 'sms', label: 'collections.ui.sendMessage' },
  { channel: 'email', label: 'collections.ui.sendEmail' },
];

export function CollectionAccountScreen({ id }: { id: string }) {
  const t = useT();
  const notify = useNotify();
  const { caller, can } = useSession();
  const formId = useId();
  const [view, setView] = useState<WorkView | null | undefined>(undefined);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [promise, setPromise] = useState({ date: '', amount: '' });
  const [assignTo, setAssignTo] = useState('');
  const [outcome, setOutcome] = useState<string>('no_answer');
  const [note, setNote] = useState('');
  const base = `/staff/api/collections-queue/${encodeURIComponent(id)}`;

  const load = useCallback(async () => {
    const result = await caller.get<WorkView>(base);
    if (!result.status) notify({ type: 'error', message: result.message ?? t('error.unknown') });
    setView(result.status ? result.data : null);
  }, [caller, base, notify, t]);

  useEffect(() => {
    void load();
  }, [load]);

  async function send(path: string, body: Record<string, unknown>) {
    setBusy(true);
    setErrors({});
    const result = await caller.post<WorkView>(`${base}/${path}`, body);
    setBusy(false);
    if (result.status) {
      if (result.data) setView(result.data);
      notify({ type: 'success', message: result.message ?? t('collections.work.contactLogged') });
      return true;
    }
    setErrors(result.errors ?? {});
    notify({ type: 'error', message: result.message ?? t('error.unknown') });
    // A refusal may come from a change made elsewhere: show the account as it is now.
    if (result.code === 409) void load();
    return false;
  }

  if (view === undefined)
    return (
      <Screen title={t('collections.ui.work')}>
        <p className="staff-loading">{t('collections.ui.loading')}</p>
      </Screen>
    );
  if (!view) return <Screen title={t('collections.ui.work')} />;

  const mayWork = can('collections.work');

  return (
    <Screen title={t('collections.ui.work')}>
      <p>
        <Link href={`/leases/${encodeURIComponent(view.lease_id)}`} data-testid="collections-open-record">
          {t('collections.ui.openRecord')}
        </Link>
      </p>
      <Section title={t('collections.ui.account')} testId="collections-account">
        <p className="staff-record-status">
          <span className={`staff-status staff-status--${view.status}`} data-testid="collections-status">
            {view.status_label}
          </span>{' '}
          {view.days_past_due > 0 ? (
            <span className="staff-muted">
              {t('collections.ui.daysPastDue', { days: view.days_past_due, bucket: view.bucket })}
            </span>
          ) : null}
        </p>
        <DetailList
          items={[
            { label: t('collections.ui.pastDue'), value: formatMoney(view.past_due), always: true },
            { label: t('collections.ui.balance'), value: formatMoney(view.balance), always: true },
            {
              label: t('collections.ui.assignee'),
              value: (
                <span data-testid="collections-assignee">{view.assignee?.name ?? t('collections.ui.unassigned')}</span>
              ),
              always: true,
            },
            {
              label: t('collections.ui.promise'),
              value: view.promise ? (
                <span data-testid="collections-promise">
                  {t('collections.ui.promiseText', {
                    amount: formatMoney(view.promise.amount),
                    date: view.promise.date,
                  })}{' '}
                  ({t(`collections.ui.promise.${view.promise.status}`)})
                </span>
              ) : (
                ''
              ),
            },
          ]}
        />
        {mayWork ? (
          <div className="staff-actions">
            <button
              type="button"
              className="tk-btn"
              disabled={busy || view.assignee?.id !== undefined}
              data-testid="collections-claim"
              onClick={() => void send('claim', { v: view.v })}
            >
              {t('collections.ui.claim')}
            </button>
          </div>
        ) : null}
        {can('collections.assign') ? (
          <form
            className="staff-inline-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void send('assign', { user_id: assignTo.trim(), v: view.v });
            }}
          >
            <WorkInput
              id={`${formId}-user_id`}
              label={t('collections.ui.assignTo')}
              errors={errors.user_id}
              value={assignTo}
              onValue={setAssignTo}
            />
            <button type="submit" className="tk-btn" disabled={busy}>
              {t('collections.ui.assign')}
            </button>
          </form>
        ) : null}
      </Section>

      {mayWork && view.status === 'pastDue' ? (
        <Section title={t('collections.ui.logPromise')} testId="collections-promise-form">
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void send('promise', { date: promise.date, amount: promise.amount, v: view.v }).then((done) => {
                if (done) setPromise({ date: '', amount: '' });
              });
            }}
          >
            <WorkInput
              id={`${formId}-date`}
              label={t('collections.ui.promiseDate')}
              errors={errors.date}
              type="date"
              value={promise.date}
              data-testid="collections-promise-date"
              onValue={(date) => setPromise((p) => ({ ...p, date }))}
            />
            <WorkInput
              id={`${formId}-amount`}
              label={t('collections.ui.promiseAmount')}
              errors={errors.amount}
              inputMode="decimal"
              value={promise.amount}
              data-testid="collections-promise-amount"
              onValue={(amount) => setPromise((p) => ({ ...p, amount }))}
            />
            <button
              type="submit"
              className="tk-btn tk-btn--primary"
              disabled={busy}
              data-testid="collections-promise-save"
            >
              {t('collections.ui.logPromise')}
            </button>
          </form>
        </Section>
      ) : null}

      <Section title={t('collections.ui.contacts')} testId="collections-contacts">
        <p className="staff-muted" data-testid="collections-contact-rules">
          {t('collections.ui.contactRules', {
            local: view.contact.local_time,
            zone: view.contact.time_zone,
            start: view.contact.hours.start_hour,
            end: view.contact.hours.end_hour,
          })}
        </p>
        {mayWork ? (
          <>
            <LabelledSelect
              id={`${formId}-outcome`}
              label={t('collections.ui.outcome')}
              value={outcome}
              onValue={setOutcome}
            >
              {CONTACT_OUTCOMES.map((o) => (
                <option key={o} value={o}>
                  {t(`collections.ui.outcome.${o}`)}
                </option>
              ))}
            </LabelledSelect>
            <WorkInput
              id={`${formId}-note`}
              label={t('collections.ui.contactNote')}
              value={note}
              maxLength={500}
              onValue={setNote}
            />
            <div className="staff-actions">
              {CHANNEL_BUTTONS.map(({ channel, label }) => {
                const rule = view.contact.channels[channel];
                const reasonId = `${formId}-${channel}-reason`;
                return (
                  <div key={channel} className="staff-contact-action">
                    <button
                      type="button"
                      className="tk-btn"
                      disabled={busy || !rule.allowed}
                      aria-describedby={rule.allowed ? undefined : reasonId}
                      data-testid={`collections-contact-${channel}`}
                      onClick={() =>
                        void send('contacts', { channel, outcome, ...(note.trim() ? { note } : {}) }).then((done) => {
                          if (done) setNote('');
                        })
                      }
                    >
                      {t(label)}
                    </button>
                    {rule.allowed ? null : (
                      <p id={reasonId} className="staff-muted" data-testid={`collections-contact-${channel}-reason`}>
                        {rule.message}
                      </p>
                    )}
                  </div>
                );
              })}
            </div>
          </>
        ) : null}
        <SimpleTable
          caption={t('collections.ui.contacts')}
          rows={view.contacts}
          rowKey={(c) => c.id}
          empty={t('collections.ui.none')}
          columns={[
            { key: 'at', label: t('collections.ui.at'), render: (c) => <When value={c.at} /> },
            {
              key: 'channel',
              label: t('collections.ui.channel'),
              render: (c) => t(`collections.work.channel.${c.channel}`),
            },
            {
              key: 'outcome',
              label: t('collections.ui.outcome'),
              render: (c) => t(`collections.ui.outcome.${c.outcome}`),
            },
            { key: 'note', label: t('collections.ui.contactNote'), render: (c) => c.note ?? '' },
            { key: 'by', label: t('collections.ui.by'), render: (c) => c.by.name },
          ]}
        />
      </Section>
    </Screen>
  );
}
