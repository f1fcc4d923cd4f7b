import { setupServer } from 'msw/node';
import { beforeEach, describe, expect, it } from 'vitest';
import { plaidBankLink } from '../../../functions/providers/bank-link/plaid.ts';
import { memoryStateStore, VendorError } from '../../../functions/providers/bank-link/vendor-kit.ts';
import type { OutgoingMessage } from '../../../functions/providers/messaging/port.ts';
import { fakePlaid, PLAID_BASE } from '../../../msw/vendors/plaid.ts';
import { serveDuringTests } from '../../support/msw-server.ts';

let plaid = fakePlaid();
const server = setupServer();
serveDuringTests(server);

let sent: OutgoingMessage[];
const make = (secret = 'secret-abc') =>
  plaidBankLink({
    baseUrl: PLAID_BASE,
    clientId: 'client-123',
    secret,
    clientName: 'Keystone Lease-to-Own',
    webhookUrl: () => 'https://lto.test/webhooks/bank-link',
    state: memoryStateStore(),
    messaging: { send: async (m) => (sent.push(m), { id: String(sent.length) }) },
    encrypt: async (s) => `enc(${s})`,
    decrypt: async (s) => s.slice(4, -1),
  });

beforeEach(() => {
  plaid = fakePlaid();
  server.use(...plaid.handlers);
  sent = [];
});

const checking = {
  account_id: 'acc-chk',
  name: 'Plaid Checking',
  mask: '0000',
  type: 'depository',
  subtype: 'checking',
  account: '1111222233330000',
  routing: '011401533',
};
const savings = {
  account_id: 'acc-sav',
  name: 'Plaid Saving',
  mask: '1111',
  type: 'depository',
  subtype: 'savings',
  account: '1111222233331111',
  routing: '011401533',
};
const card = {
  account_id: 'acc-cc',
  name: 'Plaid Credit Card',
  mask: '3333',
  type: 'credit',
  subtype: 'credit card',
  account: '',
  routing: '',
};

describe('Plaid bank-link adapter', () => {
  it('creates a Hosted Link token with our webhook and texts its URL', async () => {
    const port = make();
    const out = await port.createLinkSession({ applicantId: 'app-1', channel: 'sms', phone: '(555) 201-3344' });
    expect(out).toMatchObject({ status: 'sent', url: expect.stringMatching(/^https:\/\/hosted\.plaid\.com\/link\//) });
    const req = plaid.requests.find((r) => r.path === '/link/token/create')!.body;
    expect(req).toMatchObject({
      products: ['auth'],
      country_codes: ['US'],
      webhook: 'https://lto.test/webhooks/bank-link',
      user: { client_user_id: 'app-1', phone_number: '+15552013344' },
    });
    expect(req.hosted_link).toBeDefined();
    expect(sent[0]).toMatchObject({ channel: 'sms', to: '+15552013344', purpose: 'bank-link' });
    expect(sent[0]!.body).toContain(out.status === 'sent' ? out.url : 'x');
  });

  it('asks for missing contact details without calling Plaid', async () => {
    expect(await make().createLinkSession({ applicantId: 'a', channel: 'email' })).toEqual({
      status: 'missing_data',
      fields: ['email'],
    });
    expect(plaid.requests).toHaveLength(0);
  });

  it('finds the profile once the session finished, exchanges the public token, lists deposit accounts and reads ACH numbers', async () => {
    const port = make();
    const link = await port.createLinkSession({ applicantId: 'app-2', channel: 'email', email: 'ada@example.com' });
    expect(await port.checkProfile('app-2')).toEqual({ profileFound: false });
    const itemId = plaid.finishSession(link.status === 'sent' ? link.sessionId : '', [checking, savings, card]);
    expect(await port.checkProfile('app-2')).toEqual({ profileFound: true, profileId: itemId });
    // The access token is exchanged once and kept.
    await port.checkProfile('app-2');
    expect(plaid.requests.filter((r) => r.path === '/item/public_token/exchange')).toHaveLength(1);

    const accounts = await port.listAccounts(itemId);
    expect(accounts).toEqual([
      {
        id: 'acc-chk',
        name: 'Plaid Checking',
        type: 'checking',
        mask: '0000',
        institution: { name: 'First Platypus Bank' },
      },
      {
        id: 'acc-sav',
        name: 'Plaid Saving',
        type: 'savings',
        mask: '1111',
        institution: { name: 'First Platypus Bank' },
      },
    ]);
    expect(await port.getAchNumbers('acc-chk')).toEqual({
      status: 'ready',
      achNumbers: { routing: '011401533', number: '1111222233330000', accountId: 'acc-chk' },
    });
    expect(plaid.requests.find((r) => r.path === '/auth/get')!.body.options).toEqual({ account_ids: ['acc-chk'] });
  });

  it('reports ACH numbers pending while Plaid answers PRODUCT_NOT_READY or the account awaits micro-deposits', async () => {
    const port = make();
    const link = await port.createLinkSession({ applicantId: 'app-3', channel: 'email', email: 'ada@example.com' });
    const itemId = plaid.finishSession(
      link.status === 'sent' ? link.sessionId : '',
      [checking, { ...savings, verification_status: 'pending_automatic_verification' }],
      false,
    );
    await port.checkProfile('app-3');
    await port.listAccounts(itemId);
    expect(await port.getAchNumbers('acc-chk')).toEqual({ status: 'pending' });
    plaid.setAuthReady(itemId, true);
    expect((await port.getAchNumbers('acc-chk')).status).toBe('ready');
    expect(await port.getAchNumbers('acc-sav')).toEqual({ status: 'pending' });
  });

  it('maps Plaid errors to ours', async () => {
    const port = make();
    const link = await port.createLinkSession({ applicantId: 'app-4', channel: 'email', email: 'ada@example.com' });
    const itemId = plaid.finishSession(link.status === 'sent' ? link.sessionId : '', [checking]);
    await port.checkProfile('app-4');
    const cases: [number, Record<string, unknown>, number][] = [
      [400, { error_type: 'ITEM_ERROR', error_code: 'ITEM_LOGIN_REQUIRED', error_message: 'login required' }, 409],
      [429, { error_type: 'RATE_LIMIT_EXCEEDED', error_code: 'RATE_LIMIT_EXCEEDED', error_message: 'slow down' }, 429],
      [400, { error_type: 'INSTITUTION_ERROR', error_code: 'INSTITUTION_DOWN', error_message: 'down' }, 503],
      [500, { error_type: 'API_ERROR', error_code: 'INTERNAL_SERVER_ERROR', error_message: 'oops' }, 503],
    ];
    for (const [status, body, ours] of cases) {
      plaid.failNext(status, body);
      const error = await port.listAccounts(itemId).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(VendorError);
      expect((error as VendorError).statusCode).toBe(ours);
      expect((error as VendorError).vendorCode).toBe(body.error_code);
    }
    await expect(
      make('wrong-secret').createLinkSession({ applicantId: 'x', channel: 'email', email: 'a@b.co' }),
    ).rejects.toMatchObject({ statusCode: 502, vendorCode: 'INVALID_API_KEYS' });
    await expect(port.listAccounts('item-unknown')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('removes the item on abandon, and an already removed item is fine', async () => {
    const port = make();
    const link = await port.createLinkSession({ applicantId: 'app-5', channel: 'email', email: 'ada@example.com' });
    const itemId = plaid.finishSession(link.status === 'sent' ? link.sessionId : '', [checking]);
    await port.checkProfile('app-5');
    await port.deleteProfile(itemId);
    expect(plaid.isRemoved(itemId)).toBe(true);
    expect(await port.checkProfile('app-5')).toEqual({ profileFound: false });
    await port.deleteProfile(itemId);
  });

  it('verifies the Plaid-Verification JWT of webhooks: body hash, key, age', async () => {
    const port = make();
    const now = Math.floor(Date.now() / 1000);
    // A delivery of `body` with a Plaid-Verification header (by default, Plaid's signature of that body, now).
    const deliver = (body: string, verification = plaid.signWebhook(body, now)) =>
      port.readCallback({ rawBody: body, headers: { 'plaid-verification': verification }, nowSeconds: now });
    const raw = JSON.stringify({
      webhook_type: 'LINK',
      webhook_code: 'SESSION_FINISHED',
      status: 'SUCCESS',
      link_token: 'link-sandbox-9',
      link_session_id: 'sess-9',
      public_tokens: ['public-x'],
      environment: 'sandbox',
    });
    const ok = await deliver(raw);
    expect(ok).toMatchObject({ ok: true, event: { type: 'profile.connected', objectId: 'link-sandbox-9' } });
    // The same delivery has the same id (dedupe of Plaid's retries).
    const again = await deliver(raw);
    expect('event' in again && 'event' in ok && again.event.id === ok.event.id).toBe(true);

    const tampered = raw.replace('SUCCESS', 'EXITED');
    expect(await deliver(tampered, plaid.signWebhook(raw, now))).toEqual({ ok: false, reason: 'mismatch' });
    expect(await deliver(raw, plaid.signWebhook(raw, now - 600))).toEqual({ ok: false, reason: 'stale' });
    expect(await deliver(raw, plaid.signWebhook(raw, now, 'key-unknown'))).toEqual({ ok: false, reason: 'mismatch' });
    expect(await port.readCallback({ rawBody: raw, headers: {}, nowSeconds: now })).toEqual({
      ok: false,
      reason: 'missing',
    });
    expect(await deliver(raw, 'not-a-jwt')).toEqual({ ok: false, reason: 'malformed' });

    const auth = JSON.stringify({
      webhook_type: 'AUTH',
      webhook_code: 'AUTOMATICALLY_VERIFIED',
      item_id: 'item-7',
      account_id: 'acc-7',
    });
    expect(await deliver(auth)).toMatchObject({ ok: true, event: { type: 'ach.ready', objectId: 'item-7' } });
    const other = JSON.stringify({
      webhook_type: 'TRANSACTIONS',
      webhook_code: 'SYNC_UPDATES_AVAILABLE',
      item_id: 'item-7',
    });
    expect(await deliver(other)).toMatchObject({ ok: true, ignored: 'TRANSACTIONS/SYNC_UPDATES_AVAILABLE' });
  });
});
