// msw 2 handlers of DocuSign's eSignature REST API v2.1 and its JWT Grant, as documented, with an in-memory account.
// For the tests of functions/providers/esign/docusign.ts.
import { createPublicKey, createVerify, randomUUID, type KeyObject } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { takeQueuedFailure } from './queued-failure.ts';

export interface DocusignMockOptions {
  apiBaseUrl: string;
  oauthBaseUrl: string;
  accountId: string;
  integrationKey: string;
  /** The public half of the integration key's RSA key pair: assertions are verified with it. */
  publicKey: string | KeyObject;
}

export interface MockEnvelope {
  envelopeId: string;
  status: string;
  emailSubject: string;
  documents: { name: string; fileExtension: string; documentBase64: string }[];
  signers: { name: string; email: string; clientUserId?: string }[];
  customFields?: unknown;
  statusChangedDateTime: string;
  voidedReason?: string;
}

const error = (status: number, errorCode: string, message: string) =>
  HttpResponse.json({ errorCode, message }, { status });

export function docusignMock(options: DocusignMockOptions) {
  const publicKey = typeof options.publicKey === 'string' ? createPublicKey(options.publicKey) : options.publicKey;
  const state = {
    envelopes: new Map<string, MockEnvelope>(),
    tokens: new Set<string>(),
    tokenRequests: 0,
    /** The next API call (not OAuth) answers this HTTP status with a DocuSign error. */
    failNext: undefined as number | undefined,
    complete(envelopeId: string) {
      const e = state.envelopes.get(envelopeId)!;
      e.status = 'completed';
      e.statusChangedDateTime = new Date().toISOString();
    },
  };
  const base = `${options.apiBaseUrl}/v2.1/accounts/${options.accountId}`;

  const authorized = (request: Request) => {
    const bearer = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1];
    return bearer !== undefined && state.tokens.has(bearer);
  };
  const guard = (request: Request) => {
    if (!authorized(request))
      return error(401, 'AUTHORIZATION_INVALID_TOKEN', 'The access token provided is expired, revoked or malformed.');
    const failure = takeQueuedFailure(state);
    if (failure) return error(failure, 'UNSPECIFIED_ERROR', 'An unexpected error occurred.');
    return undefined;
  };
  // The envelope a call names, or DocuSign's answer when the token is refused, a failure is queued or it is unknown.
  const envelopeFor = (request: Request, envelopeId: unknown, unknownStatus: 400 | 404) => {
    const refused = guard(request);
    if (refused) return refused;
    return (
      state.envelopes.get(String(envelopeId)) ??
      error(
        unknownStatus,
        'ENVELOPE_DOES_NOT_EXIST',
        'The envelope specified either does not exist or you have no rights to it.',
      )
    );
  };
  const summary = (e: MockEnvelope) => ({
    envelopeId: e.envelopeId,
    status: e.status,
    emailSubject: e.emailSubject,
    statusChangedDateTime: e.statusChangedDateTime,
    customFields: e.customFields,
    ...(e.voidedReason ? { voidedReason: e.voidedReason } : {}),
  });

  const handlers = [
    http.post(`${options.oauthBaseUrl}/oauth/token`, async ({ request }) => {
      state.tokenRequests++;
      const form = new URLSearchParams(await request.text());
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') {
        return HttpResponse.json({ error: 'unsupported_grant_type' }, { status: 400 });
      }
      const [h, p, s] = (form.get('assertion') ?? '').split('.');
      if (
        !h ||
        !p ||
        !s ||
        !createVerify('RSA-SHA256').update(`${h}.${p}`).verify(publicKey, Buffer.from(s, 'base64url'))
      ) {
        return HttpResponse.json(
          { error: 'invalid_grant', error_description: 'no_valid_keys_or_signatures' },
          { status: 400 },
        );
      }
      const claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as Record<string, unknown>;
      if (claims.iss !== options.integrationKey || claims.aud !== new URL(options.oauthBaseUrl).host) {
        return HttpResponse.json({ error: 'invalid_grant', error_description: 'issuer_not_found' }, { status: 400 });
      }
      if (claims.sub === 'user-without-consent')
        return HttpResponse.json({ error: 'consent_required' }, { status: 400 });
      const token = `eyJ0eXAi.${randomUUID()}`;
      state.tokens.add(token);
      return HttpResponse.json({ access_token: token, token_type: 'Bearer', expires_in: 3600 });
    }),

    http.post(`${base}/envelopes`, async ({ request }) => {
      const refused = guard(request);
      if (refused) return refused;
      const body = (await request.json()) as {
        emailSubject?: string;
        status?: string;
        documents?: MockEnvelope['documents'];
        recipients?: { signers?: MockEnvelope['signers'] };
        customFields?: unknown;
      };
      if (!body.documents?.length || !body.documents.every((d) => d.documentBase64))
        return error(400, 'INVALID_REQUEST_BODY', 'The request body is missing or improperly formatted.');
      const signers = body.recipients?.signers ?? [];
      if (!signers.length) return error(400, 'INVALID_REQUEST_BODY', 'The envelope has no recipients.');
      if (signers.some((s) => !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s.email ?? ''))) {
        return error(400, 'INVALID_EMAIL_ADDRESS_FOR_RECIPIENT', 'The email address for the recipient is invalid.');
      }
      const envelopeId = randomUUID();
      const now = new Date().toISOString();
      state.envelopes.set(envelopeId, {
        envelopeId,
        status: body.status === 'sent' ? 'sent' : 'created',
        emailSubject: body.emailSubject ?? '',
        documents: body.documents,
        signers,
        customFields: body.customFields,
        statusChangedDateTime: now,
      });
      return HttpResponse.json(
        { envelopeId, uri: `/envelopes/${envelopeId}`, statusDateTime: now, status: 'sent' },
        { status: 201 },
      );
    }),

    http.post(`${base}/envelopes/:envelopeId/views/recipient`, async ({ request, params }) => {
      const e = envelopeFor(request, params.envelopeId, 400);
      if (e instanceof Response) return e;
      const body = (await request.json()) as {
        returnUrl?: string;
        userName?: string;
        email?: string;
        clientUserId?: string;
        authenticationMethod?: string;
      };
      if (!body.returnUrl || !body.authenticationMethod)
        return error(400, 'INVALID_REQUEST_PARAMETER', 'returnUrl and authenticationMethod are required.');
      const signer = e.signers.find(
        (s) => s.email === body.email && s.name === body.userName && s.clientUserId === body.clientUserId,
      );
      if (!signer)
        return error(
          400,
          'UNKNOWN_ENVELOPE_RECIPIENT',
          'The recipient you have identified is not a valid recipient of the specified envelope.',
        );
      if (e.status !== 'sent' && e.status !== 'delivered')
        return error(400, 'ENVELOPE_INVALID_STATUS', `Invalid envelope status: ${e.status}.`);
      return HttpResponse.json(
        { url: `https://demo.docusign.net/Signing/MTRedeem/v1/${randomUUID()}?slt=eyJ0eXAi` },
        { status: 201 },
      );
    }),

    http.get(`${base}/envelopes/:envelopeId`, ({ request, params }) => {
      const e = envelopeFor(request, params.envelopeId, 404);
      if (e instanceof Response) return e;
      const include = new URL(request.url).searchParams.get('include') ?? '';
      const { customFields, ...rest } = summary(e);
      return HttpResponse.json(include.includes('custom_fields') ? { ...rest, customFields } : rest);
    }),

    http.put(`${base}/envelopes/:envelopeId`, async ({ request, params }) => {
      const e = envelopeFor(request, params.envelopeId, 404);
      if (e instanceof Response) return e;
      const body = (await request.json()) as { status?: string; voidedReason?: string };
      if (body.status === 'voided') {
        if (!body.voidedReason) return error(400, 'INVALID_REQUEST_PARAMETER', 'A voided reason is required.');
        if (e.status === 'completed' || e.status === 'declined') {
          return error(
            400,
            'ENVELOPE_CANNOT_VOID_INVALID_STATE',
            'Only envelopes in the Created, Sent or Delivered states may be voided.',
          );
        }
        e.status = 'voided';
        e.voidedReason = body.voidedReason;
        e.statusChangedDateTime = new Date().toISOString();
      }
      return HttpResponse.json({ envelopeId: e.envelopeId });
    }),
  ];
  return { handlers, state };
}
