import { useCheckoutT } from './text.ts';
import { SingleAction } from '../../lib/SingleAction.tsx';

// The resume link's own screens other than its busy line (ResumePage.tsx), with the checkout's texts: loaded only
// when a checkout is cancelled from its link.

/** The cancel asked for by the link failed: say so and offer to try again. */
export function CancelFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useCheckoutT();
  return (
    <section className="checkout" aria-labelledby="resume-title">
      <h1 id="resume-title">{t('shell.screen.resume')}</h1>
      <p role="alert" className="checkout-error">
        {t('checkout.error.cancelFailed')}
      </p>
      <SingleAction onClick={onRetry}>{t('checkout.retry')}</SingleAction>
    </section>
  );
}
