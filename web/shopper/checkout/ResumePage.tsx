import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { checkpointMachine, type CheckpointFinal } from '../../../machines/checkpoint/checkpoint.machine.ts';
import { ApiError } from '../../lib/api.ts';
import { saveSession } from '../../lib/apply-session.ts';
import { useBrand } from '../../lib/brand.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { postToHost } from '../../lib/host-messaging.ts';
import { sessionStore } from '../../lib/safe-storage.ts';
import { useT } from '../../lib/i18n.tsx';
import { ApplyFrame } from '../shell/ApplyFrame.tsx';
import { DEFAULT_FORM_STORE } from '../shell/first-step.ts';
import { Busy } from './Busy.tsx';
import * as client from './client.ts';
import './checkout.css';

// Route `/checkpoint/{token}/{iframe}/{process?}` (seed 000 sections 2 and 4, "Resume"): the retailer's link. The
// checkpoint machine exchanges the checkout token (GET /apply-v2/checkpoint/exchange) for an apply session, then:
// cancel=true cancels (host told; redirect mode leaves for the failure URL), intellicheck_required opens the identity
// check, process=process the process screen, otherwise the checkpoint redirect by the checkout's step.

const MAY_CONTINUE_KEY = 'lto.mayContinue';

// A checkout link usually leads on to the application's first step: this page keeps the checkout's code and texts
// (machine, screens, both languages' catalogue) out of that step's download (issue 24 point 4). Its busy line reads
// the page's catalogue (POST /system/translation, asked for at the start), the shell's loading line until it is in;
// the screens of a cancelled checkout load when shown.
const Cancelled = lazy(() => import('./Complete.tsx').then((m) => ({ default: m.Cancelled })));
const CancelFailed = lazy(() => import('./ResumeEnd.tsx').then((m) => ({ default: m.CancelFailed })));

const PATHS: Partial<Record<CheckpointFinal, string>> = {
  lease: '/checkout/lease',
  sign: '/checkout/sign',
  payment: '/checkout/payment',
  complete: '/checkout/complete',
  application: '/apply',
  existingApplication: '/apply',
  retailerSelect: '/',
  identityCheck: '/intellicheck',
  process: '/process',
  forbidden: '/403',
  checkoutNotFound: '/checkout-not-found',
  unknownError: '/unknown',
};

export function ResumePage({
  token,
  iframe,
  process,
  opensApplication = false,
  onResumed,
}: {
  token: string;
  iframe: string;
  process?: string | undefined;
  /** The link nearly always opens the application (App.tsx): its picture shows while the checkout is exchanged. */
  opensApplication?: boolean;
  /** Called once the exchange has been asked for. */
  onResumed?: (() => void) | undefined;
}) {
  const t = useT();
  const { brand, setBrandKey } = useBrand();
  const [, navigate] = useLocation();
  useDocumentTitle(t('shell.screen.resume'), brand.name);
  const redirectMode = !/^(1|true)(\?|$)/.test(iframe);
  const failure = useRef<string | null>(null);

  const machine = useMemo(
    () =>
      checkpointMachine.provide({
        actors: {
          exchange: fromPromise(async ({ input }) => {
            try {
              const answer = await client.exchange(input.token);
              const store = answer.store;
              saveSession({
                retailer: store.retailer.slug,
                store: store.slug,
                token: answer.token,
                expiresAt: answer.expires_at,
                storeData: store,
              });
              client.rememberMode(input.iframe);
              setBrandKey(store.brand);
              failure.current = answer.checkout?.return_url_failure ?? null;
              return answer;
            } catch (error) {
              throw error instanceof ApiError ? { status: error.code, message: error.message } : error;
            }
          }),
          cancelCheckout: fromPromise(async ({ input }) => {
            if (!input.checkoutId) throw new Error('checkout.error.cancelFailed');
            const answer = await client.cancelCheckout(input.checkoutId, 'en');
            failure.current = answer.return_url_failure ?? answer.redirect ?? failure.current;
          }),
        },
        actions: {
          notifyHost: ({ context }, params) => {
            postToHost(params.event, {
              status: 12,
              step: 'checkpoint',
              data: { checkout_id: context.session.checkout?.id ?? null },
            });
          },
          leavePage: ({ context }) => {
            const url = failure.current ?? context.session.checkout?.return_url_failure ?? null;
            if (url) location.assign(url);
          },
          storeMayContinue: () => sessionStore().setItem(MAY_CONTINUE_KEY, 'false'),
        },
      }),
    [],
  );
  const actor = useActorRef(machine, {
    input: { session: { checkout: null, verified: false, hasApplication: false, hasStore: false }, redirectMode },
  });
  const route = useSelector(actor, (s) => s.context.route);
  const cancelFailed = useSelector(actor, (s) => s.matches('cancelFailed'));

  // A retailer may put the query inside the hash (`#/checkpoint/T/0?cancel=true`); web/lib/hash-query.ts moves it in
  // front of the hash, possibly after this first render: read both places and the segments without a query.
  const clean = (segment: string | undefined) => segment?.split('?')[0] ?? null;
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const inHash = new URLSearchParams(location.hash.split('?')[1] ?? '');
    const cancel = new URLSearchParams(location.search).get('cancel') ?? inHash.get('cancel');
    actor.send({
      type: 'checkpoint.resume',
      token: clean(token)!,
      iframe: clean(iframe),
      process: clean(process),
      cancel,
    });
    onResumed?.();
  }, [actor, token, iframe, process, onResumed]);

  useEffect(() => {
    if (!route) return;
    const path = PATHS[route];
    if (path) navigate(path, { replace: true });
  }, [route, navigate]);

  if (route === 'cancelled' || cancelFailed)
    return (
      <Suspense fallback={<Busy text={t('app.loading')} />}>
        {route === 'cancelled' ? (
          <Cancelled />
        ) : (
          <CancelFailed onRetry={() => actor.send({ type: 'checkpoint.retry' })} />
        )}
      </Suspense>
    );
  const busy = route === 'leavingFailure' ? 'checkout.busy.leaving' : 'checkout.busy.resume';
  const text = t(busy) === busy ? t('app.loading') : t(busy);
  return opensApplication && route !== 'leavingFailure' ? (
    <ApplyFrame formOf={DEFAULT_FORM_STORE} status={text} />
  ) : (
    <Busy text={text} />
  );
}
