import { generateKeyPairSync } from 'node:crypto';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { clientUserIdFor, docusignEsign } from '../../../functions/providers/esign/docusign.ts';
import { EsignError } from '../../../functions/providers/esign/port.ts';
import { docusignMock } from '../../../msw/vendors/docusign.ts';
import { serveDuringTests } from '../../support/msw-server.ts';
import { rejectionOf } from '../../support/rejection.ts';

const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const settings = {
  apiBaseUrl: 'https://demo.docusign.test/restapi',
  oauthBaseUrl: 'https://account-d.docusign.test',
  accountId: 'acct-123',
  integrationKey: 'ik-456',
  userId: 'user-789',
  privateKey: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
};
const mock = docusignMock({ ...settings, publicKey: keys.publicKey });
const server = setupServer(...mock.handlers);

serveDuringTests(server);

const signer = { name: 'Jane Q Shopper', email: 'jane@example.com' };
const envelopeInput = {
  document: {
    contentType: 'text/html' as const,
    content: '<h1>Lease</h1><p>/sig1/</p>',
    name: 'Lease-Purchase Agreement',
  },
  signer,
  reference: 'chk_1',
  subject: 'Please sign your lease',
};

const rejection = (promise: Promise<unknown>) => rejectionOf(promise, EsignError);

describe('DocuSign adapter', () => {
  it('creates a sent envelope with the document, an embedded signer and our reference, authenticating with a JWT grant', async () => {
    const esign = docusignEsign(settings);
    const envelope = await esign.createEnvelope(envelopeInput);
    expect(envelope).toMatchObject({ status: 'sent', reference: 'chk_1' });
    const stored = mock.state.envelopes.get(envelope.envelopeId)!;
    expect(Buffer.from(stored.documents[0]!.documentBase64, 'base64').toString('utf8')).toBe(
      '<h1>Lease</h1><p>/sig1/</p>',
    );
    expect(stored.documents[0]!.fileExtension).toBe('html');
    expect(stored.signers[0]).toMatchObject({
      name: signer.name,
      email: signer.email,
      clientUserId: clientUserIdFor(signer.email),
    });
    expect(stored.signers[0]!.clientUserId).not.toContain('jane');
    // the token is reused for the next call
    const before = mock.state.tokenRequests;
    expect((await esign.getEnvelope(envelope.envelopeId)).reference).toBe('chk_1');
    expect(mock.state.tokenRequests).toBe(before);
  });

  it('sends a PDF as bytes', async () => {
    const esign = docusignEsign(settings);
    const pdf = Buffer.from('%PDF-1.7 test');
    const envelope = await esign.createEnvelope({
      ...envelopeInput,
      document: { contentType: 'application/pdf', content: pdf, name: 'Lease.pdf' },
    });
    const stored = mock.state.envelopes.get(envelope.envelopeId)!;
    expect(stored.documents[0]!.fileExtension).toBe('pdf');
    expect(Buffer.from(stored.documents[0]!.documentBase64, 'base64')).toEqual(pdf);
  });

  it('gets a recipient view URL for the same signer, and refuses one for another signer', async () => {
    const esign = docusignEsign(settings);
    const { envelopeId } = await esign.createEnvelope(envelopeInput);
    const view = await esign.signingUrl({ envelopeId, returnUrl: 'https://portal.example/#/checkout/sign', signer });
    expect(view.url).toMatch(/^https:\/\/demo\.docusign\.net\/Signing\//);
    const error = await rejection(
      esign.signingUrl({
        envelopeId,
        returnUrl: 'https://portal.example/',
        signer: { name: 'Other', email: 'o@example.com' },
      }),
    );
    expect(error.code).toBe('invalid_request');
    expect(error.vendorCode).toBe('UNKNOWN_ENVELOPE_RECIPIENT');
  });

  it('voids an envelope, treats voiding twice as done, and refuses to void a completed one', async () => {
    const esign = docusignEsign(settings);
    const { envelopeId } = await esign.createEnvelope(envelopeInput);
    expect((await esign.voidEnvelope(envelopeId, 'Contract discarded')).status).toBe('voided');
    expect((await esign.voidEnvelope(envelopeId, 'Again')).status).toBe('voided');
    expect((await rejection(esign.signingUrl({ envelopeId, returnUrl: 'https://p.example/', signer }))).code).toBe(
      'invalid_state',
    );

    const other = await esign.createEnvelope(envelopeInput);
    mock.state.complete(other.envelopeId);
    expect((await esign.getEnvelope(other.envelopeId)).status).toBe('completed');
    const error = await rejection(esign.voidEnvelope(other.envelopeId, 'too late'));
    expect(error).toMatchObject({ code: 'invalid_state', vendorCode: 'ENVELOPE_CANNOT_VOID_INVALID_STATE' });
  });

  it('maps unknown envelopes, bad recipients, vendor failures and refused credentials to our errors', async () => {
    const esign = docusignEsign(settings);
    expect((await rejection(esign.getEnvelope('00000000-0000-0000-0000-000000000000'))).code).toBe('not_found');
    expect(
      (await rejection(esign.createEnvelope({ ...envelopeInput, signer: { name: 'X', email: 'not-an-email' } }))).code,
    ).toBe('invalid_request');
    mock.state.failNext = 503;
    expect((await rejection(esign.createEnvelope(envelopeInput))).code).toBe('unavailable');
    const noConsent = docusignEsign({ ...settings, userId: 'user-without-consent' });
    expect((await rejection(noConsent.createEnvelope(envelopeInput))).code).toBe('unauthorized');
    const wrongKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    expect((await rejection(docusignEsign({ ...settings, privateKey: wrongKey }).getEnvelope('x'))).code).toBe(
      'unauthorized',
    );
  });

  it('gets a new token once when DocuSign says the token is no longer valid', async () => {
    const esign = docusignEsign(settings);
    const { envelopeId } = await esign.createEnvelope(envelopeInput);
    mock.state.tokens.clear();
    const requests = mock.state.tokenRequests;
    expect((await esign.getEnvelope(envelopeId)).status).toBe('sent');
    expect(mock.state.tokenRequests).toBe(requests + 1);
  });
});
