import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import type { CustomerMe } from '../../../machines/contracts/customer-api.ts';
import {
  codeRequestBody,
  customerSignInMachine,
  type SignInChannel,
} from '../../../machines/customer-sign-in/customer-sign-in.machine.ts';
import { PIN_LENGTH, PIN_TTL_MS } from '../../../machines/pin/pin-rules.ts';
import { useT } from '../../lib/i18n.tsx';
import { maskPhone } from '../../lib/format.ts';
import { requestCode, setCsrfToken, verifyCode } from '../common/client.ts';
import { HintedInput } from '../common/HintedInput.tsx';
import { SingleAction } from '../../lib/SingleAction.tsx';

// Sign in with a one-time code (machines/customer-sign-in): the phone or e-mail on the lease, then the code. Errors
// sit on the field they are about (aria-describedby); the server's messages (wrong code with attempts left, expired,
// too many codes) are shown as it words them, in the lessee's language.

const CODE_MINUTES = PIN_TTL_MS / 60_000;

export function SignInScreen({ notice, onSignedIn }: { notice?: string; onSignedIn: (me: CustomerMe) => void }) {
  const t = useT();
  const signedIn = useRef(onSignedIn);
  signedIn.current = onSignedIn;
  const machine = useMemo(
    () =>
      customerSignInMachine.provide({
        actors: {
          requestCode: fromPromise(({ input }) => requestCode(codeRequestBody(input))),
          verifyCode: fromPromise(async ({ input }) => {
            const me = await verifyCode(input.code);
            setCsrfToken(me.csrf_token);
            signedIn.current(me);
            return me;
          }),
        },
      }),
    [],
  );
  const actor = useActorRef(machine, { input: { channel: 'phone' } });
  const snap = useSelector(actor, (s) => s);
  const { context } = snap;
  const onCode = snap.matches('code') || snap.matches('verifying') || snap.matches('resending');
  const busy = snap.matches('requesting') || snap.matches('verifying') || snap.matches('resending');
  const heading = useRef<HTMLHeadingElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const addressInput = useRef<HTMLInputElement>(null);

  useEffect(() => heading.current?.focus(), []);
  // The code step opens on its field; a refused code puts the lessee back in it.
  const codeError = context.errors.code;
  useEffect(() => {
    if (snap.matches('code')) codeInput.current?.focus();
  }, [onCode, codeError]);
  const addressError = context.errors.address;
  useEffect(() => {
    if (addressError) addressInput.current?.focus();
  }, [addressError]);

  // "Send a new code" waits out the courtesy pause; the remaining seconds are shown.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!onCode || context.resendAt <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [onCode, context.resendAt, now]);
  const waitSeconds = Math.max(0, Math.ceil((context.resendAt - now) / 1000));

  const params = { minutes: CODE_MINUTES, length: PIN_LENGTH };
  const progress =
    snap.matches('requesting') || snap.matches('resending')
      ? t('account.signin.sending')
      : snap.matches('verifying')
        ? t('account.signin.verifying')
        : '';
  const sent = context.notice?.kind === 'success' ? t(context.notice.key, params) : '';
  const channel = context.channel;
  const addressId = channel === 'phone' ? 'signin-phone' : 'signin-email';

  return (
    <section className="account-screen" aria-labelledby="signin-title">
      <h1 id="signin-title" ref={heading} tabIndex={-1}>
        {t('account.signin.title')}
      </h1>
      {notice && <p className="notice">{t(notice)}</p>}
      <div role="status" aria-live="polite">
        {progress && <p>{progress}</p>}
        {sent && <p className="message message--success">{sent}</p>}
      </div>

      {!onCode ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'signin.request', now: Date.now() });
          }}
        >
          <p id="signin-intro">{t('account.signin.intro')}</p>
          <fieldset className="choice-group">
            <legend>{t('account.signin.channel')}</legend>
            {(['phone', 'email'] as const satisfies readonly SignInChannel[]).map((option) => (
              <label key={option} className="choice">
                <input
                  type="radio"
                  name="signin-channel"
                  value={option}
                  checked={channel === option}
                  disabled={busy}
                  onChange={() => actor.send({ type: 'signin.channel', channel: option })}
                />
                {t(`account.signin.channel.${option}`)}
              </label>
            ))}
          </fieldset>
          <HintedInput
            ref={addressInput}
            key={addressId}
            id={addressId}
            label={t(channel === 'phone' ? 'account.signin.phone' : 'account.signin.email')}
            hint={t(channel === 'phone' ? 'account.signin.phone.hint' : 'account.signin.email.hint')}
            error={addressError ? t(addressError) : null}
            name={channel}
            type={channel === 'phone' ? 'tel' : 'email'}
            inputMode={channel === 'phone' ? 'tel' : 'email'}
            autoComplete={channel === 'phone' ? 'tel-national' : 'email'}
            maxLength={channel === 'phone' ? 14 : 254}
            readOnly={busy}
            value={context.address}
            onChange={(e) =>
              actor.send({
                type: 'signin.address',
                value: channel === 'phone' ? maskPhone(e.target.value) : e.target.value,
              })
            }
          />
          <SingleAction type="submit" disabled={busy}>
            {t('account.signin.send')}
          </SingleAction>
        </form>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'signin.verify', now: Date.now() });
          }}
        >
          <HintedInput
            ref={codeInput}
            id="signin-code"
            label={t('account.signin.code')}
            hint={t('account.signin.code.hint', params)}
            error={codeError ? t(codeError, params) : null}
            errorIsAlert
            name="code"
            className="input signin__code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={PIN_LENGTH}
            readOnly={busy}
            value={context.code}
            onChange={(e) => actor.send({ type: 'signin.code', value: e.target.value })}
          />
          <div className="actions">
            <button type="submit" className="button" disabled={busy}>
              {t('account.signin.verify')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy || waitSeconds > 0}
              aria-describedby={waitSeconds > 0 ? 'signin-resend-wait' : undefined}
              onClick={() => actor.send({ type: 'signin.resend', now: Date.now() })}
            >
              {t('account.signin.resend')}
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => actor.send({ type: 'signin.change' })}
            >
              {t('account.signin.change')}
            </button>
          </div>
          {waitSeconds > 0 && (
            <p id="signin-resend-wait" className="muted">
              {t('account.signin.resend.in', { seconds: waitSeconds })}
            </p>
          )}
        </form>
      )}
    </section>
  );
}
