import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { CustomerLeaseSummary } from '../../../machines/contracts/customer-api.ts';
import { useT } from '../../lib/i18n.tsx';
import { errorText, listLeases } from '../common/client.ts';
import { day, money } from '../common/text.ts';
import { Fact } from '../common/Fact.tsx';

// The lessee's leases (GET /customer/api/leases): each with what is left to own it, what is past due and the next
// payment; a lease opens its own page.

export function LeasesScreen() {
  const t = useT();
  const [leases, setLeases] = useState<CustomerLeaseSummary[] | null>(null);
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    let live = true;
    setError('');
    void listLeases().then(
      (rows) => {
        if (live) setLeases(rows);
      },
      (failure: unknown) => {
        if (live) setError(errorText(failure));
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  return (
    <section className="account-screen" aria-labelledby="leases-title">
      <h1 id="leases-title" ref={heading} tabIndex={-1}>
        {t('account.leases.title')}
      </h1>
      <div role="status" aria-live="polite">
        {!leases && !error && <p>{t('account.loading')}</p>}
      </div>
      {error && (
        <div role="alert" className="message message--error">
          <p>{t(error)}</p>
          <button type="button" className="button button--secondary" onClick={() => setAttempt((n) => n + 1)}>
            {t('app.retry')}
          </button>
        </div>
      )}
      {leases && leases.length === 0 && <p>{t('account.leases.empty')}</p>}
      {leases && leases.length > 0 && (
        <ul className="lease-list">
          {leases.map((lease) => (
            <li key={lease.id} className="card lease-card">
              <h2>
                <Link href={`/leases/${encodeURIComponent(lease.id)}`}>
                  {t('account.lease.number', { number: lease.lease_number ?? lease.id })}
                </Link>
              </h2>
              <p>{lease.description}</p>
              <p className="muted">
                {lease.retailer_name} · {lease.store_name}
              </p>
              <dl className="facts">
                <Fact label={t('account.status')}>{t(`account.status.${lease.status}`)}</Fact>
                <Fact label={t('account.summary.balance')}>{money(lease.balance)}</Fact>
                {lease.past_due > 0 && <Fact label={t('account.summary.due')}>{money(lease.past_due)}</Fact>}
                <Fact label={t('account.summary.next')}>
                  {lease.next_payment
                    ? t(lease.next_payment.autopay ? 'account.summary.nextAutopay' : 'account.summary.nextValue', {
                        amount: money(lease.next_payment.amount),
                        date: day(lease.next_payment.due_date),
                      })
                    : t('account.summary.none')}
                </Fact>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
