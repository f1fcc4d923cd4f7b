import { useState } from 'react';
import { useT } from '../../lib/i18n.tsx';
import { errorText, setReminders } from '../common/client.ts';
import type { LeasePanelProps } from './panel-props.ts';

// Payment reminders (before each debit, after a failed one): e-mail and text message, each on or off. Text messages
// need the lessee's consent, whose text (the server's, in their language) sits right under the choice.

export function RemindersPanel({ lease, onDone }: LeasePanelProps) {
  const t = useT();
  const [sms, setSms] = useState(lease.reminders.sms);
  const [email, setEmail] = useState(lease.reminders.email);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);

  const save = async () => {
    setSaving(true);
    setError('');
    setDone(false);
    try {
      const next = await setReminders(lease.id, { sms, email });
      setSms(next.reminders.sms);
      setEmail(next.reminders.email);
      setDone(true);
      onDone(next);
    } catch (failure) {
      setError(errorText(failure));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card" aria-labelledby="reminders-title">
      <h2 id="reminders-title">{t('account.reminders.title')}</h2>
      <p>{t('account.reminders.intro')}</p>
      <div role="status" aria-live="polite">
        {done && <p className="message message--success">{t('account.reminders.saved')}</p>}
      </div>
      <div role="alert">{error && <p className="message message--error">{t(error)}</p>}</div>
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
        <div className="actions">
          <button type="submit" className="button button--secondary" disabled={saving}>
            {t('account.reminders.save')}
          </button>
        </div>
      </form>
    </section>
  );
}
