import { describe, expect, it } from 'vitest';
import { api } from '../../support/api.ts';
import { applicant, type Shopper } from '../decision/support.ts';
import { postCallback, submitForm } from '../vendors/support.ts';
import { callbackBody, expectBadCallbacksChangeNothing, flowState, linkFromMailbox, secrets } from './support.ts';

// The identity check through the API, end to end with the sandbox ID vendor: the link texted to the mobile phone
// (read from the sandbox mailbox), the mobile page's test documents, the vendor's callback, and the exchange.

let phoneSeq = 0;
/** A fresh mobile number per test (the mailbox is read by recipient). */
const newPhone = () => {
  const n = String((Date.now() + phoneSeq++) % 10_000).padStart(4, '0');
  return { masked: `(555) 301-${n}`, digits: `555301${n}` };
};

const identity = (shopper: Shopper) => ({
  send: (body: Record<string, unknown>) =>
    api('POST', '/apply-v2/intellicheck/send', { body, headers: shopper.headers }),
  verify: (checkId: string) =>
    api('POST', '/apply-v2/intellicheck/verify', { body: { check_id: checkId }, headers: shopper.headers }),
});

async function sentLink() {
  const shopper = await applicant('option-a');
  const phone = newPhone();
  const calls = identity(shopper);
  const sent = await calls.send({ phone: phone.masked });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  expect(sent.body.code).toBe(200);
  expect(sent.body.message).toBe('Link sent to your Mobile phone.');
  const checkId = sent.body.data.id as string;
  const path = await linkFromMailbox('identity-check', phone.digits, '/sandbox/identity/');
  return { shopper, calls, checkId, path, phone };
}

describe('identity check: /apply-v2/intellicheck/*', () => {
  it('pass: not completed before the scan (202), completed by the callback, already sent afterwards (208)', async () => {
    const { shopper, calls, checkId, path } = await sentLink();
    expect((await flowState(shopper.headers, 'identity-check')).state).toBe('linkSent');

    const early = await calls.verify(checkId);
    expect(early.status).toBe(202);
    expect(early.body).toMatchObject({
      code: 202,
      data: { completed: false },
      message: 'Unable to complete process. Please wait a few seconds and try again.',
    });

    const scanned = await submitForm(path, [['document', 'valid']]);
    expect(scanned.html).toContain('Identity check finished');
    // The callback completed the flow before the shopper pressed Continue.
    expect((await flowState(shopper.headers, 'identity-check')).status).toBe('done');

    const verified = await calls.verify(checkId);
    expect(verified.status).toBe(200);
    expect(verified.body.data).toEqual({ completed: true });

    const again = await calls.send({ check_id: checkId });
    expect(again.status).toBe(208);
    expect(again.body).toMatchObject({ status: true, code: 208, data: { id: checkId } });
  });

  it.each([
    ['mismatch', 'failed'],
    ['expired', 'expired-document'],
  ])(
    'fail (%s document): verify is refused with the seed text, and a new link starts a new check',
    async (document, status) => {
      const { shopper, calls, checkId, path, phone } = await sentLink();
      await submitForm(path, [['document', document]]);
      const flow = await flowState(shopper.headers, 'identity-check');
      expect(flow.state).toBe('idle');
      expect(flow.context.notice).toEqual({ kind: 'error', key: 'identity.unableToComplete' });

      const verified = await calls.verify(checkId);
      expect(verified.status).toBe(422);
      expect(verified.body).toMatchObject({
        status: false,
        data: { completed: false, check: status },
        message: 'Unable to complete process. Please wait a few seconds and try again.',
      });

      const resent = await calls.send({ phone: phone.masked, check_id: checkId });
      expect(resent.status).toBe(200);
      expect(resent.body.data.id).not.toBe(checkId);
    },
  );

  it('already sent: a second send of a pending check resends its link (same check); 208 once the check finished', async () => {
    const { shopper, calls, checkId, path } = await sentLink();
    const resent = await calls.send({});
    expect(resent.status).toBe(200);
    expect(resent.body.data.id).toBe(checkId);
    await submitForm(path, [['document', 'valid']]);
    const done = await calls.send({});
    expect(done.status).toBe(208);
    expect(done.body.code).toBe(208);
    expect((await flowState(shopper.headers, 'identity-check')).status).toBe('done');
  });

  it('validates the phone mask, and the check must be this application’s', async () => {
    const shopper = await applicant('option-a');
    const calls = identity(shopper);
    const bad = await calls.send({ phone: '555-301-2222' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors?.phone).toEqual(['Enter a mobile phone number as (###) ###-####.']);
    expect((await calls.verify('idv_notmine')).status).toBe(404);
  });

  it('forged, stale, unsigned, malformed and replayed callbacks change nothing on the flow', async () => {
    const { shopper, checkId } = await sentLink();
    // A genuine callback of another (unknown) check changes nothing either; it is then replayed.
    const genuine = callbackBody('check.completed', 'idv_someoneelse000', { status: 'passed' });
    expect((await postCallback('identity', genuine, { secret: secrets.identity })).status).toBe(200);
    const attack = callbackBody('check.completed', checkId, { status: 'passed', reference: shopper.uuid });
    await expectBadCallbacksChangeNothing(
      shopper.headers,
      'identity-check',
      'identity',
      secrets.identity,
      attack,
      genuine,
    );
    expect((await flowState(shopper.headers, 'identity-check')).state).toBe('linkSent');
  });

  it('exchange: a one-time link opens the application in another browser; used, unknown or missing tokens are 403', async () => {
    const { shopper } = await sentLink();
    const issued = await api('POST', '/apply-v2/intellicheck/exchange-token', { body: {}, headers: shopper.headers });
    expect(issued.status).toBe(200);
    expect(issued.body.data.url).toContain('#/intellicheck/exchange/');
    const phoneBrowser = { 'x-client-id': `phone-${Date.now()}`, 'x-apply-token': issued.body.data.token };
    const exchanged = await api('GET', '/apply-v2/intellicheck/exchange', { headers: phoneBrowser });
    expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
    expect(exchanged.body.data.lease).toMatchObject({ application_uuid: shopper.uuid, intellicheck_completed: false });
    expect(exchanged.body.data.store.slug).toBe('main-street');
    // The new token works in that browser for this application's identity check.
    const headers = { 'x-client-id': phoneBrowser['x-client-id'], 'x-apply-token': exchanged.body.data.token };
    expect((await api('GET', '/apply-v2/flows/identity-check', { headers })).body.data.state).toBe('linkSent');

    expect((await api('GET', '/apply-v2/intellicheck/exchange', { headers: phoneBrowser })).status).toBe(403);
    expect(
      (
        await api('GET', '/apply-v2/intellicheck/exchange', {
          headers: { ...phoneBrowser, 'x-apply-token': 'not-a-token' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await api('GET', '/apply-v2/intellicheck/exchange', { headers: { 'x-client-id': phoneBrowser['x-client-id'] } }))
        .status,
    ).toBe(403);
  });
});
