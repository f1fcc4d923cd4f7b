import { describe, expect, it } from 'vitest';
import { calculatePayments, type PaymentCalculationInput } from '../../../machines/domain/payment-calculation.ts';
import { costDisclosure, disclosureDifferences, paymentsMadeByDay } from '../../../machines/domain/disclosures.ts';
import type { IncomeFrequency } from '../../../machines/domain/income.ts';
import { formatCents } from '../../../machines/domain/money.ts';
import { PAYMENT_FREQUENCIES, type PaymentFrequency } from '../../../machines/domain/payment-frequency.ts';
import { computeLease, ocpPerPaymentCents } from '../../../machines/domain/pricing.ts';
import {
  DEFAULT_SCORING_SETTINGS,
  LEASE_OPTIONS,
  type LeaseOption,
} from '../../../machines/domain/scoring-settings.ts';
import { DEMO_STORES } from '../../../functions/local/demo-data.ts';
import {
  contractDisclosure,
  contractDocument,
  type Block,
  type ContractFacts,
} from '../../../functions/services/contract.ts';
import { CONTRACT_TEXT } from '../../../functions/services/contract-text.ts';
import { MASKED_CUSTOMER } from '../fixtures.ts';

// The disclosures shown where the choice is made (the calculator's quote, POST /api/v1/score/payments) carry the
// same figures as the agreement printed for the same choice: for every option, every payment frequency, with and
// without the protection plan, in English and Spanish.

const S = DEFAULT_SCORING_SETTINGS;
const TODAY = '2026-03-10';
const AMOUNT = 150_000;
const EPO_DAYS = 90;
const INCOME_FOR: Record<PaymentFrequency, IncomeFrequency> = {
  '14-day': 'weekly',
  '28-day': 'bi-weekly',
  'semi-monthly': 'semi-monthly',
  monthly: 'monthly',
};

function quote(option: LeaseOption, frequency: PaymentFrequency, ocp: boolean) {
  const input: PaymentCalculationInput = {
    leaseAmountCents: AMOUNT,
    option,
    paymentFrequency: frequency,
    rating: null,
    decile: 7,
    score: null,
    additionalDownCents: 0,
    incomeFrequency: INCOME_FOR[frequency],
    companyState: 'OH',
    zipCode: null,
    ocpIncluded: ocp,
    today: TODAY,
    ocpEnabled: true,
    minimumCents: 30_000,
    epoProgram: { sac_days: EPO_DAYS },
  };
  const result = calculatePayments(input, S);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.calculation.disclosure;
}

/** The agreement of the same choice: the lease priced as the checkout prices it, then the document model. */
function contractFor(option: LeaseOption, frequency: PaymentFrequency, ocp: boolean, lang: 'en' | 'es'): ContractFacts {
  const result = computeLease(
    {
      option,
      cashPriceCents: AMOUNT,
      decile: 7,
      paymentFrequency: frequency,
      ocpIncluded: ocp,
      ocpEnabled: true,
      state: 'OH',
      leaseBeginsAt: TODAY,
      minimumLeaseCents: 30_000,
    },
    S,
  );
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return {
    checkoutId: 'chk_test',
    lang,
    store: DEMO_STORES[0]!.view,
    customer: MASKED_CUSTOMER,
    lease: result.lease,
    option,
    epoDays: EPO_DAYS,
    remainingPaymentsPercent: S.earlyPurchase.remainingPaymentsPercent,
    ocpWeeklyCents: S.ocp.weeklyCents,
    ocpAvailable: true,
    ocpPerPaymentCents: ocpPerPaymentCents(frequency, S),
  };
}

const fieldRows = (blocks: Block[]) => blocks.flatMap((b) => (b.kind === 'fields' ? b.rows : []));
const paragraphs = (blocks: Block[]) => blocks.flatMap((b) => (b.kind === 'paragraph' ? [b.text] : []));

describe('disclosure figures equal the agreement figures', () => {
  for (const option of LEASE_OPTIONS) {
    for (const frequency of PAYMENT_FREQUENCIES) {
      for (const ocp of [false, true]) {
        for (const lang of ['en', 'es'] as const) {
          it(`option ${option}, ${frequency}, OCP ${ocp ? 'on' : 'off'}, ${lang}`, () => {
            const d = quote(option, frequency, ocp);
            const facts = contractFor(option, frequency, ocp, lang);
            const doc = contractDocument(facts);
            const t = CONTRACT_TEXT[lang];
            const rows = fieldRows(doc.blocks);
            const value = (label: string) => {
              const row = rows.find((r) => r.label === label);
              if (!row) throw new Error(`no contract row '${label}'`);
              return row.value;
            };
            // the server's disclosure of the agreement is the same object as the quote's
            expect(disclosureDifferences(d, contractDisclosure(facts))).toEqual([]);
            expect(value(t.numPayments)).toBe(String(d.numPayments));
            expect(value(t.paymentAmount)).toContain(formatCents(d.paymentCents));
            if (ocp) expect(value(t.paymentAmount)).toContain(formatCents(d.paymentWithOcpCents));
            expect(value(t.totalOfPayments)).toBe(formatCents(d.totalOfPaymentsCents));
            const leased = rows.find((r) => r.label === t.leasedCashPrice)?.value ?? value(t.cashPrice);
            expect(leased).toBe(formatCents(d.cashPriceCents));
            expect(value(t.costOfLease)).toBe(formatCents(d.costOfLeasingCents));
            expect(d.costOfLeasingCents).toBe(d.totalOfPaymentsCents - d.cashPriceCents);
            for (const fee of d.fees) {
              const label = {
                documentProcessingFee: t.documentProcessingFee,
                leaseProcessFee: t.leaseProcessFee,
                securityDeposit: t.securityDeposit,
              }[fee.key];
              expect(value(label)).toBe(formatCents(fee.cents));
            }
            expect(d.fees.map((f) => f.key)).toEqual([option === 'B' ? 'leaseProcessFee' : 'documentProcessingFee']);
            expect(value(t.dueAtSigning)).toBe(formatCents(d.dueAtSigningCents));
            const text = paragraphs(doc.blocks).join('\n');
            expect(text).toContain(formatCents(d.earlyPurchase.feeCents));
            expect(text).toContain(formatCents(d.earlyPurchase.payoffAtSigningCents));
            expect(text).toContain(formatCents(d.earlyPurchase.payoffAfterWindowCents));
            expect(text).toContain(formatCents(d.ocp.perPaymentPriceCents));
            expect(d.ocp.optional).toBe(true);
            expect(d.ocp.included).toBe(ocp);
          });
        }
      }
    }
  }
});

describe('early purchase figures', () => {
  it('inside the window: leased cash price + fee - rent paid; after it: the share of the remaining payments', () => {
    const facts = contractFor('A', '28-day', false, 'en');
    const c = facts.lease;
    const d = costDisclosure(c, {
      option: 'A',
      epoDays: 90,
      remainingPaymentsPercent: 60,
      ocpAvailable: true,
      ocpPerPaymentPriceCents: 1196,
    });
    expect(d.earlyPurchase.payoffAtSigningCents).toBe(c.effectiveCashPrice + c.epoFee - c.paymentAmount);
    const paid = paymentsMadeByDay(91, c) * c.paymentAmount;
    expect(d.earlyPurchase.payoffAfterWindowCents).toBe(Math.round(((c.totalPayment - paid) * 60) / 100));
    expect(d.earlyPurchase.payoffAfterWindowCents).toBeLessThan(c.totalPayment - paid);
  });

  it('a page that reports other figures than the server computes is named figure by figure', () => {
    const d = quote('A', 'monthly', false);
    expect(disclosureDifferences({ ...d, totalOfPaymentsCents: d.totalOfPaymentsCents - 100 }, d)).toEqual([
      'totalOfPaymentsCents',
    ]);
  });
});
