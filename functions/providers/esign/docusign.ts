// The real e-sign adapter: DocuSign eSignature REST API v2.1 with JWT Grant authentication.
//   POST {oauth}/oauth/token                                   JWT bearer grant -> access_token
//   POST {api}/v2.1/accounts/{accountId}/envelopes             create and send (status 'sent')
//   POST {api}/v2.1/accounts/{accountId}/envelopes/{id}/views/recipient   embedded signing URL
//   GET  {api}/v2.1/accounts/{accountId}/envelopes/{id}?include=custom_fields
//   PUT  {api}/v2.1/accounts/{accountId}/envelopes/{id}        { status: 'voided', voidedReason }
// Errors come back as { errorCode, message } and are mapped to EsignError codes.
// The signer is an embedded recipient (clientUserId), so DocuSign sends no e-mail invitation; the contract marks where
// to sign with the anchor text `/sig1/` (without it DocuSign lets the signer place a free-form signature).
import { createHash, createSign } from 'node:crypto';
import { EsignError, type Envelope, type EnvelopeStatus, type EsignPort } from './port.ts';

export interface DocusignOptions {
  apiBaseUrl: string;
  oauthBaseUrl: string;
  accountId: string;
  integrationKey: string;
  userId: string;
  /** RSA private key (PEM) of the integration key. */
  privateKey: string;
  clock?: () => Date;
  timeoutMs?: number;
}

export const SIGN_HERE_ANCHOR = '/sig1/';

const b64url = (data: string | Buffer) => Buffer.from(data).toString('base64url');

/** Our signer id on the envelope: stable for one e-mail address, no personal data. */
export const clientUserIdFor = (email: string) =>
  `lto-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 24)}`;

const STATUS: Record<string, EnvelopeStatus> = {
  created: 'created',
  sent: 'sent',
  delivered: 'delivered',
  signed: 'delivered',
  completed: 'completed',
  declined: 'declined',
  voided: 'voided',
};

interface DocusignEnvelope {
  envelopeId: string;
  status: string;
  statusChangedDateTime?: string;
  statusDateTime?: string;
  customFields?: { textCustomFields?: { name?: string; value?: string }[] };
}

export function docusignEsign(options: DocusignOptions): EsignPort {
  const clock = options.clock ?? (() => new Date());
  const timeoutMs = options.timeoutMs ?? 15_000;
  const accountPath = `${options.apiBaseUrl}/v2.1/accounts/${encodeURIComponent(options.accountId)}`;
  let token: { value: string; until: number } | undefined;

  function assertion(now: number): string {
    const iat = Math.floor(now / 1000);
    const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
    const payload = b64url(
      JSON.stringify({
        iss: options.integrationKey,
        sub: options.userId,
        aud: new URL(options.oauthBaseUrl).host,
        iat,
        exp: iat + 3600,
        scope: 'signature impersonation',
      }),
    );
    const signature = createSign('RSA-SHA256')
      .update(`${header}.${payload}`)
      .sign(options.privateKey)
      .toString('base64url');
    return `${header}.${payload}.${signature}`;
  }

  async function accessToken(): Promise<string> {
    const now = clock().getTime();
    if (token && token.until > now) return token.value;
    let res: Response;
    try {
      res = await fetch(`${options.oauthBaseUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
          assertion: assertion(now),
        }).toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new EsignError('unavailable', `DocuSign could not be reached: ${String(error)}`);
    }
    const body = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number; error?: string };
    if (!res.ok || !body.access_token) {
      if (res.status >= 500) throw new EsignError('unavailable', `DocuSign OAuth answered ${res.status}`);
      throw new EsignError('unauthorized', `DocuSign refused the JWT grant (${body.error ?? res.status})`, body.error);
    }
    token = { value: body.access_token, until: now + Math.max(60, (body.expires_in ?? 3600) - 60) * 1000 };
    return token.value;
  }

  async function call<T>(method: string, path: string, body?: unknown, retried = false): Promise<T> {
    const bearer = await accessToken();
    let res: Response;
    try {
      res = await fetch(`${accountPath}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${bearer}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new EsignError('unavailable', `DocuSign could not be reached: ${String(error)}`);
    }
    const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (res.ok) return data as T;
    const errorCode = typeof data.errorCode === 'string' ? data.errorCode : undefined;
    const message = typeof data.message === 'string' ? data.message : `DocuSign answered ${res.status}`;
    if (res.status === 401 && !retried) {
      // The token was revoked or expired early: get a new one once.
      token = undefined;
      return call<T>(method, path, body, true);
    }
    if (
      res.status === 401 ||
      errorCode === 'AUTHORIZATION_INVALID_TOKEN' ||
      errorCode === 'USER_AUTHENTICATION_FAILED'
    ) {
      throw new EsignError('unauthorized', message, errorCode);
    }
    if (res.status === 404 || errorCode === 'ENVELOPE_DOES_NOT_EXIST')
      throw new EsignError('not_found', message, errorCode);
    if (
      errorCode &&
      /INVALID_STATE|INVALID_STATUS|ENVELOPE_IS_INCOMPLETE|ENVELOPE_NOT_IN_CORRECT_STATE/.test(errorCode)
    ) {
      throw new EsignError('invalid_state', message, errorCode);
    }
    if (res.status === 429 || res.status >= 500) throw new EsignError('unavailable', message, errorCode);
    throw new EsignError('invalid_request', message, errorCode);
  }

  const toEnvelope = (e: DocusignEnvelope, reference?: string): Envelope => ({
    envelopeId: e.envelopeId,
    status: STATUS[e.status] ?? 'sent',
    reference: reference ?? e.customFields?.textCustomFields?.find((f) => f.name === 'reference')?.value ?? '',
    statusChangedAt: e.statusChangedDateTime ?? e.statusDateTime ?? clock().toISOString(),
  });

  async function getEnvelope(envelopeId: string): Promise<Envelope> {
    const e = await call<DocusignEnvelope>('GET', `/envelopes/${encodeURIComponent(envelopeId)}?include=custom_fields`);
    return toEnvelope(e);
  }

  return {
    async createEnvelope(input) {
      const { content, contentType } = input.document;
      const created = await call<DocusignEnvelope>('POST', '/envelopes', {
        emailSubject: input.subject.slice(0, 100),
        status: 'sent',
        documents: [
          {
            documentId: '1',
            name: input.document.name,
            fileExtension: contentType === 'application/pdf' ? 'pdf' : 'html',
            documentBase64: Buffer.from(typeof content === 'string' ? Buffer.from(content, 'utf8') : content).toString(
              'base64',
            ),
          },
        ],
        recipients: {
          signers: [
            {
              recipientId: '1',
              routingOrder: '1',
              name: input.signer.name,
              email: input.signer.email,
              clientUserId: clientUserIdFor(input.signer.email),
              tabs: {
                signHereTabs: [
                  {
                    anchorString: SIGN_HERE_ANCHOR,
                    anchorUnits: 'pixels',
                    anchorXOffset: '0',
                    anchorYOffset: '0',
                    anchorIgnoreIfNotPresent: 'true',
                  },
                ],
              },
            },
          ],
        },
        customFields: {
          textCustomFields: [{ name: 'reference', value: input.reference, show: 'false', required: 'false' }],
        },
      });
      return toEnvelope(created, input.reference);
    },

    async signingUrl(input) {
      const view = await call<{ url: string }>(
        'POST',
        `/envelopes/${encodeURIComponent(input.envelopeId)}/views/recipient`,
        {
          returnUrl: input.returnUrl,
          authenticationMethod: 'none',
          email: input.signer.email,
          userName: input.signer.name,
          clientUserId: clientUserIdFor(input.signer.email),
        },
      );
      // "The returned URL can be used only once and expires after 5 minutes."
      return { url: view.url, expiresAt: new Date(clock().getTime() + 5 * 60_000).toISOString() };
    },

    getEnvelope,

    async voidEnvelope(envelopeId, reason) {
      const current = await getEnvelope(envelopeId);
      if (current.status === 'voided') return current;
      await call('PUT', `/envelopes/${encodeURIComponent(envelopeId)}`, {
        status: 'voided',
        voidedReason: reason.slice(0, 200),
      });
      return getEnvelope(envelopeId);
    },
  };
}
