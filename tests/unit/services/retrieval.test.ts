import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreView } from '../../../machines/contracts/store.ts';
import { DEFAULT_SCORING_SETTINGS } from '../../../machines/domain/scoring-settings.ts';
import { getApplication, saveApplication } from '../../../functions/data/applications.ts';
import { seedScoringSettings } from '../../../functions/data/scoring-settings.ts';
import { putStore } from '../../../functions/data/stores.ts';
import type { ApplySession } from '../../../functions/http/route.ts';
import { DEMO_STORES } from '../../../functions/local/demo-data.ts';
import type { Deps } from '../../../functions/platform/deps.ts';
import type { OutgoingMessage } from '../../../functions/providers/messaging/port.ts';
import { saveApplicationSections } from '../../../functions/services/applications.ts';
import { submitApplication } from '../../../functions/services/decision.ts';
import { fillApplication } from '../../../functions/services/fill.ts';
import { retrieveApplication } from '../../../functions/services/retrieval.ts';
import { confirmPin, sendPin } from '../../../functions/services/verification.ts';
import { applySessionAt, serviceDeps } from '../../support/service-deps.ts';

// Retrieval answers that need states the API cannot reach yet (a contract in progress is set by the checkout; a
// store rated 22): set on the aggregate directly, then retrieved through the service.

let stop: () => Promise<void>;
let deps: Deps;
const outbox: OutgoingMessage[] = [];
const view = (slug: string) => DEMO_STORES.find((s) => s.view.slug === slug)!.view;
const mainStreet = view('main-street');
const rated22: StoreView = {
  ...mainStreet,
  id: 'sto-rated-22',
  slug: 'rated-22',
  name: 'Rated Outlet',
  label: 'Demo Electronics - Rated Outlet',
  rating: 22,
};
const express = view('express');

beforeAll(async () => {
  ({ deps, stop } = await serviceDeps(outbox));
  for (const store of [mainStreet, rated22, express]) await putStore(deps.db, { view: store, active: true });
  await seedScoringSettings(deps.db, DEFAULT_SCORING_SETTINGS, new Date());
}, 60_000);

afterAll(async () => stop?.());

const session = (store: StoreView): Promise<ApplySession> => applySessionAt(deps.db, store, new Date());

/** An approved application at `store`; returns who applied. */
async function approvedAt(store: StoreView) {
  const s = await session(store);
  const body = fillApplication('option-a', store, new Date());
  const saved = await saveApplicationSections(deps, s, body, undefined);
  const bound = { ...s, applicationUuid: saved.uuid };
  await sendPin(deps, bound, { uuid: saved.uuid, mode: 'email' }, 'en');
  await confirmPin(
    deps,
    bound,
    { uuid: saved.uuid, store_id: store.id, code: /\b(\d{5})\b/.exec(outbox.at(-1)!.body)![1]! },
    'en',
  );
  expect((await submitApplication(deps, bound, { uuid: saved.uuid }, 'en')).result.code).toBe('A');
  const a = body.applicant!;
  return {
    uuid: saved.uuid,
    who: {
      last_name: a.last_name!,
      social_security_number: a.social_security_number!,
      date_of_birth: a.date_of_birth!,
    },
  };
}

describe('retrieval answers', () => {
  it('a contract in progress: contact customer service on the brand\u2019s in-progress line', async () => {
    const { uuid, who } = await approvedAt(mainStreet);
    const record = (await getApplication(deps.db, deps.crypto, uuid, new Date()))!;
    const { data, v: _v, ...meta } = record;
    await saveApplication(deps.db, deps.crypto, record, {
      meta: { ...meta, flows: { ...meta.flows, contractInProgress: true } },
      data,
    });
    const answer = await retrieveApplication(deps, await session(express), { ...who, store_id: express.id }, 'en');
    expect(answer).toMatchObject({ contractInProgress: true, application: null, phone: '(800) 555-0143' });
    expect(answer.message).toBe(
      'You currently have a contract in progress. Please contact customer service at (800) 555-0143 for assistance or chat with us below.',
    );
  });

  it('an approval at a store rated 22: contact that store (rated22App)', async () => {
    const { who } = await approvedAt(rated22);
    const answer = await retrieveApplication(deps, await session(express), { ...who, store_id: express.id }, 'en');
    expect(answer).toMatchObject({
      rated22App: true,
      mayNotSwitch: false,
      application: null,
      originalStore: { id: 'sto-rated-22' },
    });
    expect(answer.message).toBe(
      'You currently have an application in progress with Rated Outlet. Please contact them to complete your lease contract or call our customer service for assistance.',
    );
  });

  it('an approval tied to a retailer checkout at its store may not switch (mayNotSwitch)', async () => {
    const { uuid, who } = await approvedAt(mainStreet);
    const record = (await getApplication(deps.db, deps.crypto, uuid, new Date()))!;
    const { data, v: _v, ...meta } = record;
    await saveApplication(deps.db, deps.crypto, record, { meta: { ...meta, checkoutId: 'chk-unit-1' }, data });
    const answer = await retrieveApplication(deps, await session(express), { ...who, store_id: express.id }, 'es');
    expect(answer).toMatchObject({ mayNotSwitch: true, rated22App: false, application: null });
    expect(answer.message).toContain('Main Street');
  });
});
