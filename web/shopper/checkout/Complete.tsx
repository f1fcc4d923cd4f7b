import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { SUCCESS_REDIRECT_MS } from '../../../machines/checkout/checkout-flow.machine.ts';
import { StepHeading, useFlow } from './parts.tsx';
import { useCheckoutT } from './text.ts';
import { SingleAction } from '../../lib/SingleAction.tsx';

// Complete (seed 000 sections 2 and 4): may not continue (apology), success (congratulations; in redirect mode the
// flow returns to the retailer after 5 seconds), failure (apology). The flow machine tells the host.

type Variant = 'mayNotContinue' | 'success' | 'failure';

export function Complete({ variant: forced }: { variant?: Variant }) {
  const { t } = useCheckoutT();
  const { actor, redirectMode } = useFlow();
  const variant = useSelector(actor, (s): Variant => {
    if (forced) return forced;
    if (s.matches({ complete: 'success' })) return 'success';
    if (s.matches({ complete: 'mayNotContinue' })) return 'mayNotContinue';
    return 'failure';
  });
  const leaving = useSelector(actor, (s) => s.status === 'done');
  const [seconds, setSeconds] = useState(Math.round(SUCCESS_REDIRECT_MS / 1000));
  const counting = variant === 'success' && redirectMode && !leaving;
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setSeconds((n) => Math.max(0, n - 1)), 1000);
    return () => clearInterval(timer);
  }, [counting]);

  return (
    <section
      className={`checkout complete complete--${variant}`}
      aria-labelledby="complete-title"
      data-complete={variant}
    >
      <StepHeading id="complete-title" titleKey={`checkout.complete.${variant}.title`} />
      <p>{t(`checkout.complete.${variant}.text`)}</p>
      {counting && (
        <p role="status" aria-live="polite">
          {t('checkout.complete.success.redirecting', { seconds })}
        </p>
      )}
      {!leaving && (
        <SingleAction onClick={() => actor.send({ type: 'complete.return' })}>
          {t('checkout.returnToRetailer')}
        </SingleAction>
      )}
    </section>
  );
}

export function Cancelled() {
  return (
    <section className="checkout complete" aria-labelledby="cancelled-title" data-complete="cancelled">
      <StepHeading id="cancelled-title" titleKey="checkout.cancelled.title" />
      <CancelledText />
    </section>
  );
}

function CancelledText() {
  const { t } = useCheckoutT();
  return <p>{t('checkout.cancelled.text')}</p>;
}
