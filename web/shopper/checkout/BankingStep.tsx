import { useEffect, useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api.ts';
import { getSession } from '../../lib/apply-session.ts';
import * as client from './client.ts';
import { CancelCheckoutRow, StepError, StepHeading, StepSubmit, useFlow } from './parts.tsx';
import { useCheckoutT } from './text.ts';

// Banking Details (the side step the process answer asks for with banking_required): routing number (9 digits look
// the bank up), checking account and its confirmation; saved on the application, then the checkout goes on.

export function BankingStep() {
  const { t, lang } = useCheckoutT();
  const { actor, app, info } = useFlow();
  const base = useId();
  const [routing, setRouting] = useState('');
  const [bank, setBank] = useState('');
  const [account, setAccount] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (routing.length !== 9) {
      setBank('');
      return;
    }
    let live = true;
    client.routingLookup(getSession()?.storeData.brand ?? 'default', routing, info.store.id).then(
      (answer) => live && setBank(answer.bank_name),
      (error: unknown) =>
        live &&
        setErrors((e) => ({ ...e, routing_number: error instanceof Error ? error.message : 'checkout.error.generic' })),
    );
    return () => {
      live = false;
    };
  }, [routing]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: Record<string, string> = {};
    if (!/^\d{9}$/.test(routing)) next.routing_number = 'banking.error.routing';
    if (!/^\d{4,17}$/.test(account)) next.checking_account = 'banking.error.account';
    if (confirm !== account) next.checking_account_confirmation = 'banking.error.confirmation';
    setErrors(next);
    if (Object.keys(next).length || !app) return;
    setSaving(true);
    try {
      await client.saveBanking(
        app.uuid,
        { routing_number: routing, bank_name: bank, checking_account: account, checking_account_confirmation: confirm },
        lang,
      );
      actor.send({ type: 'banking.saved' });
    } catch (error) {
      const fields = error instanceof ApiError ? error.errors : {};
      const mapped: Record<string, string> = {};
      for (const [k, v] of Object.entries(fields)) mapped[k.replace(/^banking\./, '')] = v[0] ?? '';
      setErrors(
        Object.keys(mapped).length
          ? mapped
          : { form: error instanceof Error ? error.message : 'checkout.error.generic' },
      );
    } finally {
      setSaving(false);
    }
  };

  const field = (name: string, label: string, value: string, set: (v: string) => void, max: number) => (
    <div className="field">
      <label htmlFor={`${base}-${name}`}>{label}</label>
      <input
        id={`${base}-${name}`}
        className="input"
        inputMode="numeric"
        autoComplete="off"
        maxLength={max}
        value={value}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={`${base}-${name}-error`}
        onChange={(e) => set(e.target.value.replace(/\D/g, '').slice(0, max))}
      />
      <p id={`${base}-${name}-error`} className="checkout-error">
        {errors[name] ? t(errors[name]) : ''}
      </p>
    </div>
  );

  return (
    <section className="checkout banking" aria-labelledby="banking-title">
      <StepHeading id="banking-title" titleKey="checkout.step.banking" />
      <p>{t('banking.intro')}</p>
      <StepError />
      <form noValidate onSubmit={(e) => void submit(e)}>
        {field('routing_number', t('banking.routing'), routing, setRouting, 9)}
        <p className="muted" aria-live="polite">
          {bank ? t('banking.bank', { bank }) : ''}
        </p>
        {field('checking_account', t('banking.account'), account, setAccount, 17)}
        {field('checking_account_confirmation', t('banking.confirmation'), confirm, setConfirm, 17)}
        <div role="alert">{errors.form ? <p className="checkout-error">{t(errors.form)}</p> : null}</div>
        <StepSubmit busy={saving} busyText={t('banking.saving')}>
          {t('banking.save')}
        </StepSubmit>
      </form>
      <CancelCheckoutRow />
    </section>
  );
}
