import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { api } from '../../support/api.ts';
import {
  applicant,
  confirmPin,
  decided,
  readPin,
  sendPin,
  shopperSession,
  submit,
  verify,
  type Shopper,
} from './support.ts';

const blns: string[] = JSON.parse(readFileSync(new URL('../../fixtures/blns.json', import.meta.url), 'utf8'));

const who = (shopper: Shopper) => ({
  last_name: shopper.body.applicant.last_name,
  social_security_number: shopper.body.applicant.social_security_number,
  date_of_birth: shopper.body.applicant.date_of_birth,
});

async function retrieve(headers: Record<string, string>, body: Record<string, unknown>) {
  return api('POST', '/apply-v2/application/retrieve', { body, headers });
}

describe('POST /apply-v2/application/retrieve', () => {
  it('404 with the seed message when nothing matches (the page takes the new-applicant path)', async () => {
    const { headers, store } = await shopperSession();
    const res = await retrieve(headers, {
      last_name: 'Nobody',
      social_security_number: '123-71-4567',
      date_of_birth: '1990-01-01',
      store_id: store.id,
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Application not found. Please create a new application.');
  });

  it('a draft at this store: verify (PIN in retrieval mode), and the new session may then continue it', async () => {
    const first = await applicant('a-and-b');
    await verify(first); // verified in the first session only
    const { headers, store } = await shopperSession();
    const found = await retrieve(headers, { ...who(first), store_id: store.id });
    expect(found.status).toBe(200);
    expect(found.body.data).toMatchObject({
      verify: true,
      contractInProgress: false,
      rated22App: false,
      mayNotSwitch: false,
      application: { uuid: first.uuid, status: 'draft' },
    });
    // Nothing of the application is shown before the PIN: no name, no SSN.
    expect(JSON.stringify(found.body.data.application)).not.toContain(first.body.applicant.last_name);

    const second = { ...first, headers };
    // Verification belongs to the session that proved the PIN: the new session must prove it too.
    expect((await submit(second)).status).toBe(409);
    await sendPin(second);
    const ok = await confirmPin(second, await readPin(first.body.applicant.email), { retrieval: true });
    expect(ok.status).toBe(200);
    expect(ok.body.data.application.uuid).toBe(first.uuid);
    expect((await submit(second)).body.data.code).toBe('A');
  });

  it('accepts the summary date format MM/DD/YYYY and separators in the SSN', async () => {
    const first = await applicant('option-b');
    const { headers, store } = await shopperSession();
    const [y, m, d] = first.body.applicant.date_of_birth.split('-');
    const ssn = first.body.applicant.social_security_number as string;
    const res = await retrieve(headers, {
      last_name: first.body.applicant.last_name.toUpperCase(),
      social_security_number: `${ssn.slice(0, 3)}-${ssn.slice(3, 5)}-${ssn.slice(5)}`,
      date_of_birth: `${m}/${d}/${y}`,
      store_id: store.id,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.application.uuid).toBe(first.uuid);
  });

  it('an approval from another store: verify, then the approval moves here with the original store kept', async () => {
    const { shopper: original } = await decided('option-a', 'main-street');
    const { headers, store } = await shopperSession('express');
    const found = await retrieve(headers, { ...who(original), store_id: store.id });
    expect(found.status).toBe(200);
    expect(found.body.data).toMatchObject({
      verify: true,
      originalStore: { id: 'sto-main-street', name: 'Main Street' },
      application: { uuid: original.uuid, status: 'approved' },
    });
    expect(found.body.data.message).toBe('Your approval from Main Street has been moved to Express.');

    const moved = { ...original, headers, store };
    await sendPin(moved);
    const confirmed = await confirmPin(moved, await readPin(original.body.applicant.email), { retrieval: true });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data.application).toMatchObject({
      store_id: 'sto-express',
      original_store_id: 'sto-main-street',
      hasApprovedApplication: true,
    });
    expect(confirmed.body.data.originalStore).toMatchObject({ id: 'sto-main-street' });
    expect((await submit(moved)).body.data.code).toBe('A');
    // The first store's session no longer reaches it.
    expect((await api('GET', '/apply-v2/application', { headers: original.headers })).status).toBe(403);
  });

  it('a denied application is not resumed: 404 (the shopper applies again)', async () => {
    const { shopper } = await decided('denied-with-score');
    const { headers, store } = await shopperSession();
    expect((await retrieve(headers, { ...who(shopper), store_id: store.id })).status).toBe(404);
  });

  it('refuses another store id (403) and invalid input (422)', async () => {
    const { headers } = await shopperSession();
    expect(
      (
        await retrieve(headers, {
          last_name: 'Smith',
          social_security_number: '123714567',
          date_of_birth: '1990-01-01',
          store_id: 'sto-express',
        })
      ).status,
    ).toBe(403);
    const bad = await retrieve(headers, {
      last_name: '',
      social_security_number: '000-00-0000',
      date_of_birth: '1990-02-30',
      store_id: 'sto-main-street',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {}).sort()).toEqual(['date_of_birth', 'last_name', 'social_security_number']);
  });

  it('every naughty string as the last name gets a 2xx or 4xx, never a 5xx', async () => {
    const { headers, store } = await shopperSession();
    const failures: string[] = [];
    for (const text of blns) {
      const res = await retrieve(headers, {
        last_name: text,
        social_security_number: '123-71-4567',
        date_of_birth: '1990-01-01',
        store_id: store.id,
      });
      if (res.status >= 500) failures.push(`${res.status} ${JSON.stringify(text)}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
