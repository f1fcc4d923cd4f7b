import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import {
  identityExchangeRoute,
  IDENTITY_EXCHANGE_PATHS,
} from '../../../machines/identity-check/identity-check.machine.ts';
import { ApiError } from '../../lib/api.ts';
import { getSession, saveSession } from '../../lib/apply-session.ts';
import { useBrand } from '../../lib/brand.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { postToHost } from '../../lib/host-messaging.ts';
import * as client from './client.ts';
import { IdentityCheckStep } from './IdentityCheckStep.tsx';
import { useFlowT } from '../../lib/flow-text.ts';
import { SingleAction } from '../../lib/SingleAction.tsx';

/** Route `/intellicheck`: the identity check at checkout (intellicheck_required) or after an exchange. */
export function IntellicheckPage() {
  const { t } = useFlowT();
  const { brand, setBrandKey } = useBrand();
  const [, navigate] = useLocation();
  const [session] = useState(() => getSession());
  const [phone, setPhone] = useState<string | null | undefined>(undefined);
  const [completed, setCompleted] = useState(false);
  useDocumentTitle(t('identity.title'), brand.name);

  useEffect(() => {
    if (!session) {
      navigate('/403', { replace: true });
      return;
    }
    setBrandKey(session.storeData.brand);
    const controller = new AbortController();
    client.applicantPhone(controller.signal).then(setPhone, () => setPhone(null));
    return () => controller.abort();
  }, [session, navigate, setBrandKey]);

  if (!session) return null;
  return (
    <div className="intellicheck-page">
      <p className="muted">{session.storeData.name}</p>
      {phone === undefined ? (
        <p role="status">{t('app.loading')}</p>
      ) : (
        <IdentityCheckStep
          position="checkout"
          phone={phone}
          onCompleted={() => {
            setCompleted(true);
            postToHost('update', { status: 'intellicheck_completed', step: 'intellicheck' });
          }}
        />
      )}
      {completed && <SingleAction onClick={() => navigate('/process')}>{t('identity.continue')}</SingleAction>}
    </div>
  );
}

/** Route `/intellicheck/exchange/:token`: the mobile link's token for a session; 403 and other errors have their pages. */
export function IntellicheckExchange({ token }: { token: string }) {
  const { t } = useFlowT();
  const { brand, setBrandKey } = useBrand();
  const [, navigate] = useLocation();
  useDocumentTitle(t('identity.title'), brand.name);
  useEffect(() => {
    const controller = new AbortController();
    client.exchange(token, controller.signal).then(
      (answer) => {
        const store = answer.store;
        saveSession({
          retailer: store.retailer.slug,
          store: store.slug,
          token: answer.token,
          expiresAt: answer.expiresAt,
          storeData: store,
        });
        setBrandKey(store.brand);
        navigate(IDENTITY_EXCHANGE_PATHS.identityCheck, { replace: true });
      },
      (error: unknown) => {
        if ((error as Error).name === 'AbortError') return;
        const code = error instanceof ApiError ? error.code : 0;
        navigate(IDENTITY_EXCHANGE_PATHS[identityExchangeRoute(code)], { replace: true });
      },
    );
    return () => controller.abort();
  }, [token, navigate, setBrandKey]);
  return (
    <p role="status" aria-live="polite">
      {t('app.loading')}
    </p>
  );
}
