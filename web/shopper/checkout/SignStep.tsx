import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import * as client from './client.ts';
import { Busy } from './Busy.tsx';
import { CancelCheckout, StepError, StepHeading, useFlow } from './parts.tsx';
import { useCheckoutT } from './text.ts';

// Sign (seed 000 sections 2 and 4): the contract waits at the e-sign vendor (status 13). In redirect mode the page has
// left for the vendor's signing page; in a frame the vendor opens in a window of its own. The screen watches the
// checkout and moves on when the vendor reports the signature (status 6).

const POLL_MS = 3000;
const SIGNED_STEPS = [6, 7, 8, 9, 10];

export function SignStep() {
  const { t, lang } = useCheckoutT();
  const { actor, checkout, redirectMode } = useFlow();
  const url = useSelector(actor, (s) => s.context.esignUrl);
  const discarding = useSelector(actor, (s) => s.matches({ steps: 'discarding' }));

  useEffect(() => {
    if (discarding) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout>;
    const poll = async () => {
      try {
        const fresh = await client.loadCheckout(checkout.id, lang);
        if (!live) return;
        if (SIGNED_STEPS.includes(fresh.current_step ?? -1)) {
          actor.send({ type: 'esign.completed' });
          return;
        }
      } catch {
        // try again on the next tick
      }
      if (live) timer = setTimeout(() => void poll(), POLL_MS);
    };
    timer = setTimeout(() => void poll(), POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [discarding]);

  return (
    <section className="checkout sign" aria-labelledby="sign-title">
      <StepHeading id="sign-title" titleKey="sign.title" />
      <StepError />
      {discarding ? (
        <Busy text={t('checkout.busy.contract')} />
      ) : url ? (
        <>
          <p>{t(redirectMode ? 'sign.redirecting' : 'sign.window')}</p>
          <p>
            <a className="button" href={url} target={redirectMode ? undefined : '_blank'} rel="noopener">
              {t(redirectMode ? 'sign.open' : 'sign.openWindow')}
            </a>
          </p>
          <p role="status" className="muted">
            {t('sign.waiting')}
          </p>
        </>
      ) : (
        <>
          <p>{t('sign.pending')}</p>
          <div className="actions">
            <button
              type="button"
              className="button"
              onClick={() => actor.send({ type: 'contract.discard', then: 'sign' })}
            >
              {t('sign.again')}
            </button>
          </div>
        </>
      )}
      <div className="actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={discarding}
          onClick={() => actor.send({ type: 'contract.discard', then: 'lease' })}
        >
          {t('checkout.contract.discard')}
        </button>
        <CancelCheckout />
      </div>
    </section>
  );
}
