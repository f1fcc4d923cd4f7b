import { useSelector } from '@xstate/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { INCOME_FREQUENCIES, type IncomeFrequency } from '../../../machines/domain/income.ts';
import { parseAmountToCents } from '../../../machines/domain/money.ts';
import { paymentFrequencyChoices } from '../../../machines/domain/payment-frequency.ts';
import { formatDate, formatPhone } from '../../lib/format.ts';
import * as client from './client.ts';
import { Busy } from './Busy.tsx';
import { CancelCheckout, CancelCheckoutRow, StepError, StepHeading, useFlow, useLease } from './parts.tsx';
import { deliveryMoney, money, useCheckoutT } from './text.ts';
import { DisclosureTable } from '../disclosures/DisclosureTable.tsx';
import { reportDisclosure } from '../disclosures/client.ts';
import { SingleAction } from '../../lib/SingleAction.tsx';

// Lease Summary (seed 000 sections 2, 3, 5, 9): store and customer, the items, the lease form (language, option,
// payment frequency, OCP, extra down), the contract terms from the pricing engine, Preview Contract and E-Sign.

const OPTIONS = ['a', 'b', 'c', 'd'] as const;

function incomeFrequency(app: client.ApplicationView | null): IncomeFrequency {
  const incomes = app?.incomes ?? [];
  const f = (incomes.find((i) => i.primary) ?? incomes[0])?.frequency ?? 'monthly';
  return (INCOME_FREQUENCIES as readonly string[]).includes(f) ? (f as IncomeFrequency) : 'monthly';
}

function offeredOptions(app: client.ApplicationView | null, current: string): string[] {
  const offers = app?.result?.offerAmounts ?? {};
  const list = OPTIONS.filter((o) => (parseAmountToCents(offers[o.toUpperCase()] ?? '0') ?? 0) > 0);
  return list.length ? list : [current];
}

export function LeaseSummary() {
  const { t } = useCheckoutT();
  const flow = useFlow();
  const { actor, app, checkout } = flow;
  const lease = useLease();
  const requesting = useSelector(actor, (s) => s.matches({ steps: 'requestingEsign' }));
  const failed = useSelector(actor, (s) => s.matches({ steps: 'contractFailed' }));
  const error = useSelector(actor, (s) => s.context.error);
  // The disclosure shown goes on the application's consent record (the server recomputes it from the stored lease).
  const shown = lease?.disclosure ?? null;
  useEffect(() => {
    if (lease && shown)
      reportDisclosure({ uuid: lease.application_id, screen: 'lease', checkout_id: lease.checkout_id, shown });
  }, [lease, shown]);
  if (!lease) return <Busy text={t('checkout.busy.lease')} />;
  const d = lease.disclosure ?? null;
  const l = lease.lease;
  const applicant = app?.applicant;
  const location = app?.location;

  return (
    <section className="checkout lease" aria-labelledby="lease-title">
      <StepHeading id="lease-title" titleKey="checkout.step.lease" />
      {!failed && <StepError />}

      <div className="lease-parties">
        {lease.store.display_info && (
          <section className="card" aria-labelledby="lease-store">
            <h2 id="lease-store">{t('lease.store')}</h2>
            <p>
              <strong>{lease.store.label || lease.store.name}</strong>
            </p>
            <p>{lease.store.address}</p>
            <p>{formatPhone(lease.store.phone)}</p>
          </section>
        )}
        {applicant && (
          <section className="card" aria-labelledby="lease-customer">
            <h2 id="lease-customer">{t('lease.customer')}</h2>
            <p>
              <strong>{[applicant.first_name, applicant.last_name].filter(Boolean).join(' ')}</strong>
            </p>
            {location && (
              <p>
                {location.full_address ??
                  [location.line_1, location.city, location.state, location.code].filter(Boolean).join(', ')}
              </p>
            )}
          </section>
        )}
      </div>

      <h2 id="lease-items">{t('lease.items')}</h2>
      <div className="table-scroll" role="region" aria-labelledby="lease-items" tabIndex={0}>
        <table className="lease-table">
          <thead>
            <tr>
              <th scope="col">{t('lease.col.qty')}</th>
              <th scope="col">{t('lease.col.description')}</th>
              <th scope="col">{t('lease.col.sku')}</th>
              <th scope="col" className="num">
                {t('lease.col.unitPrice')}
              </th>
              <th scope="col" className="num">
                {t('lease.col.total')}
              </th>
            </tr>
          </thead>
          <tbody>
            {l.items.flatMap((item) => [
              <tr key={item.sku}>
                <td>{item.quantity}</td>
                <td>{item.description}</td>
                <td>{item.sku}</td>
                <td className="num">{money(item.unitPrice)}</td>
                <td className="num">{money(item.total)}</td>
              </tr>,
              ...item.requiredParts.map((p) => (
                <tr key={`${item.sku}/${p.sku}`} className="lease-part">
                  <td>{p.quantity}</td>
                  <td>{t('lease.part', { description: p.description })}</td>
                  <td>{p.sku}</td>
                  <td className="num">{money(p.unitPrice)}</td>
                  <td className="num">{money(p.total)}</td>
                </tr>
              )),
            ])}
          </tbody>
        </table>
      </div>

      <LeaseForm
        key={`${lease.option}/${lease.payment_frequency}/${lease.ocp.included}/${l.additionalDown}/${lease.language}`}
        lease={lease}
        disabled={requesting}
      />

      <h2 id="lease-terms">{t('lease.contractTerms')}</h2>
      <dl className="lease-terms" aria-labelledby="lease-terms">
        <Term label={t('lease.term.cashPrice')} value={money(l.cashPrice)} />
        <Term label={t('lease.term.delivery')} value={deliveryMoney(l.delivery)} />
        <Term label={t('lease.term.payment')} value={money(l.paymentWithWaiver)} />
        <Term label={t('lease.term.frequency')} value={t(`lease.frequency.${l.paymentFrequency}`)} />
        {!d && <Term label={t('lease.term.numPayments')} value={String(l.numPayments)} />}
        <Term label={t('lease.term.firstPayment')} value={formatDate(l.nextPaymentAt)} />
        {!d && lease.ocp.included && <Term label={t('lease.term.ocp')} value={money(lease.ocp.per_payment)} />}
        {!d && <Term label={t('lease.term.totalPayment')} value={money(l.totalPayment)} />}
        {!d && <Term label={t('lease.term.costOfLease')} value={money(l.costOfLease)} />}
        {!d &&
          lease.fees
            .filter((f) => f.key !== 'securityDeposit' || (parseAmountToCents(f.amount) ?? 0) > 0)
            .map((f) => <Term key={f.key} label={t(`lease.fee.${f.key}`)} value={money(f.amount)} />)}
        {(parseAmountToCents(l.additionalDown) ?? 0) > 0 && (
          <Term label={t('lease.term.additionalDown')} value={money(l.additionalDown)} />
        )}
        <Term label={t('lease.term.dueToday')} value={money(l.remainingPaymentNeeded)} strong />
      </dl>
      {d ? (
        <DisclosureTable disclosure={d} state={lease.state ?? null} stateDisclosures={lease.state_disclosures ?? []} />
      ) : (
        <>
          <p className="lease-epo">
            {t('lease.epo', {
              days: lease.epo.days,
              fee: money(lease.epo.fee),
              percent: lease.epo.remaining_payments_percent,
            })}
          </p>
          <p className="muted">{t('lease.ocpOptional')}</p>
        </>
      )}

      {failed && (
        <section className="card checkout-problem" aria-labelledby="contract-failed" role="alert">
          <h2 id="contract-failed">{t('checkout.contract.unableToGenerate')}</h2>
          {error && error !== 'checkout.contract.unableToGenerate' && <p>{t(error)}</p>}
          <div className="actions">
            <button
              type="button"
              className="button"
              onClick={() => actor.send({ type: 'contract.discard', then: 'lease' })}
            >
              {t('checkout.contract.discard')}
            </button>
          </div>
        </section>
      )}
      {requesting && <Busy text={t('checkout.busy.contract')} />}
      <div className="actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={requesting}
          onClick={() => actor.send({ type: 'lease.preview' })}
        >
          {t('checkout.lease.previewContract')}
        </button>
        <button
          type="button"
          className="button"
          disabled={requesting}
          onClick={() => actor.send({ type: 'lease.sign' })}
        >
          {t('checkout.lease.esign')}
        </button>
      </div>
      <div className="actions">
        {checkout.delivery_required && (
          <button
            type="button"
            className="button button--secondary"
            disabled={requesting}
            onClick={() => actor.send({ type: 'delivery.edit' })}
          >
            {t('lease.editDelivery')}
          </button>
        )}
        <CancelCheckout />
      </div>
    </section>
  );
}

function Term({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? 'lease-term lease-term--strong' : 'lease-term'}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function LeaseForm({ lease, disabled }: { lease: client.LeaseAnswer; disabled: boolean }) {
  const { t } = useCheckoutT();
  const { actor, app, extras } = useFlow();
  const base = useId();
  const [language, setLanguage] = useState(lease.language);
  const [option, setOption] = useState(lease.option);
  const [frequency, setFrequency] = useState(lease.payment_frequency);
  const [ocp, setOcp] = useState(lease.ocp.included);
  const [down, setDown] = useState(
    (parseAmountToCents(lease.lease.additionalDown) ?? 0) > 0 ? lease.lease.additionalDown : '',
  );
  const [downError, setDownError] = useState<string | null>(null);
  const options = offeredOptions(app, lease.option);
  const frequencies = paymentFrequencyChoices(incomeFrequency(app));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const downCents = down.trim() === '' ? 0 : parseAmountToCents(down.trim());
    if (downCents === undefined) return setDownError('lease.error.amount');
    if (option === 'b' && downCents > 0) return setDownError('checkout.contract.extraDownOptionB');
    setDownError(null);
    extras.current = { ocp, additional_down: downCents > 0 ? down.replace(/[$,\s]/g, '') : '', language };
    actor.send({ type: 'lease.terms', option, payment_frequency: frequency });
  };

  return (
    <form className="lease-form card" noValidate onSubmit={submit} aria-labelledby={`${base}-title`}>
      <h2 id={`${base}-title`}>{t('lease.form')}</h2>
      <div className="lease-form__grid">
        <div className="field">
          <label htmlFor={`${base}-language`}>{t('lease.language')}</label>
          <select
            id={`${base}-language`}
            className="input"
            value={language}
            onChange={(e) => setLanguage(e.target.value)}
          >
            <option value="en">English</option>
            <option value="es" lang="es">
              Español
            </option>
          </select>
        </div>
        <ChoiceField
          id={`${base}-option`}
          label={t('lease.option')}
          value={option}
          choices={options}
          choiceText="lease.option"
          onChange={setOption}
        />
        <ChoiceField
          id={`${base}-frequency`}
          label={t('lease.paymentFrequency')}
          value={frequency}
          choices={frequencies}
          choiceText="lease.frequency"
          onChange={setFrequency}
        />
        <div className="field">
          <label htmlFor={`${base}-down`}>{t('lease.additionalDown')}</label>
          <input
            id={`${base}-down`}
            className="input"
            inputMode="decimal"
            value={down}
            aria-invalid={downError ? true : undefined}
            aria-describedby={`${base}-down-hint ${base}-down-error`}
            onChange={(e) => setDown(e.target.value)}
          />
          <p id={`${base}-down-hint`} className="field__hint">
            {t(option === 'b' ? 'checkout.contract.extraDownOptionB' : 'lease.additionalDown.hint')}
          </p>
          <p id={`${base}-down-error`} className="checkout-error" role="alert">
            {downError ? t(downError) : ''}
          </p>
        </div>
      </div>
      {lease.ocp.available && (
        <div className="check lease-ocp">
          <input
            id={`${base}-ocp`}
            type="checkbox"
            role="switch"
            checked={ocp}
            onChange={(e) => setOcp(e.target.checked)}
          />
          <label htmlFor={`${base}-ocp`}>{t('lease.ocp', { price: money(lease.ocp.weekly_price) })}</label>
        </div>
      )}
      <SingleAction type="submit" secondary disabled={disabled}>
        {t('lease.update')}
      </SingleAction>
    </form>
  );
}

/** A labelled choice of the lease form; each choice's text is the catalogue's `<choiceText>.<choice>`. */
function ChoiceField({
  id,
  label,
  value,
  choices,
  choiceText,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  choices: readonly string[];
  choiceText: string;
  onChange: (value: string) => void;
}) {
  const { t } = useCheckoutT();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="input" value={value} onChange={(e) => onChange(e.target.value)}>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {t(`${choiceText}.${choice}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

export function ContractPreview() {
  const { t } = useCheckoutT();
  const { actor, checkout } = useFlow();
  const lease = useLease();
  const language = lease?.language ?? 'en';
  return (
    <section className="checkout preview" aria-labelledby="preview-title">
      <StepHeading id="preview-title" titleKey="checkout.step.preview" />
      <iframe
        className="contract-frame"
        title={t('preview.frameTitle')}
        src={client.previewUrl(checkout.id, language)}
      />
      {lease?.contract.pdf_url && (
        <p>
          <a href={lease.contract.pdf_url} download>
            {t('preview.pdf')}
          </a>{' '}
          <span className="muted">{t('preview.pdfExpires')}</span>
        </p>
      )}
      <div className="actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => actor.send({ type: 'preview.close' })}
        >
          {t('preview.back')}
        </button>
        <button type="button" className="button" onClick={() => actor.send({ type: 'lease.sign' })}>
          {t('checkout.lease.esign')}
        </button>
      </div>
      <CancelCheckoutRow />
    </section>
  );
}
