import { randomBytes } from 'node:crypto';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  isWebhookSecret,
  newWebhookSecret,
  normalizeWebhookSecret,
  verifyWebhook,
  webhookHeaders,
  webhookSignature,
} from '../../../functions/platform/standard-webhooks.ts';

// Our signer against the published `standardwebhooks` library, the one a retailer's server would use unchanged.

const body = JSON.stringify({
  id: 'evt-1',
  type: 'lease.funded',
  version: '1',
  created: '2026-11-02T15:04:05.000Z',
  livemode: false,
  data: { checkout_id: 'chk_5f0c2a9e41b7d3c8a6e9f012' },
});
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('Standard Webhooks signing', () => {
  it('signs so that the library verifies it and answers the parsed body', () => {
    const secret = newWebhookSecret();
    const headers = webhookHeaders([secret], 'evt-1', nowSeconds(), body);
    expect(Object.keys(headers).sort()).toEqual(['webhook-id', 'webhook-signature', 'webhook-timestamp']);
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it('makes the same signature as the library for the same id, timestamp and body', () => {
    const secret = newWebhookSecret();
    const at = 1_767_000_000;
    expect(webhookSignature(secret, 'msg_2Lx', at, body)).toBe(
      new Webhook(secret).sign('msg_2Lx', new Date(at * 1000), body),
    );
  });

  it('the library refuses a tampered body, another secret, an old or a future timestamp, and missing headers', () => {
    const secret = newWebhookSecret();
    const wh = new Webhook(secret);
    const fresh = webhookHeaders([secret], 'evt-1', nowSeconds(), body);
    expect(() => wh.verify(body.replace('lease.funded', 'lease.changed_mind'), fresh)).toThrow(
      WebhookVerificationError,
    );
    expect(() => new Webhook(newWebhookSecret()).verify(body, fresh)).toThrow('No matching signature found');
    expect(() => wh.verify(body, webhookHeaders([secret], 'evt-1', nowSeconds() - 6 * 60, body))).toThrow(
      'Message timestamp too old',
    );
    expect(() => wh.verify(body, webhookHeaders([secret], 'evt-1', nowSeconds() + 6 * 60, body))).toThrow(
      'Message timestamp too new',
    );
    expect(() => wh.verify(body, { 'webhook-id': 'evt-1', 'webhook-timestamp': String(nowSeconds()) })).toThrow(
      'Missing required headers',
    );
    // the id is signed too: the same signature under another id is refused
    expect(() => wh.verify(body, { ...fresh, 'webhook-id': 'evt-2' })).toThrow('No matching signature found');
  });

  it('signs with every secret given (a rotation window): the library verifies with either, not with a third', () => {
    const current = newWebhookSecret();
    const previous = newWebhookSecret();
    const headers = webhookHeaders([current, previous], 'evt-9', nowSeconds(), body);
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(new Webhook(current).verify(body, headers)).toMatchObject({ type: 'lease.funded' });
    expect(new Webhook(previous).verify(body, headers)).toMatchObject({ type: 'lease.funded' });
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow('No matching signature found');
  });

  it('our verifier accepts what the library signs and refuses what it refuses', () => {
    const secret = newWebhookSecret();
    const now = nowSeconds();
    const signature = new Webhook(secret).sign('evt-3', new Date(now * 1000), body);
    const headers = {
      'Webhook-Id': 'evt-3',
      'Webhook-Timestamp': String(now),
      'Webhook-Signature': `v1,bm90IGl0 ${signature}`,
    };
    expect(verifyWebhook([newWebhookSecret(), secret], body, headers, now)).toEqual({
      ok: true,
      id: 'evt-3',
      timestamp: now,
    });
    expect(verifyWebhook([secret], `${body} `, headers, now)).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifyWebhook([secret], body, headers, now + 301)).toEqual({ ok: false, reason: 'stale' });
    expect(verifyWebhook([secret], body, { ...headers, 'Webhook-Signature': undefined }, now)).toEqual({
      ok: false,
      reason: 'missing',
    });
    expect(verifyWebhook([secret], body, { ...headers, 'Webhook-Timestamp': 'soon' }, now)).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(verifyWebhook([secret], body, { ...headers, 'Webhook-Signature': 'v2,abc' }, now)).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });

  it('makes whsec_ secrets of 32 random bytes in standard base64, and reads the older base64url ones as the same key', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(isWebhookSecret(secret)).toBe(true);
    expect(newWebhookSecret()).not.toBe(secret);
    for (const bad of ['whsec_', 'whsec_c2hvcnQ=', 'sk_' + secret.slice(6), 'whsec_not base64!'])
      expect(isWebhookSecret(bad)).toBe(false);

    // Before Standard Webhooks the secret was whsec_<base64url of 24 bytes>: find one with - and _ in it.
    let bytes = randomBytes(24);
    while (!/[-_]/.test(bytes.toString('base64url'))) bytes = randomBytes(24);
    const legacy = `whsec_${bytes.toString('base64url')}`;
    const normalized = normalizeWebhookSecret(legacy);
    expect(normalized).toBe(`whsec_${bytes.toString('base64')}`);
    expect(normalizeWebhookSecret(secret)).toBe(secret);
    const headers = webhookHeaders([normalized], 'evt-4', nowSeconds(), body);
    expect(new Webhook(normalized).verify(body, headers)).toMatchObject({ id: 'evt-1' });
    expect(() => normalizeWebhookSecret('whsec_sandbox_esign!')).toThrow();
  });
});
