import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import * as client from './client.ts';
import { Busy } from './Busy.tsx';
import { CancelCheckoutRow, StepError, StepHeading, useFlow } from './parts.tsx';
import { money, useCheckoutT } from './text.ts';

// Payment Required (seed 000 sections 5, 7, 8): the card is typed into the vault's hosted fields (an iframe of the
// vault's origin: card numbers never reach our API); the fields post `vault.ready`, `vault.tokenized` or `vault.error`
// to this page's exact origin, and only messages from the vault's origin and frame are heard. The token is then
// charged with POST /api/v1/cards/processCard; the seed's card messages come back from the vault or the server.

interface VaultMessage {
  type?: unknown;
  sessionId?: unknown;
  token?: unknown;
  message?: unknown;
}

function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url, location.href).origin;
  } catch {
    return null;
  }
}

export function PaymentStep() {
  const { t, lang } = useCheckoutT();
  const { actor, app, checkout } = useFlow();
  const process = useSelector(actor, (s) => s.context.process) as client.ProcessAnswer | null;
  const frame = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState(false);
  const [charging, setCharging] = useState(false);
  const fieldsUrl = process?.config?.fields_url ?? null;
  const sessionId = process?.config?.session_id ?? null;
  const vaultOrigin = originOf(fieldsUrl);
  const amount = process?.amount ?? '0.00';
  const flags = process?.data ?? {};

  useEffect(() => {
    if (!vaultOrigin) return;
    const receive = async (event: MessageEvent) => {
      if (event.origin !== vaultOrigin || event.source !== frame.current?.contentWindow) return;
      const data = (event.data ?? {}) as VaultMessage;
      if (data.sessionId !== sessionId) return;
      if (data.type === 'vault.ready') setReady(true);
      else if (data.type === 'vault.error') {
        actor.send({
          type: 'payment.failed',
          message:
            typeof data.message === 'string' && data.message
              ? data.message
              : 'Error creating card token. Please try again.',
        });
      } else if (data.type === 'vault.tokenized' && typeof data.token === 'string') {
        setCharging(true);
        const charge = await client.processCard(
          { token: data.token, application_id: app?.uuid ?? checkout.application_uuid ?? '', amount },
          lang,
        );
        setCharging(false);
        if (charge.ok) actor.send({ type: 'payment.succeeded' });
        else actor.send({ type: 'payment.failed', message: charge.message });
      }
    };
    const onMessage = (event: MessageEvent) => void receive(event);
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [vaultOrigin, sessionId, amount, lang]);

  const refused = [
    flags.is_prepaid_cards_allowed === false && 'payment.refuses.prepaid',
    flags.are_credit_cards_allowed === false && 'payment.refuses.credit',
    flags.are_debit_cards_allowed === false && 'payment.refuses.debit',
    flags.is_foreign_cards_allowed === false && 'payment.refuses.foreign',
  ].filter((k): k is string => typeof k === 'string');

  return (
    <section className="checkout payment" aria-labelledby="payment-title">
      <StepHeading id="payment-title" titleKey="checkout.step.payment" />
      <p className="payment-amount">{t('payment.amount', { amount: money(amount) })}</p>
      {refused.length > 0 && (
        <ul className="muted payment-rules">
          {refused.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
      )}
      <StepError />
      {fieldsUrl ? (
        <>
          {!ready && <Busy text={t('payment.loadingFields')} />}
          <iframe ref={frame} className="vault-frame" title={t('payment.frameTitle')} src={fieldsUrl} />
        </>
      ) : (
        <p role="alert" className="checkout-error">
          {t('payment.unavailable')}
        </p>
      )}
      {charging && <Busy text={t('payment.charging')} />}
      <CancelCheckoutRow />
    </section>
  );
}
