import { afterAll, describe, expect, it } from 'vitest';
import { api } from '../../support/api.ts';
import { applicant, decided, readPin, sendPin, confirmPin, shopperSession, submit, verify } from './support.ts';

describe('POST /apply-v2/application/confirm', () => {
  it('refuses to submit before the PIN is verified (409, clear message), then decides after it', async () => {
    const shopper = await applicant('a-and-b');
    const early = await submit(shopper);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Please verify the application with the PIN we send you before submitting it.');
    expect(early.body.data).toEqual({ verify_required: true });
    await sendPin(shopper);
    expect((await submit(shopper)).status).toBe(409); // sent is not verified
    expect((await confirmPin(shopper, await readPin(shopper.body.applicant.email))).status).toBe(200);
    expect((await submit(shopper)).status).toBe(200);
  });

  it('submits once: a repeat (and concurrent repeats) answer the same stored result', async () => {
    const shopper = await applicant('a-and-b');
    await verify(shopper);
    const [first, second] = await Promise.all([submit(shopper), submit(shopper)]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual(first.body.data);
    const third = await submit(shopper);
    expect(third.body.data).toEqual(first.body.data);
    // The handler's own entry, then the whole request's time in the function (authentication and reads included).
    expect(third.headers.get('server-timing')).toMatch(/^decision;desc="stored";dur=[\d.]+, app;dur=[\d.]+$/);
    // The application can no longer be edited.
    const edit = await api('POST', '/apply-v2/application', {
      body: { uuid: shopper.uuid, section: ['location'], location: shopper.body.location },
      headers: shopper.headers,
    });
    expect(edit.status).toBe(409);
  });

  it('answers the seed result shape, rendered in the request language', async () => {
    const shopper = await applicant('a-and-b');
    await verify(shopper);
    const es = await submit(shopper, 'es');
    const data = es.body.data;
    expect(Object.keys(data)).toEqual(
      expect.arrayContaining(['code', 'message', 'offerAmounts', 'score', 'payroll', 'reason', 'step']),
    );
    expect(data.message.title).toBe(`¡Felicidades, ${shopper.body.applicant.first_name}!`);
    expect(data.message.name).toBe(shopper.body.applicant.first_name);
    const en = await submit(shopper, 'en');
    expect(en.body.data.message.title).toBe(`Congratulations, ${shopper.body.applicant.first_name}!`);
    expect(en.body.data.offerAmounts).toEqual(data.offerAmounts);
  });

  it('validates the complete application with the store rules (422 with field errors)', async () => {
    const { headers, store } = await shopperSession();
    const fill = await api('GET', '/apply-v2/application/fill?type=option-a', { headers });
    const created = await api('POST', '/apply-v2/application', {
      body: { section: ['applicant'], applicant: fill.body.data.applicant },
      headers,
    });
    const shopper = { headers, store, uuid: created.body.data.uuid, body: fill.body.data };
    await verify(shopper);
    const res = await submit(shopper);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors ?? {})).toEqual(expect.arrayContaining(['location', 'incomes', 'banking']));
  });

  it('the application answer carries the checkpoint flags', async () => {
    const shopper = await applicant('option-a');
    const before = await api('GET', '/apply-v2/application', { headers: shopper.headers });
    expect(before.body.data).toMatchObject({
      verified: false,
      submitted: false,
      result: null,
      hasApprovedApplication: false,
      hasContractInProgress: false,
    });
    await verify(shopper);
    expect((await api('GET', '/apply-v2/application', { headers: shopper.headers })).body.data.verified).toBe(true);
    await submit(shopper);
    const after = await api('GET', '/apply-v2/application', { headers: shopper.headers });
    expect(after.body.data).toMatchObject({
      status: 'approved',
      verified: true,
      submitted: true,
      hasApprovedApplication: true,
    });
    expect(after.body.data.result.message.title).toBe(`Congratulations, ${shopper.body.applicant.first_name}!`);
  });
});

describe('scoring settings are data', () => {
  let original: unknown;
  afterAll(async () => {
    if (original) await api('PUT', '/sandbox/scoring-settings', { body: { settings: original } });
  });

  it('changing the stored settings changes the next decision', async () => {
    const current = await api('GET', '/sandbox/scoring-settings');
    expect(current.status).toBe(200);
    original = current.body.data.settings;
    const before = await decided('option-a');
    expect(before.result.offerAmounts.B).toBe('0.00');

    // Open option B to every decile and lower the merchandise cap: option-a now gets B too, under the new cap.
    const changed = structuredClone(current.body.data.settings);
    changed.version = 'it-wider-b';
    changed.optionDeciles.B = { min: 1, max: 10 };
    changed.caps.merchandiseCents = 500_000;
    const put = await api('PUT', '/sandbox/scoring-settings', { body: { settings: changed, v: current.body.data.v } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data.v).toBe(current.body.data.v + 1);

    const after = await decided('option-a');
    expect(after.result.offerAmounts).toEqual({ A: '5000.00', B: '4500.00', C: '0.00', D: '0.00' });

    // A stale version is refused; invalid settings are a 422 naming the problem.
    expect(
      (await api('PUT', '/sandbox/scoring-settings', { body: { settings: changed, v: current.body.data.v } })).status,
    ).toBe(409);
    const invalid = await api('PUT', '/sandbox/scoring-settings', {
      body: { settings: { ...changed, optionDeciles: { ...changed.optionDeciles, A: { min: 9, max: 2 } } } },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toHaveProperty(['settings.optionDeciles.A']);

    expect((await api('PUT', '/sandbox/scoring-settings', { body: { settings: original } })).status).toBe(200);
    original = undefined;
    const restored = await decided('option-a');
    expect(restored.result.offerAmounts.B).toBe('0.00');
  });
});
