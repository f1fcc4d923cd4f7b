import { createHash, generateKeyPairSync, sign as signData } from 'node:crypto';
import { http, HttpResponse } from 'msw';

// Plaid's documented API (https://plaid.com/docs/api/) as msw handlers, for the tests of the Plaid bank-link adapter.
// A small in-memory Plaid: link tokens (Hosted Link), a session finished with `finishSession`, items, accounts,
// auth numbers (optionally PRODUCT_NOT_READY), item removal, and webhook verification keys with a signer for tests.

export const PLAID_BASE = 'https://sandbox.plaid.test';

export interface FakePlaidAccount {
  account_id: string;
  name: string;
  mask: string;
  type: string;
  subtype: string;
  account: string;
  routing: string;
  verification_status?: string;
}

export function fakePlaid(options: { clientId?: string; secret?: string } = {}) {
  const clientId = options.clientId ?? 'client-123';
  const secret = options.secret ?? 'secret-abc';
  const linkTokens = new Map<string, { user: Record<string, unknown>; webhook: string; publicToken?: string }>();
  const publicTokens = new Map<string, string>();
  const items = new Map<
    string,
    { accessToken: string; accounts: FakePlaidAccount[]; authReady: boolean; removed: boolean }
  >();
  const byAccess = new Map<string, string>();
  const requests: { path: string; body: Record<string, unknown> }[] = [];
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = {
    ...publicKey.export({ format: 'jwk' }),
    alg: 'ES256',
    kid: 'key-1',
    use: 'sig',
    created_at: 1_700_000_000,
    expired_at: null,
  };
  let n = 0;
  let failNext: { status: number; body: Record<string, unknown> } | undefined;

  const error = (status: number, error_type: string, error_code: string, error_message: string) =>
    HttpResponse.json(
      { error_type, error_code, error_message, display_message: null, request_id: `req-${++n}` },
      { status },
    );

  const route = (path: string, handle: (body: Record<string, unknown>) => Response) =>
    http.post(`${PLAID_BASE}${path}`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      requests.push({ path, body });
      if (body.client_id !== clientId || body.secret !== secret)
        return error(400, 'INVALID_INPUT', 'INVALID_API_KEYS', 'invalid client_id or secret provided');
      if (failNext) {
        const f = failNext;
        failNext = undefined;
        return HttpResponse.json(f.body, { status: f.status });
      }
      return handle(body);
    });

  const itemOf = (accessToken: unknown) => {
    const id = byAccess.get(String(accessToken));
    const item = id ? items.get(id) : undefined;
    return item && !item.removed ? { id: id!, item } : undefined;
  };

  const handlers = [
    route('/link/token/create', (body) => {
      const token = `link-sandbox-${++n}`;
      linkTokens.set(token, { user: body.user as Record<string, unknown>, webhook: String(body.webhook) });
      return HttpResponse.json({
        link_token: token,
        expiration: '2030-01-01T04:00:00Z',
        hosted_link_url: `https://hosted.plaid.com/link/${token}`,
        request_id: `req-${n}`,
      });
    }),
    route('/link/token/get', (body) => {
      const link = linkTokens.get(String(body.link_token));
      if (!link) return error(400, 'INVALID_INPUT', 'INVALID_LINK_TOKEN', 'invalid link_token provided');
      const sessions = link.publicToken
        ? [
            {
              link_session_id: 'sess-1',
              started_at: '2030-01-01T00:00:00Z',
              finished_at: '2030-01-01T00:02:00Z',
              results: { item_add_results: [{ public_token: link.publicToken }] },
            },
          ]
        : [];
      return HttpResponse.json({ link_token: body.link_token, link_sessions: sessions, request_id: `req-${n}` });
    }),
    route('/item/public_token/exchange', (body) => {
      const itemId = publicTokens.get(String(body.public_token));
      if (!itemId) return error(400, 'INVALID_INPUT', 'INVALID_PUBLIC_TOKEN', 'could not find matching public token');
      publicTokens.delete(String(body.public_token));
      return HttpResponse.json({
        access_token: items.get(itemId)!.accessToken,
        item_id: itemId,
        request_id: `req-${n}`,
      });
    }),
    route('/accounts/get', (body) => {
      const found = itemOf(body.access_token);
      if (!found) return error(400, 'INVALID_INPUT', 'INVALID_ACCESS_TOKEN', 'could not find matching access token');
      return HttpResponse.json({
        accounts: found.item.accounts.map((a) => ({
          account_id: a.account_id,
          name: a.name,
          official_name: null,
          mask: a.mask,
          type: a.type,
          subtype: a.subtype,
          balances: {},
        })),
        item: { item_id: found.id, institution_id: 'ins_109508', webhook: '', error: null },
        request_id: `req-${n}`,
      });
    }),
    route('/institutions/get_by_id', (body) =>
      HttpResponse.json({
        institution: { institution_id: body.institution_id, name: 'First Platypus Bank' },
        request_id: `req-${n}`,
      }),
    ),
    route('/auth/get', (body) => {
      const found = itemOf(body.access_token);
      if (!found) return error(400, 'INVALID_INPUT', 'INVALID_ACCESS_TOKEN', 'could not find matching access token');
      if (!found.item.authReady)
        return error(400, 'ITEM_ERROR', 'PRODUCT_NOT_READY', 'the requested product is not yet ready');
      const ids = (body.options as { account_ids?: string[] } | undefined)?.account_ids ?? [];
      const accounts = found.item.accounts.filter((a) => ids.length === 0 || ids.includes(a.account_id));
      return HttpResponse.json({
        accounts: accounts.map((a) => ({
          account_id: a.account_id,
          name: a.name,
          mask: a.mask,
          type: a.type,
          subtype: a.subtype,
          verification_status: a.verification_status ?? null,
        })),
        numbers: {
          ach: accounts
            .filter((a) => !a.verification_status)
            .map((a) => ({ account_id: a.account_id, account: a.account, routing: a.routing, wire_routing: null })),
          eft: [],
          international: [],
          bacs: [],
        },
        item: { item_id: found.id },
        request_id: `req-${n}`,
      });
    }),
    route('/item/remove', (body) => {
      const found = itemOf(body.access_token);
      if (!found) return error(400, 'INVALID_INPUT', 'INVALID_ACCESS_TOKEN', 'could not find matching access token');
      found.item.removed = true;
      return HttpResponse.json({ request_id: `req-${n}` });
    }),
    route('/webhook_verification_key/get', (body) =>
      body.key_id === jwk.kid
        ? HttpResponse.json({ key: jwk, request_id: `req-${n}` })
        : error(400, 'INVALID_INPUT', 'INVALID_WEBHOOK_VERIFICATION_KEY_ID', 'invalid key_id provided'),
    ),
  ];

  return {
    handlers,
    requests,
    linkTokens,
    /** The shopper finishes Hosted Link: an item with these accounts is created. */
    finishSession(linkToken: string, accounts: FakePlaidAccount[], authReady = true) {
      const itemId = `item-${++n}`;
      const accessToken = `access-sandbox-${n}`;
      items.set(itemId, { accessToken, accounts, authReady, removed: false });
      byAccess.set(accessToken, itemId);
      const publicToken = `public-sandbox-${n}`;
      publicTokens.set(publicToken, itemId);
      linkTokens.get(linkToken)!.publicToken = publicToken;
      return itemId;
    },
    setAuthReady(itemId: string, ready: boolean) {
      items.get(itemId)!.authReady = ready;
    },
    isRemoved: (itemId: string) => items.get(itemId)?.removed === true,
    failNext(status: number, body: Record<string, unknown>) {
      failNext = { status, body };
    },
    /** Signs a webhook body as Plaid does: an ES256 JWT with iat and the body's SHA-256, in Plaid-Verification. */
    signWebhook(rawBody: string, iat = Math.floor(Date.now() / 1000), kid = jwk.kid) {
      const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const input = `${b64({ alg: 'ES256', kid, typ: 'JWT' })}.${b64({ iat, request_body_sha256: createHash('sha256').update(rawBody).digest('hex') })}`;
      const signature = signData('sha256', Buffer.from(input), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString(
        'base64url',
      );
      return `${input}.${signature}`;
    },
  };
}
