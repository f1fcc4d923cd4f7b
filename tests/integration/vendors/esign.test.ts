// The sandbox e-sign vendor through the real local server: the console calls our e-sign port, the signing page
// renders, and signing (or declining) calls our webhook back and sends the browser to the return URL.
import { describe, expect, it } from 'vitest';
import { api, baseUrl } from '../../support/api.ts';

const signer = { name: 'Maria Lopez', email: 'maria.lopez@example.com' };
const RETURN_URL = 'http://localhost:9/checkout/return';

async function envelopeWithLink(
  reference: string,
  content = '<h1>Lease-Purchase Agreement</h1><p>Payments of $49.95 every 14 days.</p>',
) {
  const created = await api('POST', '/sandbox/checkout-vendors/esign/createEnvelope', {
    body: {
      document: { contentType: 'text/html', content, name: 'Lease-Purchase Agreement' },
      signer,
      reference,
      subject: 'Please sign your lease',
    },
  });
  expect(created.status).toBe(200);
  const envelopeId = created.body.data.envelopeId as string;
  const link = await api('POST', '/sandbox/checkout-vendors/esign/signingUrl', {
    body: { envelopeId, returnUrl: RETURN_URL, signer },
  });
  expect(link.status).toBe(200);
  const url = new URL(link.body.data.url as string);
  return { envelopeId, path: url.pathname + url.search, view: url.searchParams.get('view')! };
}

const submit = (envelopeId: string, fields: Record<string, string>) =>
  fetch(`${baseUrl()}/sandbox/esign/${envelopeId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });

describe('sandbox e-sign page', () => {
  it('shows the document, the E-SIGN consent, a typed signature and Sign / Decline', async () => {
    const { path } = await envelopeWithLink('chk_it_page', '<h1>Lease</h1><script>alert(1)</script>');
    const res = await fetch(baseUrl() + path);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const page = await res.text();
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('Electronic Record and Signature Disclosure');
    expect(page).toContain('E-SIGN Act');
    expect(page).toMatch(/<label class="check" for="consent">/);
    expect(page).toMatch(/<label for="signature">Type your full name<\/label>/);
    expect(page).toMatch(/<button[^>]*value="sign"[^>]*>Sign<\/button>/);
    expect(page).toMatch(/<button[^>]*value="decline"[^>]*>Decline<\/button>/);
    // the contract is shown in a sandboxed frame, escaped: its scripts cannot run in the page
    expect(page).toContain(
      '<iframe class="doc" title="Lease-Purchase Agreement" sandbox srcdoc="&lt;h1&gt;Lease&lt;/h1&gt;&lt;script&gt;',
    );
    expect(page).not.toContain('<script>alert(1)</script>');
  });

  it('signing calls our webhook back (the recorded status becomes completed) and redirects to the return URL', async () => {
    const { envelopeId, view } = await envelopeWithLink('chk_it_sign');
    expect((await api('GET', `/sandbox/checkout-vendors/esign/status/${envelopeId}`)).status).toBe(404);

    const missing = await submit(envelopeId, { view, action: 'sign', signature: 'Someone Else' });
    expect(missing.status).toBe(422);
    const again = await missing.text();
    expect(again).toContain('Check the box to agree to use electronic records and signatures.');
    expect(again).toContain('Type your full name exactly as it appears on the agreement.');
    expect(again).toMatch(/id="signature"[^>]*aria-invalid="true"/);

    const signed = await submit(envelopeId, { view, action: 'sign', consent: 'yes', signature: '  maria   lopez ' });
    expect(signed.status).toBe(303);
    expect(signed.headers.get('location')).toBe(`${RETURN_URL}?event=signing_complete`);

    const status = await api('GET', `/sandbox/checkout-vendors/esign/status/${envelopeId}`);
    expect(status.body.data).toMatchObject({ envelopeId, status: 'completed', reference: 'chk_it_sign' });
    expect(
      (await api('POST', '/sandbox/checkout-vendors/esign/getEnvelope', { body: { envelopeId } })).body.data.status,
    ).toBe('completed');
    // the link is spent: the page says there is nothing left to sign
    expect(await (await fetch(`${baseUrl()}/sandbox/esign/${envelopeId}?view=${view}`)).text()).toContain(
      'This agreement is completed.',
    );
  });

  it('declining calls back declined and redirects with event=decline; voiding calls back voided', async () => {
    const { envelopeId, view } = await envelopeWithLink('chk_it_decline');
    const declined = await submit(envelopeId, { view, action: 'decline', reason: 'Not today' });
    expect(declined.status).toBe(303);
    expect(declined.headers.get('location')).toBe(`${RETURN_URL}?event=decline`);
    expect((await api('GET', `/sandbox/checkout-vendors/esign/status/${envelopeId}`)).body.data.status).toBe(
      'declined',
    );

    const other = await envelopeWithLink('chk_it_void');
    const voided = await api('POST', '/sandbox/checkout-vendors/esign/voidEnvelope', {
      body: { envelopeId: other.envelopeId, reason: 'Contract discarded' },
    });
    expect(voided.body.data.status).toBe('voided');
    expect((await api('GET', `/sandbox/checkout-vendors/esign/status/${other.envelopeId}`)).body.data).toMatchObject({
      status: 'voided',
      reference: 'chk_it_void',
    });
    const late = await api('POST', '/sandbox/checkout-vendors/esign/voidEnvelope', {
      body: { envelopeId: envelopeId, reason: 'late' },
    });
    expect(late.status).toBe(409);
    expect(late.body.data.code).toBe('invalid_state');
  });

  it('answers a wrong or missing view token with a 404 page and never a 5xx', async () => {
    const { envelopeId } = await envelopeWithLink('chk_it_404');
    expect((await fetch(`${baseUrl()}/sandbox/esign/${envelopeId}?view=wrong`)).status).toBe(404);
    expect((await fetch(`${baseUrl()}/sandbox/esign/not-an-envelope`)).status).toBe(404);
    expect((await submit('not-an-envelope', { action: 'sign' })).status).toBe(404);
    expect((await submit(envelopeId, { action: 'nothing' })).status).toBe(400);
  });
});
