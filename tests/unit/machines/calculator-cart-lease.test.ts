import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  calculationRequest,
  calculatorMachine,
  type CalculationRequest,
} from '../../../machines/calculator/calculator.machine.ts';
import type { ScorePaymentsResponse } from '../../../machines/contracts/score-payments.ts';
import type { Decision } from '../../../machines/domain/decision.ts';
import { costDisclosure } from '../../../machines/domain/disclosures.ts';
import { epoDays } from '../../../machines/domain/early-purchase.ts';
import { INCOME_FREQUENCIES, type IncomeFrequency } from '../../../machines/domain/income.ts';
import { minimumLeaseCents, offersToCents } from '../../../machines/domain/lease-amount.ts';
import { centsToDecimal, parseAmountToCents } from '../../../machines/domain/money.ts';
import { calculatePayments } from '../../../machines/domain/payment-calculation.ts';
import { paymentFrequencyChoices, type PaymentFrequency } from '../../../machines/domain/payment-frequency.ts';
import { computeLease, ocpPerPaymentCents } from '../../../machines/domain/pricing.ts';
import { DEFAULT_SCORING_SETTINGS, type LeaseOption } from '../../../machines/domain/scoring-settings.ts';
import type { ApplicationRecord } from '../../../functions/data/applications.ts';
import type { CheckoutItem } from '../../../functions/data/checkouts.ts';
import { DEMO_STORES } from '../../../functions/local/demo-data.ts';
import { shopperCashPrice } from '../../../functions/services/checkout.ts';
import { leaseInputFor } from '../../../functions/services/lease.ts';

// Issue 24 item 1: every figure disclosed before the contract is the contract's. At main-street (delivery options
// required) the result screen's calculator starts from the checkout view's cash price (the cart the lease keeps and
// the chosen delivery charge); priced by the calculator's quote (POST /api/v1/score/payments) it must equal, to the
// cent, the lease that the lease summary and the contract show for the same option and frequency.

const S = DEFAULT_SCORING_SETTINGS;
const TODAY = '2026-03-10';
const STORE = DEMO_STORES.find((s) => s.view.slug === 'main-street')!.view;
const OFFERS = { A: 500_000, B: 450_000, C: 400_000, D: 350_000 };

/** The cart ($649.99 television) and one with quantities and required parts, each item kept by the lease. */
const CARTS: { name: string; items: CheckoutItem['cart']['items'] }[] = [
  {
    name: 'one $649.99 item',
    items: [{ sku: 'TV-65', quantity: 1, description: 'Television', unit_price: 64_999, required_parts: [] }],
  },
  {
    name: 'two items, one with required parts',
    items: [
      {
        sku: 'TV-55',
        quantity: 2,
        description: 'Television',
        unit_price: 49_999,
        required_parts: [{ sku: 'MOUNT', quantity: 2, description: 'Wall mount', unit_price: 3_450 }],
      },
      { sku: 'SB-1', quantity: 1, description: 'Sound bar', unit_price: 19_999, required_parts: [] },
    ],
  },
];

/** Delivery charges the shopper may have chosen: a priced home delivery, the 1-cent "free" placeholder, pickup. */
const DELIVERIES = [4_900, 1, 0];

function checkout(items: CheckoutItem['cart']['items'], deliveryCents: number): CheckoutItem {
  return {
    id: 'chk_test0001',
    cart: { items },
    delivery: {
      zip: '43215',
      address: null,
      options: {},
      removed: [],
      notices: [],
      lookedUpAt: TODAY,
      schedules: [],
      confirmationId: 'conf-1',
      exchangeId: null,
      priceCents: deliveryCents,
      scheduledAt: `${TODAY}T15:00:00.000Z`,
      deliveredAt: null,
    },
    paidCents: 0,
  } as unknown as CheckoutItem;
}

function application(incomeFrequency: IncomeFrequency): ApplicationRecord {
  return {
    data: {
      location: { state: 'OH', code: '43215' },
      incomes: [{ primary: true, frequency: incomeFrequency }],
    },
  } as unknown as ApplicationRecord;
}

const decision = { offers: OFFERS, decile: 7, score: 700 } as unknown as Decision;

/** The result screen: the calculator machine started from the checkout view's cash price, as the page starts it. */
function calculatorRequest(
  item: CheckoutItem,
  incomeFrequency: IncomeFrequency,
  option: LeaseOption,
  frequency: PaymentFrequency,
): CalculationRequest {
  const view = shopperCashPrice(item);
  const machine = calculatorMachine.provide({
    actors: { calculatePayments: fromPromise<ScorePaymentsResponse, CalculationRequest>(() => new Promise(() => {})) },
  });
  const actor = createActor(machine, {
    input: {
      offerAmounts: Object.fromEntries(Object.entries(OFFERS).map(([k, v]) => [k, centsToDecimal(v)])),
      cart: [{ unit_price: view.merchandise, quantity: 1 }],
      deliveryCents: view.delivery === null ? null : parseAmountToCents(view.delivery)!,
      incomeFrequency,
      ocpEnabled: STORE.lease_program.ocp_enabled === true,
      optionCEnabled: STORE.lease_program.option_c_enabled === true,
      minApprovalAmount: STORE.lease_program.min_approval_amount,
      option,
      paymentFrequency: frequency,
    },
  }).start();
  const request = calculationRequest(actor.getSnapshot().context)!;
  actor.stop();
  return request;
}

/** POST /api/v1/score/payments as the server prices it (services/payment-calculator.ts), main-street's facts. */
function quote(request: CalculationRequest, incomeFrequency: IncomeFrequency) {
  const result = calculatePayments(
    {
      leaseAmountCents: request.leaseAmountCents,
      option: request.option,
      paymentFrequency: request.paymentFrequency,
      rating: STORE.rating ?? null,
      decile: 7,
      score: 700,
      additionalDownCents: 0,
      incomeFrequency,
      companyState: STORE.shipping_address.state,
      zipCode: '43215',
      ocpIncluded: request.ocpIncluded,
      today: TODAY,
      ocpEnabled: STORE.lease_program.ocp_enabled === true,
      minimumCents: minimumLeaseCents(STORE.lease_program.min_approval_amount),
      maximumCents: offersToCents(OFFERS)[request.option],
      epoProgram: { sac_days: STORE.lease_program.sac_days, sac_110_day: STORE.lease_program.sac_110_day },
    },
    S,
  );
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.calculation;
}

/** The lease the lease summary shows and the contract prints (services/lease.ts leaseInputFor, then pricing.ts). */
function lease(item: CheckoutItem, incomeFrequency: IncomeFrequency, option: LeaseOption, frequency: PaymentFrequency) {
  const input = leaseInputFor(
    item,
    application(incomeFrequency),
    STORE,
    decision,
    { option, paymentFrequency: frequency, ocpIncluded: false, additionalDownCents: 0, language: 'en' },
    TODAY,
  );
  const result = computeLease(input, S);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  const window = epoDays({ sac_days: STORE.lease_program.sac_days, sac_110_day: STORE.lease_program.sac_110_day }, 90);
  return {
    lease: result.lease,
    disclosure: costDisclosure(result.lease, {
      option,
      epoDays: window,
      remainingPaymentsPercent: S.earlyPurchase.remainingPaymentsPercent,
      ocpAvailable: true,
      ocpPerPaymentPriceCents: ocpPerPaymentCents(result.lease.paymentFrequency, S),
    }),
  };
}

const STORE_OPTIONS: LeaseOption[] = (['A', 'B', 'C', 'D'] as const).filter(
  (o) => o !== 'C' || STORE.lease_program.option_c_enabled === true,
);

describe('the calculator before the contract prices the lease of this cart (main-street, delivery included)', () => {
  for (const cart of CARTS) {
    for (const deliveryCents of DELIVERIES) {
      for (const incomeFrequency of INCOME_FREQUENCIES) {
        for (const frequency of paymentFrequencyChoices(incomeFrequency)) {
          for (const option of STORE_OPTIONS) {
            it(`${cart.name}, delivery ${deliveryCents} cents, income ${incomeFrequency}: option ${option}, ${frequency}`, () => {
              const item = checkout(cart.items, deliveryCents);
              const request = calculatorRequest(item, incomeFrequency, option, frequency);
              const shown = quote(request, incomeFrequency);
              const signed = lease(item, incomeFrequency, option, frequency);
              // the amount the calculator prices is the lease's cash price, delivery included
              expect(request.leaseAmountCents).toBe(signed.lease.cashPrice);
              expect(shown.leaseAmountCents).toBe(signed.lease.cashPrice);
              // and every figure disclosed is the lease summary's and the contract's, to the cent
              expect(shown.numPayments).toBe(signed.lease.numPayments);
              expect(shown.paymentAmountCents).toBe(signed.lease.paymentWithWaiver);
              expect(shown.disclosure).toEqual(signed.disclosure);
            });
          }
        }
      }
    }
  }

  it('the checkout view has no delivery charge until the shopper chooses delivery', () => {
    const item = { ...checkout(CARTS[0]!.items, 0), delivery: undefined } as unknown as CheckoutItem;
    expect(shopperCashPrice(item)).toEqual({ merchandise: '649.99', delivery: null, total: '649.99' });
    expect(shopperCashPrice(checkout(CARTS[0]!.items, 4_900))).toEqual({
      merchandise: '649.99',
      delivery: '49.00',
      total: '698.99',
    });
  });

  it('an item the delivery lookup removed is out of the calculator as it is out of the lease', () => {
    const item = checkout(CARTS[1]!.items, 4_900);
    item.delivery!.removed = ['SB-1'];
    const view = shopperCashPrice(item);
    // two televisions with their two mounts; the sound bar is not in the lease
    expect(view.merchandise).toBe(centsToDecimal(2 * 49_999 + 2 * 3_450));
    expect(view.total).toBe(centsToDecimal(2 * 49_999 + 2 * 3_450 + 4_900));
  });
});
