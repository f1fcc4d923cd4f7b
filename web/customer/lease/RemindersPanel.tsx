import { useState } from 'react';
import { useT } from '../../lib/i18n.tsx';
import { setReminders } from '../common/client.ts';
import type { LeasePanelProps } from './panel-props.ts';
import { PanelFrame } from './PanelFrame.tsx';
import { usePanelAction } from './panel-action.ts';
import { SingleAction } from '../../lib/SingleAction.tsx';

// Payment reminders (before each debit, after a failed one): e-mail and text message, each on or off. Text messages
// need the lessee's consent, whose text (the server's, in their language) sits right under the choice.

export function RemindersPanel({ lease, onDone }: LeasePanelProps) {
  const t = useT();
  const [sms, setSms] = useState(lease.reminders.sms);
  const [email, setEmail] = useState(lease.reminders.email);
  const { busy: saving, error, run } = usePanelAction();
  const [done, setDone] = useState(false);

  const save = () => {
    setDone(false);
    return run(async () => {
      const next = await setReminders(lease.id, { sms, email });
      setSms(next.reminders.sms);
      setEmail(next.reminders.email);
      setDone(true);
      onDone(next);
    });
  };

  return (
    <PanelFrame
      name="reminders"
      intro={<p>{t('account.reminders.intro')}</p>}
      status={done && <p className="message message--success">{t('account.reminders.saved')}</p>}
      error={error}
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <fieldset className="choice-group">
          <legend>{t('account.reminders.legend')}</legend>
          <label className="choice">
            <input
              type="checkbox"
              name="email"
              checked={email}
              onChange={(e) => {
                setEmail(e.target.checked);
                setDone(false);
              }}
            />
            {t('account.reminders.email')}
          </label>
          <label className="choice">
            <input
              type="checkbox"
              name="sms"
              checked={sms}
              aria-describedby="reminders-sms-consent"
              onChange={(e) => {
                setSms(e.target.checked);
                setDone(false);
              }}
            />
            {t('account.reminders.sms')}
          </label>
          <p id="reminders-sms-consent" className="muted">
            {lease.reminders.sms_consent_text}
          </p>
        </fieldset>
        <SingleAction type="submit" secondary disabled={saving}>
          {t('account.reminders.save')}
        </SingleAction>
      </form>
    </PanelFrame>
  );
}
