import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCORING_SETTINGS } from '../../../machines/domain/scoring-settings.ts';
import type { StoredDecision } from '../../../functions/services/decision.ts';
import { countOperations } from '../../../functions/data/client.ts';
import { putCustomer } from '../../../functions/data/customers.ts';
import { getApplication } from '../../../functions/data/applications.ts';
import { seedScoringSettings } from '../../../functions/data/scoring-settings.ts';
import { putStore } from '../../../functions/data/stores.ts';
import type { ApplySession } from '../../../functions/http/route.ts';
import { DEMO_STORES } from '../../../functions/local/demo-data.ts';
import type { Deps } from '../../../functions/platform/deps.ts';
import type { OutgoingMessage } from '../../../functions/providers/messaging/port.ts';
import { saveApplicationSections } from '../../../functions/services/applications.ts';
import { submitApplication } from '../../../functions/services/decision.ts';
import { fillApplication } from '../../../functions/services/fill.ts';
import { confirmPin, sendPin } from '../../../functions/services/verification.ts';
import { applySessionAt, serviceDeps } from '../../support/service-deps.ts';

// The applicant's past with us is read when the PIN is proved and kept on the application, so the submit that follows
// decides without a read of its own; facts older than 10 minutes, or about an SSN changed since, are read again.

let stop: () => Promise<void>;
let deps: Deps;
let nowMs = Date.parse('2025-06-02T15:00:00.000Z');
const outbox: OutgoingMessage[] = [];
const store = DEMO_STORES.find((s) => s.view.slug === 'main-street')!.view;
const CHARGED_OFF = { standing: 'charged-off' as const, leases: 1, since: '2024-01-02' };

beforeAll(async () => {
  ({ deps, stop } = await serviceDeps(outbox, () => new Date(nowMs)));
  await putStore(deps.db, { view: store, active: true });
  await seedScoringSettings(deps.db, DEFAULT_SCORING_SETTINGS, new Date(nowMs));
  // One decision first, so that the settings and state rules the server keeps for seconds are read: the tests count
  // the reads a submit makes of its own.
  await submit(await verifiedShopper('212710100'));
}, 60_000);

afterAll(async () => stop?.());

/** A shopper with a complete application who has proved the PIN; its SSN is `ssn`. */
async function verifiedShopper(ssn: string): Promise<{ session: ApplySession; uuid: string }> {
  const started = await applySessionAt(deps.db, store, new Date(nowMs));
  const body = fillApplication('a-and-b', store, new Date(nowMs));
  body.applicant!.social_security_number = ssn;
  const saved = await saveApplicationSections(deps, started, body, undefined);
  const session = { ...started, applicationUuid: saved.uuid };
  await sendPin(deps, session, { uuid: saved.uuid, mode: 'email' }, 'en');
  const code = /\b(\d{5})\b/.exec(outbox[outbox.length - 1]!.body)![1]!;
  expect((await confirmPin(deps, session, { uuid: saved.uuid, store_id: store.id, code }, 'en')).verified).toBe(true);
  return { session, uuid: saved.uuid };
}

/** Submits and answers the stored decision's reason codes and the database operations the submit made. */
async function submit(shopper: { session: ApplySession; uuid: string }) {
  const counter = countOperations(deps.db);
  const before = counter.snapshot();
  await submitApplication(deps, shopper.session, { uuid: shopper.uuid, terms_accepted: true }, 'en');
  const ops = counter.since(before);
  const record = await getApplication(deps.db, deps.crypto, shopper.uuid, new Date(nowMs));
  const decision = record!.decision as StoredDecision;
  return { code: decision.code, reasons: decision.reasons.map((r) => r.code), ops, kept: record!.previousCustomer };
}

describe('previous-customer facts read at the PIN proof', () => {
  it('a charge-off on file before the proof denies, and the submit reads no history of its own', async () => {
    const ssn = '212710101';
    await putCustomer(deps.db, deps.crypto, ssn, CHARGED_OFF);
    const shopper = await verifiedShopper(ssn);
    const kept = (await getApplication(deps.db, deps.crypto, shopper.uuid, new Date(nowMs)))!.previousCustomer;
    expect(kept?.facts).toMatchObject({ isPreviousCustomer: true, hasOpenChargeOff: true });
    nowMs += 60_000;
    const decided = await submit(shopper);
    expect(decided.code).toBe('D');
    expect(decided.reasons).toContain('PREVIOUS_CUSTOMER_CHARGE_OFF');
    // The application read and the decision's write: no Query of the SSN's history.
    expect(decided.ops).toEqual({ GetItem: 1, UpdateItem: 1 });
    // Decided: the kept facts are not left on the record.
    expect(decided.kept).toBeUndefined();
  });

  it('facts older than 10 minutes are read again: a charge-off recorded since the proof counts', async () => {
    const ssn = '212710102';
    const shopper = await verifiedShopper(ssn);
    await putCustomer(deps.db, deps.crypto, ssn, CHARGED_OFF);
    nowMs += 10 * 60_000 + 1_000;
    const decided = await submit(shopper);
    expect(decided.ops.Query).toBe(1);
    expect(decided.code).toBe('D');
    expect(decided.reasons).toContain('PREVIOUS_CUSTOMER_CHARGE_OFF');
  });

  it('facts about another SSN are read again: the SSN changed after the proof is the one decided on', async () => {
    const shopper = await verifiedShopper('212710103');
    const other = '212710104';
    await putCustomer(deps.db, deps.crypto, other, CHARGED_OFF);
    const body = fillApplication('a-and-b', store, new Date(nowMs));
    const current = (await getApplication(deps.db, deps.crypto, shopper.uuid, new Date(nowMs)))!;
    await saveApplicationSections(
      deps,
      shopper.session,
      {
        ...body,
        uuid: shopper.uuid,
        sections: ['applicant'],
        applicant: { ...current.data.applicant!, social_security_number: other },
      },
      undefined,
    );
    nowMs += 60_000;
    const decided = await submit(shopper);
    expect(decided.ops.Query).toBe(1);
    expect(decided.reasons).toContain('PREVIOUS_CUSTOMER_CHARGE_OFF');
  });
});
