import { useRef, useState } from 'react';
import { useT } from '../../lib/i18n.tsx';
import { fieldError, moveDueDate } from '../common/client.ts';
import { HintedInput } from '../common/HintedInput.tsx';
import { day, money } from '../common/text.ts';
import type { LeasePanelProps } from './panel-props.ts';
import { PanelFrame } from './PanelFrame.tsx';
import { usePanelAction } from './panel-action.ts';
import { SingleAction } from '../../lib/SingleAction.tsx';

// Move the next payment's date within the lender's limits (data on the lease: the earliest and latest day, and how
// many changes are left). The range is checked here for a quick answer and again by the server.

/** The error key of a picked day (`YYYY-MM-DD`), or null. */
export function moveDateError(value: string, earliest: string, latest: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'account.move.date.required';
  if (value < earliest || value > latest) return 'account.move.date.range';
  return null;
}

export function MoveDatePanel({ lease, onDone }: LeasePanelProps) {
  const t = useT();
  const change = lease.due_date_change;
  const [value, setValue] = useState('');
  const [dateError, setDateError] = useState('');
  const { busy: saving, error, setError, run } = usePanelAction();
  const [done, setDone] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const earliest = change.earliest ?? '';
  const latest = change.latest ?? '';
  const range = { from: day(earliest), to: day(latest) };

  const submit = async () => {
    const problem = moveDateError(value, earliest, latest);
    setDateError(problem ?? '');
    setDone('');
    setError('');
    if (problem) {
      input.current?.focus();
      return;
    }
    const onDateError = (failure: unknown) => {
      const onDate = fieldError(failure, 'due_date');
      if (!onDate) return false;
      setDateError(onDate);
      input.current?.focus();
      return true;
    };
    await run(async () => {
      const next = await moveDueDate(lease.id, { due_date: value });
      setDone(t('account.move.done', { date: day(value) }));
      setValue('');
      onDone(next);
    }, onDateError);
  };

  return (
    <PanelFrame name="move" status={done && <p className="message message--success">{done}</p>} error={error}>
      {!change.allowed || !earliest || !latest ? (
        <p>{change.reason ?? t('account.move.none')}</p>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          {lease.next_payment && (
            <p>
              {t('account.move.installment')}:{' '}
              {t('account.summary.nextValue', {
                amount: money(lease.next_payment.amount),
                date: day(lease.next_payment.due_date),
              })}
            </p>
          )}
          <HintedInput
            ref={input}
            id="move-date"
            label={t('account.move.date')}
            hint={t('account.move.hint', range)}
            error={dateError ? t(dateError, range) : null}
            name="due_date"
            type="date"
            min={earliest}
            max={latest}
            value={value}
            onChange={(e) => {
              setValue(e.target.value);
              setDateError('');
            }}
          />
          <SingleAction type="submit" secondary disabled={saving}>
            {t('account.move.submit')}
          </SingleAction>
        </form>
      )}
    </PanelFrame>
  );
}
