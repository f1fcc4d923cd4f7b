import { describe, expect, it } from 'vitest';
import { EsignError } from '../../../functions/providers/esign/port.ts';
import { sandboxEsign } from '../../../functions/providers/esign/sandbox.ts';
import { MalformedWebhook, parseEsignEvent } from '../../../functions/providers/esign/webhook.ts';
import {
  getEsignVendorStatus,
  onEsignEvent,
  receiveEsignWebhook,
} from '../../../functions/services/esign-callbacks.ts';
import type { Deps } from '../../../functions/platform/deps.ts';
import { AppError } from '../../../functions/platform/errors.ts';
import type { HttpEvent } from '../../../functions/platform/http-types.ts';
import { sign } from '../../../functions/platform/signatures.ts';
import { expectRefusal, sandboxVendorForFile, webhookPost } from '../../support/webhook-intake.ts';
import { rejectionOf } from '../../support/rejection.ts';

let now = new Date('2030-03-15T12:00:00Z');
const clock = () => now;
const sandbox = sandboxVendorForFile(sandboxEsign, clock);
const { config, log, delivered } = sandbox;

const signer = { name: 'Jane Q Shopper', email: 'jane@example.com' };
const create = (reference = 'chk_1') =>
  sandbox.vendor.createEnvelope({
    document: { contentType: 'text/html', content: '<h1>Lease</h1>', name: 'Lease-Purchase Agreement' },
    signer,
    reference,
    subject: 'Your lease',
  });
/** The signer's link to an envelope, coming back to `returnUrl` when done. */
const signingUrl = (envelope: { envelopeId: string }, returnUrl: string) =>
  sandbox.vendor.signingUrl({ envelopeId: envelope.envelopeId, returnUrl, signer });
const viewToken = (url: string) => new URL(url).searchParams.get('view')!;

const rejection = (promise: Promise<unknown>) => rejectionOf(promise, EsignError);

describe('sandbox e-sign vendor', () => {
  it('signs: sent -> delivered on opening -> completed, calls back envelope-completed and returns with event=signing_complete', async () => {
    const envelope = await create('chk_sign');
    expect(envelope.status).toBe('sent');
    const { url } = await signingUrl(envelope, 'https://portal.example/#/checkout/sign?x=1');
    expect(url).toMatch(new RegExp(`^http://portal.test/sandbox/esign/${envelope.envelopeId}\\?view=`));
    const opened = await sandbox.vendor.openSigning(envelope.envelopeId, viewToken(url));
    expect(opened).toMatchObject({ kind: 'open', envelope: { status: 'delivered' } });
    const before = delivered.length;
    const done = await sandbox.vendor.finishSigning(envelope.envelopeId, viewToken(url), {
      kind: 'sign',
      typedName: 'Jane Q Shopper',
      ip: '127.0.0.1',
    });
    expect(done).toEqual({
      kind: 'redirect',
      location: 'https://portal.example/?event=signing_complete#/checkout/sign?x=1',
    });
    expect(delivered.length).toBe(before + 1);
    const event = parseEsignEvent(delivered.at(-1)!);
    expect(event).toMatchObject({
      type: 'envelope-completed',
      envelopeId: envelope.envelopeId,
      status: 'completed',
      reference: 'chk_sign',
    });
    expect(delivered.at(-1)).not.toContain('jane@example.com');
    expect((await sandbox.vendor.getEnvelope(envelope.envelopeId)).status).toBe('completed');
    // the link is spent
    expect(await sandbox.vendor.openSigning(envelope.envelopeId, viewToken(url))).toMatchObject({ kind: 'finished' });
  });

  it('declines with event=decline and an envelope-declined callback', async () => {
    const envelope = await create();
    const { url } = await signingUrl(envelope, 'https://portal.example/back');
    const done = await sandbox.vendor.finishSigning(envelope.envelopeId, viewToken(url), {
      kind: 'decline',
      reason: 'Changed my mind',
    });
    expect(done).toEqual({ kind: 'redirect', location: 'https://portal.example/back?event=decline' });
    expect(parseEsignEvent(delivered.at(-1)!)).toMatchObject({ status: 'declined' });
  });

  it('voids (discards) an open envelope once, and refuses to void a completed one or sign a voided one', async () => {
    const envelope = await create();
    expect((await sandbox.vendor.voidEnvelope(envelope.envelopeId, 'Contract discarded')).status).toBe('voided');
    expect(parseEsignEvent(delivered.at(-1)!)).toMatchObject({ type: 'envelope-voided', status: 'voided' });
    const count = delivered.length;
    expect((await sandbox.vendor.voidEnvelope(envelope.envelopeId, 'again')).status).toBe('voided');
    expect(delivered.length).toBe(count);
    expect((await rejection(signingUrl(envelope, 'https://p.example/'))).code).toBe('invalid_state');

    const signed = await create();
    const { url } = await signingUrl(signed, 'https://p.example/');
    await sandbox.vendor.finishSigning(signed.envelopeId, viewToken(url), {
      kind: 'sign',
      typedName: signer.name,
      ip: '::1',
    });
    expect((await rejection(sandbox.vendor.voidEnvelope(signed.envelopeId, 'late'))).code).toBe('invalid_state');
  });

  it('refuses unknown envelopes, other signers, bad return URLs, bad e-mails and HTML given as bytes', async () => {
    expect((await rejection(sandbox.vendor.getEnvelope('00000000-0000-0000-0000-000000000000'))).code).toBe(
      'not_found',
    );
    expect((await rejection(sandbox.vendor.getEnvelope('not-a-uuid'))).code).toBe('not_found');
    const envelope = await create();
    expect(
      (
        await rejection(
          sandbox.vendor.signingUrl({
            envelopeId: envelope.envelopeId,
            returnUrl: 'https://p.example/',
            signer: { name: 'Other', email: 'o@example.com' },
          }),
        )
      ).code,
    ).toBe('invalid_request');
    expect((await rejection(signingUrl(envelope, 'javascript:alert(1)'))).code).toBe('invalid_request');
    expect(
      (
        await rejection(
          sandbox.vendor.createEnvelope({
            document: { contentType: 'text/html', content: 'x', name: 'n' },
            signer: { name: 'A', email: 'nope' },
            reference: 'r',
            subject: 's',
          }),
        )
      ).code,
    ).toBe('invalid_request');
    expect(
      (
        await rejection(
          sandbox.vendor.createEnvelope({
            document: { contentType: 'text/html', content: new Uint8Array([1]), name: 'n' },
            signer,
            reference: 'r',
            subject: 's',
          }),
        )
      ).code,
    ).toBe('invalid_request');
  });

  it('expires signing links after 5 minutes and ignores wrong view tokens', async () => {
    const envelope = await create();
    const { url } = await signingUrl(envelope, 'https://p.example/');
    expect(await sandbox.vendor.openSigning(envelope.envelopeId, 'wrong')).toEqual({ kind: 'not_found' });
    const saved = now;
    now = new Date(now.getTime() + 5 * 60_000 + 1000);
    expect(await sandbox.vendor.openSigning(envelope.envelopeId, viewToken(url))).toMatchObject({ kind: 'expired' });
    now = saved;
  });
});

describe('our e-sign webhook intake', () => {
  const deps = () => ({ config, db: sandbox.db, clock, log }) as unknown as Deps;
  const event = (body: string, headers: Record<string, string>) => webhookPost('/webhooks/esign', body, headers);
  const secret = config.checkoutVendors.esign.webhookSecret;
  const t = () => Math.floor(now.getTime() / 1000);

  it('records the status once per event, keeps a final status, and refuses forged, stale and malformed callbacks', async () => {
    const envelope = await create('chk_hook');
    await sandbox.vendor.voidEnvelope(envelope.envelopeId, 'discarded');
    const body = delivered.at(-1)!;
    expect(await receiveEsignWebhook(deps(), event(body, { 'x-signature': sign(secret, body, t()) }))).toEqual({
      received: true,
      duplicate: false,
      ignored: false,
    });
    expect(await getEsignVendorStatus(sandbox.db, envelope.envelopeId, now)).toMatchObject({
      status: 'voided',
      reference: 'chk_hook',
    });
    expect(await receiveEsignWebhook(deps(), event(body, { 'x-signature': sign(secret, body, t()) }))).toMatchObject({
      duplicate: true,
    });

    // an older 'sent' event arriving late changes nothing
    await onEsignEvent(deps(), {
      eventId: 'late',
      type: 'envelope-sent',
      envelopeId: envelope.envelopeId,
      status: 'sent',
      reference: null,
      occurredAt: '2000-01-01T00:00:00.000Z',
    });
    expect(await getEsignVendorStatus(sandbox.db, envelope.envelopeId, now)).toMatchObject({ status: 'voided' });

    const refuse = (e: HttpEvent, status: number) => expectRefusal(receiveEsignWebhook(deps(), e), status);
    await refuse(event(body, { 'x-signature': sign('forged', body, t()) }), 401);
    await refuse(event(body, { 'x-signature': sign(secret, body, t() - 400) }), 401);
    await refuse(event('not json', { 'x-signature': sign(secret, 'not json', t()) }), 400);
  });

  it('accepts DocuSign Connect HMAC signatures when DocuSign is the vendor', async () => {
    const { createHmac } = await import('node:crypto');
    const docusignConfig = {
      ...config,
      checkoutVendors: {
        ...config.checkoutVendors,
        esign: { provider: 'docusign' as const, webhookSecret: 'connect-key' },
      },
    };
    const d = { config: docusignConfig, db: sandbox.db, clock, log } as unknown as Deps;
    const body = JSON.stringify({
      event: 'envelope-completed',
      generatedDateTime: now.toISOString(),
      data: { envelopeId: '11111111-2222-3333-4444-555555555555' },
    });
    const mac = createHmac('sha256', 'connect-key').update(body).digest('base64');
    expect(
      await receiveEsignWebhook(
        d,
        event(body, { 'x-docusign-signature-1': 'bm9wZQ==', 'x-docusign-signature-2': mac }),
      ),
    ).toMatchObject({ duplicate: false });
    const error = await receiveEsignWebhook(d, event(body, { 'x-docusign-signature-1': 'bm9wZQ==' })).then(
      () => undefined,
      (x: unknown) => x,
    );
    expect((error as AppError).statusCode).toBe(401);
  });

  it('ignores events it does not act on and rejects bodies that are not Connect messages', () => {
    expect(
      parseEsignEvent(
        JSON.stringify({
          event: 'recipient-authenticationfailed',
          generatedDateTime: now.toISOString(),
          data: { envelopeId: 'abc' },
        }),
      ),
    ).toBeNull();
    for (const bad of [
      '[]',
      '{}',
      '{"event":"envelope-completed","data":{}}',
      '{"event":"envelope-completed","data":{"envelopeId":"a"},"generatedDateTime":"x"}',
    ]) {
      expect(() => parseEsignEvent(bad), bad).toThrow(MalformedWebhook);
    }
  });
});
