import { useRef, useState } from 'react';
import { useT } from '../../lib/i18n.tsx';
import { CardFields, type TokenizedCard } from '../common/CardFields.tsx';
import { fieldError, setAutopay } from '../common/client.ts';
import type { LeasePanelProps } from './panel-props.ts';
import { PanelFrame } from './PanelFrame.tsx';
import { usePanelAction } from './panel-action.ts';
import { SingleAction } from '../../lib/SingleAction.tsx';

// Autopay under Regulation E: the authorisation text (amount and timing, worded by the server and recorded with its
// version) is shown before it can be turned on, the lessee agrees to it explicitly, and it is said plainly that
// autopay is not required. Turning it off (revoking) is one click, any time. Without a card on file, the card is
// given through the vault's hosted fields.

export function AutopayPanel({ lease, onDone }: LeasePanelProps) {
  const t = useT();
  const autopay = lease.autopay;
  const [agreed, setAgreed] = useState(false);
  const [agreeError, setAgreeError] = useState('');
  const [needCard, setNeedCard] = useState(false);
  const { busy: saving, error, run } = usePanelAction();
  const [done, setDone] = useState('');
  const agreeBox = useRef<HTMLInputElement>(null);

  const save = async (enabled: boolean, card?: TokenizedCard) => {
    if (saving) return;
    setDone('');
    const onAgreementError = (failure: unknown) => {
      const onAgreement = fieldError(failure, 'accept_authorisation', 'authorisation_version');
      if (!onAgreement) return false;
      setAgreeError(onAgreement);
      agreeBox.current?.focus();
      return true;
    };
    await run(async () => {
      const next = await setAutopay(
        lease.id,
        enabled
          ? {
              enabled: true,
              accept_authorisation: true,
              authorisation_version: autopay.authorisation_version,
              ...(card ? { token: card.token } : {}),
            }
          : { enabled: false },
      );
      setNeedCard(false);
      setAgreed(false);
      setDone(enabled ? 'account.autopay.enabled' : 'account.autopay.disabled');
      onDone(next);
    }, onAgreementError);
  };

  return (
    <PanelFrame
      name="autopay"
      intro={
        <>
          <p data-testid="autopay-state">
            <strong>{t(autopay.enabled ? 'account.autopay.on' : 'account.autopay.off')}</strong>
          </p>
          <p>{t('account.autopay.notRequired')}</p>
        </>
      }
      status={
        <>
          {done && <p className="message message--success">{t(done)}</p>}
          {saving && <p>{t('account.autopay.saving')}</p>}
        </>
      }
      error={error}
    >
      {autopay.enabled ? (
        <SingleAction secondary disabled={saving} onClick={() => void save(false)}>
          {t('account.autopay.disable')}
        </SingleAction>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!agreed) {
              setAgreeError('account.autopay.agree.required');
              agreeBox.current?.focus();
              return;
            }
            if (autopay.last4) void save(true);
            else setNeedCard(true);
          }}
        >
          <h3 id="autopay-terms-title">{t('account.autopay.terms.title')}</h3>
          <p id="autopay-terms" className="terms" data-testid="autopay-terms">
            {autopay.authorisation_text}
          </p>
          <p className="muted">{t('account.autopay.copy')}</p>
          <div className="field field--check">
            <label className="choice">
              <input
                ref={agreeBox}
                type="checkbox"
                name="accept_authorisation"
                checked={agreed}
                aria-invalid={agreeError ? true : undefined}
                aria-describedby={`autopay-terms${agreeError ? ' autopay-agree-error' : ''}`}
                onChange={(e) => {
                  setAgreed(e.target.checked);
                  setAgreeError('');
                }}
              />
              {t('account.autopay.agree')}
            </label>
            {agreeError && (
              <p id="autopay-agree-error" className="field__error">
                {t(agreeError)}
              </p>
            )}
          </div>
          <SingleAction type="submit" disabled={saving || needCard}>
            {t('account.autopay.enable')}
          </SingleAction>
          {needCard && (
            <CardFields
              leaseId={lease.id}
              amount={lease.next_payment?.amount ?? lease.balance}
              purpose="autopay"
              busy={saving}
              onToken={(card) => void save(true, card)}
            />
          )}
        </form>
      )}
    </PanelFrame>
  );
}
