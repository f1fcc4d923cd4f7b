import { useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { checkoutFlowMachine } from '../../../machines/checkout/checkout-flow.machine.ts';
import type { ApplicationView, CheckoutView, LeaseAnswer, SessionInfo } from './client.ts';
import { useCheckoutT } from './text.ts';
import { Busy } from './Busy.tsx';
import { SingleAction } from '../../lib/SingleAction.tsx';

export type FlowActor = ActorRefFrom<typeof checkoutFlowMachine>;

/** What every checkout screen needs: the flow actor and the facts the gate loaded. */
export interface FlowValue {
  actor: FlowActor;
  info: SessionInfo;
  checkout: CheckoutView;
  app: ApplicationView | null;
  redirectMode: boolean;
  /** The lease form's choices the flow's `lease.terms` event does not carry (OCP, extra down, contract language). */
  extras: { current: LeaseExtras };
  /** GET .../lease with the shopper's current choices (the delivery step fetches it after scheduling too). */
  fetchLease: () => Promise<Record<string, unknown>>;
}

export interface LeaseExtras {
  ocp: boolean;
  additional_down: string;
  language: string;
}

export const FlowContext = createContext<FlowValue | null>(null);

export function useFlow(): FlowValue {
  const value = useContext(FlowContext);
  if (!value) throw new Error('useFlow needs the checkout flow above it');
  return value;
}

export const useLease = (): LeaseAnswer | null =>
  useSelector(useFlow().actor, (s) => s.context.lease as LeaseAnswer | null);

/** The flow's current error (an i18n key or the server's message), under the screen's title. */
export function StepError() {
  const { t } = useCheckoutT();
  const error = useSelector(useFlow().actor, (s) => s.context.error);
  return (
    <div role="alert" className="checkout-alert-slot">
      {error && <p className="checkout-error">{t(error)}</p>}
    </div>
  );
}

/** 'Cancel checkout' with a confirmation, offered on every step (the server refuses it while a payment settles). */
/** A step form's submit button, disabled while the step saves, with the busy line saying what it is doing. */
export function StepSubmit({ busy, busyText, children }: { busy: boolean; busyText: string; children: ReactNode }) {
  return (
    <>
      {busy && <Busy text={busyText} />}
      <SingleAction type="submit" disabled={busy}>
        {children}
      </SingleAction>
    </>
  );
}

/** A step's last row when it holds only the way out of the checkout. */
export function CancelCheckoutRow() {
  return (
    <div className="actions">
      <CancelCheckout />
    </div>
  );
}

export function CancelCheckout() {
  const { t } = useCheckoutT();
  const { actor } = useFlow();
  const [asking, setAsking] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) confirmRef.current?.focus();
  }, [asking]);
  if (!asking) {
    return (
      <button type="button" className="button button--secondary checkout-cancel" onClick={() => setAsking(true)}>
        {t('checkout.cancel')}
      </button>
    );
  }
  return (
    <div className="checkout-cancel-confirm" role="group" aria-label={t('checkout.cancel')}>
      <p>{t('checkout.cancel.confirm')}</p>
      <div className="actions">
        <button
          ref={confirmRef}
          type="button"
          className="button"
          onClick={() => actor.send({ type: 'checkout.cancel' })}
        >
          {t('checkout.cancel.yes')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setAsking(false)}>
          {t('checkout.cancel.no')}
        </button>
      </div>
    </div>
  );
}

/** A modal on the native <dialog>: focus moves in, Escape is ignored (the shopper must choose), focus returns. */
export function Modal({ title, children, actions }: { title: string; children: ReactNode; actions: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      opener?.focus?.();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="checkout-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(e) => e.preventDefault()}
    >
      <h2 id={titleId} className="checkout-dialog__title">
        {title}
      </h2>
      <div id={bodyId}>{children}</div>
      <div className="actions">{actions}</div>
    </dialog>
  );
}

/** A checkout error over the step: its message, back to the retailer, or the step's other way on (retry, another ZIP). */
export function ErrorModal({
  message,
  onReturn,
  otherLabel,
  onOther,
}: {
  message: string;
  onReturn: () => void;
  otherLabel: string;
  onOther: () => void;
}) {
  const { t } = useCheckoutT();
  return (
    <Modal
      title={t('checkout.error.title')}
      actions={
        <>
          <button type="button" className="button" onClick={onReturn}>
            {t('checkout.returnToRetailer')}
          </button>
          <button type="button" className="button button--secondary" onClick={onOther}>
            {otherLabel}
          </button>
        </>
      }
    >
      <p>{message}</p>
    </Modal>
  );
}

export function StepHeading({ titleKey, id }: { titleKey: string; id?: string }) {
  const { t } = useCheckoutT();
  const ref = useRef<HTMLHeadingElement>(null);
  // Each step is a new "page": move focus to its title so screen readers announce it.
  useEffect(() => ref.current?.focus(), []);
  return (
    <h1 ref={ref} id={id} tabIndex={-1} className="checkout-title">
      {t(titleKey)}
    </h1>
  );
}
