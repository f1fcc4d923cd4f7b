import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import type { PinOutcome } from '../../../machines/pin/pin.machine.ts';
import { ApiError } from '../../lib/api.ts';
import { getSession } from '../../lib/apply-session.ts';
import { useBrand } from '../../lib/brand.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { postToHost } from '../../lib/host-messaging.ts';
import {
  getApplicationState,
  getSessionInfo,
  patchDecisionState,
  startNewApplication,
  type SessionInfo,
} from './client.ts';
import { PinVerification } from './PinVerification.tsx';
import { useDecisionT } from './text.ts';
import { SingleAction } from '../../lib/SingleAction.tsx';

type View =
  | { kind: 'loading' }
  | { kind: 'pin'; uuid: string; info: SessionInfo }
  | { kind: 'requiresNewApp' }
  | { kind: 'failed'; message: string };

/**
 * Route `/apply/verify`: where the application form's 'Confirm & Submit' leads (wizard and single page). An
 * unverified application gets the PIN; once verified (or maxed out) the store application route shows the outcome:
 * web/shopper/result/ApplicationGate.tsx submits a verified application at once and renders the result.
 */
export function VerifyPage() {
  const { t, lang } = useDecisionT();
  const { brand } = useBrand();
  const [, navigate] = useLocation();
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useDocumentTitle(t('pin.title'), brand.name);

  useEffect(() => {
    if (!getSession()) {
      navigate('/', { replace: true });
      return;
    }
    const controller = new AbortController();
    (async () => {
      const info = await getSessionInfo(controller.signal);
      if (!info.application_uuid) return navigate('/apply', { replace: true });
      const app = await getApplicationState(lang, controller.signal);
      // Already verified or decided: the store application shows the result (and submits a verified one).
      if (app.verified || app.submitted) return navigate('/apply', { replace: true });
      setView({ kind: 'pin', uuid: app.uuid, info });
    })().catch((error: unknown) => {
      if ((error as Error).name === 'AbortError') return;
      if (error instanceof ApiError && error.code === 403) return;
      setView({
        kind: 'failed',
        message: error instanceof ApiError && error.code === 404 ? 'welcome.notFound' : 'error.somethingWrong',
      });
    });
    return () => controller.abort();
    // loaded once per visit (the language of the texts is switched on the screen itself)
  }, [navigate, attempt]);

  const onOutcome = useCallback(
    (outcome: PinOutcome) => {
      switch (outcome.outcome) {
        case 'verified':
          postToHost('update', { status: 'verified', step: 'verification' });
          patchDecisionState({ error: false });
          navigate('/apply', { replace: true });
          return;
        case 'maxed':
          navigate('/apply', { replace: true });
          return;
        case 'edit':
          navigate('/apply');
          return;
        case 'requiresNewApp':
          setView({ kind: 'requiresNewApp' });
          return;
        case 'newApplication':
          startNewApplication();
      }
    },
    [navigate],
  );

  switch (view.kind) {
    case 'loading':
      return (
        <p role="status" aria-live="polite">
          {t('app.loading')}
        </p>
      );
    case 'failed':
      return (
        <section className="decision-screen" aria-labelledby="verify-failed-title">
          <h1 id="verify-failed-title">{t('pin.title')}</h1>
          <p role="alert" className="message message--error">
            {t(view.message)}
          </p>
          <div className="actions">
            <button
              type="button"
              className="button"
              onClick={() => {
                setView({ kind: 'loading' });
                setAttempt((n) => n + 1);
              }}
            >
              {t('app.retry')}
            </button>
          </div>
        </section>
      );
    case 'requiresNewApp':
      return <RequiresNewApp />;
    case 'pin':
      return (
        <PinVerification
          uuid={view.uuid}
          storeId={view.info.store.id}
          checkoutId={view.info.checkout_id}
          onOutcome={onOutcome}
        />
      );
  }
}

/** The verified application cannot be used for this purchase: the shopper creates a new one. */
export function RequiresNewApp() {
  const { t } = useDecisionT();
  return (
    <section className="decision-screen" aria-labelledby="new-app-title">
      <h1 id="new-app-title">{t('pin.requiresNewApp.title')}</h1>
      <p>{t('pin.requiresNewApp.text')}</p>
      <SingleAction onClick={() => startNewApplication()}>{t('pin.requiresNewApp.action')}</SingleAction>
    </section>
  );
}
