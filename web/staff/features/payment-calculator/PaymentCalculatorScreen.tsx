// The staff Payment Calculator (issue 12): any amount, option and payment frequency, priced by the server with the
// shopper calculator's rules (machines/domain/payment-calculation.ts). No pricing here: the screen shows the answer.
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import type { StaffCalculatorResult } from '../../../../machines/contracts/crm.ts';
import { useT } from '../../../lib/i18n.tsx';
import { DetailList } from '../../common/Details.tsx';
import { formatMoney } from '../../common/display.tsx';
import { Screen } from '../../common/Screen.tsx';
import { useSession } from '../../common/session.tsx';
import { formatDate } from '../../../lib/format.ts';

interface Choices {
  options: string[];
  frequencies: string[];
  deciles: number[];
  defaults: { option: string; frequency: string; decile: number; state: string; amount: string };
}

export function PaymentCalculatorScreen() {
  const t = useT();
  const { caller } = useSession();
  const id = useId();
  const [choices, setChoices] = useState<Choices | undefined>(undefined);
  const [values, setValues] = useState({
    amount: '',
    option: 'A',
    frequency: 'monthly',
    decile: '1',
    state: 'TX',
    ocp: false,
  });
  const [result, setResult] = useState<StaffCalculatorResult | undefined>(undefined);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void caller.get<Choices>('/staff/api/payment-calculator').then((r) => {
      if (!r.status || !r.data) return setMessage(r.message ?? r.error ?? t('error.unknown'));
      setChoices(r.data);
      const d = r.data.defaults;
      setValues((v) => ({
        ...v,
        amount: d.amount,
        option: d.option,
        frequency: d.frequency,
        decile: String(d.decile),
        state: d.state,
      }));
    });
  }, [caller, t]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const r = await caller.post<StaffCalculatorResult>('/staff/api/payment-calculator', {
      amount: values.amount,
      option: values.option,
      frequency: values.frequency,
      decile: Number(values.decile),
      state: values.state,
      ocp: values.ocp,
    });
    setBusy(false);
    if (r.status && r.data) {
      setResult(r.data);
      setErrors({});
      setMessage(undefined);
    } else {
      setResult(undefined);
      setErrors(r.errors ?? {});
      setMessage(r.message ?? r.error ?? t('error.unknown'));
    }
  }

  const f = (name: string) => `${id}-${name}`;
  const err = (name: string) =>
    errors[name]?.length ? (
      <p id={f(`${name}-error`)} className="tk-error">
        {errors[name].join(' ')}
      </p>
    ) : null;
  const described = (name: string) =>
    errors[name]?.length ? { 'aria-describedby': f(`${name}-error`), 'aria-invalid': true } : {};
  // a labelled input with the server's error under it
  const field = (name: string, labelKey: string, control: ReactNode) => (
    <div className="tk-field">
      <label htmlFor={f(name)} className="tk-label">
        {t(labelKey)}
      </label>
      {control}
      {err(name)}
    </div>
  );
  // a labelled choice among the server's values (a fallback list until they are in)
  const choice = <T extends string | number>(
    name: 'option' | 'frequency' | 'decile',
    labelKey: string,
    list: readonly T[],
    text: (value: T) => string,
  ) =>
    field(
      name,
      labelKey,
      <select
        id={f(name)}
        className="tk-input tk-select"
        value={values[name]}
        onChange={(e) => setValues({ ...values, [name]: e.target.value })}
        {...described(name)}
      >
        {list.map((value) => (
          <option key={value} value={String(value)}>
            {text(value)}
          </option>
        ))}
      </select>,
    );

  return (
    <Screen title={t('crm.nav.paymentCalculator')} intro={<p>{t('crm.ui.calculator.intro')}</p>}>
      <form className="staff-card tk-form" onSubmit={(e) => void submit(e)} noValidate>
        {field(
          'amount',
          'crm.ui.calculator.amount',
          <input
            id={f('amount')}
            className="tk-input"
            inputMode="decimal"
            value={values.amount}
            onChange={(e) => setValues({ ...values, amount: e.target.value.replace(/[^\d.,$]/g, '') })}
            {...described('amount')}
          />,
        )}
        {choice('option', 'crm.ui.calculator.option', choices?.options ?? ['A', 'B', 'C', 'D'], (o) =>
          t('crm.ui.optionLabel', { option: o }),
        )}
        {choice(
          'frequency',
          'crm.ui.calculator.frequency',
          choices?.frequencies ?? ['14-day', '28-day', 'semi-monthly', 'monthly'],
          (o) => t(`crm.option.frequency.${o}`),
        )}
        {choice('decile', 'crm.ui.calculator.decile', choices?.deciles ?? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], String)}
        {field(
          'state',
          'crm.ui.calculator.state',
          <input
            id={f('state')}
            className="tk-input"
            maxLength={2}
            autoComplete="off"
            value={values.state}
            onChange={(e) => setValues({ ...values, state: e.target.value.toUpperCase() })}
            {...described('state')}
          />,
        )}
        <div className="tk-check">
          <input
            id={f('ocp')}
            type="checkbox"
            className="tk-check__input"
            checked={values.ocp}
            onChange={(e) => setValues({ ...values, ocp: e.target.checked })}
          />
          <label htmlFor={f('ocp')} className="tk-check__label">
            {t('crm.ui.calculator.ocp')}
          </label>
        </div>
        <div className="tk-form__buttons">
          <button type="submit" className="tk-btn tk-btn--primary" disabled={busy}>
            {t('crm.ui.calculator.compute')}
          </button>
        </div>
      </form>
      {message ? (
        <div className="tk-alert tk-alert--error" role="alert">
          {message}
        </div>
      ) : null}
      <section className="staff-card" aria-labelledby={f('result')} data-testid="calculator-result">
        <h2 id={f('result')}>{t('crm.ui.calculator.result')}</h2>
        <div role="status">
          {result ? (
            <DetailList
              items={[
                { label: t('crm.ui.calculator.leaseAmount'), value: formatMoney(result.lease_amount), always: true },
                { label: t('crm.ui.calculator.payment'), value: formatMoney(result.payment_amount), always: true },
                { label: t('crm.ui.calculator.term'), value: String(result.term), always: true },
                { label: t('crm.ui.calculator.numPayments'), value: String(result.num_payments), always: true },
                {
                  label: t('crm.ui.calculator.firstPayment'),
                  value: formatDate(result.first_payment_date),
                  always: true,
                },
                { label: t('crm.ui.calculator.express3'), value: formatMoney(result.express_pay_3_month_total) },
                { label: t('crm.ui.calculator.express6'), value: formatMoney(result.express_pay_6_month_total) },
                { label: t('crm.ui.calculator.express9'), value: formatMoney(result.express_pay_9_month_total) },
              ]}
            />
          ) : (
            <p className="tk-empty">{t('crm.ui.calculator.none')}</p>
          )}
        </div>
      </section>
    </Screen>
  );
}
