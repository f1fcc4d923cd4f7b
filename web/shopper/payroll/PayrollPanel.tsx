import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import {
  payrollMachine,
  EMPLOYER_SEARCH_MIN_LENGTH,
  type PayrollDecisionResult,
} from '../../../machines/payroll/payroll.machine.ts';
import type { Lang } from '../../../machines/i18n/types.ts';
import * as client from './client.ts';
import { useFlowT } from '../../lib/flow-text.ts';
import './payroll.css';
import { SingleAction } from '../../lib/SingleAction.tsx';

export interface PayrollPanelProps {
  /** The application's uuid. */
  applicationId: string;
  /** The result shown (its payroll.is_eligible and type 'async' decide whether the panel appears). */
  result: PayrollDecisionResult;
  /** The refreshed result: it replaces the one shown (higher offers when affordability was proven). */
  onResult?: (result: PayrollDecisionResult) => void;
  headingLevel?: 2 | 3;
}

/**
 * The payroll enrolment panel of the approved result (machines/payroll; seed 000 sections 4, 8, 9): employer search
 * from 3 characters (debounced 500 ms), start, automatic refresh after 3 s, Refresh and Resend link, the outcome.
 */
export function PayrollPanel({ applicationId, result, onResult, headingLevel = 2 }: PayrollPanelProps) {
  const { t, lang, noticeText } = useFlowT();
  const langRef = useRef<Lang>(lang);
  langRef.current = lang;
  const machine = useMemo(
    () =>
      payrollMachine.provide({
        actors: {
          searchEmployers: fromPromise(({ input }) => client.searchEmployers(input.keyword, langRef.current)),
          startAffordability: fromPromise(({ input }) =>
            client.startAffordability(input.applicationId, input.employerId, input.employerName, langRef.current),
          ),
          refreshAffordability: fromPromise(({ input }) =>
            client.refreshAffordability(input.applicationId, langRef.current),
          ),
          restartAffordability: fromPromise(({ input }) =>
            client.restartAffordability(input.applicationId, langRef.current),
          ),
        },
      }),
    [],
  );
  const actor = useActorRef(machine, { input: { applicationId, result } });
  const snap = useSelector(actor, (s) => s);
  const { context } = snap;
  const id = useId();
  const done = snap.status === 'done';

  const reported = useRef(false);
  useEffect(() => {
    if (done && !reported.current) {
      reported.current = true;
      if (snap.output) onResult?.(snap.output.result);
    }
  }, [done, snap.output, onResult]);

  if (!context.eligible) return null;
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const searching = snap.matches({ selecting: 'searching' }) || snap.matches({ selecting: 'debouncing' });
  const starting = snap.matches('starting');
  const initiated = snap.matches('initiated');
  const refreshing = snap.matches({ initiated: 'refreshing' }) || snap.matches({ initiated: 'refreshingManually' });
  const restarting = snap.matches({ initiated: 'restarting' });
  const busy = refreshing || restarting;
  const outcome = done ? snap.output?.outcome : null;
  const inputId = `${id}-employer`;
  const hintId = `${id}-employer-hint`;

  return (
    <section className="payroll card" aria-labelledby={`${id}-title`} data-testid="payroll-panel">
      <Heading id={`${id}-title`}>{t('payroll.title')}</Heading>
      {context.notice && (
        <p
          role={context.notice.kind === 'error' ? 'alert' : 'status'}
          className={context.notice.kind === 'error' ? 'alert' : 'notice'}
          data-testid="payroll-notice"
        >
          {noticeText(context.notice)}
        </p>
      )}

      {(snap.matches('selecting') || starting) && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'payroll.start' });
          }}
        >
          <div className="field">
            <label htmlFor={inputId}>{t('payroll.employer.label')}</label>
            <span id={hintId} className="field__hint">
              {t('payroll.employer.hint')}
            </span>
            <input
              id={inputId}
              className="input"
              type="search"
              autoComplete="organization"
              aria-describedby={hintId}
              value={context.keyword}
              disabled={starting}
              onChange={(e) => actor.send({ type: 'payroll.employer.search', keyword: e.target.value })}
            />
          </div>
          <p role="status" aria-live="polite" className="muted payroll__status">
            {searching && context.keyword.trim().length >= EMPLOYER_SEARCH_MIN_LENGTH
              ? t('payroll.employer.searching')
              : starting
                ? t('payroll.starting')
                : ''}
          </p>
          {context.employers.length > 0 && (
            <fieldset className="payroll__employers">
              <legend>{t('payroll.employer.label')}</legend>
              {context.employers.map((employer) => (
                <label key={String(employer.id)} className="payroll__employer">
                  <input
                    type="radio"
                    name={`${id}-employers`}
                    value={String(employer.id)}
                    checked={context.employer !== null && String(context.employer.id) === String(employer.id)}
                    onChange={() => actor.send({ type: 'payroll.employer.select', employerId: employer.id })}
                  />
                  <span>{employer.employerName}</span>
                </label>
              ))}
            </fieldset>
          )}
          <SingleAction type="submit" disabled={!snap.can({ type: 'payroll.start' })}>
            {starting ? t('payroll.starting') : t('payroll.start')}
          </SingleAction>
        </form>
      )}

      {initiated && (
        <>
          <p>{t('payroll.initiated.text')}</p>
          <p role="status" aria-live="polite" className="muted payroll__status">
            {refreshing ? t('payroll.refreshing') : ''}
          </p>
          <div className="actions">
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => actor.send({ type: 'payroll.refresh' })}
            >
              {t('payroll.refresh')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => actor.send({ type: 'payroll.restart' })}
            >
              {t('payroll.restart')}
            </button>
          </div>
        </>
      )}

      {outcome && (
        <div
          className={outcome.success ? 'payroll__outcome' : 'payroll__outcome payroll__outcome--failed'}
          data-testid="payroll-outcome"
        >
          {outcome.titleKey && <p className="payroll__outcome-title">{t(outcome.titleKey)}</p>}
          {outcome.message && <p>{outcome.message}</p>}
        </div>
      )}
    </section>
  );
}
