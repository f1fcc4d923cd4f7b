import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import {
  calculatorMachine,
  showOcpSwitch,
  type CalculatorOutput,
} from '../../../machines/calculator/calculator.machine.ts';
import type { IncomeFrequency } from '../../../machines/domain/income.ts';
import { EXPRESS_PAY_MONTHS, showExpressPay } from '../../../machines/domain/early-purchase.ts';
import type { LeaseOption } from '../../../machines/domain/scoring-settings.ts';
import type { PaymentFrequency } from '../../../machines/domain/payment-frequency.ts';
import { centsToDecimal, formatCents, parseAmountToCents } from '../../../machines/domain/money.ts';
import { formatDate } from '../../lib/format.ts';
import { scorePayments } from '../verification/client.ts';
import { useDecisionT } from '../verification/text.ts';
import '../verification/decision.css';
import { DisclosureTable } from '../disclosures/DisclosureTable.tsx';
import { reportDisclosure } from '../disclosures/client.ts';

export interface CalculatorProps {
  offerAmounts: Partial<Record<LeaseOption, string>>;
  incomeFrequency: IncomeFrequency;
  ocpEnabled: boolean;
  optionCEnabled: boolean;
  minApprovalAmount?: number | null;
  rating: number | null;
  isHvac: boolean;
  applicantState: string | null;
  companyState: string;
  zipCode: string | null;
  applicationId: string;
  score: number | null;
  decile: number | null;
  cart?: { unit_price: string | number; quantity?: number }[] | null;
  /** The checkout's chosen delivery charge in cents (part of the lease's cash price). */
  deliveryCents?: number | null;
  onContinue: (output: CalculatorOutput) => void;
}

/** Money from the API ('143.08') as '$143.08'. */
const money = (value: string) => {
  const cents = parseAmountToCents(value);
  return cents === undefined ? value : formatCents(cents);
};

/**
 * The payment calculator (seed 000 sections 4, 5, 9) on machines/calculator/calculator.machine.ts: the amount,
 * option, payment frequency and OCP are events; the machine applies the amount rules and, 1 second after the last
 * change, invokes `calculatePayments` (POST /api/v1/score/payments), supplied here.
 */
export function Calculator(props: CalculatorProps) {
  const { t } = useDecisionT();
  const propsRef = useRef(props);
  propsRef.current = props;
  const machine = useMemo(
    () =>
      calculatorMachine.provide({
        actors: {
          calculatePayments: fromPromise(({ input, signal }) => {
            const p = propsRef.current;
            return scorePayments(
              {
                modelVersion: null,
                leaseAmount: centsToDecimal(input.leaseAmountCents),
                option: input.option,
                paymentFrequency: input.paymentFrequency,
                rating: p.rating,
                score: p.score,
                decile: p.decile,
                additionalDown: 0,
                incomeFrequency: p.incomeFrequency,
                companyState: p.companyState,
                zipCode: p.zipCode && /^\d{5}$/.test(p.zipCode) ? p.zipCode : null,
                application_id: p.applicationId,
                ocpIncluded: input.ocpIncluded,
              },
              signal,
            );
          }),
        },
      }),
    [],
  );
  const actor = useActorRef(machine, {
    input: {
      offerAmounts: props.offerAmounts,
      cart: props.cart ?? null,
      deliveryCents: props.deliveryCents ?? null,
      minApprovalAmount: props.minApprovalAmount ?? null,
      incomeFrequency: props.incomeFrequency,
      ocpEnabled: props.ocpEnabled,
      optionCEnabled: props.optionCEnabled,
    },
  });
  const snap = useSelector(actor, (s) => s);
  const { context } = snap;

  const reported = useRef(false);
  useEffect(() => {
    if (snap.status !== 'done' || reported.current) return;
    reported.current = true;
    propsRef.current.onContinue(snap.output);
  }, [snap.status, snap.output]);

  const calculating = snap.matches('calculating');
  const pending = snap.matches('debouncing') || calculating;
  const amountError = context.errors.amount ? t(context.errors.amount.key, context.errors.amount.params) : '';
  const calculation = context.calculation?.response ?? null;
  const expressPay = showExpressPay({
    rating: props.rating,
    isHvac: props.isHvac,
    applicantState: props.applicantState,
  });
  const canContinue = snap.can({ type: 'calculator.continue' });

  // Each calculation's disclosure, once shown, goes on the application's consent record (the server recomputes it).
  const shownCalculation = context.calculation;
  useEffect(() => {
    const disclosure = shownCalculation?.response.disclosure;
    if (!shownCalculation || !disclosure) return;
    const r = shownCalculation.request;
    reportDisclosure({
      uuid: propsRef.current.applicationId,
      screen: 'calculator',
      choice: {
        leaseAmount: centsToDecimal(r.leaseAmountCents),
        option: r.option,
        paymentFrequency: r.paymentFrequency,
        ocpIncluded: r.ocpIncluded,
      },
      shown: disclosure,
    });
  }, [shownCalculation]);

  return (
    <section className="calculator card" aria-labelledby="calculator-title">
      <h2 id="calculator-title">{t('calculator.title')}</h2>
      <p className="muted">{t('calculator.intro')}</p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'calculator.continue' });
        }}
      >
        <div className={amountError ? 'field field--invalid' : 'field'}>
          <label htmlFor="lease-amount">{t('calculator.amount.label')}</label>
          <input
            id="lease-amount"
            name="lease_amount"
            className="input"
            inputMode="decimal"
            autoComplete="off"
            value={context.amountText}
            aria-invalid={amountError ? true : undefined}
            aria-describedby={amountError ? 'lease-amount-error' : undefined}
            onChange={(e) => actor.send({ type: 'calculator.amount.change', value: e.target.value })}
          />
          {amountError && (
            <p id="lease-amount-error" className="field__error">
              {amountError}
            </p>
          )}
        </div>

        <fieldset className="choice-group">
          <legend>{t('calculator.option.label')}</legend>
          <div className="choice-group__options">
            {context.options.map((option) => (
              <label key={option} className="choice">
                <input
                  type="radio"
                  name="lease-option"
                  value={option}
                  checked={context.option === option}
                  onChange={() => actor.send({ type: 'calculator.option.change', option })}
                />
                {t('calculator.option.choice', {
                  label: t(`result.option.${option}`),
                  amount: formatCents(context.offers[option]),
                })}
              </label>
            ))}
          </div>
        </fieldset>

        <fieldset className="choice-group">
          <legend>{t('calculator.frequency.label')}</legend>
          <div className="choice-group__options">
            {context.frequencyChoices.map((frequency: PaymentFrequency) => (
              <label key={frequency} className="choice">
                <input
                  type="radio"
                  name="payment-frequency"
                  value={frequency}
                  checked={context.frequency === frequency}
                  onChange={() => actor.send({ type: 'calculator.frequency.change', frequency })}
                />
                {t(`calculator.frequency.${frequency}`)}
              </label>
            ))}
          </div>
        </fieldset>

        {showOcpSwitch(context) && (
          <div className="field">
            <label className="switch" htmlFor="ocp-switch">
              <input
                id="ocp-switch"
                type="checkbox"
                role="switch"
                checked={context.ocpIncluded}
                onChange={() => actor.send({ type: 'calculator.ocp.toggle' })}
              />
              {t('calculator.ocp.switch')}
            </label>
          </div>
        )}

        <div role="status" aria-live="polite" className="calculator__status">
          {pending && <p>{t('calculator.calculating')}</p>}
        </div>
        <div role="alert">
          {context.errors.calculation && <p className="message message--error">{t(context.errors.calculation)}</p>}
        </div>

        {calculation && (
          <section aria-labelledby="calculator-results-title" aria-busy={pending}>
            <h3 id="calculator-results-title">{t('calculator.results')}</h3>
            <dl className="calculator__results">
              <div>
                <dt>{t('calculator.term.label')}</dt>
                <dd data-testid="calculator-term">{t('calculator.term.value', { term: calculation.term })}</dd>
              </div>
              <div>
                <dt>{t('calculator.payment.label')}</dt>
                <dd data-testid="calculator-payment">{money(calculation.paymentAmount)}</dd>
              </div>
              <div>
                <dt>{t('calculator.firstPaymentDate.label')}</dt>
                <dd data-testid="calculator-first-payment">{formatDate(calculation.firstPaymentDate)}</dd>
              </div>
            </dl>
            {calculation.disclosure && (
              <DisclosureTable
                disclosure={calculation.disclosure}
                state={props.applicantState}
                stateDisclosures={calculation.state_disclosures ?? []}
                busy={pending}
              />
            )}
            {expressPay && (
              <section aria-labelledby="express-pay-title" data-testid="express-pay">
                <h3 id="express-pay-title">{t('calculator.expressPay.title')}</h3>
                <p className="muted">{t('calculator.expressPay.text')}</p>
                <dl className="calculator__results">
                  {EXPRESS_PAY_MONTHS.map((months) => (
                    <div key={months}>
                      <dt>{t('calculator.expressPay.label', { months })}</dt>
                      <dd>{money(calculation[`express_pay_${months}_month_total`])}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            )}
          </section>
        )}

        <div className="actions">
          <button type="submit" className="button" disabled={!canContinue}>
            {t('result.continue')}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={calculating || context.amountCents === null}
            onClick={() => actor.send({ type: 'calculator.recalculate' })}
          >
            {t('calculator.recalculate')}
          </button>
        </div>
      </form>
    </section>
  );
}
