import { useId } from 'react';
import { moneyParts, type CostDisclosure } from '../../../machines/domain/disclosures.ts';
import { formatCents } from '../../../machines/domain/money.ts';
import { disclosureTexts } from '../../../machines/i18n/disclosures.ts';
import { useBundledT, type Translate } from '../../lib/i18n.tsx';
import './disclosures.css';

// The cost disclosure of the shopper's choice (result screen calculator, lease summary): number and amount of
// payments, total of payments, cost of leasing, the fees by name, the early purchase option with its payoffs, that
// the protection plan is optional, and the state's required disclosures. Money is shown as '$556.92' and read by
// screen readers in words ('556 dollars and 92 cents every 28 days'). The figures come from the server
// (machines/domain/disclosures.ts on the pricing engine's output: the same as the agreement's).

/** The disclosure texts are bundled with this (lazily loaded) component; other keys go through the shell. */
export function useDisclosureT(): { t: Translate } {
  const { t } = useBundledT(disclosureTexts);
  return { t };
}

/** Money in words for assistive technology: '556 dollars and 92 cents', '1 dollar', '14,480 dollars'. */
export function moneyWords(t: Translate, cents: number): string {
  const p = moneyParts(cents);
  if (p.cents === '00')
    return p.one ? t('disclosure.sr.moneyOneWhole') : t('disclosure.sr.moneyWhole', { dollars: p.dollars });
  return p.one
    ? t('disclosure.sr.moneyOne', { cents: p.cents })
    : t('disclosure.sr.money', { dollars: p.dollars, cents: p.cents });
}

/** '$556.92' on screen, '556 dollars and 92 cents' (optionally 'every 28 days') to a screen reader. */
export function Money({ cents, every }: { cents: number; every?: string }) {
  const { t } = useDisclosureT();
  const shown = every ? t(`disclosure.perFrequency.${every}`, { money: formatCents(cents) }) : formatCents(cents);
  const spoken = every ? t(`disclosure.perFrequency.${every}`, { money: moneyWords(t, cents) }) : moneyWords(t, cents);
  return (
    <>
      <span aria-hidden="true">{shown}</span>
      <span className="visually-hidden">{spoken}</span>
    </>
  );
}

export interface DisclosureTableProps {
  disclosure: CostDisclosure;
  /** The applicant's state and the disclosures its rule requires (paragraphs). */
  state?: string | null;
  stateDisclosures?: readonly string[];
  /** A newer calculation is on its way. */
  busy?: boolean;
}

export function DisclosureTable({ disclosure: d, state, stateDisclosures = [], busy = false }: DisclosureTableProps) {
  const { t } = useDisclosureT();
  const id = useId();
  const rows: { key: string; label: string; value: React.ReactNode; note?: string; testId: string }[] = [
    { key: 'num', label: t('disclosure.numPayments'), value: String(d.numPayments), testId: 'disclosure-num-payments' },
    {
      key: 'payment',
      label: t('disclosure.payment'),
      value: <Money cents={d.paymentCents} every={d.frequency} />,
      testId: 'disclosure-payment',
    },
  ];
  if (d.ocp.included) {
    rows.push({
      key: 'paymentOcp',
      label: t('disclosure.paymentWithOcp'),
      value: <Money cents={d.paymentWithOcpCents} every={d.frequency} />,
      testId: 'disclosure-payment-ocp',
    });
  }
  rows.push(
    {
      key: 'total',
      label: t('disclosure.totalOfPayments'),
      value: <Money cents={d.totalOfPaymentsCents} />,
      note: t('disclosure.totalOfPaymentsNote'),
      testId: 'disclosure-total',
    },
    {
      key: 'cash',
      label: t('disclosure.cashPrice'),
      value: <Money cents={d.cashPriceCents} />,
      testId: 'disclosure-cash-price',
    },
    {
      key: 'cost',
      label: t('disclosure.costOfLeasing'),
      value: <Money cents={d.costOfLeasingCents} />,
      note: t('disclosure.costOfLeasingNote'),
      testId: 'disclosure-cost',
    },
  );
  for (const fee of d.fees)
    rows.push({
      key: fee.key,
      label: t(`disclosure.fee.${fee.key}`),
      value: <Money cents={fee.cents} />,
      testId: `disclosure-fee-${fee.key}`,
    });
  rows.push({
    key: 'due',
    label: t('disclosure.dueAtSigning'),
    value: <Money cents={d.dueAtSigningCents} />,
    testId: 'disclosure-due',
  });
  const epo = d.earlyPurchase;

  return (
    <section className="disclosure" aria-labelledby={`${id}-title`} aria-busy={busy} data-testid="cost-disclosure">
      <h3 id={`${id}-title`}>{t('disclosure.title')}</h3>
      <table className="disclosure__table">
        <caption className="visually-hidden">{t('disclosure.caption')}</caption>
        <thead className="visually-hidden">
          <tr>
            <th scope="col">{t('disclosure.col.item')}</th>
            <th scope="col">{t('disclosure.col.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">
                {r.label}
                {r.note && <span className="disclosure__note">{r.note}</span>}
              </th>
              <td className="num" data-testid={r.testId}>
                {r.value}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h4 id={`${id}-epo`}>{t('disclosure.epo.title')}</h4>
      <p data-testid="disclosure-epo-within">
        {fillNodes(t('disclosure.epo.within', { days: epo.days, fee: '\u0000fee', payoff: '\u0000payoff' }), {
          fee: <Money cents={epo.feeCents} />,
          payoff: <Money cents={epo.payoffAtSigningCents} />,
        })}
      </p>
      <p data-testid="disclosure-epo-after">
        {fillNodes(
          t('disclosure.epo.after', {
            days: epo.days,
            percent: epo.remainingPaymentsPercent,
            day: epo.afterWindowDay,
            payoff: '\u0000payoff',
          }),
          { payoff: <Money cents={epo.payoffAfterWindowCents} /> },
        )}
      </p>
      {d.ocp.available && (
        <p data-testid="disclosure-ocp">
          {fillNodes(
            t(d.ocp.included ? 'disclosure.ocp.included' : 'disclosure.ocp.optional', { price: '\u0000price' }),
            { price: <Money cents={d.ocp.perPaymentPriceCents} /> },
          )}
        </p>
      )}
      <p className="muted">{t('disclosure.ownership')}</p>
      {state && stateDisclosures.length > 0 && (
        <section aria-labelledby={`${id}-state`} className="disclosure__state">
          <h4 id={`${id}-state`}>{t('disclosure.state.title', { state })}</h4>
          {stateDisclosures.map((text, i) => (
            <p key={i}>{text}</p>
          ))}
        </section>
      )}
    </section>
  );
}

/** Replaces '\0name' markers of a translated sentence with nodes (money with its spoken form). */
function fillNodes(text: string, nodes: Record<string, React.ReactNode>): React.ReactNode[] {
  return text.split(/\u0000(\w+)/).map((part, i) => (i % 2 === 1 ? <span key={i}>{nodes[part] ?? part}</span> : part));
}
