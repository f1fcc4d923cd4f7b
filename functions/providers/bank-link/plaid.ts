import { createPublicKey, verify as verifySig, type JsonWebKey } from 'node:crypto';
import { notFound } from '../../platform/errors.ts';
import type { MessagingPort } from '../messaging/port.ts';
import type { AchNumbersResult, BankAccount, BankLinkPort, BankLinkSessionResult } from './port.ts';
import {
  sha256Hex,
  VendorError,
  vendorFetch,
  vendorStatusError,
  type CallbackCheck,
  type VendorStateStore,
} from './vendor-kit.ts';

// The bank-link port on Plaid (https://plaid.com/docs/api/): Hosted Link sessions from /link/token/create, the
// public token of a finished session (/link/token/get) exchanged for an access token (/item/public_token/exchange),
// accounts from /accounts/get, ACH numbers from /auth/get, /item/remove to abandon. Webhooks carry a
// Plaid-Verification JWT (ES256) whose key comes from /webhook_verification_key/get.
// Our profile id is Plaid's item_id; our account id is Plaid's account_id. Access tokens are kept encrypted.

export interface PlaidOptions {
  baseUrl: string;
  clientId: string;
  secret: string;
  clientName: string;
  /** Our webhook endpoint, given to Plaid with each link token. */
  webhookUrl: () => string;
  state: VendorStateStore;
  messaging: MessagingPort;
  encrypt: (plain: string) => Promise<string>;
  decrypt: (envelope: string) => Promise<string>;
  /** Hosted Link URL lifetime. */
  linkLifetimeSeconds?: number;
}

interface PlaidErrorBody {
  error_type?: string;
  error_code?: string;
  error_message?: string;
  display_message?: string | null;
}

/** Plaid's error codes mapped to what we answer. */
export function plaidError(status: number, body: PlaidErrorBody | undefined): VendorError {
  const code = body?.error_code;
  switch (code) {
    case 'ITEM_LOGIN_REQUIRED':
    case 'PENDING_EXPIRATION':
      return new VendorError(
        409,
        'Your bank needs you to log in again. Please connect your bank again.',
        'plaid',
        code,
      );
    case 'INVALID_ACCESS_TOKEN':
    case 'ITEM_NOT_FOUND':
    case 'INVALID_ACCOUNT_ID':
    case 'INVALID_LINK_TOKEN':
      return new VendorError(404, 'Bank profile not found', 'plaid', code);
    case 'INSTITUTION_DOWN':
    case 'INSTITUTION_NOT_RESPONDING':
    case 'INSTITUTION_NOT_AVAILABLE':
      return new VendorError(
        503,
        'Your bank is not responding right now. Please try again later or enter your details manually.',
        'plaid',
        code,
      );
    case 'NO_AUTH_ACCOUNTS':
    case 'NO_ACCOUNTS':
      return new VendorError(422, 'No accounts found for the connected profile.', 'plaid', code);
    case 'RATE_LIMIT_EXCEEDED':
    case 'ACCOUNTS_LIMIT':
    case 'AUTH_LIMIT':
      return new VendorError(429, 'Too many attempts. Please wait a moment and try again.', 'plaid', code);
    default:
      return vendorStatusError('plaid', status, code);
  }
}

const APPLICANT = (id: string) => `applicant#${id}`;
const ITEM = (id: string) => `item#${id}`;
const ACCOUNT = (id: string) => `account#${id}`;
const KEEP_SECONDS = 180 * 24 * 3600;

const e164 = (phone: string) => {
  const digits = phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  return digits.length === 10 ? `+1${digits}` : undefined;
};

export function plaidBankLink(options: PlaidOptions): BankLinkPort {
  const keyCache = new Map<string, { key: JsonWebKey; expired: boolean }>();

  async function call<T>(path: string, body: Record<string, unknown>): Promise<T> {
    const res = await vendorFetch('plaid', `${options.baseUrl}${path}`, {
      method: 'POST',
      headers: {},
      body: { client_id: options.clientId, secret: options.secret, ...body },
    });
    if (res.status >= 200 && res.status < 300) return res.body as T;
    throw plaidError(res.status, res.body as PlaidErrorBody);
  }

  async function accessTokenOfItem(itemId: string): Promise<string> {
    const item = await options.state.get<{ accessToken: string }>(ITEM(itemId));
    if (!item) throw notFound('Bank profile not found');
    return options.decrypt(item.accessToken);
  }

  async function verificationKey(kid: string): Promise<{ key: JsonWebKey; expired: boolean } | undefined> {
    const cached = keyCache.get(kid);
    if (cached) return cached;
    try {
      const out = await call<{ key: JsonWebKey & { expired_at?: number | null } }>('/webhook_verification_key/get', {
        key_id: kid,
      });
      const entry = { key: out.key, expired: out.key.expired_at !== null && out.key.expired_at !== undefined };
      keyCache.set(kid, entry);
      return entry;
    } catch {
      return undefined;
    }
  }

  return {
    async createLinkSession(request): Promise<BankLinkSessionResult> {
      const phone = request.phone ? e164(request.phone) : undefined;
      const email = request.email?.trim() || undefined;
      const missing: string[] = [];
      if (request.channel === 'sms' && !phone) missing.push('phone');
      if (request.channel === 'email' && !email) missing.push('email');
      if (missing.length) return { status: 'missing_data', fields: missing };
      const out = await call<{ link_token: string; expiration: string; hosted_link_url?: string }>(
        '/link/token/create',
        {
          client_name: options.clientName,
          language: 'en',
          country_codes: ['US'],
          products: ['auth'],
          user: {
            client_user_id: request.applicantId,
            ...(phone ? { phone_number: phone } : {}),
            ...(email ? { email_address: email } : {}),
          },
          webhook: options.webhookUrl(),
          hosted_link: { url_lifetime_seconds: options.linkLifetimeSeconds ?? 4 * 3600 },
        },
      );
      if (!out.hosted_link_url)
        throw new VendorError(
          502,
          'The service could not process the request. Please try again later.',
          'plaid',
          'NO_HOSTED_LINK',
        );
      await options.state.put(APPLICANT(request.applicantId), { linkToken: out.link_token }, KEEP_SECONDS);
      const brand = request.brandName || options.clientName;
      await options.messaging.send(
        request.channel === 'sms'
          ? {
              channel: 'sms',
              to: phone!,
              purpose: 'bank-link',
              body: `${brand}: connect your bank account securely here: ${out.hosted_link_url}`,
            }
          : {
              channel: 'email',
              to: email!,
              purpose: 'bank-link',
              subject: `${brand}: connect your bank account`,
              body: `Connect your checking account securely:\n\n${out.hosted_link_url}`,
            },
      );
      return {
        status: 'sent',
        sessionId: out.link_token,
        url: out.hosted_link_url,
        expiresAt: out.expiration,
        channel: request.channel,
      };
    },

    async checkProfile(applicantId) {
      const applicant = await options.state.get<{ linkToken: string; itemId?: string }>(APPLICANT(applicantId));
      if (!applicant) return { profileFound: false };
      if (applicant.itemId) return { profileFound: true, profileId: applicant.itemId };
      const token = await call<{
        link_sessions?: {
          finished_at?: string | null;
          results?: { item_add_results?: { public_token: string }[] } | null;
          on_success?: { public_token?: string } | null;
        }[];
      }>('/link/token/get', { link_token: applicant.linkToken });
      const publicToken = (token.link_sessions ?? [])
        .flatMap((s) => [...(s.results?.item_add_results ?? []).map((r) => r.public_token), s.on_success?.public_token])
        .find((t): t is string => typeof t === 'string' && t.length > 0);
      if (!publicToken) return { profileFound: false };
      const exchanged = await call<{ access_token: string; item_id: string }>('/item/public_token/exchange', {
        public_token: publicToken,
      });
      await options.state.put(
        ITEM(exchanged.item_id),
        { accessToken: await options.encrypt(exchanged.access_token), applicantId },
        KEEP_SECONDS,
      );
      await options.state.put(
        APPLICANT(applicantId),
        { linkToken: applicant.linkToken, itemId: exchanged.item_id },
        KEEP_SECONDS,
      );
      return { profileFound: true, profileId: exchanged.item_id };
    },

    async listAccounts(profileId) {
      const accessToken = await accessTokenOfItem(profileId);
      const out = await call<{
        accounts: {
          account_id: string;
          name: string;
          official_name?: string | null;
          mask: string | null;
          type: string;
          subtype: string | null;
        }[];
        item: { institution_id?: string | null; institution_name?: string | null };
      }>('/accounts/get', { access_token: accessToken });
      let institutionName = out.item.institution_name ?? '';
      if (!institutionName && out.item.institution_id) {
        const inst = await call<{ institution: { name: string } }>('/institutions/get_by_id', {
          institution_id: out.item.institution_id,
          country_codes: ['US'],
        });
        institutionName = inst.institution.name;
      }
      const accounts: BankAccount[] = [];
      for (const a of out.accounts) {
        // Only deposit accounts can carry ACH debits (credit cards, loans and investments are left out).
        if (a.type !== 'depository') continue;
        await options.state.put(ACCOUNT(a.account_id), { itemId: profileId }, KEEP_SECONDS);
        accounts.push({
          id: a.account_id,
          name: a.name,
          type: a.subtype ?? a.type,
          mask: a.mask ?? '',
          institution: { name: institutionName },
        });
      }
      return accounts;
    },

    async getAchNumbers(accountId): Promise<AchNumbersResult> {
      const account = await options.state.get<{ itemId: string }>(ACCOUNT(accountId));
      if (!account) throw notFound('Bank account not found');
      const accessToken = await accessTokenOfItem(account.itemId);
      let out: {
        accounts: { account_id: string; verification_status?: string | null }[];
        numbers: { ach: { account_id: string; account: string; routing: string }[] };
      };
      try {
        out = await call('/auth/get', { access_token: accessToken, options: { account_ids: [accountId] } });
      } catch (error) {
        // Numbers not retrieved yet (e.g. right after linking, or automated micro-deposits still running).
        if (error instanceof VendorError && error.vendorCode === 'PRODUCT_NOT_READY') return { status: 'pending' };
        throw error;
      }
      const status = out.accounts.find((a) => a.account_id === accountId)?.verification_status;
      if (status === 'pending_automatic_verification' || status === 'pending_manual_verification')
        return { status: 'pending' };
      const ach = out.numbers.ach.find((n) => n.account_id === accountId);
      if (!ach) return { status: 'pending' };
      return { status: 'ready', achNumbers: { routing: ach.routing, number: ach.account, accountId } };
    },

    async deleteProfile(profileId) {
      const item = await options.state.get<{ accessToken: string; applicantId: string }>(ITEM(profileId));
      if (!item) return;
      try {
        await call('/item/remove', { access_token: await options.decrypt(item.accessToken) });
      } catch (error) {
        if (!(error instanceof VendorError && error.statusCode === 404)) throw error;
      }
      await options.state.delete(ITEM(profileId));
      await options.state.delete(APPLICANT(item.applicantId));
    },

    async readCallback(request): Promise<CallbackCheck> {
      const jwt = request.headers['plaid-verification'];
      if (!jwt) return { ok: false, reason: 'missing' };
      const parts = jwt.split('.');
      if (parts.length !== 3) return { ok: false, reason: 'malformed' };
      let header: { alg?: string; kid?: string };
      let claims: { iat?: number; request_body_sha256?: string };
      try {
        header = JSON.parse(Buffer.from(parts[0]!, 'base64url').toString('utf8'));
        claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      if (header.alg !== 'ES256' || !header.kid) return { ok: false, reason: 'malformed' };
      const key = await verificationKey(header.kid);
      if (!key || key.expired) return { ok: false, reason: 'mismatch' };
      const valid = verifySig(
        'sha256',
        Buffer.from(`${parts[0]}.${parts[1]}`),
        { key: createPublicKey({ key: key.key, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
        Buffer.from(parts[2]!, 'base64url'),
      );
      if (!valid) return { ok: false, reason: 'mismatch' };
      if (typeof claims.iat !== 'number' || Math.abs(request.nowSeconds - claims.iat) > 5 * 60)
        return { ok: false, reason: 'stale' };
      if (claims.request_body_sha256 !== sha256Hex(request.rawBody)) return { ok: false, reason: 'mismatch' };

      let body: Record<string, unknown>;
      try {
        body = JSON.parse(request.rawBody);
      } catch {
        return { ok: false, reason: 'invalid-body' };
      }
      if (
        !body ||
        typeof body !== 'object' ||
        typeof body.webhook_type !== 'string' ||
        typeof body.webhook_code !== 'string'
      ) {
        return { ok: false, reason: 'invalid-body' };
      }
      // Plaid webhooks carry no event id: the hash of the signed body identifies a delivery (retries repeat it).
      const id = `plaid_${sha256Hex(request.rawBody).slice(0, 40)}`;
      const occurredAt = new Date(claims.iat * 1000).toISOString();
      const kind = `${body.webhook_type}/${body.webhook_code}`;
      const str = (v: unknown) => (typeof v === 'string' ? v : '');
      if (kind === 'LINK/SESSION_FINISHED') {
        const success = str(body.status).toUpperCase() === 'SUCCESS';
        return {
          ok: true,
          event: {
            id,
            type: success ? 'profile.connected' : 'session.failed',
            objectId: str(body.link_token) || str(body.link_session_id),
            occurredAt,
            data: { link_session_id: str(body.link_session_id), status: str(body.status) },
          },
        };
      }
      if (kind === 'AUTH/AUTOMATICALLY_VERIFIED' || kind === 'AUTH/DEFAULT_UPDATE') {
        return {
          ok: true,
          event: {
            id,
            type: 'ach.ready',
            objectId: str(body.item_id),
            occurredAt,
            data: { account_id: str(body.account_id) },
          },
        };
      }
      if (kind === 'ITEM/USER_PERMISSION_REVOKED') {
        return { ok: true, event: { id, type: 'profile.deleted', objectId: str(body.item_id), occurredAt, data: {} } };
      }
      return { ok: true, ignored: kind, eventId: id };
    },
  };
}
