import { describe, expect, it } from 'vitest';
import { SANDBOX_VERIFICATION_SECRETS } from '../../../functions/platform/config.ts';
import { api } from '../../support/api.ts';
import { postCallback, uniqueId } from './support.ts';

const vendors = [
  {
    vendor: 'bank-link',
    secret: SANDBOX_VERIFICATION_SECRETS.bankLink,
    type: 'profile.connected',
    data: { applicant_id: 'a1' },
    status: 'connected',
  },
  {
    vendor: 'identity',
    secret: SANDBOX_VERIFICATION_SECRETS.identity,
    type: 'check.completed',
    data: { status: 'passed' },
    status: 'passed',
  },
  {
    vendor: 'payroll',
    secret: SANDBOX_VERIFICATION_SECRETS.payroll,
    type: 'session.completed',
    data: { monthlyIncomeCents: 510_000, employerName: 'UPS' },
    status: 'completed',
  },
] as const;

const eventId = () => `evt_${uniqueId('t').replace(/-/g, '')}`;
const callbackBody = (type: string, objectId: string, data: Record<string, unknown>, id = eventId()) => ({
  id,
  type,
  object_id: objectId,
  created_at: new Date().toISOString(),
  data,
});
const objectOf = (vendor: string, objectId: string) => api('GET', `/sandbox/vendors/${vendor}/objects/${objectId}`);
const refusedCount = async (vendor: string) =>
  ((await api('GET', `/sandbox/vendors/${vendor}/refused?limit=100`)).body.data as unknown[]).length;

describe.each(vendors)('POST /webhooks/$vendor', ({ vendor, secret, type, data, status }) => {
  it('accepts a correctly signed callback, records the event and the vendor-side status', async () => {
    const objectId = uniqueId('obj');
    const body = callbackBody(type, objectId, data);
    const res = await postCallback(vendor, body, { secret });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('received');
    const object = (await objectOf(vendor, objectId)).body.data;
    expect(object.status).toMatchObject({ status, lastEventId: body.id, lastEventType: type });
    expect(object.events.map((e: { id: string }) => e.id)).toEqual([body.id]);
  });

  it('ignores a replayed event id: 200 duplicate ignored, nothing recorded twice', async () => {
    const objectId = uniqueId('obj');
    const body = callbackBody(type, objectId, data);
    expect((await postCallback(vendor, body, { secret })).body.message).toBe('received');
    const replay = await postCallback(
      vendor,
      { ...body, data: { ...data, status: 'failed', monthlyIncomeCents: 1 } },
      { secret },
    );
    expect(replay.status).toBe(200);
    expect(replay.body.message).toBe('duplicate ignored');
    const object = (await objectOf(vendor, objectId)).body.data;
    expect(object.events).toHaveLength(1);
    expect(object.status.status).toBe(status);
  });

  it.each([
    ['forged (wrong secret)', { secret: 'whsec_not_the_right_one' }],
    ['stale (signed 10 minutes ago)', { secret, timestamp: Math.floor(Date.now() / 1000) - 600 }],
    ['unsigned', { secret, signature: null }],
    ['with a malformed signature header', { secret, signature: 't=abc,v1=zz' }],
  ])('refuses a %s callback with 401, an audit line, and no change', async (_label, options) => {
    const objectId = uniqueId('obj');
    const before = await refusedCount(vendor);
    const res = await postCallback(vendor, callbackBody(type, objectId, data), options);
    expect(res.status).toBe(401);
    expect(res.body.status).toBe(false);
    expect((await objectOf(vendor, objectId)).status).toBe(404);
    expect(await refusedCount(vendor)).toBe(before + 1);
  });

  it.each([
    ['not JSON', '{"id": "evt_x", nope'],
    ['an unknown event type', JSON.stringify(callbackBody('something.else', 'obj-x', {}))],
    ['without an event id', JSON.stringify({ type, object_id: 'obj-y', created_at: new Date().toISOString(), data })],
  ])('refuses a correctly signed but malformed body (%s) with 400 and no change', async (_label, raw) => {
    const res = await postCallback(vendor, undefined, { secret, raw });
    expect(res.status).toBe(400);
    expect((await objectOf(vendor, 'obj-x')).status).toBe(404);
    expect((await objectOf(vendor, 'obj-y')).status).toBe(404);
  });

  it('keeps the newer status when an older event arrives late', async () => {
    const objectId = uniqueId('obj');
    const newer = callbackBody(type, objectId, data);
    const older = {
      ...callbackBody(vendor === 'payroll' ? 'session.failed' : type, objectId, { ...data, status: 'failed' }),
      created_at: new Date(Date.now() - 60_000).toISOString(),
    };
    await postCallback(vendor, newer, { secret });
    expect((await postCallback(vendor, older, { secret })).status).toBe(200);
    const object = (await objectOf(vendor, objectId)).body.data;
    expect(object.events).toHaveLength(2);
    expect(object.status.lastEventId).toBe(newer.id);
  });
});
