import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import type { CheckoutItemView, PinMode } from '../../../machines/contracts/verify.ts';
import { formatCents } from '../../../machines/domain/money.ts';
import { PIN_LENGTH } from '../../../machines/pin/pin-rules.ts';
import { pinLeaveLabelKey, pinMachine, type PinOutcome } from '../../../machines/pin/pin.machine.ts';
import { useHostMessaging } from '../../lib/host-messaging.ts';
import { confirmPin, sendPin } from './client.ts';
import { useDecisionT } from './text.ts';
import { useConsentText } from '../disclosures/consent-text.ts';
import './decision.css';

export interface PinVerificationProps {
  uuid: string;
  storeId: string;
  checkoutId?: string | null;
  /** Retrieval mode: 'New Application' instead of 'Edit Application'. */
  retrieval?: boolean;
  /** Shown under the title (the retrieval's notice). */
  note?: string | null;
  onOutcome: (outcome: PinOutcome) => void;
}

/**
 * 'Text Message Verification' on machines/pin/pin.machine.ts: the page supplies the two calls (verify/send and
 * verify/confirm) and renders the state the machine is in. The first PIN is sent when the screen opens.
 */
export function PinVerification({
  uuid,
  storeId,
  checkoutId = null,
  retrieval = false,
  note,
  onOutcome,
}: PinVerificationProps) {
  const { t, lang } = useDecisionT();
  const consent = useConsentText();
  const host = useHostMessaging();
  const langRef = useRef(lang);
  langRef.current = lang;
  const machine = useMemo(
    () =>
      pinMachine.provide({
        actors: {
          sendPin: fromPromise(({ input }) => sendPin(input, langRef.current)),
          confirmPin: fromPromise(({ input }) => confirmPin(input, langRef.current)),
        },
      }),
    [],
  );
  const actor = useActorRef(machine, {
    input: { uuid, storeId, checkoutId, retrieval, iframe: host.mode === 'iframe' },
  });
  const snap = useSelector(actor, (s) => s);
  const { context } = snap;
  const codeInput = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // The verification screen sends the first PIN when it opens (the server never sends one by itself).
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    actor.send({ type: 'pin.send' });
  }, [actor]);

  const reported = useRef(false);
  useEffect(() => {
    if (snap.status !== 'done' || reported.current) return;
    reported.current = true;
    onOutcome(snap.output);
  }, [snap.status, snap.output, onOutcome]);

  // After a wrong PIN the machine clears the code: the shopper types again in the same field.
  const failed = context.notice?.kind === 'error' && context.notice.key === 'pin.failed';
  useEffect(() => {
    if (failed) codeInput.current?.focus();
  }, [failed, context.notice]);

  const sending = snap.matches('sending');
  const confirming = snap.matches('confirming') || snap.matches('confirmingNewItems');
  const entering = snap.matches('entering');
  const busy = sending || confirming;
  const itemsPane = snap.matches('confirmingItems');
  const leaveLabel = t(pinLeaveLabelKey(context));

  const chooseMode = (mode: PinMode) => {
    if (mode === context.mode || !entering) return;
    actor.send({ type: 'pin.mode.toggle' });
    actor.send({ type: 'pin.send' });
  };

  const success = context.notice?.kind === 'success' ? t(context.notice.key, context.notice.params) : '';
  const error = context.notice?.kind === 'error' ? t(context.notice.key, context.notice.params) : '';
  const progress = sending ? t('pin.sending') : confirming ? t('pin.verifying') : '';

  return (
    <section className="decision-screen pin" aria-labelledby="pin-title">
      <h1 id="pin-title" ref={heading} tabIndex={-1}>
        {t('pin.title')}
      </h1>
      {note && <p className="notice">{note}</p>}
      <p id="pin-instructions">{t(context.mode === 'sms' ? 'pin.instructions.sms' : 'pin.instructions.email')}</p>
      <div role="status" aria-live="polite">
        {progress && <p>{progress}</p>}
        {success && <p className="message message--success">{success}</p>}
      </div>
      <div role="alert">{error && <p className="message message--error">{error}</p>}</div>

      {itemsPane ? (
        <ItemsPane
          oldItems={context.oldItems}
          newItems={context.newItems}
          leaveLabel={leaveLabel}
          onConfirm={() => actor.send({ type: 'pin.items.confirm' })}
          onLeave={() => actor.send({ type: 'pin.edit' })}
        />
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'pin.submit' });
          }}
        >
          <div className="field">
            <label htmlFor="pin-code">{t('pin.code.label')}</label>
            <input
              ref={codeInput}
              id="pin-code"
              name="pin"
              className="input pin__code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={PIN_LENGTH}
              aria-describedby="pin-instructions"
              readOnly={confirming}
              value={context.code}
              onChange={(e) => actor.send({ type: 'pin.code.change', code: e.target.value.replace(/\D/g, '') })}
            />
          </div>
          <fieldset className="choice-group">
            <legend>{t('pin.mode.legend')}</legend>
            <div className="choice-group__options">
              {(['sms', 'email'] as const).map((mode) => (
                <label key={mode} className="choice">
                  <input
                    type="radio"
                    name="pin-mode"
                    value={mode}
                    checked={context.mode === mode}
                    disabled={busy}
                    onChange={() => chooseMode(mode)}
                  />
                  {t(mode === 'sms' ? 'pin.mode.sms' : 'pin.mode.email')}
                </label>
              ))}
            </div>
          </fieldset>
          <p className="muted" data-testid="pin-consent">
            {consent(context.mode === 'sms' ? 'consent.pin.sms' : 'consent.pin.email')}
          </p>
          <div className="actions">
            <button type="submit" className="button" disabled={!entering || context.code.length !== PIN_LENGTH}>
              {t('pin.continue')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={!entering}
              onClick={() => actor.send({ type: 'pin.send' })}
            >
              {t('pin.resend')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => actor.send({ type: 'pin.edit' })}
            >
              {leaveLabel}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

function ItemsPane({
  oldItems,
  newItems,
  leaveLabel,
  onConfirm,
  onLeave,
}: {
  oldItems: CheckoutItemView[];
  newItems: CheckoutItemView[];
  leaveLabel: string;
  onConfirm: () => void;
  onLeave: () => void;
}) {
  const { t } = useDecisionT();
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  return (
    <section aria-labelledby="items-title" className="card">
      <h2 id="items-title" ref={title} tabIndex={-1}>
        {t('pin.items.title')}
      </h2>
      <p>{t('pin.items.text')}</p>
      <ItemsTable caption={t('pin.items.old')} items={oldItems} />
      <ItemsTable caption={t('pin.items.new')} items={newItems} />
      <div className="actions">
        <button type="button" className="button" onClick={onConfirm}>
          {t('pin.items.confirm')}
        </button>
        <button type="button" className="button button--secondary" onClick={onLeave}>
          {leaveLabel}
        </button>
      </div>
    </section>
  );
}

function ItemsTable({ caption, items }: { caption: string; items: CheckoutItemView[] }) {
  const { t } = useDecisionT();
  return (
    <div className="table-scroll">
      <table className="items-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="num">
              {t('pin.items.qty')}
            </th>
            <th scope="col">{t('pin.items.description')}</th>
            <th scope="col">{t('pin.items.sku')}</th>
            <th scope="col" className="num">
              {t('pin.items.unitPrice')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={`${item.sku}-${item.quantity}`}>
              <td className="num">{item.quantity}</td>
              <td>{item.description}</td>
              <td>{item.sku}</td>
              <td className="num">{formatCents(item.unit_price)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
