import { describe, expect, it } from 'vitest';
import { api, baseUrl } from '../../support/api.ts';
import {
  esign,
  journey,
  lease,
  load,
  payWithCard,
  process,
  processCard,
  retailer,
  tokenize,
  uniqueKey,
  waitForStatus,
  type Stage,
} from './support.ts';

// What each status allows (machines/checkout/checkout.machine.ts on the server): refused events are 409s with a
// clear message, cards are refused by the store's flags with the seed's texts, and a cancel before completion
// ends the checkout (12) with the retailer's failure URL.

describe('payments that do not go through', () => {
  it('a declined card: the seed message, status 10, nothing charged; another card then completes', async () => {
    const s = await journey('signed');
    const paid = await payWithCard(s, '4000000000000002');
    expect(paid.status).toBe(402);
    expect(paid.body.message).toBe('Oops, unable to charge card, please try again!');
    expect(paid.body.data).toMatchObject({
      status: 10,
      step: 10,
      payment: { status: 'declined', decline_code: 'generic_decline' },
      attempts_left: 2,
    });
    const view = await waitForStatus(s, 10);
    expect(view.payment.paid).toBe('0.00');
    expect(view.payment.attempts).toEqual([expect.objectContaining({ status: 'declined' })]);

    const retry = await process(s);
    expect(retry.body.data).toMatchObject({ payment_required: true, step: 10 });
    const good = await tokenize(retry.body.data.config.session_id, '5555555555554444');
    const ok = await processCard(s, good.body.data.token, retry.body.data.amount);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.status).toBe(9);
  });

  it('a processing error: "We were unable to process payment!" and status 10', async () => {
    const s = await journey('signed');
    const paid = await payWithCard(s, '4000000000000119');
    expect(paid.status).toBe(402);
    expect(paid.body.message).toBe('We were unable to process payment!');
    expect(paid.body.data.status).toBe(10);
  });

  it('a prepaid card at main-street (which refuses them): refused by the vault fields and by our API, nothing charged', async () => {
    const s = await journey('signed');
    const p = await process(s);
    expect(p.body.data.data.is_prepaid_cards_allowed).toBe(false);
    const atVault = await tokenize(p.body.data.config.session_id, '5105105105105100');
    expect(atVault.status).toBe(422);
    expect(atVault.body.message).toBe("Prepaid cards can't be used for payment at the moment!");
    // a token made elsewhere (a session without the store's flags) is refused by our API just the same
    const lax = await api('POST', '/sandbox/checkout-vendors/card-vault/createSession', {
      body: {
        amountCents: 5000,
        currency: 'usd',
        reference: s.checkoutId,
        parentOrigin: new URL(baseUrl()).origin,
        flags: {
          is_prepaid_cards_allowed: true,
          are_credit_cards_allowed: true,
          are_debit_cards_allowed: true,
          is_foreign_cards_allowed: true,
        },
      },
    });
    const prepaid = await tokenize(lax.body.data.sessionId, '5105105105105100');
    expect(prepaid.status).toBe(200);
    const verify = await api('POST', '/api/v1/cards/card-vault/verify', {
      body: { token: prepaid.body.data.token },
      headers: s.headers,
    });
    expect(verify.status).toBe(422);
    expect(verify.body.message).toBe("Prepaid cards can't be used for payment at the moment!");
    const paid = await processCard(s, prepaid.body.data.token, p.body.data.amount);
    expect(paid.status).toBe(422);
    expect(paid.body.message).toBe("Prepaid cards can't be used for payment at the moment!");
    const foreign = await tokenize(lax.body.data.sessionId, '4000000760000002');
    const refusedForeign = await processCard(s, foreign.body.data.token, p.body.data.amount);
    expect(refusedForeign.body.message).toBe("Foreign issued cards can't be used for payment at the moment!");
    const view = await waitForStatus(s, 6);
    expect(view.payment).toEqual({ paid: '0.00', attempts: [] });
  });

  it('card numbers never reach our API', async () => {
    const s = await journey('signed');
    const res = await api('POST', '/api/v1/cards/token', {
      body: { card: '4242 4242 4242 4242', cvv: '123' },
      headers: s.headers,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors!.card![0]).toContain('secure card fields');
  });
});

describe('events the status does not allow (409)', () => {
  it('refuses signing without a lease, a lease while signing, paying before signing and cancelling a completed checkout', async () => {
    const approved = await journey('approved');
    const noLease = await esign(approved);
    expect(noLease.status).toBe(409);
    expect(noLease.body.message).toBe('This checkout cannot accept "esign.requested" in its current status (3).');

    const signing = await journey('esign');
    const recalc = await lease(signing);
    expect(recalc.status).toBe(409);
    expect(recalc.body.message).toContain('"lease.created"');
    expect(recalc.body.message).toContain('(13)');

    const leased = await journey('lease');
    const early = await processCard(leased, 'pm_sbx_000000000000000000000000', leased.leaseData.lease.downPayment);
    expect(early.status).toBe(409);
    expect(early.body.message).toContain('"payment.started"');

    const done = await journey('completed');
    const cancel = await retailer('POST', `/retailer/v1/checkouts/${done.checkoutId}/cancel`, {
      body: {},
      key: uniqueKey(),
    });
    expect(cancel.status).toBe(409);
    expect(cancel.body.data).toMatchObject({ code: 'E_STATUS', status: 9 });
    const shopperCancel = await api('POST', `/apply-v2/checkout/${done.checkoutId}/cancel`, {
      body: {},
      headers: done.headers,
    });
    expect(shopperCancel.status).toBe(409);
    const view = await waitForStatus(done, 9);
    expect(view.audit.at(-1).to).toBe(9);
  });

  it('discarding the contract goes back to the lease (5), and signing can then be asked again', async () => {
    const s = await journey('esign');
    const discarded = await api('POST', `/apply-v2/checkout/${s.checkoutId}/discard`, { body: {}, headers: s.headers });
    expect(discarded.status, JSON.stringify(discarded.body)).toBe(200);
    expect(discarded.body.data.status).toBe(5);
    // the voided envelope's link no longer signs
    const page = await fetch(s.signing!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('voided');
    const again = await esign(s);
    expect(again.status).toBe(200);
    expect((await load(s)).body.data.current_step).toBe(13);
  });
});

describe('cancel at each status before completion', () => {
  const stages: [Stage, number | null][] = [
    ['created', null],
    ['started', 1],
    ['inProgress', 2],
    ['approved', 3],
    ['lease', 5],
    ['esign', 13],
    ['signed', 6],
    ['failed', 10],
  ];
  for (const [stage, status] of stages) {
    it(`cancels at status ${String(status)} (${stage}): status 12 and the failure URL`, async () => {
      const s = await journey(stage);
      const before = await waitForStatus(s, status);
      expect(before.status).toBe(status);
      if (stage === 'created') {
        const key = uniqueKey('cancel');
        const res = await retailer('POST', `/retailer/v1/checkouts/${s.checkoutId}/cancel`, {
          body: { reason: 'Customer left' },
          key,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data).toMatchObject({ status: 12, status_name: 'cancelled' });
        expect(res.body.data.return_url_failure).toContain('https://retailer.example/checkout/failed?checkout_id=');
        // replaying the cancel with its key changes nothing
        const replay = await retailer('POST', `/retailer/v1/checkouts/${s.checkoutId}/cancel`, {
          body: { reason: 'Customer left' },
          key,
        });
        expect(replay.body).toEqual(res.body);
      } else {
        const res = await api('POST', `/apply-v2/checkout/${s.checkoutId}/cancel`, { body: {}, headers: s.headers });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data).toMatchObject({ status: 12, result: { status: false, step: 12 } });
        expect(res.body.data.redirect).toContain('https://retailer.example/checkout/failed?checkout_id=');
        const p = await process(s);
        expect(p.body.data.result).toMatchObject({ status: false, step: 12 });
      }
      const after = await waitForStatus(s, 12);
      expect(after.audit.at(-1)).toMatchObject({ event: 'checkout.cancelled', from: status, to: 12 });
      expect(after.cancelled_at).toBeTruthy();
      if (stage === 'esign') expect(after.esign.status).toBe('voided');
    });
  }
});
