import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import {
  canContinue,
  identityCheckMachine,
  isIdentityPhone,
  PHONE_MAX_LENGTH,
  type IdentityCheckPosition,
} from '../../../machines/identity-check/identity-check.machine.ts';
import type { Lang } from '../../../machines/i18n/types.ts';
import * as client from './client.ts';
import { useFlowT } from '../../lib/flow-text.ts';
import './identity-check.css';

export interface IdentityCheckStepProps {
  /** Where the step appears: applicant info, confirmation (per the store's identity-check step) or checkout. */
  position: IdentityCheckPosition;
  /** The applicant's mobile phone, to prefill the field. */
  phone?: string | null;
  /** The check of an earlier visit, if any. */
  checkId?: string | null;
  /** The check passed: the flow that hosts the step moves on (the wizard's `identity.completed`). */
  onCompleted: (checkId: string | null) => void;
  /** Heading level inside the host screen (default 2). */
  headingLevel?: 2 | 3;
}

/**
 * The identity check by mobile link (machines/identity-check; seed 000 sections 4, 5, 8): the mobile phone with the
 * mask (###) ###-####, Send link, 'Link sent to your Mobile phone.', Continue disabled until a link was sent, verify.
 */
export function IdentityCheckStep({ position, phone, checkId, onCompleted, headingLevel = 2 }: IdentityCheckStepProps) {
  const { t, lang, noticeText } = useFlowT();
  const langRef = useRef<Lang>(lang);
  langRef.current = lang;
  const machine = useMemo(
    () =>
      identityCheckMachine.provide({
        actors: {
          sendLink: fromPromise(({ input }) => client.sendLink(input, langRef.current)),
          verifyCheck: fromPromise(({ input }) => client.verifyCheck(input, langRef.current)),
        },
      }),
    [],
  );
  const actor = useActorRef(machine, { input: { position, phone: phone ?? null, checkId: checkId ?? null } });
  const snap = useSelector(actor, (s) => s);
  const { context } = snap;
  const [attempted, setAttempted] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const phoneId = `${id}-phone`;
  const errorId = `${id}-phone-error`;
  const hintId = `${id}-phone-hint`;

  // A phone given later (the application loaded after the step) fills an empty field.
  useEffect(() => {
    if (phone && !actor.getSnapshot().context.phone) actor.send({ type: 'identity.phone.change', phone });
  }, [phone, actor]);

  const done = snap.status === 'done';
  const reported = useRef(false);
  useEffect(() => {
    if (done && !reported.current) {
      reported.current = true;
      onCompleted(snap.output?.checkId ?? null);
    }
  }, [done, snap.output, onCompleted]);

  const sending = snap.matches('sending');
  const verifying = snap.matches('verifying');
  const linkSent = snap.matches('linkSent');
  const phoneError =
    attempted && !isIdentityPhone(context.phone)
      ? t(context.phone ? 'identity.phone.invalid' : 'validation.required')
      : null;
  const Heading = headingLevel === 3 ? 'h3' : 'h2';

  const onSend = () => {
    setAttempted(true);
    if (!isIdentityPhone(context.phone)) {
      inputRef.current?.focus();
      return;
    }
    actor.send({ type: 'identity.link.send' });
  };

  return (
    <section
      className="identity-check card"
      aria-labelledby={`${id}-title`}
      data-testid="identity-check"
      data-position={position}
    >
      <Heading id={`${id}-title`}>{t('identity.title')}</Heading>
      {done ? (
        <p role="status" className="notice">
          {t('identity.completed')}
        </p>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            onSend();
          }}
        >
          <p>{t('identity.text')}</p>
          <div className={`field${phoneError ? ' field--invalid' : ''}`}>
            <label htmlFor={phoneId}>
              {t('identity.phone.label')}
              <span aria-hidden="true" className="field__required">
                {' '}
                *
              </span>
            </label>
            <span id={hintId} className="field__hint">
              (###) ###-####
            </span>
            <input
              ref={inputRef}
              id={phoneId}
              className="input"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              maxLength={PHONE_MAX_LENGTH}
              required
              aria-required="true"
              aria-invalid={phoneError ? true : undefined}
              aria-describedby={[hintId, phoneError ? errorId : ''].filter(Boolean).join(' ')}
              value={context.phone}
              disabled={sending || verifying}
              onChange={(e) => actor.send({ type: 'identity.phone.change', phone: e.target.value })}
            />
            {phoneError && (
              <p id={errorId} className="field__error">
                {phoneError}
              </p>
            )}
          </div>
          {context.notice && (
            <p
              role={context.notice.kind === 'error' ? 'alert' : 'status'}
              className={context.notice.kind === 'error' ? 'alert' : 'notice'}
              data-testid="identity-notice"
            >
              {noticeText(context.notice)}
            </p>
          )}
          <div role="status" aria-live="polite" className="muted identity-check__status">
            {sending ? t('identity.sending') : verifying ? t('identity.verifying') : ''}
          </div>
          <div className="actions">
            <button
              type="submit"
              className={linkSent ? 'button button--secondary' : 'button'}
              disabled={sending || verifying}
            >
              {linkSent ? t('identity.resend') : t('identity.send')}
            </button>
            <button
              type="button"
              className="button"
              disabled={!canContinue(snap)}
              onClick={() => actor.send({ type: 'identity.verify' })}
            >
              {t('identity.continue')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
