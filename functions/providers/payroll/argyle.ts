import { createHmac, timingSafeEqual } from 'node:crypto';
import { notFound, unprocessable } from '../../platform/errors.ts';
import { sha256Hex, VendorError, vendorFetch, vendorStatusError, type CallbackCheck } from '../bank-link/vendor-kit.ts';
import type { PayrollEmployer, PayrollPort, PayrollResult } from './port.ts';

// The payroll port on Argyle (https://docs.argyle.com/, API v2, HTTP Basic with the API key id and secret):
// employer search (/v2/employer-search) with each employer's deposit-switch capabilities (/v2/items/{id}: a payroll
// deduction needs a partial direct-deposit allocation), an invite per session (/v2/invites: Argyle sends the link by
// SMS or e-mail itself, re-sent with POST /v2/invites/{id}), the verified income from the user's paystubs
// (/v2/paystubs?user=), and webhooks signed `X-Argyle-Signature: <hex HMAC-SHA512 of the body>`.
// Our session id is the invite id; webhooks name Argyle's user (the event's objectId), which the invite carries.

export interface ArgyleOptions {
  baseUrl: string;
  apiKeyId: string;
  apiKeySecret: string;
  webhookSecret: string;
  clock: () => Date;
}

interface ArgyleInvite {
  id: string;
  user: string | null;
  url: string;
  status: 'sent' | 'initiated' | 'attempted' | 'completed' | 'revoked';
  flow_items?: string[] | null;
  updated_at?: string;
}

interface ArgylePaystub {
  employer?: string | null;
  gross_pay?: string | null;
  paystub_date?: string | null;
}

export function argyleError(status: number, body: unknown): VendorError {
  const detail = (body as { detail?: string } | undefined)?.detail;
  if (status === 400) return new VendorError(422, 'Unable to send link!', 'argyle', detail);
  return vendorStatusError('argyle', status, detail);
}

/** Gross monthly income from paystubs: the paystubs of the 90 days up to the latest one, over 3 months, in cents. */
export function monthlyIncomeFromPaystubs(paystubs: readonly ArgylePaystub[]): number | undefined {
  const dated = paystubs
    .map((p) => ({ cents: Math.round(Number(p.gross_pay ?? 'NaN') * 100), at: Date.parse(p.paystub_date ?? '') }))
    .filter((p) => Number.isFinite(p.cents) && p.cents > 0 && Number.isFinite(p.at));
  if (dated.length === 0) return undefined;
  const latest = Math.max(...dated.map((p) => p.at));
  const window = dated.filter((p) => p.at > latest - 90 * 86_400_000);
  return Math.round(window.reduce((sum, p) => sum + p.cents, 0) / 3);
}

export function argylePayroll(options: ArgyleOptions): PayrollPort {
  const headers = {
    authorization: `Basic ${Buffer.from(`${options.apiKeyId}:${options.apiKeySecret}`).toString('base64')}`,
  };
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await vendorFetch('argyle', `${options.baseUrl}/v2${path}`, { method, headers, body });
    if (res.status >= 200 && res.status < 300) return res.body as T;
    throw argyleError(res.status, res.body);
  }
  const validId = (id: string) => /^[0-9a-fA-F-]{8,64}$/.test(id);

  return {
    async searchEmployers(keyword) {
      const q = keyword.trim();
      if (q.length < 3) return [];
      const list = await call<{ results: { id: string; name: string; kind: string; status: string }[] }>(
        'GET',
        `/employer-search?q=${encodeURIComponent(q)}&status=healthy,issues&limit=10`,
      );
      const employers = list.results.filter((r) => r.kind === 'employer' || r.kind === 'platform');
      return Promise.all(
        employers.map(async (r): Promise<PayrollEmployer> => {
          const item = await call<{
            features?: {
              direct_deposit_switch?: {
                deposit_account?: { supported?: boolean; amount_allocation?: boolean; percent_allocation?: boolean };
              };
            };
          }>('GET', `/items/${encodeURIComponent(r.id)}`);
          const account = item.features?.direct_deposit_switch?.deposit_account;
          return {
            id: r.id,
            employerName: r.name,
            pdSupported: Boolean(account?.supported && (account.amount_allocation || account.percent_allocation)),
          };
        }),
      );
    },

    async startSession(request) {
      const phone = request.phone?.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
      if (request.channel === 'sms' && (!phone || phone.length !== 10))
        throw unprocessable({ phone: ['Phone number is required'] });
      if (request.channel === 'email' && !request.email?.includes('@'))
        throw unprocessable({ email: ['E-mail is required'] });
      const invite = await call<ArgyleInvite>('POST', '/invites', {
        first_name: request.firstName,
        last_name: request.lastName,
        ...(request.channel === 'sms'
          ? { phone_number: `${phone!.slice(0, 3)}-${phone!.slice(3, 6)}-${phone!.slice(6)}` }
          : { email: request.email }),
        external_id: request.applicationId,
        flow_items: [request.employer.id],
      });
      return { sessionId: invite.id, url: invite.url };
    },

    async getResult(sessionId): Promise<PayrollResult> {
      if (!validId(sessionId)) throw notFound('Payroll session not found');
      const invite = await call<ArgyleInvite>('GET', `/invites/${sessionId}`);
      const at = invite.updated_at ?? options.clock().toISOString();
      if (invite.status === 'revoked') return { sessionId, status: 'failed', reason: 'link_revoked', completedAt: at };
      if (invite.status === 'attempted')
        return { sessionId, status: 'failed', reason: 'not_connected', completedAt: at };
      if (invite.status !== 'completed' || !invite.user) return { sessionId, status: 'pending' };
      const stubs = await call<{ results: ArgylePaystub[] }>(
        'GET',
        `/paystubs?user=${encodeURIComponent(invite.user)}&limit=100`,
      );
      // Connected but paystubs not synced yet: still pending (the paystubs.fully_synced webhook says when).
      const monthly = monthlyIncomeFromPaystubs(stubs.results);
      if (monthly === undefined) return { sessionId, status: 'pending' };
      const latest = [...stubs.results].sort(
        (a, b) => Date.parse(b.paystub_date ?? '') - Date.parse(a.paystub_date ?? ''),
      )[0];
      return {
        sessionId,
        status: 'completed',
        monthlyIncomeCents: monthly,
        employerName: latest?.employer ?? '',
        completedAt: at,
      };
    },

    async resendLink(sessionId) {
      if (!validId(sessionId)) throw notFound('Payroll session not found');
      const invite = await call<ArgyleInvite>('POST', `/invites/${sessionId}`);
      return { sessionId: invite.id, url: invite.url };
    },

    async readCallback(request): Promise<CallbackCheck> {
      const signature = request.headers['x-argyle-signature'];
      if (!signature) return { ok: false, reason: 'missing' };
      if (!/^[0-9a-f]{128}$/i.test(signature)) return { ok: false, reason: 'malformed' };
      const expected = createHmac('sha512', options.webhookSecret).update(request.rawBody).digest();
      if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return { ok: false, reason: 'mismatch' };
      // Argyle's signature has no timestamp, so staleness cannot be checked: replays are stopped by the dedupe key.
      let body: { event?: string; data?: { user?: string; account?: string } };
      try {
        body = JSON.parse(request.rawBody);
      } catch {
        return { ok: false, reason: 'invalid-body' };
      }
      if (typeof body?.event !== 'string' || typeof body.data?.user !== 'string')
        return { ok: false, reason: 'invalid-body' };
      const id = `argyle_${sha256Hex(request.rawBody).slice(0, 40)}`;
      const occurredAt = new Date(request.nowSeconds * 1000).toISOString();
      const data = { user: body.data.user, account: body.data.account ?? null };
      if (body.event === 'paystubs.fully_synced')
        return { ok: true, event: { id, type: 'session.completed', objectId: body.data.user, occurredAt, data } };
      if (body.event === 'accounts.failed')
        return { ok: true, event: { id, type: 'session.failed', objectId: body.data.user, occurredAt, data } };
      return { ok: true, ignored: body.event, eventId: id };
    },
  };
}
