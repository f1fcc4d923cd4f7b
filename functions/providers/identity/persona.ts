import { createHmac, timingSafeEqual } from 'node:crypto';
import { notFound, unprocessable } from '../../platform/errors.ts';
import { VendorError, vendorFetch, vendorStatusError, type CallbackCheck } from '../bank-link/vendor-kit.ts';
import type { MessagingPort } from '../messaging/port.ts';
import type { IdentityCheckPort, IdentityCheckStatus } from './port.ts';

// The identity-check port on Persona (https://docs.withpersona.com/): one inquiry per check created from an inquiry
// template (government ID + selfie), a one-time Hosted Flow link (/inquiries/{id}/generate-one-time-link) that we text
// to the shopper, the inquiry status read back, and webhooks signed `Persona-Signature: t=<ts>,v1=<HMAC-SHA256 of
// "<ts>.<body>">`. Our check id is the inquiry id (inq_...).

export interface PersonaOptions {
  baseUrl: string;
  apiKey: string;
  templateId: string;
  webhookSecret: string;
  messaging: MessagingPort;
  apiVersion?: string;
}

interface PersonaInquiry {
  data: {
    type: 'inquiry';
    id: string;
    attributes: {
      status: string;
      'reference-id'?: string | null;
      'completed-at'?: string | null;
      'failed-at'?: string | null;
      'decisioned-at'?: string | null;
    };
  };
  included?: {
    type: string;
    id: string;
    attributes?: { status?: string; checks?: { name: string; status: string }[] };
  }[];
}

/** Persona's `errors: [{ title, details }]` bodies mapped to what we answer. */
export function personaError(status: number, body: unknown): VendorError {
  const title = (body as { errors?: { title?: string }[] } | undefined)?.errors?.[0]?.title;
  if (status === 404) return new VendorError(404, 'Identity check not found', 'persona', title);
  if (status === 400 || status === 422) return new VendorError(422, 'Link could not be sent.', 'persona', title);
  return vendorStatusError('persona', status, title);
}

/** Inquiry status -> our status; failed and declined inquiries look at the government ID checks for an expired ID. */
export function personaStatus(inquiry: PersonaInquiry): IdentityCheckStatus {
  const status = inquiry.data.attributes.status;
  if (status === 'completed' || status === 'approved') return 'passed';
  if (status === 'failed' || status === 'declined') {
    const expired = (inquiry.included ?? []).some(
      (v) =>
        v.type === 'verification/government-id' &&
        (v.attributes?.checks ?? []).some((c) => c.name === 'id_expired_detection' && c.status === 'failed'),
    );
    return expired ? 'expired-document' : 'failed';
  }
  // created, pending, needs_review (manual review), expired (the shopper never finished; a resend starts a new one)
  return 'pending';
}

const FINISHED = new Set(['completed', 'approved', 'failed', 'declined', 'needs_review']);

export function personaIdentity(options: PersonaOptions): IdentityCheckPort {
  const headers = {
    authorization: `Bearer ${options.apiKey}`,
    'persona-version': options.apiVersion ?? '2023-01-05',
    'key-inflection': 'kebab',
  };
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await vendorFetch('persona', `${options.baseUrl}/api/v1${path}`, { method, headers, body });
    if (res.status >= 200 && res.status < 300) return res.body as T;
    throw personaError(res.status, res.body);
  }
  const oneTimeLink = async (inquiryId: string) => {
    const out = await call<{ meta: { 'one-time-link': string; 'one-time-link-short'?: string } }>(
      'POST',
      `/inquiries/${encodeURIComponent(inquiryId)}/generate-one-time-link`,
    );
    return out.meta['one-time-link-short'] || out.meta['one-time-link'];
  };
  const sms = (to: string, url: string, brandName?: string | null) =>
    options.messaging.send({
      channel: 'sms',
      to,
      purpose: 'identity-check',
      body: `${brandName || 'Your lease-to-own provider'}: verify your identity with your driver's license on this phone: ${url}`,
    });

  return {
    async sendLink(request) {
      const digits = request.phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
      if (!/^[2-9]\d{9}$/.test(digits)) throw unprocessable({ phone: ['identity.phone.invalid'] });
      if (request.checkId && /^inq_[A-Za-z0-9]+$/.test(request.checkId)) {
        try {
          const existing = await call<PersonaInquiry>('GET', `/inquiries/${request.checkId}`);
          const status = existing.data.attributes.status;
          if (FINISHED.has(status)) return { checkId: existing.data.id, url: '', state: 'already-completed' };
          if (status !== 'expired') {
            const url = await oneTimeLink(existing.data.id);
            await sms(digits, url, request.brandName);
            return { checkId: existing.data.id, url, state: 'resent' };
          }
        } catch (error) {
          if (!(error instanceof VendorError && error.statusCode === 404)) throw error;
        }
      }
      const created = await call<PersonaInquiry>('POST', '/inquiries', {
        data: {
          attributes: {
            'inquiry-template-id': options.templateId,
            'reference-id': request.reference,
            fields: { 'phone-number': `+1${digits}` },
          },
        },
      });
      const url = await oneTimeLink(created.data.id);
      await sms(digits, url, request.brandName);
      return { checkId: created.data.id, url, state: 'sent' };
    },

    async getStatus(checkId) {
      if (!/^inq_[A-Za-z0-9]+$/.test(checkId)) throw notFound('Identity check not found');
      const inquiry = await call<PersonaInquiry>('GET', `/inquiries/${checkId}?include=verifications`);
      const status = personaStatus(inquiry);
      const a = inquiry.data.attributes;
      const completedAt =
        status === 'pending' ? undefined : (a['completed-at'] ?? a['failed-at'] ?? a['decisioned-at'] ?? undefined);
      return { checkId, status, ...(completedAt ? { completedAt } : {}) };
    },

    async readCallback(request): Promise<CallbackCheck> {
      const header = request.headers['persona-signature'];
      if (!header) return { ok: false, reason: 'missing' };
      const fields = Object.fromEntries(
        header.split(',').map((p) => [p.slice(0, p.indexOf('=')).trim(), p.slice(p.indexOf('=') + 1).trim()]),
      );
      const t = Number(fields.t);
      // During a secret rotation Persona sends several signatures, space-separated.
      const given = (fields.v1 ?? '').split(' ').filter((s: string) => /^[0-9a-f]{64}$/.test(s));
      if (!Number.isInteger(t) || given.length === 0) return { ok: false, reason: 'malformed' };
      if (Math.abs(request.nowSeconds - t) > 300) return { ok: false, reason: 'stale' };
      const expected = createHmac('sha256', options.webhookSecret).update(`${t}.${request.rawBody}`).digest();
      if (!given.some((g: string) => timingSafeEqual(expected, Buffer.from(g, 'hex'))))
        return { ok: false, reason: 'mismatch' };
      let body: {
        data?: {
          id?: string;
          attributes?: {
            name?: string;
            'created-at'?: string;
            payload?: { data?: { id?: string; attributes?: { status?: string } } };
          };
        };
      };
      try {
        body = JSON.parse(request.rawBody);
      } catch {
        return { ok: false, reason: 'invalid-body' };
      }
      const event = body?.data;
      const name = event?.attributes?.name;
      const inquiry = event?.attributes?.payload?.data;
      if (typeof event?.id !== 'string' || typeof name !== 'string' || typeof inquiry?.id !== 'string')
        return { ok: false, reason: 'invalid-body' };
      const occurredAt = event.attributes?.['created-at'] ?? new Date(t * 1000).toISOString();
      if (['inquiry.completed', 'inquiry.approved', 'inquiry.declined', 'inquiry.failed'].includes(name)) {
        return {
          ok: true,
          event: {
            id: event.id,
            type: 'check.completed',
            objectId: inquiry.id,
            occurredAt,
            data: { vendor_status: inquiry.attributes?.status ?? name.slice(8) },
          },
        };
      }
      if (name === 'inquiry.expired')
        return { ok: true, event: { id: event.id, type: 'check.expired', objectId: inquiry.id, occurredAt, data: {} } };
      return { ok: true, ignored: name, eventId: event.id };
    },
  };
}
