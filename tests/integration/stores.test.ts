import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { api, applySession } from '../support/api.ts';

const blns: string[] = JSON.parse(readFileSync(new URL('../fixtures/blns.json', import.meta.url), 'utf8'));

describe('GET /apply-v2/retailer/{retailer}/store/{store}', () => {
  it('answers each seeded active store with its lease program', async () => {
    for (const [retailer, store] of [
      ['demo-electronics', 'main-street'],
      ['demo-electronics', 'express'],
      ['demo-comfort', 'hvac-central'],
    ] as const) {
      const res = await api('GET', `/apply-v2/retailer/${retailer}/store/${store}`);
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(true);
      expect(res.body.data.slug).toBe(store);
      expect(res.body.data.retailer.slug).toBe(retailer);
      expect(res.body.data.lease_program).toMatchObject({
        min_approval_amount: 300,
        apply_form_version: expect.any(Number),
        ocp_enabled: expect.any(Boolean),
        option_c_enabled: expect.any(Boolean),
        mortgage_questions_enabled: expect.any(Boolean),
        sac_days: expect.any(Number),
        sac_110_day: expect.any(Boolean),
        bank_link_send_by: expect.any(Number),
        effective_product_selection_override: expect.any(Array),
      });
    }
  });

  it('has the demo stores of the architecture', async () => {
    const express = (await api('GET', '/apply-v2/retailer/demo-electronics/store/express')).body.data;
    expect(express.lease_program.apply_form_version).toBe(3);
    expect(express.lease_program.option_c_enabled).toBe(true);
    expect(express.lease_program.enable_product_selection).toBe(true);
    expect(express.lease_program.effective_product_selection_override.length).toBeGreaterThan(0);
    expect(express.lease_program.banking_required).toBe(false);
    const hvac = (await api('GET', '/apply-v2/retailer/demo-comfort/store/hvac-central')).body.data;
    expect(hvac.record.identifier).toBe('HVAC');
    expect(hvac.lease_program.mortgage_questions_enabled).toBe(true);
    expect(hvac.rating).toBe(17);
    const main = (await api('GET', '/apply-v2/retailer/demo-electronics/store/main-street')).body.data;
    expect(main.lease_program.ocp_enabled).toBe(true);
    expect(main.lease_program.banking_required).toBe(true);
  });

  it('answers 404 for an unknown retailer, an unknown store and an inactive store', async () => {
    const unknownRetailer = await api('GET', '/apply-v2/retailer/nobody/store/main-street');
    expect(unknownRetailer.status).toBe(404);
    expect(unknownRetailer.body).toMatchObject({
      status: false,
      code: 404,
      message: 'Retailer not found',
      data: { not_found: 'retailer' },
    });
    const unknownStore = await api('GET', '/apply-v2/retailer/demo-electronics/store/nowhere');
    expect(unknownStore.status).toBe(404);
    expect(unknownStore.body.data.not_found).toBe('store');
    const closed = await api('GET', '/apply-v2/retailer/demo-electronics/store/closed');
    expect(closed.status).toBe(404);
    expect(closed.body.message).toBe('Store not found');
  });

  it('never answers a 5xx for any naughty string used as a slug', async () => {
    const failures: string[] = [];
    for (const s of blns) {
      for (const path of [
        `/apply-v2/retailer/${encodeURIComponent(s)}/store/main-street`,
        `/apply-v2/retailer/demo-electronics/store/${encodeURIComponent(s)}`,
      ]) {
        const res = await fetch(`${(await import('../support/api.ts')).baseUrl()}${path}`);
        if (res.status >= 500) failures.push(`${res.status} ${JSON.stringify(s)}`);
        else if (res.status !== 404 && res.status !== 200)
          failures.push(`unexpected ${res.status} ${JSON.stringify(s)}`);
        await res.arrayBuffer();
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('store search', () => {
  it('finds active stores by a word prefix of the store or retailer name', async () => {
    // Other tests share this server and may add stores, so assert on the demo stores only.
    const slugsOf = (res: { body: { data: { store: { slug: string }; retailer: { slug: string } }[] } }) =>
      res.body.data
        .filter((h) => h.retailer.slug === 'demo-electronics')
        .map((h) => h.store.slug)
        .sort();
    const byStore = await api('GET', '/apply-v2/stores?q=main');
    expect(slugsOf(byStore)).toContain('main-street');
    expect(slugsOf(byStore)).not.toContain('express');
    const byRetailer = await api('GET', '/apply-v2/stores?q=demo%20elec');
    expect(slugsOf(byRetailer)).toEqual(expect.arrayContaining(['express', 'main-street']));
    expect(slugsOf(byRetailer)).not.toContain('closed');
    const closed = await api('GET', '/apply-v2/stores?q=closed%20outlet');
    expect(slugsOf(closed)).not.toContain('closed');
  });

  it('asks for at least 2 characters', async () => {
    const res = await api('GET', '/apply-v2/stores?q=m');
    expect(res.status).toBe(422);
    expect(res.body.errors?.q?.[0]).toMatch(/2 or more/);
  });

  it('answers every naughty string with a 2xx or 4xx', async () => {
    const bad: string[] = [];
    for (const s of blns) {
      const res = await api('GET', `/apply-v2/stores?q=${encodeURIComponent(s)}`);
      if (res.status >= 500) bad.push(JSON.stringify(s));
    }
    expect(bad).toEqual([]);
  });
});

describe('POST .../initiate and the apply token', () => {
  it('issues a 256-bit token scoped to the store and bound to the client id', async () => {
    const session = await applySession();
    expect(Buffer.from(session['x-apply-token'], 'base64url').length).toBeGreaterThanOrEqual(32);
    const me = await api('GET', '/apply-v2/session', { headers: session });
    expect(me.status).toBe(200);
    expect(me.body.data.store.slug).toBe('main-street');
  });

  it('refuses a missing token (401) and a token used from another client (403)', async () => {
    const session = await applySession();
    const missing = await api('GET', '/apply-v2/session');
    expect(missing.status).toBe(401);
    expect(missing.body.message).toMatch(/session is missing or has expired/);
    const foreign = await api('GET', '/apply-v2/session', {
      headers: { ...session, 'x-client-id': 'someone-else-123' },
    });
    expect(foreign.status).toBe(403);
    const forged = await api('GET', '/apply-v2/session', { headers: { ...session, 'x-apply-token': 'A'.repeat(43) } });
    expect(forged.status).toBe(401);
  });

  it('refuses an inactive store and malformed JSON', async () => {
    const closed = await api('POST', '/apply-v2/retailer/demo-electronics/store/closed/initiate', { body: {} });
    expect(closed.status).toBe(404);
    const malformed = await api('POST', '/apply-v2/retailer/demo-electronics/store/main-street/initiate', {
      rawBody: '{"client_id":',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/not valid JSON/);
    const wrongType = await api('POST', '/apply-v2/retailer/demo-electronics/store/main-street/initiate', {
      body: { utm: 'x' },
    });
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.errors).toHaveProperty('utm');
  });

  it('keeps the session alive on keep-alive', async () => {
    const session = await applySession();
    const res = await api('GET', '/keep-alive', { headers: session });
    expect(res.status).toBe(200);
    expect(res.body.data.alive).toBe(true);
    expect(Date.parse(res.body.data.expires_at)).toBeGreaterThan(Date.now() + 60 * 60 * 1000);
  });
});

describe('system endpoints', () => {
  it('serves the catalogue in English and Spanish', async () => {
    const en = await api('POST', '/system/translation', { body: { lang: 'en' } });
    const es = await api('POST', '/system/translation', { body: { lang: 'es' } });
    expect(en.body.data.messages['page.notFound.title']).toBe('Page Not Found');
    expect(es.body.data.messages['page.notFound.title']).toBe('Página no encontrada');
    expect(Object.keys(es.body.data.messages).sort()).toEqual(Object.keys(en.body.data.messages).sort());
  });

  it('answers health with 200 when the table is reachable', async () => {
    const res = await api('GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body.data.healthy).toBe(true);
  });

  it('translates errors to Spanish when asked', async () => {
    const res = await api('GET', '/apply-v2/session', { headers: { 'accept-language': 'es-MX,es;q=0.9' } });
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/Su sesión de solicitud/);
  });

  it('answers 404 with the envelope for unknown paths and 405 for a wrong method', async () => {
    const unknown = await api('GET', '/no/such/thing');
    expect(unknown.status).toBe(404);
    expect(unknown.body.status).toBe(false);
    const wrong = await api('DELETE', '/health');
    expect(wrong.status).toBe(405);
  });
});
