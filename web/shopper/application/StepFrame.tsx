import { useEffect, useRef, useState, type ReactNode } from 'react';
import { SAVE_HINT_DELAY_MS } from '../../../machines/application/wizard.machine.ts';
import { useAppT } from './text.ts';

/** A step's message line (save failure, stale copy, HVAC all-YES, product required): an alert the reader hears. */
export function StepAlert({ message }: { message: string | null | undefined }) {
  const { tError } = useAppT();
  return message ? (
    <div className="alert" role="alert">
      {tError(message)}
    </div>
  ) : null;
}

/** 'Saving. Wait for a moment...' and, when the save runs 30 s, the 'click here' retry hint. */
export function SavingHint({ saving, slow, onRetry }: { saving: boolean; slow?: boolean; onRetry: () => void }) {
  const { t } = useAppT();
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!saving || slow !== undefined) {
      setLate(false);
      return;
    }
    const timer = setTimeout(() => setLate(true), SAVE_HINT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [saving, slow]);
  const showHint = saving && (slow ?? late);
  return (
    <div role="status" aria-live="polite" className="saving">
      {saving && <p>{t('application.saving')}</p>}
      {showHint && (
        <p>
          {t('application.saving.slow', { link: '\u0000' })
            .split('\u0000')
            .flatMap((part, i) =>
              i === 0
                ? [part]
                : [
                    <button key="retry" type="button" className="linklike" onClick={onRetry}>
                      {t('application.saving.clickHere')}
                    </button>,
                    part,
                  ],
            )}
        </p>
      )}
    </div>
  );
}

/** Heading of a step, focused when the step changes so keyboard and screen-reader users land on it. */
export function StepHeading({ children, focusKey }: { children: ReactNode; focusKey: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    ref.current?.focus();
  }, [focusKey]);
  return (
    <h2 ref={ref} tabIndex={-1} className="step-title">
      {children}
    </h2>
  );
}
