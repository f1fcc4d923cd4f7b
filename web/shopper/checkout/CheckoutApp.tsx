import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import {
  checkoutFlowMachine,
  checkoutPageRoute,
  type CheckoutPageRoute,
  type LoadedCheckout,
} from '../../../machines/checkout/checkout-flow.machine.ts';
import type { ProcessResponse } from '../../../machines/checkout/process-response.ts';
import { checkpointRedirect } from '../../../machines/checkpoint/checkpoint-route.ts';
import { ApiError } from '../../lib/api.ts';
import { getSession } from '../../lib/apply-session.ts';
import { useBrand } from '../../lib/brand.tsx';
import { useDocumentTitle } from '../../lib/document-title.ts';
import { postToHost, useHostMessaging } from '../../lib/host-messaging.ts';
import { setRetryTarget } from '../../lib/retry-target.ts';
import { sessionStore } from '../../lib/safe-storage.ts';
import { useToasts } from '../../lib/toasts.tsx';
import { BankingStep } from './BankingStep.tsx';
import * as client from './client.ts';
import { Cancelled, Complete } from './Complete.tsx';
import { DeliveryOptions } from './DeliveryOptions.tsx';
import { ContractPreview, LeaseSummary } from './LeaseSummary.tsx';
import { Busy } from './Busy.tsx';
import { ErrorModal, FlowContext, StepError, useFlow, type FlowValue, type LeaseExtras } from './parts.tsx';
import { PaymentStep } from './PaymentStep.tsx';
import { SignStep } from './SignStep.tsx';
import { useCheckoutT } from './text.ts';
import './checkout.css';
import { SingleAction } from '../../lib/SingleAction.tsx';

// Routes `/process` and `/checkout/{child}` (seed 000 sections 2 and 4): one page that runs the checkout flow
// machine (machines/checkout/checkout-flow.machine.ts); the address follows the machine's step. The checkout needs a
// verified application in this session or a skip-verification checkout (else the application opens).

/** The calculator's choice on the result screen (web/shopper/result): option and payment frequency for the lease. */
const CHOICE_KEY = 'lto.apply.choice';
interface Choice {
  option?: string | null;
  payment_frequency?: string | null;
  ocp_included?: boolean;
}
function readChoice(): Choice {
  try {
    return (JSON.parse(sessionStore().getItem(CHOICE_KEY) ?? '{}') as Choice) ?? {};
  } catch {
    return {};
  }
}

type Gate =
  | { kind: 'loading' }
  | { kind: 'noCheckout' }
  | { kind: 'signedElsewhere' }
  | { kind: 'ready'; value: Omit<FlowValue, 'actor' | 'extras' | 'fetchLease'> };

export function CheckoutApp({ area }: { area: string; child?: string }) {
  const { t, lang } = useCheckoutT();
  const { brand, setBrandKey } = useBrand();
  const host = useHostMessaging();
  const [, navigate] = useLocation();
  const [gate, setGate] = useState<Gate>({ kind: 'loading' });
  const [restart, setRestart] = useState(0);
  useDocumentTitle(t(area === 'process' ? 'shell.screen.process' : 'shell.screen.checkout'), brand.name);

  useEffect(() => {
    const query = new URLSearchParams(location.search);
    const session = getSession();
    if (!session) {
      // The e-sign vendor returns to /process; in a window of its own (iframe mode) there is no session to go on with.
      if (query.get('event') === 'signing_complete') setGate({ kind: 'signedElsewhere' });
      else navigate('/', { replace: true });
      return;
    }
    setBrandKey(session.storeData.brand);
    const controller = new AbortController();
    (async () => {
      const info = await client.sessionInfo(controller.signal);
      if (!info.checkout_id) return setGate({ kind: 'noCheckout' });
      const checkout = await client.loadCheckout(info.checkout_id, lang);
      let app: client.ApplicationView | null = null;
      try {
        app = await client.applicationView(lang, controller.signal);
      } catch (error) {
        if ((error as Error).name === 'AbortError') throw error;
        app = null;
      }
      // Checkout routes need a verified state or a skip-verification checkout (seed 000 sections 2 and 6).
      if (!checkout.skip_verification && !app?.verified) return navigate('/apply', { replace: true });
      setGate({ kind: 'ready', value: { info, checkout, app, redirectMode: client.isRedirectMode(host.mode) } });
    })().catch((error: unknown) => {
      if ((error as Error).name === 'AbortError') return;
      if (error instanceof ApiError && error.code === 403) return; // api.ts shows Permission Denied
      if (error instanceof ApiError && error.code === 404) return navigate('/checkout-not-found', { replace: true });
      if (error instanceof ApiError && error.code === 401) return navigate('/', { replace: true });
      setRetryTarget(area === 'process' ? '/process' : '/checkout');
      navigate('/unknown', { replace: true });
    });
    return () => controller.abort();
    // checked once per visit (and when the flow restarts)
  }, [restart]);

  switch (gate.kind) {
    case 'loading':
      return <Busy text={t('checkout.busy.loading')} />;
    case 'noCheckout':
      return <NoCheckout />;
    case 'signedElsewhere':
      return <SignedElsewhere />;
    case 'ready':
      return <Flow key={restart} value={gate.value} onRestart={() => setRestart((n) => n + 1)} />;
  }
}

/** Stable screens the address follows (transient states keep the address they started on). */
function routeOf(value: unknown): CheckoutPageRoute | null {
  const route = checkoutPageRoute(value);
  let leaf: unknown = value;
  while (typeof leaf === 'object' && leaf !== null) leaf = Object.values(leaf)[0];
  if (leaf === 'processing' || leaf === 'processFailed') return null;
  return route;
}

function Flow({
  value,
  onRestart,
}: {
  value: Omit<FlowValue, 'actor' | 'extras' | 'fetchLease'>;
  onRestart: () => void;
}) {
  const { t, lang } = useCheckoutT();
  const [, navigate] = useLocation();
  const { push } = useToasts();
  const { checkout, app, redirectMode } = value;
  const choice = useMemo(readChoice, []);
  const extras = useRef<LeaseExtras>({ ocp: choice.ocp_included === true, additional_down: '', language: lang });
  const lastLease = useRef<client.LeaseAnswer | null>(null);
  const cancelledUrl = useRef<string | null>(null);
  const first = useRef(true);
  const langRef = useRef(lang);
  langRef.current = lang;
  const id = checkout.id;

  async function fetchLease(option?: string | null, frequency?: string | null): Promise<Record<string, unknown>> {
    const lease = await client.fetchLease(
      id,
      {
        application_id: app?.uuid ?? checkout.application_uuid,
        option: option ?? lastLease.current?.option ?? choice.option ?? null,
        payment_frequency: frequency ?? lastLease.current?.payment_frequency ?? choice.payment_frequency ?? null,
        ocp: extras.current.ocp,
        additional_down: extras.current.additional_down || null,
        language: extras.current.language,
        iframe: !redirectMode,
      },
      langRef.current,
    );
    lastLease.current = lease;
    return lease as unknown as Record<string, unknown>;
  }

  const machine = useMemo(
    () =>
      checkoutFlowMachine.provide({
        actors: {
          loadCheckout: fromPromise<LoadedCheckout, { checkoutId: string }>(async () => {
            if (first.current) {
              first.current = false;
              return checkout;
            }
            return client.loadCheckout(id, langRef.current);
          }),
          fetchLease: fromPromise(async ({ input }) => fetchLease(input.option, input.payment_frequency)),
          requestEsign: fromPromise(async () => client.requestEsign(id, !redirectMode, langRef.current)),
          discardContract: fromPromise(async () => {
            await client.discardContract(id, langRef.current);
          }),
          processCheckout: fromPromise<ProcessResponse, { checkoutId: string }>(async () =>
            client.processCheckout(id, langRef.current),
          ),
          cancelCheckout: fromPromise(async () => {
            const answer = await client.cancelCheckout(id, langRef.current);
            // the server's failure URL carries the final status
            cancelledUrl.current = answer.return_url_failure ?? answer.redirect ?? null;
          }),
        },
        actions: {
          notifyHost: ({ context }, params) => {
            postToHost(params.event, {
              status: context.process?.step ?? (context.checkout?.current_step as number | null) ?? null,
              step: 'checkout',
              data: { checkout_id: id, url: params.event === 'update' ? context.returnUrl : context.returnUrlFailure },
            });
          },
          leavePage: ({ context }, params) => {
            const url =
              params.to === 'esign'
                ? context.esignUrl
                : params.to === 'success'
                  ? context.returnUrl
                  : params.to === 'failure'
                    ? (cancelledUrl.current ?? context.returnUrlFailure)
                    : context.redirectUrl;
            if (params.to === 'process') {
              if (url) location.assign(url);
              return;
            }
            if (redirectMode) {
              if (url) location.assign(url);
              return;
            }
            // In a frame the retailer's page stays; the e-sign vendor opens in a window of its own (the sign screen's link).
            if (params.to !== 'esign')
              postToHost('close', { status: params.to, step: 'complete', data: { checkout_id: id, url } });
          },
        },
      }),
    // one machine per flow (the Flow remounts to restart)
    [],
  );

  const actor = useActorRef(machine, {
    input: {
      checkoutId: id,
      redirectMode,
      deliveryRequired: checkout.delivery_required,
      returnUrl: checkout.return_url,
      returnUrlFailure: checkout.return_url_failure,
    },
  });
  const state = useSelector(actor, (s) => s.value);
  const error = useSelector(actor, (s) => s.context.error);
  const route = routeOf(state);
  const [location_] = useLocation();

  useEffect(() => {
    if (!route) return;
    if (route === 'identity-check') {
      navigate('/intellicheck', { replace: true });
      return;
    }
    const path = `/checkout/${route}`;
    if (location_ !== path) navigate(path, { replace: true });
  }, [route, location_, navigate]);

  const snapshot = actor.getSnapshot();
  const leaseFailed = snapshot.matches({ steps: 'leaseFailed' });
  useEffect(() => {
    if (leaseFailed && error) push(t(error), 'error');
    // once per failure
  }, [leaseFailed]);

  const flowValue: FlowValue = { ...value, actor, extras, fetchLease: () => fetchLease() };
  return <FlowContext.Provider value={flowValue}>{screen()}</FlowContext.Provider>;

  /** A step that failed: its heading, the error, and a retry. */
  function failedWithRetry(titleId: string, title: string) {
    return (
      <section className="checkout" aria-labelledby={titleId}>
        <h1 id={titleId}>{title}</h1>
        <StepError />
        <SingleAction onClick={() => actor.send({ type: 'checkout.retry' })}>{t('checkout.retry')}</SingleAction>
      </section>
    );
  }

  function screen() {
    const s = snapshot;
    if (s.matches('loading')) return <Busy text={t('checkout.busy.loading')} />;
    if (s.matches('loadFailed')) return failedWithRetry('checkout-failed-title', t('checkout.step.checkout'));
    if (s.matches('cancelling')) return <Busy text={t('checkout.busy.cancelling')} />;
    if (s.matches('cancelled')) return <Cancelled />;
    if (s.matches('complete')) return <Complete />;
    if (s.matches('leavingSuccess') || s.matches('leavingFailure') || s.matches('leaving'))
      return redirectMode ? (
        <Busy text={t('checkout.busy.leaving')} />
      ) : s.matches('leavingSuccess') ? (
        <Complete variant="success" />
      ) : (
        <Cancelled />
      );
    if (s.matches('toCheckpoint')) return <ToCheckpoint onRestart={onRestart} />;
    if (s.matches({ steps: 'delivery' })) return <DeliveryOptions />;
    if (s.matches({ steps: 'fetchingLease' })) return <Busy text={t('checkout.busy.lease')} />;
    if (s.matches({ steps: 'leaseFailed' }))
      return (
        <>
          <Busy text="" />
          <ErrorModal
            message={t(error ?? 'checkout.error.generic')}
            onReturn={() => actor.send({ type: 'checkout.cancel' })}
            otherLabel={t('checkout.retry')}
            onOther={() => actor.send({ type: 'checkout.retry' })}
          />
        </>
      );
    if (
      s.matches({ steps: 'lease' }) ||
      s.matches({ steps: 'requestingEsign' }) ||
      s.matches({ steps: 'contractFailed' })
    )
      return <LeaseSummary />;
    if (s.matches({ steps: 'preview' })) return <ContractPreview />;
    if (s.matches({ steps: 'sign' }) || s.matches({ steps: 'discarding' })) return <SignStep />;
    if (s.matches({ steps: 'processing' })) return <Busy text={t('checkout.busy.processing')} />;
    if (s.matches({ steps: 'processFailed' }))
      return failedWithRetry('process-failed-title', t('shell.screen.process'));
    if (s.matches({ steps: 'payment' })) return <PaymentStep />;
    if (s.matches({ steps: 'banking' })) return <BankingStep />;
    return <Busy text={t('checkout.busy.loading')} />;
  }
}

/**
 * The process answer asked for nothing specific: the checkpoint redirect logic routes by the checkout's step. A step
 * the flow handles (lease, sign, payment, complete) restarts the flow there; a payment still settling offers Refresh.
 */
function ToCheckpoint({ onRestart }: { onRestart: () => void }) {
  const { t } = useCheckoutT();
  const [, navigate] = useLocation();
  const { actor } = useFlow();
  const process = useSelector(actor, (s) => s.context.process);
  const decision = checkpointRedirect({
    checkout: { current_step: process?.step ?? null, may_continue: process?.may_continue },
    verified: true,
    hasApplication: true,
    hasStore: true,
  });
  const settling = process?.step === 7 || decision.route === 'payment';
  useEffect(() => {
    if (settling) return;
    if (decision.route === 'lease' || decision.route === 'sign' || decision.route === 'complete') onRestart();
    else navigate('/apply', { replace: true });
  }, []);
  if (!settling) return <Busy text={t('checkout.busy.loading')} />;
  return (
    <section className="checkout" aria-labelledby="settling-title">
      <h1 id="settling-title">{t('checkout.step.payment')}</h1>
      <p role="status">{t('payment.settling')}</p>
      <SingleAction onClick={onRestart}>{t('checkout.refresh')}</SingleAction>
    </section>
  );
}

/** An approved application without a retailer checkout (applied at the store page): nothing to check out here. */
function NoCheckout() {
  const { t } = useCheckoutT();
  return (
    <section className="checkout card" aria-labelledby="no-checkout-title">
      <h1 id="no-checkout-title">{t('checkout.none.title')}</h1>
      <p>{t('checkout.none.text')}</p>
      <p>
        <a href="#/apply">{t('checkout.none.back')}</a>
      </p>
    </section>
  );
}

/** The e-sign vendor's return in a window of its own (the checkout runs in the retailer's frame). */
function SignedElsewhere() {
  const { t } = useCheckoutT();
  useEffect(() => {
    postToHost('update', { status: 'signed', step: 'sign' });
  }, []);
  return (
    <section className="checkout card" aria-labelledby="signed-title">
      <h1 id="signed-title">{t('sign.done.title')}</h1>
      <p>{t('sign.done.text')}</p>
      <SingleAction onClick={() => window.close()}>{t('sign.done.close')}</SingleAction>
    </section>
  );
}
