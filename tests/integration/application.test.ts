import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { api, applySession } from '../support/api.ts';

const blns: string[] = JSON.parse(readFileSync(new URL('../fixtures/blns.json', import.meta.url), 'utf8'));
const PROFILES = ['option-a', 'a-max', 'option-b', 'option-c', 'a-and-b', 'denied-no-score', 'denied-with-score'];

async function session(store = 'main-street', retailer = 'demo-electronics') {
  const s = await applySession(retailer, store);
  return { headers: { 'x-apply-token': s['x-apply-token'], 'x-client-id': s['x-client-id'] }, store: s.store };
}

async function fill(headers: Record<string, string>, type = 'option-a') {
  const res = await api('GET', `/apply-v2/application/fill?type=${type}`, { headers });
  expect(res.status).toBe(200);
  return res.body.data;
}

describe('POST /apply-v2/application', () => {
  it('creates a complete application from each Fill profile at each demo store, concealing sensitive values', async () => {
    for (const [retailer, store] of [
      ['demo-electronics', 'main-street'],
      ['demo-electronics', 'express'],
      ['demo-comfort', 'hvac-central'],
    ]) {
      for (const type of PROFILES) {
        const { headers } = await session(store, retailer);
        const body = await fill(headers, type);
        const res = await api('POST', '/apply-v2/application', { body, headers });
        expect(res.status, `${store} ${type} ${JSON.stringify(res.body.errors)}`).toBe(200);
        const data = res.body.data;
        expect(data.uuid).toMatch(/^[0-9a-f-]{36}$/);
        expect(data.applicant.social_security_number).toBe(`*****${body.applicant.social_security_number.slice(-4)}`);
        expect(data.banking.checking_account).toMatch(/^\*+\d{4}$/);
        expect(data.banking.routing_number).toMatch(/^\*{5}\d{4}$/);
        expect(JSON.stringify(data)).not.toContain(body.applicant.social_security_number);
        expect(JSON.stringify(data)).not.toContain(body.banking.checking_account);
        expect(data.saved_sections).toContain('applicant');
      }
    }
  });

  it('makes a new person on every Fill call', async () => {
    const { headers } = await session();
    const a = await fill(headers);
    const b = await fill(headers);
    expect(a.applicant.social_security_number).not.toBe(b.applicant.social_security_number);
  });

  it('saves one section at a time (autosave) and keeps every saved section on reload', async () => {
    const { headers } = await session('express');
    const full = await fill(headers, 'a-and-b');
    const created = await api('POST', '/apply-v2/application', {
      body: {
        section: ['applicant'],
        applicant: full.applicant,
        product_selection_override: full.product_selection_override,
      },
      headers,
    });
    expect(created.status).toBe(200);
    const uuid = created.body.data.uuid;
    for (const section of ['location', 'incomes', 'banking'] as const) {
      const res = await api('POST', '/apply-v2/application', {
        body: { uuid, section: [section], [section]: full[section] },
        headers,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const reloaded = await api('GET', '/apply-v2/application', { headers });
    expect(reloaded.body.data.saved_sections).toEqual(
      expect.arrayContaining(['applicant', 'location', 'incomes', 'banking']),
    );
    expect(reloaded.body.data.location.city).toBe(full.location.city);
    expect(reloaded.body.data.incomes).toHaveLength(1);
  });

  it('requires the applicant first, and says what is wrong per field', async () => {
    const { headers } = await session();
    const noApplicant = await api('POST', '/apply-v2/application', {
      body: { section: ['location'], location: { line_1: 'x' } },
      headers,
    });
    expect(noApplicant.status).toBe(422);
    expect(Object.keys(noApplicant.body.errors ?? {})).toContain('applicant');

    const full = await fill(headers);
    const young = structuredClone(full);
    const today = new Date();
    young.applicant.date_of_birth = `${today.getUTCFullYear() - 17}-01-01`;
    const tooYoung = await api('POST', '/apply-v2/application', { body: young, headers });
    expect(tooYoung.status).toBe(422);
    expect(tooYoung.body.errors?.['applicant.date_of_birth']).toEqual(['Must be older than 18 years.']);

    const poor = structuredClone(full);
    poor.incomes[0].gross = '400.00';
    const lowIncome = await api('POST', '/apply-v2/application', { body: poor, headers });
    expect(lowIncome.status).toBe(422);
    expect(JSON.stringify(lowIncome.body.errors)).toContain('Income must be over $1200 per month');

    const badBank = structuredClone(full);
    badBank.banking.routing_number = '021000022';
    const routing = await api('POST', '/apply-v2/application', { body: badBank, headers });
    expect(routing.body.errors?.['banking.routing_number']).toEqual(['Invalid routing number']);

    const mismatch = structuredClone(full);
    mismatch.banking.checking_account_confirmation = '999';
    const confirm = await api('POST', '/apply-v2/application', { body: mismatch, headers });
    expect(confirm.status).toBe(422);
    expect(Object.keys(confirm.body.errors ?? {})).toContain('banking.checking_account_confirmation');
  });

  it('uses the HVAC minimum income at the HVAC store', async () => {
    const { headers } = await session('hvac-central', 'demo-comfort');
    const body = await fill(headers);
    body.incomes[0] = { ...body.incomes[0], gross: '1200.00', frequency: 'monthly' };
    const res = await api('POST', '/apply-v2/application', { body, headers });
    expect(JSON.stringify(res.body.errors)).toContain('Income must be over $2750 per month');
  });

  it('refuses malformed JSON (400), wrong types (422) and a missing or foreign token, losing nothing', async () => {
    const mine = await session();
    const body = await fill(mine.headers);
    const created = await api('POST', '/apply-v2/application', { body, headers: mine.headers });
    const uuid = created.body.data.uuid;

    expect((await api('POST', '/apply-v2/application', { rawBody: '{"uuid": ', headers: mine.headers })).status).toBe(
      400,
    );
    const wrongType = await api('POST', '/apply-v2/application', {
      body: { uuid, section: ['incomes'], incomes: 'lots' },
      headers: mine.headers,
    });
    expect(wrongType.status).toBe(422);
    expect((await api('POST', '/apply-v2/application', { body: { uuid } })).status).toBe(401);

    const other = await session();
    const foreign = await api('POST', '/apply-v2/application', {
      body: { uuid, section: ['location'], location: body.location },
      headers: other.headers,
    });
    expect([403, 404]).toContain(foreign.status);
    const otherStore = await session('express');
    expect([403, 404]).toContain(
      (await api('GET', `/apply-v2/application?uuid=${uuid}`, { headers: otherStore.headers })).status,
    );

    const after = await api('GET', '/apply-v2/application', { headers: mine.headers });
    expect(after.body.data.incomes).toHaveLength(1);
    expect(after.body.data.location.line_1).toBe(body.location.line_1);
  });

  it('gives the stale tab a 409 with the current application, and keeps both tabs\u2019 sections', async () => {
    const { headers } = await session();
    const body = await fill(headers);
    const created = await api('POST', '/apply-v2/application', { body, headers });
    const { uuid, v } = created.body.data;
    const tabA = await api('POST', '/apply-v2/application', {
      body: { uuid, v, section: ['location'], location: { ...body.location, line_2: 'Apt 1' } },
      headers,
    });
    expect(tabA.status).toBe(200);
    const tabB = await api('POST', '/apply-v2/application', {
      body: { uuid, v, section: ['location'], location: { ...body.location, line_2: 'Apt 2' } },
      headers,
    });
    expect(tabB.status).toBe(409);
    expect(tabB.body.data.current.location.line_2).toBe('Apt 1');

    // Without a version, concurrent saves of different sections are both kept.
    const [loc, inc] = await Promise.all([
      api('POST', '/apply-v2/application', {
        body: { uuid, section: ['location'], location: { ...body.location, line_2: 'Suite 9' } },
        headers,
      }),
      api('POST', '/apply-v2/application', {
        body: { uuid, section: ['incomes'], incomes: [{ ...body.incomes[0], gross: '2500.00' }] },
        headers,
      }),
    ]);
    expect([loc.status, inc.status]).toEqual([200, 200]);
    const final = await api('GET', '/apply-v2/application', { headers });
    expect(final.body.data.location.line_2).toBe('Suite 9');
    expect(final.body.data.incomes[0].gross).toBe('2500.00');
  });

  it('answers every naughty string in text fields with a 2xx or a 4xx, and stores accepted text unchanged', async () => {
    const { headers } = await session();
    const body = await fill(headers);
    const created = await api('POST', '/apply-v2/application', { body, headers });
    const uuid = created.body.data.uuid;
    const failures: string[] = [];
    for (const s of blns) {
      const applicant = { ...body.applicant, middle_name: s };
      const res = await api('POST', '/apply-v2/application', {
        body: { uuid, section: ['applicant'], applicant },
        headers,
      });
      if (res.status >= 500) failures.push(`500 ${JSON.stringify(s)}`);
      else if (
        res.status === 200 &&
        res.body.data.applicant.middle_name !== (s.trim() || null) &&
        res.body.data.applicant.middle_name !== s
      ) {
        failures.push(`changed ${JSON.stringify(s)} -> ${JSON.stringify(res.body.data.applicant.middle_name)}`);
      }
      const loc = await api('POST', '/apply-v2/application', {
        body: { uuid, section: ['location'], location: { ...body.location, line_2: s } },
        headers,
      });
      if (loc.status >= 500) failures.push(`500 line_2 ${JSON.stringify(s)}`);
    }
    expect(failures).toEqual([]);
    // Nothing already saved was lost along the way.
    const after = await api('GET', '/apply-v2/application', { headers });
    expect(after.body.data.applicant.first_name).toBe(body.applicant.first_name);
    expect(after.body.data.incomes).toHaveLength(1);
  });

  it('saves the address on its own through /apply-v2/applicant/address', async () => {
    const { headers } = await session();
    const body = await fill(headers);
    await api('POST', '/apply-v2/application', { body, headers });
    const res = await api('POST', '/apply-v2/applicant/address', {
      body: { ...body.location, line_1: '742 Evergreen Terrace' },
      headers,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.location.line_1).toBe('742 Evergreen Terrace');
    const bad = await api('POST', '/apply-v2/applicant/address', { body: { ...body.location, code: '12' }, headers });
    expect(bad.status).toBe(422);
  });
});

describe('customer checks', () => {
  it('answers the previous-customer check and refuses the same person as co-applicant', async () => {
    const { headers } = await session();
    const prev = await api('POST', '/api/v1/previousCustomerCheck', { body: { ssn: '212-71-1234' }, headers });
    expect(prev.status).toBe(200);
    expect(prev.body.data.isPreviousCustomer).toBe(false);
    const same = await api('POST', '/api/v1/preapprovalCustomerCheck', {
      body: { ssn: '212711234', coapplicant_ssn: '212-71-1234' },
      headers,
    });
    expect(same.status).toBe(422);
    const ok = await api('POST', '/api/v1/preapprovalCustomerCheck', {
      body: { ssn: '212711234', coapplicant_ssn: '212751235' },
      headers,
    });
    expect(ok.body.status).toBe(true);
    const bad = await api('POST', '/api/v1/previousCustomerCheck', { body: { ssn: 'abc' }, headers });
    expect(bad.status).toBe(422);
  });
});

describe('a co-applicant is another person', () => {
  const SAME_SSN =
    'The co-applicant must be another person: their social security number is the same as the applicant\u2019s.';

  /** A complete application whose co-applicant is a second Fill person, with `ssn` as their SSN when given. */
  async function withCoApplicant(headers: Record<string, string>, ssn?: (own: string) => string) {
    const body = await fill(headers);
    const other = await fill(headers);
    const coSsn = ssn ? ssn(body.applicant.social_security_number) : other.applicant.social_security_number;
    return {
      ...body,
      has_co_applicant: true,
      co_applicant: { ...other.applicant, social_security_number: coSsn, same_location: true, incomes: other.incomes },
    };
  }

  it('refuses the applicant’s own SSN as the co-applicant’s, on that field, and saves nothing', async () => {
    const { headers } = await session();
    for (const written of [
      (own: string) => own,
      (own: string) => `${own.slice(0, 3)}-${own.slice(3, 5)}-${own.slice(5)}`,
    ]) {
      const res = await api('POST', '/apply-v2/application', {
        body: await withCoApplicant(headers, written),
        headers,
      });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ 'co_applicant.social_security_number': [SAME_SSN] });
    }
    const application = await api('GET', '/apply-v2/application', { headers });
    expect(application.body.data?.uuid ?? null).toBeNull();
  });

  it('refuses it when the co-applicant step is saved on its own, and accepts another person', async () => {
    const { headers } = await session();
    const full = await withCoApplicant(headers);
    const created = await api('POST', '/apply-v2/application', {
      body: {
        section: ['applicant', 'location', 'incomes', 'banking'],
        ...full,
        has_co_applicant: undefined,
        co_applicant: undefined,
      },
      headers,
    });
    expect(created.status, JSON.stringify(created.body.errors)).toBe(200);
    const uuid = created.body.data.uuid;
    const step = (co: object) =>
      api('POST', '/apply-v2/application', {
        body: { uuid, section: ['has_co_applicant', 'co_applicant'], has_co_applicant: true, co_applicant: co },
        headers,
      });
    const same = await step({ ...full.co_applicant, social_security_number: full.applicant.social_security_number });
    expect(same.status).toBe(422);
    expect(same.body.errors).toEqual({ 'co_applicant.social_security_number': [SAME_SSN] });
    const other = await step(full.co_applicant);
    expect(other.status, JSON.stringify(other.body.errors)).toBe(200);
    expect(other.body.data.co_applicant.social_security_number).toBe(
      `*****${full.co_applicant.social_security_number.slice(-4)}`,
    );
  });
});
