import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { CustomerLeaseDetail, ReceiptView } from '../../../machines/contracts/customer-api.ts';
import { useT } from '../../lib/i18n.tsx';
import { CustomerApiError, errorText, getLease } from '../common/client.ts';
import { day, money } from '../common/text.ts';
import { AutopayPanel } from './AutopayPanel.tsx';
import { PaymentProblemNotice } from './PaymentProblemNotice.tsx';
import { MoveDatePanel } from './MoveDatePanel.tsx';
import { PayNowPanel } from './PayNowPanel.tsx';
import { PayoffPanel } from './PayoffPanel.tsx';
import { RemindersPanel } from './RemindersPanel.tsx';
import { ReturnPanel } from './ReturnPanel.tsx';
import { Fact } from '../common/Fact.tsx';

// One lease (GET /customer/api/leases/{id}): what is paid, due and left to own it, the next debit, the schedule and
// the receipts (Maryland's three figures), then what the lessee can do: pay now, autopay, move a date, pay off, return.
// Every action answers the lease as it is after it, which replaces the one shown.

const CLOSED = new Set(['paid_out', 'purchased_early', 'returned', 'charged_off', 'settled']);

/** What a receipt row is, in the lessee's words: a payment (and its kind), or a fee charged or waived. */
function receiptText(t: ReturnType<typeof useT>, receipt: ReceiptView): string {
  if (receipt.kind === 'fee' || receipt.kind === 'waiver')
    return t(`account.receipts.${receipt.kind}.${receipt.fee_kind ?? 'other'}`, { amount: money(receipt.fee_amount) });
  return t(`account.receipts.kind.${receipt.kind}`);
}

export function LeaseScreen({ id }: { id: string }) {
  const t = useT();
  const [lease, setLease] = useState<CustomerLeaseDetail | null>(null);
  const [error, setError] = useState<{ text: string; missing: boolean } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    let live = true;
    setError(null);
    void getLease(id).then(
      (detail) => {
        if (live) setLease(detail);
      },
      (failure: unknown) => {
        if (!live) return;
        const missing = failure instanceof CustomerApiError && failure.code === 404;
        setError({ text: missing ? 'account.lease.notFound' : errorText(failure), missing });
      },
    );
    return () => {
      live = false;
    };
  }, [id, attempt]);

  const loaded = lease !== null;
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);

  const update = useCallback((next: CustomerLeaseDetail) => setLease(next), []);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  if (!lease) {
    return (
      <section className="account-screen" aria-labelledby="lease-title">
        <p>
          <Link href="/leases">{t('account.lease.back')}</Link>
        </p>
        <h1 id="lease-title">{t('account.title')}</h1>
        <div role="status" aria-live="polite">
          {!error && <p>{t('account.loading')}</p>}
        </div>
        {error && (
          <div role="alert" className="message message--error">
            <p>{t(error.text)}</p>
            {!error.missing && (
              <button type="button" className="button button--secondary" onClick={reload}>
                {t('app.retry')}
              </button>
            )}
          </div>
        )}
      </section>
    );
  }

  const closed = CLOSED.has(lease.status);
  const owned = lease.status === 'paid_out' || lease.status === 'purchased_early';
  const statusText =
    lease.status === 'past_due' && lease.days_past_due > 0
      ? t('account.status.pastDueDays', { days: lease.days_past_due })
      : t(`account.status.${lease.status}`);
  const next = lease.next_payment;

  return (
    <section className="account-screen" aria-labelledby="lease-title">
      <p>
        <Link href="/leases">{t('account.lease.back')}</Link>
      </p>
      <h1 id="lease-title" ref={heading} tabIndex={-1}>
        {t('account.lease.number', { number: lease.lease_number ?? lease.id })}
      </h1>
      <p>{lease.description}</p>
      <p className="muted">
        {lease.retailer_name} · {lease.store_name}
      </p>
      {owned && <p className="message message--success">{t('account.owned.note')}</p>}
      {lease.return_request && (
        <div className="notice">
          <p>{t('account.return.started')}</p>
          <p>{lease.return_request.instructions}</p>
        </div>
      )}

      {lease.payment_problem && !closed && <PaymentProblemNotice problem={lease.payment_problem} />}

      <section className="card" aria-labelledby="summary-title">
        <h2 id="summary-title">{t('account.summary.title')}</h2>
        <dl className="facts" data-testid="lease-summary">
          <Fact label={t('account.status')} testId="lease-status">
            {statusText}
          </Fact>
          <Fact label={t('account.summary.paid')}>{money(lease.total_paid)}</Fact>
          <Fact label={t('account.summary.due')}>{money(lease.past_due)}</Fact>
          <Fact label={t('account.summary.fees')} testId="lease-fees">
            {money(lease.fees_owed)}
          </Fact>
          <Fact label={t('account.summary.balance')} testId="lease-balance">
            {money(lease.balance)}
          </Fact>
          <Fact label={t('account.summary.next')}>
            {next
              ? t(next.autopay ? 'account.summary.nextAutopay' : 'account.summary.nextValue', {
                  amount: money(next.amount),
                  date: day(next.due_date),
                })
              : t('account.summary.none')}
          </Fact>
          <Fact label={t('account.summary.frequency')}>{t(`account.frequency.${lease.frequency}`)}</Fact>
        </dl>
      </section>

      {!closed && (
        <>
          <PayNowPanel lease={lease} onDone={update} />
          <AutopayPanel lease={lease} onDone={update} />
          <RemindersPanel lease={lease} onDone={update} />
          <MoveDatePanel lease={lease} onDone={update} />
          <PayoffPanel lease={lease} onDone={update} />
          <ReturnPanel lease={lease} onDone={update} />
        </>
      )}

      <section className="card" aria-labelledby="schedule-title">
        <h2 id="schedule-title">{t('account.schedule.title')}</h2>
        <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="schedule-title">
          <table className="account-table">
            <caption className="visually-hidden">{t('account.schedule.caption')}</caption>
            <thead>
              <tr>
                <th scope="col" className="num">
                  {t('account.schedule.number')}
                </th>
                <th scope="col">{t('account.schedule.date')}</th>
                <th scope="col" className="num">
                  {t('account.schedule.amount')}
                </th>
                <th scope="col" className="num">
                  {t('account.schedule.paid')}
                </th>
                <th scope="col">{t('account.schedule.status')}</th>
              </tr>
            </thead>
            <tbody>
              {lease.schedule.map((entry) => (
                <tr key={entry.number}>
                  <td className="num">{entry.number}</td>
                  <td>{day(entry.due_date)}</td>
                  <td className="num">{money(entry.amount)}</td>
                  <td className="num">{money(entry.paid)}</td>
                  <td>{t(`account.schedule.status.${entry.status}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="card" aria-labelledby="receipts-title">
        <h2 id="receipts-title">{t('account.receipts.title')}</h2>
        {lease.receipts.length === 0 ? (
          <p>{t('account.receipts.empty')}</p>
        ) : (
          <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="receipts-title">
            <table className="account-table">
              <caption className="visually-hidden">{t('account.receipts.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('account.receipts.date')}</th>
                  <th scope="col">{t('account.receipts.what')}</th>
                  <th scope="col" className="num">
                    {t('account.receipts.paid')}
                  </th>
                  <th scope="col" className="num">
                    {t('account.receipts.due')}
                  </th>
                  <th scope="col" className="num">
                    {t('account.receipts.remaining')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {lease.receipts.map((receipt) => (
                  <tr key={receipt.id}>
                    <td>{day(receipt.paid_at)}</td>
                    <td>{receiptText(t, receipt)}</td>
                    <td className="num">{money(receipt.amount_paid)}</td>
                    <td className="num">{money(receipt.amount_due)}</td>
                    <td className="num">{money(receipt.remaining_to_ownership)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </section>
  );
}
