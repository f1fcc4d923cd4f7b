import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { formatCents } from '../../../machines/domain/money.ts';
import { sign } from '../../../functions/platform/signatures.ts';
import { newWebhookSecret, webhookHeaders } from '../../../functions/platform/standard-webhooks.ts';
import { api, baseUrl } from '../../support/api.ts';
import { journey, load, receivedWebhooks, retailer, scheduleDelivery, waitForStatus } from './support.ts';

/** The text drawn in a PDF made by pdf-lib: its content streams inflated, the hex strings of Tj decoded (WinAnsi). */
function pdfText(bytes: Buffer): string {
  const raw = bytes.toString('latin1');
  const out: string[] = [];
  const re = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(raw))) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const chunk = bytes.subarray(start, end);
    let content: string;
    try {
      content = inflateSync(chunk).toString('latin1');
    } catch {
      content = chunk.toString('latin1');
    }
    for (const hex of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g))
      out.push(Buffer.from(hex[1]!, 'hex').toString('latin1'));
    re.lastIndex = end;
  }
  return out.join('\n');
}

describe('the contract document', () => {
  it('shows the pricing engine figures to the cent in the preview (HTML) and in the PDF; the PDF link is signed and expires', async () => {
    const s = await journey('lease');
    const c = s.leaseData.lease_cents;
    const figures = [
      c.cashPrice,
      c.totalPayment,
      c.paymentAmount,
      c.documentProcessingFee,
      c.downPayment,
      c.delivery,
      c.epoFee,
      c.totalPayment - c.effectiveCashPrice,
    ].map(formatCents);

    // the preview is shown in an iframe: the apply token and client id come in the query
    const q = new URLSearchParams({ apply_token: s.headers['x-apply-token']!, client_id: s.headers['x-client-id']! });
    const preview = await fetch(`${baseUrl()}/apply-v2/checkout/${s.checkoutId}/preview?${q}`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toContain('text/html');
    const html = await preview.text();
    for (const figure of figures) expect(html).toContain(figure);
    for (const text of [
      'Rental-Purchase Agreement',
      'Qty',
      'Unit Price (without tax)',
      'SKU',
      'Document Processing Fee',
      'Early purchase option',
      'optional',
      'Your right to return',
      'Ownership',
      `${c.numPayments}`,
    ]) {
      expect(html).toContain(text);
    }
    expect(html).not.toContain(s.fill.applicant.social_security_number);
    expect(html).toContain(`***-**-${s.fill.applicant.social_security_number.slice(-4)}`);
    const noToken = await fetch(`${baseUrl()}/apply-v2/checkout/${s.checkoutId}/preview`);
    expect(noToken.status).toBe(401);

    const es = await fetch(`${baseUrl()}/apply-v2/checkout/${s.checkoutId}/preview?${q}&language=es`);
    const esHtml = await es.text();
    expect(esHtml).toContain('Contrato de arrendamiento con opción a compra');
    expect(esHtml).toContain(formatCents(c.totalPayment));

    const link = s.leaseData.contract.pdf_url as string;
    expect(Date.parse(s.leaseData.contract.pdf_expires_at) - Date.now()).toBeGreaterThan(23.9 * 3600 * 1000);
    const pdf = await fetch(link);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(bytes);
    for (const figure of figures) expect(text).toContain(figure);
    expect(text).toContain('Rental-Purchase Agreement');

    const url = new URL(link);
    const tampered = new URL(url);
    tampered.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    expect((await fetch(tampered)).status).toBe(403);
    const badSig = new URL(url);
    badSig.searchParams.set('sig', '0'.repeat(64));
    expect((await fetch(badSig)).status).toBe(403);
    const other = new URL(link.replace(s.checkoutId, 'chk_0123456789abcdef01234567'));
    expect((await fetch(other)).status).toBe(403);
  });

  it('a lease option B contract refuses an extra down payment with the seed text', async () => {
    const s = await journey('approved');
    await scheduleDelivery(s);
    const res = await api(
      'GET',
      `/apply-v2/checkout/${s.checkoutId}/lease?application_id=${s.uuid}&option=b&additional_down=50`,
      { headers: s.headers },
    );
    expect(res.status).toBe(422);
    const messages = Object.values(res.body.errors ?? {}).flat();
    // option-a applicants are not offered B at every decile: either refusal is about the option B contract or the option
    expect(
      messages.some(
        (m) =>
          m === 'Extra down payment cannot be added for an option B contract' ||
          m === 'This lease option is not offered to you.',
      ),
    ).toBe(true);
  });
});

describe('webhooks to the retailer', () => {
  it('the demo receiver refuses a forged signature and records it unverified', async () => {
    const body = JSON.stringify({
      id: 'evt-forged-1',
      type: 'checkout.completed',
      version: '1',
      created: new Date().toISOString(),
      livemode: false,
      data: { checkout_id: 'chk_forged0000000000000000', status: 9 },
    });
    // Standard Webhooks headers, signed with a secret that is not the demo retailer's
    const forged = await fetch(`${baseUrl()}/demo/retailer/webhooks`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...webhookHeaders([newWebhookSecret()], 'evt-forged-1', Math.floor(Date.now() / 1000), body),
      },
      body,
    });
    expect(forged.status).toBe(401);
    const unsigned = await fetch(`${baseUrl()}/demo/retailer/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(unsigned.status).toBe(401);
    const list = await api('GET', '/demo/retailer/webhooks');
    const mine = (list.body.data.webhooks as any[]).filter((w) => w.checkout_id === 'chk_forged0000000000000000');
    expect(mine.length).toBeGreaterThanOrEqual(2);
    expect(mine.every((w) => w.verified === false)).toBe(true);
    expect(mine.map((w) => w.reason)).toEqual(expect.arrayContaining(['mismatch', 'missing']));
  });

  it('replaying a delivered webhook sends the same event again (the receiver sees a duplicate) and changes nothing', async () => {
    const s = await journey('started');
    const hooks = await receivedWebhooks(s.checkoutId, ['checkout.created', 'checkout.started']);
    const started = hooks.find((h) => h.type === 'checkout.started')!;
    const before = await waitForStatus(s, 1);
    const replayed = await retailer('POST', `/retailer/v1/webhooks/deliveries/${started.event_id}/replay`, {
      body: {},
    });
    expect(replayed.status, JSON.stringify(replayed.body)).toBe(200);
    expect(replayed.body.data).toMatchObject({ event_id: started.event_id, status: 'delivered' });
    expect(replayed.body.data.attempts.at(-1)).toMatchObject({ trigger: 'replay', status_code: 200 });
    const after = await api('GET', '/demo/retailer/webhooks');
    const copies = (after.body.data.webhooks as any[]).filter((w) => w.event_id === started.event_id);
    expect(copies).toHaveLength(2);
    expect(copies.some((w) => w.duplicate)).toBe(true);
    const now = await waitForStatus(s, 1);
    expect(now.audit).toEqual(before.audit);
    const other = await retailer(
      'POST',
      '/retailer/v1/webhooks/deliveries/00000000-0000-0000-0000-000000000000/replay',
      { body: {} },
    );
    expect(other.status).toBe(404);
  }, 90_000);

  it('replaying the e-sign vendor callback changes nothing', async () => {
    const s = await journey('signed');
    const before = await waitForStatus(s, 6);
    expect(before.esign).toMatchObject({ status: 'completed' });
    expect((await load(s)).body.data.current_step).toBe(6);
    // the same Connect message again, signed as the sandbox vendor signs it: a duplicate, nothing moves
    const signingEnvelope = new URL(s.signing!).pathname.split('/').pop()!;
    const status = await api('GET', `/sandbox/checkout-vendors/esign/status/${signingEnvelope}`);
    expect(status.body.data.status).toBe('completed');
    const message = JSON.stringify({
      event: 'envelope-completed',
      apiVersion: 'v2.1',
      generatedDateTime: status.body.data.occurredAt,
      data: {
        envelopeId: signingEnvelope,
        envelopeSummary: {
          status: 'completed',
          customFields: { textCustomFields: [{ name: 'reference', value: s.checkoutId }] },
        },
      },
    });
    const res = await fetch(`${baseUrl()}/webhooks/esign`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-signature': sign('whsec_sandbox_esign', message, Math.floor(Date.now() / 1000)),
      },
      body: message,
    });
    expect(res.status).toBe(200);
    expect((await res.json()).data.duplicate).toBe(true);
    const after = await waitForStatus(s, 6);
    expect(after.audit).toEqual(before.audit);
  });
});
