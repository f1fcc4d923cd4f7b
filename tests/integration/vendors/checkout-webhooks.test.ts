// Our inbound checkout webhooks through the real local server: signed callbacks are recorded once; forged, stale and
// malformed ones are refused and change nothing; a replayed event id is ignored.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sign } from '../../../functions/platform/signatures.ts';
import { api } from '../../support/api.ts';

// The local server runs the sandboxes with the default (non-production) webhook secrets of functions/platform/config.ts.
const ESIGN_SECRET = 'whsec_sandbox_esign';
const VAULT_SECRET = 'whsec_sandbox_card_vault';
const nowSeconds = () => Math.floor(Date.now() / 1000);

const connect = (envelopeId: string, event: string, at = new Date().toISOString()) =>
  JSON.stringify({
    event,
    apiVersion: 'v2.1',
    uri: `/restapi/v2.1/accounts/sandbox-account/envelopes/${envelopeId}`,
    retryCount: 0,
    configurationId: 10001,
    generatedDateTime: at,
    data: {
      accountId: 'sandbox-account',
      envelopeId,
      envelopeSummary: {
        status: event.replace('envelope-', ''),
        customFields: { textCustomFields: [{ name: 'reference', value: 'chk_it_hook' }] },
      },
    },
  });

const stripeEvent = (
  chargeId: string,
  type = 'payment_intent.succeeded',
  id = `evt_${randomUUID().replace(/-/g, '')}`,
) =>
  JSON.stringify({
    id,
    object: 'event',
    type,
    created: nowSeconds(),
    livemode: false,
    data: {
      object: {
        id: chargeId,
        object: 'payment_intent',
        amount: 4995,
        currency: 'usd',
        status: 'succeeded',
        metadata: { reference: 'chk_it_hook' },
        last_payment_error: null,
      },
    },
  });

const post = (path: string, body: string, signature?: string) =>
  api('POST', path, { rawBody: body, headers: signature === undefined ? {} : { 'x-signature': signature } });

describe('POST /webhooks/esign', () => {
  it('records a correctly signed callback and ignores the same event replayed', async () => {
    const envelopeId = randomUUID();
    const body = connect(envelopeId, 'envelope-completed');
    const first = await post('/webhooks/esign', body, sign(ESIGN_SECRET, body, nowSeconds()));
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ received: true, duplicate: false, ignored: false });
    const recorded = (await api('GET', `/sandbox/checkout-vendors/esign/status/${envelopeId}`)).body.data;
    expect(recorded).toMatchObject({ status: 'completed', reference: 'chk_it_hook' });

    const replay = await post('/webhooks/esign', body, sign(ESIGN_SECRET, body, nowSeconds()));
    expect(replay.status).toBe(200);
    expect(replay.body.data.duplicate).toBe(true);
    expect((await api('GET', `/sandbox/checkout-vendors/esign/status/${envelopeId}`)).body.data).toEqual(recorded);
  });

  it('refuses forged, stale, unsigned and malformed callbacks, recording nothing', async () => {
    const envelopeId = randomUUID();
    const body = connect(envelopeId, 'envelope-completed');
    expect((await post('/webhooks/esign', body, sign('whsec_forged', body, nowSeconds()))).status).toBe(401);
    expect((await post('/webhooks/esign', body, sign(ESIGN_SECRET, body, nowSeconds() - 600))).status).toBe(401);
    expect((await post('/webhooks/esign', body)).status).toBe(401);
    expect(
      (await post('/webhooks/esign', body.replace('completed', 'declined'), sign(ESIGN_SECRET, body, nowSeconds())))
        .status,
    ).toBe(401);
    const junk = '{"event":"envelope-completed","data":{}}';
    const malformed = await post('/webhooks/esign', junk, sign(ESIGN_SECRET, junk, nowSeconds()));
    expect(malformed.status).toBe(400);
    expect((await api('GET', `/sandbox/checkout-vendors/esign/status/${envelopeId}`)).status).toBe(404);
    // and the genuine callback is still accepted afterwards (the refusals did not mark it as seen)
    expect((await post('/webhooks/esign', body, sign(ESIGN_SECRET, body, nowSeconds()))).body.data.duplicate).toBe(
      false,
    );
  });
});

describe('POST /webhooks/card-vault', () => {
  it('records a correctly signed payment event and ignores a replayed event id', async () => {
    const chargeId = `pi_it_${randomUUID().replace(/-/g, '')}`;
    const body = stripeEvent(chargeId);
    expect((await post('/webhooks/card-vault', body, sign(VAULT_SECRET, body, nowSeconds()))).body.data).toEqual({
      received: true,
      duplicate: false,
      ignored: false,
    });
    const recorded = (await api('GET', `/sandbox/checkout-vendors/card-vault/status/${chargeId}`)).body.data;
    expect(recorded).toMatchObject({ status: 'succeeded', amountCents: 4995, reference: 'chk_it_hook' });
    const replay = await post('/webhooks/card-vault', body, sign(VAULT_SECRET, body, nowSeconds()));
    expect(replay.body.data.duplicate).toBe(true);
    expect((await api('GET', `/sandbox/checkout-vendors/card-vault/status/${chargeId}`)).body.data).toEqual(recorded);
  });

  it('refuses forged, stale and malformed events, recording nothing', async () => {
    const chargeId = `pi_it_${randomUUID().replace(/-/g, '')}`;
    const body = stripeEvent(chargeId);
    expect((await post('/webhooks/card-vault', body, sign('whsec_forged', body, nowSeconds()))).status).toBe(401);
    expect((await post('/webhooks/card-vault', body, sign(VAULT_SECRET, body, nowSeconds() + 600))).status).toBe(401);
    expect((await post('/webhooks/card-vault', body, 't=abc,v1=zz')).status).toBe(401);
    for (const junk of [
      'not json',
      '{"object":"event","id":"evt_1"}',
      JSON.stringify({
        id: 'evt_2',
        object: 'event',
        type: 'payment_intent.succeeded',
        created: 1,
        data: { object: { id: chargeId } },
      }),
    ]) {
      const res = await post('/webhooks/card-vault', junk, sign(VAULT_SECRET, junk, nowSeconds()));
      expect(res.status, junk).toBe(400);
    }
    expect((await api('GET', `/sandbox/checkout-vendors/card-vault/status/${chargeId}`)).status).toBe(404);
  });

  it('answers 200 to event types it does not act on, so the vendor does not retry them', async () => {
    const body = JSON.stringify({
      id: 'evt_ignored_1',
      object: 'event',
      type: 'customer.created',
      created: nowSeconds(),
      data: { object: { id: 'cus_1' } },
    });
    const res = await post('/webhooks/card-vault', body, sign(VAULT_SECRET, body, nowSeconds()));
    expect(res.status).toBe(200);
    expect(res.body.data.ignored).toBe(true);
  });
});
