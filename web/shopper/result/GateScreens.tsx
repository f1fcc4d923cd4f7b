import { useLocation } from 'wouter';
import { useBrand } from '../../lib/brand.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { telHref } from '../../lib/format.ts';
import { patchDecisionState } from '../verification/client.ts';
import { useDecisionT } from '../verification/text.ts';
import { SingleAction } from '../../lib/SingleAction.tsx';
import { CallButton } from './CallButton.tsx';

// The gate's screens other than the form and the result (web/shopper/result/ApplicationGate.tsx), loaded when shown.

export function Busy({ text }: { text: string }) {
  const { t } = useDecisionT();
  return (
    <p role="status" aria-live="polite">
      {t(text)}
    </p>
  );
}

/** Submit failure (seed 000 section 8). */
export function Oops({ onRetry }: { onRetry?: () => void }) {
  const { t } = useDecisionT();
  const { brand } = useBrand();
  useDocumentTitle(t('result.oops.title'), brand.name);
  return (
    <section className="decision-screen card" aria-labelledby="oops-title" data-result="error">
      <h1 id="oops-title">{t('result.oops.title')}</h1>
      <p role="alert">{t('result.oops.text')}</p>
      {onRetry && <SingleAction onClick={onRetry}>{t('result.oops.retry')}</SingleAction>}
    </section>
  );
}

export function ContractInProgress({ phone }: { phone: string }) {
  const { t } = useDecisionT();
  const { brand } = useBrand();
  useDocumentTitle(t('welcome.contractInProgress.title'), brand.name);
  return (
    <section className="decision-screen card" aria-labelledby="contract-title" data-result="contract-in-progress">
      <h1 id="contract-title">{t('welcome.contractInProgress.title')}</h1>
      <p>{t('retrieval.contractInProgress', { number: phone })}</p>
      <CallButton phone={phone} />
    </section>
  );
}

export function ContactStore({ store }: { store: string }) {
  const { t } = useDecisionT();
  const { brand } = useBrand();
  const [, navigate] = useLocation();
  useDocumentTitle(t('welcome.contactStore.title'), brand.name);
  return (
    <section className="decision-screen card" aria-labelledby="contact-store-title" data-result="contact-store">
      <h1 id="contact-store-title">{t('welcome.contactStore.title')}</h1>
      <p>{t('retrieval.contactStore', { store })}</p>
      <p>
        <a href={telHref(brand.phone)}>{t('app.callUs', { phone: brand.phone })}</a>
      </p>
      <div className="actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            patchDecisionState({ contactStore: null });
            navigate('/checkpoint');
          }}
        >
          {t('app.back')}
        </button>
      </div>
    </section>
  );
}
