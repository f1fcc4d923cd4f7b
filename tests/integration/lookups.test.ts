import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTING_NUMBERS } from '../../functions/providers/routing/routing-numbers.ts';
import { isValidRoutingNumber } from '../../machines/domain/routing-number.ts';
import { api, applySession } from '../support/api.ts';

const blns: string[] = JSON.parse(readFileSync(new URL('../fixtures/blns.json', import.meta.url), 'utf8'));
let headers: Record<string, string>;

beforeAll(async () => {
  const s = await applySession();
  headers = { 'x-apply-token': s['x-apply-token'], 'x-client-id': s['x-client-id'] };
});

describe('zip lookup', () => {
  it('fills city and state from a real ZIP code', async () => {
    const res = await api('POST', '/api/v1/addresses/zip', { body: { zip: '10001' }, headers });
    expect(res.body.data).toEqual({ city: 'New York', state: 'NY' });
    const austin = await api('POST', '/api/v1/addresses/zip', { body: { zip: '78701' }, headers });
    expect(austin.body.data).toEqual({ city: 'Austin', state: 'TX' });
  });

  it("says 'Invalid zip code entered!' for an unknown or malformed zip and 'Zip code is required!' for none", async () => {
    for (const zip of ['00000', '1234', 'abcde']) {
      const res = await api('POST', '/api/v1/addresses/zip', { body: { zip }, headers });
      expect(res.status).toBe(422);
      expect(res.body.errors?.zip).toEqual(['Invalid zip code entered!']);
    }
    const missing = await api('POST', '/api/v1/addresses/zip', { body: {}, headers });
    expect(missing.body.errors?.zip).toEqual(['Zip code is required!']);
  });

  it('needs the apply token', async () => {
    expect((await api('POST', '/api/v1/addresses/zip', { body: { zip: '10001' } })).status).toBe(401);
  });
});

describe('address suggestions and place details', () => {
  it('suggests real cities for a typed street address and fills line 1, city, state and zip from the place', async () => {
    const res = await api('GET', `/api/v1/addresses/suggestions?searchText=${encodeURIComponent('123 Oak St')}`, {
      headers,
    });
    const entries = Object.entries(res.body.data as Record<string, string>);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries[0]![0]).toMatch(/^123 Oak Street, New York, NY \d{5}, USA$/);
    const place = await api('GET', `/api/v1/addresses/place/${entries[0]![1]}`, { headers });
    const types = Object.fromEntries(
      (place.body.data.address_components as { types: string[]; short_name: string }[]).map((c) => [
        c.types[0],
        c.short_name,
      ]),
    );
    expect(types).toMatchObject({
      street_number: '123',
      route: 'Oak Street',
      locality: 'New York',
      administrative_area_level_1: 'NY',
      country: 'US',
    });
    expect(types.postal_code).toMatch(/^\d{5}$/);
  });

  it('asks for 3 characters and answers unknown places with 404', async () => {
    expect((await api('GET', '/api/v1/addresses/suggestions?searchText=12', { headers })).status).toBe(422);
    expect((await api('GET', '/api/v1/addresses/place/not-a-place-id-at-all', { headers })).status).toBe(404);
  });

  it('never fails with a 5xx on naughty input', async () => {
    const bad: string[] = [];
    for (const s of blns) {
      const a = await api('GET', `/api/v1/addresses/suggestions?searchText=${encodeURIComponent(s)}`, { headers });
      const b = await api('POST', '/api/v1/addresses/zip', { body: { zip: s }, headers });
      if (a.status >= 500 || b.status >= 500) bad.push(JSON.stringify(s));
    }
    expect(bad).toEqual([]);
  });
});

describe('routing number lookup', () => {
  it('ships only real routing numbers that pass the ABA checksum', () => {
    expect(ROUTING_NUMBERS.length).toBeGreaterThan(50);
    for (const [routing] of ROUTING_NUMBERS) expect(isValidRoutingNumber(routing), routing).toBe(true);
  });

  it('names the bank of a known routing number', async () => {
    const res = await api('GET', '/default/system/applications/banking/routing?routing_number=021000021', { headers });
    expect(res.body.data.bank_name).toBe('JPMorgan Chase Bank, N.A.');
    const second = await api('GET', '/second/system/applications/banking/routing?routing_number=121000248', {
      headers,
    });
    expect(second.body.data.bank_name).toBe('Wells Fargo Bank, N.A.');
  });

  it("refuses a bad checksum ('Invalid routing number') and an unknown valid one", async () => {
    const bad = await api('GET', '/default/system/applications/banking/routing?routing_number=021000022', { headers });
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('Invalid routing number');
    const unknown = await api('GET', '/default/system/applications/banking/routing?routing_number=111111118', {
      headers,
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toBe('Routing number could not be validated');
    const missing = await api('GET', '/default/system/applications/banking/routing', { headers });
    expect(missing.body.errors?.routing_number).toEqual(['Routing number is required']);
    const brand = await api('GET', '/nobrand/system/applications/banking/routing?routing_number=021000021', {
      headers,
    });
    expect(brand.status).toBe(404);
  });
});
