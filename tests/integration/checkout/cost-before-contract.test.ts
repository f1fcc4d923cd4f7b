import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { calculatorMachine, type CalculationRequest } from '../../../machines/calculator/calculator.machine.ts';
import type { ScorePaymentsResponse } from '../../../machines/contracts/score-payments.ts';
import { centsToDecimal } from '../../../machines/domain/money.ts';
import { PAYMENT_FREQUENCIES } from '../../../machines/domain/payment-frequency.ts';
import { cartLinesOf } from '../../../web/shopper/verification/client.ts';
import { api } from '../../support/api.ts';
import { apply, lease, load, openCheckout } from './support.ts';

// Issue 24.1: in a retailer checkout the result screen's calculator starts from the cart (the lines the page hands
// it), and what it discloses (POST /api/v1/score/payments for that amount) equals the lease summary's disclosure
// (GET .../lease, the figures the contract is made from) to the cent, for every option and frequency it offers.

describe('the cost disclosed before the contract is the cost of this cart', () => {
  it('discloses the lease summary’s figures for the cart, for every option and frequency', async () => {
    // express: no delivery options to choose, so nothing is added to the cart between the result and the lease.
    const shopper = await openCheckout({ store: 'express' });
    const decision = await apply(shopper, 'a-and-b');
    const [view, session] = await Promise.all([
      load(shopper),
      api('GET', '/apply-v2/session', { headers: shopper.headers }),
    ]);
    expect(view.status).toBe(200);
    const store = session.body.data.store;
    const incomeFrequency = shopper.fill.incomes[0].frequency;

    // The calculator as the page runs it: the machine with the result's offers and the checkout's cart.
    const actor = createActor(
      calculatorMachine.provide({
        actors: {
          calculatePayments: fromPromise<ScorePaymentsResponse, CalculationRequest>(() => new Promise(() => {})),
        },
      }),
      {
        input: {
          offerAmounts: decision.offerAmounts,
          cart: cartLinesOf(view.body.data.cart.items),
          minApprovalAmount: store.lease_program.min_approval_amount,
          incomeFrequency,
          ocpEnabled: store.lease_program.ocp_enabled === true,
          optionCEnabled: store.lease_program.option_c_enabled === true,
        },
      },
    ).start();
    const amountCents = actor.getSnapshot().context.amountCents ?? 0;
    actor.stop();
    // 499.99 + 49.00 (its mount) + 149.00: the cart's cash price, not the approval.
    expect(amountCents).toBe(69_799);

    const offered = Object.entries(decision.offerAmounts as Record<string, string>)
      .filter(([, amount]) => Math.round(Number(amount) * 100) >= amountCents)
      .map(([option]) => option);
    expect(offered.length).toBeGreaterThan(1);
    const compared: string[] = [];
    const mismatches: string[] = [];
    for (const option of offered) {
      for (const frequency of PAYMENT_FREQUENCIES) {
        const calc = await api('POST', '/api/v1/score/payments', {
          headers: shopper.headers,
          body: {
            modelVersion: null,
            leaseAmount: centsToDecimal(amountCents),
            option,
            paymentFrequency: frequency,
            rating: store.rating,
            score: decision.score ?? null,
            decile: decision.decile ?? null,
            additionalDown: 0,
            incomeFrequency,
            companyState: store.shipping_address?.state || store.billing_address?.state,
            zipCode: shopper.fill.location.code,
            application_id: shopper.uuid,
            ocpIncluded: false,
          },
        });
        // A frequency the calculator does not offer for this income is not disclosed: nothing to compare.
        if (calc.status === 422) continue;
        const summary = await lease(shopper, { option: option.toLowerCase(), payment_frequency: frequency });
        expect(calc.status, JSON.stringify(calc.body)).toBe(200);
        expect(summary.status, JSON.stringify(summary.body)).toBe(200);
        compared.push(`${option} ${frequency}`);
        const disclosed = calc.body.data.disclosure;
        const contracted = summary.body.data.disclosure;
        if (JSON.stringify(disclosed) !== JSON.stringify(contracted))
          mismatches.push(
            `${option} ${frequency}:\n  calculator ${JSON.stringify(disclosed)}\n  lease      ${JSON.stringify(contracted)}`,
          );
        if (calc.body.data.paymentAmount !== summary.body.data.lease.paymentAmount)
          mismatches.push(
            `${option} ${frequency}: payment ${calc.body.data.paymentAmount} vs ${summary.body.data.lease.paymentAmount}`,
          );
        expect(summary.body.data.disclosure.cashPriceCents).toBe(amountCents);
      }
    }
    expect(compared.length).toBeGreaterThanOrEqual(offered.length * 2);
    expect(mismatches).toEqual([]);
  });
});
