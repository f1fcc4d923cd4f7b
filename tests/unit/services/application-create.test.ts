import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getApplication } from '../../../functions/data/applications.ts';
import { putStore } from '../../../functions/data/stores.ts';
import { DEMO_STORES } from '../../../functions/local/demo-data.ts';
import type { Deps } from '../../../functions/platform/deps.ts';
import { saveApplicationSections } from '../../../functions/services/applications.ts';
import { fillApplication } from '../../../functions/services/fill.ts';
import { applySessionAt, serviceDeps } from '../../support/service-deps.ts';

// One application per apply session, also when the answer to its create is lost (a crash between the record's write
// and the session's link to it, or a dropped connection): the page sends the create again, and it must land on the
// same record. A second record would be orphaned from the checkout, which follows the first and never moves on.

let stop: () => Promise<void>;
let deps: Deps;
const mainStreet = DEMO_STORES.find((s) => s.view.slug === 'main-street')!.view;

beforeAll(async () => {
  ({ deps, stop } = await serviceDeps([]));
  await putStore(deps.db, { view: mainStreet, active: true });
}, 60_000);

afterAll(async () => stop?.());

describe('creating the application of an apply session', () => {
  it('lands a repeated create (its first answer lost) on the same record, with the repeat’s values', async () => {
    const now = new Date();
    // The session as the handler read it before the first create: not linked to any application yet.
    const session = await applySessionAt(deps.db, mainStreet, now);
    const body = fillApplication('option-a', mainStreet, now);
    const first = await saveApplicationSections(deps, session, body, undefined);

    const again = { ...body, applicant: { ...body.applicant, first_name: 'Beatriz' } };
    const second = await saveApplicationSections(deps, session, again, undefined);
    expect(second.uuid).toBe(first.uuid);
    const stored = await getApplication(deps.db, deps.crypto, first.uuid, new Date());
    expect(stored?.data.applicant?.first_name).toBe('Beatriz');
    expect(stored?.clientId).toBe(session.clientId);
  });

  it('gives another session its own application', async () => {
    const now = new Date();
    const one = await applySessionAt(deps.db, mainStreet, now);
    const other = await applySessionAt(deps.db, mainStreet, now);
    const body = fillApplication('option-a', mainStreet, now);
    const a = await saveApplicationSections(deps, one, body, undefined);
    const b = await saveApplicationSections(deps, other, body, undefined);
    expect(a.uuid).not.toBe(b.uuid);
    expect(a.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
