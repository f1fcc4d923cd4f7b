import type { PaymentProblemView } from '../../../machines/contracts/customer-api.ts';
import { useT } from '../../lib/i18n.tsx';
import { day, money } from '../common/text.ts';

// The latest automatic payment that did not go through (issue 22): what failed, why in plain words, and what happens
// next (the retry date, or that it will not be tried again and what the lessee can do). A status region with a
// heading, so it is announced and found by its words, not by its colour; worded from the catalogue so a change of
// language changes it at once.

export function PaymentProblemNotice({ problem }: { problem: PaymentProblemView }) {
  const t = useT();
  const params = { amount: money(problem.amount), date: day(problem.date) };
  return (
    <div className="notice notice--problem" role="status" aria-labelledby="problem-title" data-testid="payment-problem">
      <h2 id="problem-title">{t('account.problem.title')}</h2>
      <p>
        {t(problem.outcome === 'returned' ? 'account.problem.returned' : 'account.problem.declined', params)}
        {problem.last4 && <> {t(`account.problem.method.${problem.method}`, { last4: problem.last4 })}</>}
      </p>
      <p>{t('account.problem.reason', { reason: t(`account.problem.reason.${problem.reason_code}`) })}</p>
      <p>
        <strong>
          {t(`account.problem.next.${problem.next_step}`, { date: problem.retry_on ? day(problem.retry_on) : '' })}
        </strong>
      </p>
      {problem.processor_code && <p className="muted">{t('account.problem.code', { code: problem.processor_code })}</p>}
    </div>
  );
}
