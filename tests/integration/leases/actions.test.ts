import { beforeAll, describe, expect, it } from 'vitest';
import { STAFF_LEASE_ACTION_IDS } from '../../../machines/lease-status/lease-status.machine.ts';
import { api } from '../../support/api.ts';
import { journey, retailer } from '../checkout/support.ts';
import { decided } from '../decision/support.ts';
import { asAdmin, type StaffClient } from '../staff/client.ts';
import {
  ACTION_LABELS,
  STATE_LABELS,
  act,
  bodyFor,
  detail,
  done,
  futureDate,
  notAllowed,
  pollRow,
  refused,
  refusedMany,
  waitForLease,
} from './support.ts';

// Every staff action on a lease, as staff would use it: once in a status that allows it (the status moves as the
// seed's catalogue says and the timeline records who did it) and once where it is not allowed (a 409 with the seed's
// message that changes nothing: same status, same version, same timeline). Records are made once, through the
// shopper's and the retailer's real endpoints.

let admin: StaffClient;
type Rec = { uuid: string; checkoutId?: string; email?: string };
const recs = {} as Record<'esign' | 'lease' | 'paidA' | 'plainA' | 'plainB' | 'plainC' | 'denied', Rec>;

const NOT_CALCULATED = 'Lease contract not yet calculated';
const DISCARD_FIRST = 'An e-sign contract must be discarded before recalculation.';
const DOWN_PAYMENT_DUE = 'The down payment has not been paid: delivery cannot be authorized.';
const NO_CONTRACT_OUT = 'There is no contract out for signing to discard.';

/** Every action that is neither allowed nor guarded in a status gets the seed's refusal. */
async function refusedAll(uuid: string, state: keyof typeof STATE_LABELS, actions: string[]) {
  await refusedMany(
    admin,
    uuid,
    actions.map((a) => [a, notAllowed(ACTION_LABELS[a]!, STATE_LABELS[state]!), bodyFor(a)]),
  );
}

beforeAll(async () => {
  admin = await asAdmin();
  const [esign, lease, paidA, plainA, plainB, plainC, denied] = await Promise.all([
    journey('esign'),
    journey('lease'),
    journey('completed'),
    decided('option-a'),
    decided('option-a'),
    decided('option-a'),
    decided('denied-with-score'),
  ]);
  recs.esign = { uuid: esign.uuid!, checkoutId: esign.checkoutId, email: esign.fill.applicant.email };
  recs.lease = { uuid: lease.uuid!, checkoutId: lease.checkoutId };
  recs.paidA = { uuid: paidA.uuid!, checkoutId: paidA.checkoutId };
  recs.plainA = { uuid: plainA.shopper.uuid };
  recs.plainB = { uuid: plainB.shopper.uuid };
  recs.plainC = { uuid: plainC.shopper.uuid };
  recs.denied = { uuid: denied.shopper.uuid };
  await Promise.all([
    waitForLease(admin, recs.esign.uuid, 'V'),
    waitForLease(admin, recs.lease.uuid, 'V'),
    waitForLease(admin, recs.paidA.uuid, 'Z'),
    waitForLease(admin, recs.plainA.uuid, 'V'),
    waitForLease(admin, recs.plainB.uuid, 'V'),
    waitForLease(admin, recs.plainC.uuid, 'V'),
    waitForLease(admin, recs.denied.uuid, 'N'),
  ]);
}, 60_000);

describe('staff lease actions', () => {
  it('an unknown action is a 404 whose message lists the actions', async () => {
    const res = await act(admin, recs.plainA.uuid, 'launch-rocket');
    expect(res.status).toBe(404);
    expect(res.body.message).toContain('Unknown action "launch-rocket"');
    for (const id of STAFF_LEASE_ACTION_IDS) expect(res.body.message).toContain(id);
  });

  it('approved without a contract: only the approval actions are offered; the rest are refused and change nothing', async () => {
    const { uuid } = recs.plainA;
    const d = await detail(admin, uuid);
    expect(d).toMatchObject({
      status: 'V',
      status_label: STATE_LABELS.V,
      result_code: 'A',
      has_contract: false,
      lease: null,
      checkout: null,
    });
    const offered = (d.actions as any[]).map((a) => a.id).sort();
    expect(offered).toEqual(['changed-mind', 'request-info', 'rescore', 'revoke', 'switch-store']);
    for (const a of d.actions) {
      expect(a.permitted).toBe(true);
      expect(a.confirm).toMatch(
        /^You are changing ".+" from "\(V\) Approved\/Pending Contract" state to ".+" state\.$/,
      );
    }
    const notHere = [
      'fund',
      'complete-funding',
      'reject-funding',
      'mark-delivered',
      'cancel-delivered',
      'cancel-delivery-authorization',
      'authorize-delivery',
      'update-delivery-date',
      'cancel-delivery-date',
      'info-received',
      'reset-to-approved',
    ];
    await refusedMany(admin, uuid, [
      ...notHere.map(
        (a) =>
          [a, notAllowed(ACTION_LABELS[a]!, STATE_LABELS.V!), bodyFor(a)] as [string, string, Record<string, unknown>],
      ),
      // Guarded actions: the status would allow them, the record does not.
      ['set-contract-signed', NOT_CALCULATED],
      ['recalculate', NOT_CALCULATED],
      ['remote-esign', NOT_CALCULATED],
      ['discard-contract', NO_CONTRACT_OUT],
    ]);
  });

  it('a stale version is refused with the stale-write message', async () => {
    const { uuid } = recs.plainA;
    const d = await detail(admin, uuid);
    const res = await act(admin, uuid, 'request-info', { v: d.v - 1, note: 'stale' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This record was changed by someone else in the meantime. Reload it and try again.');
    expect((await detail(admin, uuid)).status).toBe('V');
  });

  it('request-info and info-received: the note is kept while more info is required; a re-score from review decides again', async () => {
    const { uuid } = recs.plainA;
    const asked = await done(admin, uuid, 'request-info', { note: '  Need a recent pay stub  ' }, 'I');
    expect(asked.body.message).toBe('More Info Required: the lease is now in "(I) More Info Required" state.');
    expect(asked.body.data.info_request).toMatchObject({ note: 'Need a recent pay stub' });
    expect(asked.body.data.timeline[0]).toMatchObject({
      kind: 'status',
      name: 'request-info',
      from: 'V',
      to: 'I',
      note: 'Need a recent pay stub',
      actor: { type: 'staff', id: 'usr-admin' },
    });
    await refusedAll(uuid, 'I', [
      'request-info',
      'rescore',
      'switch-store',
      'fund',
      'reset-to-approved',
      'authorize-delivery',
    ]);
    // Still in the list with its new status.
    await pollRow(admin, `/staff/api/applications?status=I&limit=100`, (r) => r.uuid === uuid);

    const received = await done(admin, uuid, 'info-received', {}, 'S');
    expect(received.body.data.info_request).toBeNull();
    await refusedAll(uuid, 'S', [
      'info-received',
      'fund',
      'reset-to-approved',
      'set-contract-signed',
      'mark-delivered',
    ]);

    // Re-score from review: the decision runs again and approves this applicant again.
    const rescored = await done(admin, uuid, 'rescore');
    expect(rescored.body.data.status).toBe('V');
    const names = (rescored.body.data.timeline as any[]).map((e) => `${e.name}:${e.from}>${e.to}`);
    expect(names.slice(0, 2)).toEqual(['decision:S>V', 'rescore:S>S']);
  });

  it('revoke: an approval is withdrawn to Did Not Qualify, where only a re-score is possible', async () => {
    const { uuid } = recs.plainA;
    const res = await done(admin, uuid, 'revoke', { note: 'Duplicate application' }, 'N');
    expect(res.body.data.timeline[0]).toMatchObject({
      name: 'revoke',
      from: 'V',
      to: 'N',
      note: 'Duplicate application',
    });
    expect((res.body.data.actions as any[]).map((a) => a.id)).toEqual(['rescore']);
    await refusedAll(uuid, 'N', ['revoke', 'request-info', 'changed-mind', 'switch-store', 'reset-to-approved']);
  });

  it('rescore of a denied application: back to review, decided again, still Did Not Qualify; the timeline shows both', async () => {
    const { uuid } = recs.denied;
    const before = await detail(admin, uuid);
    expect(before).toMatchObject({ status: 'N', result_code: 'D' });
    const decidedAt = before.decision.decided_at;
    await refusedAll(uuid, 'N', [
      'request-info',
      'revoke',
      'changed-mind',
      'switch-store',
      'reset-to-approved',
      'info-received',
      'fund',
    ]);
    const res = await done(admin, uuid, 'rescore');
    const after = await waitForLease(admin, uuid, 'N');
    expect(res.body.data.status).toBe('N');
    expect(after.result_code).toBe('D');
    expect(after.decision.decided_at > decidedAt).toBe(true);
    // Newest first: the new decision (S -> N) after the re-score (N -> S).
    const entries = (after.timeline as any[]).map((e) => `${e.kind}:${e.name}:${e.from}>${e.to}`);
    expect(entries.slice(0, 2)).toEqual(['status:decision:S>N', 'status:rescore:N>S']);
    expect(after.timeline[1].actor).toMatchObject({ type: 'staff', id: 'usr-admin' });
  });

  it('switch-store: an unknown, inactive, same or other-retailer store is a 422 that changes nothing; otherwise the record moves', async () => {
    const { uuid } = recs.plainB;
    const before = await detail(admin, uuid);
    expect(before.store_id).toBe('sto-main-street');
    const cases: [unknown, string][] = [
      [undefined, 'Choose the store to move the application to.'],
      ['sto-does-not-exist', 'Store not found'],
      ['sto-closed', 'Store is not active!'],
      ['sto-main-street', 'The application is already at this store.'],
    ];
    for (const [store, message] of cases) {
      const res = await act(admin, uuid, 'switch-store', store === undefined ? {} : { store_id: store });
      expect(res.status, String(store)).toBe(422);
      expect(res.body.errors?.store_id).toEqual([message]);
    }
    const unchanged = await detail(admin, uuid);
    expect({ store: unchanged.store_id, v: unchanged.v }).toEqual({ store: 'sto-main-street', v: before.v });

    const moved = await done(admin, uuid, 'switch-store', { store_id: 'sto-express', note: 'Buying at Express' }, 'V');
    expect(moved.body.data).toMatchObject({
      store_id: 'sto-express',
      store_name: 'Express',
      retailer_id: 'ret-demo-electronics',
    });
    expect(
      (moved.body.data.timeline as any[]).some(
        (e) => e.name === 'switch-store' && e.note === 'sto-main-street -> sto-express',
      ),
    ).toBe(true);
    expect((await detail(admin, uuid)).store_id).toBe('sto-express');
    // The list rows follow: found under the new store, gone from the old one.
    await pollRow(admin, `/staff/api/applications?store=sto-express&limit=100`, (r) => r.uuid === uuid);
    const old = await admin.get(`/staff/api/applications?store=sto-main-street&limit=100`);
    expect((old.body.data as any[]).some((r) => r.uuid === uuid)).toBe(false);

    // A checkout belongs to its retailer: its application cannot move to another retailer's store.
    const esign = await detail(admin, recs.esign.uuid);
    const other = await act(admin, recs.esign.uuid, 'switch-store', { store_id: 'sto-hvac-central' });
    expect(other.status).toBe(422);
    expect(other.body.errors?.store_id).toEqual(['Store not found']);
    expect((await detail(admin, recs.esign.uuid)).v).toBe(esign.v);
  });

  it('an e-sign contract out: recalculation is refused until it is discarded; remote e-sign sends the link', async () => {
    const { uuid, email } = recs.esign;
    const d = await detail(admin, uuid);
    expect(d).toMatchObject({ status: 'V', has_contract: true, requires_acceptance: true });
    expect(d.lease.lease_number).toBe(recs.esign.checkoutId);
    const ids = (d.actions as any[]).map((a) => a.id);
    expect(ids).toContain('discard-contract');
    expect(ids).not.toContain('recalculate');
    await refused(admin, uuid, 'recalculate', DISCARD_FIRST);
    await refusedAll(uuid, 'V', ['fund', 'mark-delivered', 'authorize-delivery', 'reset-to-approved']);

    const sent = await done(admin, uuid, 'remote-esign', {}, 'V');
    expect(sent.body.data.timeline[0]).toMatchObject({ kind: 'action', name: 'remote-esign', from: 'V', to: 'V' });
    const mail = await api('GET', '/sandbox/messages');
    expect(
      (mail.body.data as any[]).some(
        (m) => m.to === email && m.purpose === 'remote-esign' && /#\/checkpoint\//.test(m.body),
      ),
    ).toBe(true);

    const discarded = await done(admin, uuid, 'discard-contract', {}, 'V');
    expect(discarded.body.data.timeline[0]).toMatchObject({ name: 'discard-contract', from: 'V', to: 'V' });
    await refused(admin, uuid, 'discard-contract', NO_CONTRACT_OUT);
  });

  it('discard-contract then recalculate: a new revision of the contract, priced today, the approval standing', async () => {
    // SERVER BUG if this fails: after discarding the e-sign contract, recalculation is refused with
    // 'Lease contract not yet calculated' (the discarded revision counts as no contract), so the seed's
    // "discard before recalculation" can never be followed by a recalculation.
    const { uuid } = recs.esign;
    const before = await detail(admin, uuid);
    const res = await act(admin, uuid, 'recalculate');
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body.data.status).toBe('V');
    expect(res.body.data.lease.revision).toBe(before.lease.revision + 1);
    expect(res.body.data.has_contract).toBe(true);
  });

  it('set-contract-signed, the down payment guard, delivery dates, and reset-to-approved', async () => {
    const { uuid } = recs.lease;
    const d = await detail(admin, uuid);
    expect(d).toMatchObject({ status: 'V', has_contract: true, requires_acceptance: true });
    // Nothing is out for signing: nothing to discard; recalculation is allowed (a new revision, still approved).
    await refused(admin, uuid, 'discard-contract', NO_CONTRACT_OUT);
    const recalculated = await done(admin, uuid, 'recalculate', {}, 'V');
    expect(recalculated.body.data.lease.revision).toBe(d.lease.revision + 1);
    expect(recalculated.body.data.timeline[0]).toMatchObject({
      kind: 'action',
      name: 'recalculate',
      from: 'V',
      to: 'V',
    });
    expect(recalculated.body.data).toMatchObject({ has_contract: true, requires_acceptance: true });
    const signed = await done(admin, uuid, 'set-contract-signed', {}, 'Z');
    expect(signed.body.data.requires_acceptance).toBe(false);
    expect((signed.body.data.documents as any[]).map((x) => x.kind)).toEqual([
      'contract',
      'signed-contract',
      'consent-record',
    ]);
    await refused(admin, uuid, 'authorize-delivery', DOWN_PAYMENT_DUE);
    await refusedAll(uuid, 'Z', [
      'set-contract-signed',
      'fund',
      'mark-delivered',
      'request-info',
      'rescore',
      'revoke',
      'switch-store',
      'recalculate',
      'remote-esign',
      'cancel-delivered',
      'complete-funding',
    ]);

    // Delivery date: a past date, a bad format and a day that does not exist are refused; a future date is kept.
    const bad: [string, string][] = [
      ['2001-01-01', 'The delivery date cannot be in the past.'],
      [futureDate(-3), 'The delivery date cannot be in the past.'],
    ];
    for (const [date, message] of bad) {
      const res = await act(admin, uuid, 'update-delivery-date', { delivery_date: date });
      expect(res.status, date).toBe(422);
      expect(res.body.errors?.delivery_date).toEqual([message]);
    }
    for (const date of ['12/31/2031', '2031-1-5', 'tomorrow', '']) {
      const res = await act(admin, uuid, 'update-delivery-date', { delivery_date: date });
      expect(res.status, date).toBe(422);
      expect(res.body.errors?.delivery_date?.length, date).toBeGreaterThan(0);
    }
    const missing = await act(admin, uuid, 'update-delivery-date', {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors?.delivery_date).toEqual(['Enter the delivery date (YYYY-MM-DD).']);
    expect((await detail(admin, uuid)).delivery_date).toBeNull();

    const date = futureDate(10);
    const dated = await done(admin, uuid, 'update-delivery-date', { delivery_date: date }, 'Z');
    expect(dated.body.data.delivery_date).toBe(date);
    expect(dated.body.data.lease.delivery_date).toBe(date);
    const cancelled = await done(admin, uuid, 'cancel-delivery-date', {}, 'Z');
    expect(cancelled.body.data.delivery_date).toBeNull();

    const reset = await done(admin, uuid, 'reset-to-approved', { note: 'New terms' }, 'V');
    expect(reset.body.data.timeline[0]).toMatchObject({
      name: 'reset-to-approved',
      from: 'Z',
      to: 'V',
      note: 'New terms',
    });
    expect(reset.body.data.requires_acceptance).toBe(false);
  });

  it('a delivery date that does not exist (2031-02-30) is refused', async () => {
    // SERVER BUG if this fails: the format check passes and Date.parse rolls 2031-02-30 over to March 2, so a
    // delivery date that does not exist is stored.
    const { uuid } = recs.paidA;
    const before = await detail(admin, uuid);
    expect(before.status).toBe('Z');
    const res = await act(admin, uuid, 'update-delivery-date', { delivery_date: '2031-02-30' });
    expect(res.status).toBe(422);
    expect(res.body.errors?.delivery_date?.length).toBeGreaterThan(0);
    expect((await detail(admin, uuid)).v).toBe(before.v);
  });

  it('authorize, deliver, fund: each step and its undo; funded leases refuse every action', async () => {
    const { uuid } = recs.paidA;
    await refusedAll(uuid, 'Z', ['fund', 'mark-delivered', 'cancel-delivery-authorization', 'complete-funding']);
    await done(admin, uuid, 'authorize-delivery', {}, 'Y');
    await refusedAll(uuid, 'Y', ['fund', 'authorize-delivery', 'cancel-delivered', 'discard-contract', 'request-info']);
    await done(admin, uuid, 'cancel-delivery-authorization', {}, 'Z');
    await done(admin, uuid, 'authorize-delivery', {}, 'Y');
    const date = futureDate(5);
    expect(
      (await done(admin, uuid, 'update-delivery-date', { delivery_date: date }, 'Y')).body.data.delivery_date,
    ).toBe(date);

    const delivered = await done(admin, uuid, 'mark-delivered', {}, 'Y');
    expect(delivered.body.data).toMatchObject({ delivered: true, status_label: STATE_LABELS.Ydelivered });
    expect(delivered.body.data.lease.rog_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await refusedAll(uuid, 'Ydelivered', [
      'mark-delivered',
      'authorize-delivery',
      'changed-mind',
      'update-delivery-date',
      'complete-funding',
    ]);
    const undone = await done(admin, uuid, 'cancel-delivered', {}, 'Y');
    expect(undone.body.data.delivered).toBe(false);
    expect(undone.body.data.lease.rog_date).toBeNull();
    await done(admin, uuid, 'mark-delivered', {}, 'Y');

    await done(admin, uuid, 'fund', {}, 'G');
    await refusedAll(uuid, 'G', ['fund', 'mark-delivered', 'cancel-delivered', 'reset-to-approved', 'changed-mind']);
    const rejected = await done(admin, uuid, 'reject-funding', { note: 'No delivery proof' }, 'Y');
    expect(rejected.body.data.delivered).toBe(true);
    await done(admin, uuid, 'fund', {}, 'G');
    const funded = await done(admin, uuid, 'complete-funding', {}, 'L');
    expect(funded.body.data.lease.funded_at).toBeTruthy();
    expect(funded.body.data.lease.funded_amount).toBe(funded.body.data.lease.cash_price);
    expect(funded.body.data.actions).toEqual([]);
    await refusedAll(uuid, 'L', STAFF_LEASE_ACTION_IDS);
  });

  it('changed-mind before payment cancels the checkout (nothing to refund); reset-to-approved brings an approval back', async () => {
    const { uuid, checkoutId } = recs.esign;
    const res = await done(admin, uuid, 'changed-mind', {}, 'C');
    expect(res.body.data.checkout.status).toBe(12);
    expect(res.body.data.checkout.status_label).toBe('Cancelled');
    expect(res.body.data.payments).toEqual([]);
    expect((await retailer('GET', `/retailer/v1/checkouts/${checkoutId}`)).body.data.status).toBe(12);

    const plain = recs.plainC.uuid;
    await done(admin, plain, 'changed-mind', { note: 'Not now' }, 'C');
    const back = await done(admin, plain, 'reset-to-approved', {}, 'V');
    expect(back.body.data.timeline[0]).toMatchObject({ name: 'reset-to-approved', from: 'C', to: 'V' });
    expect(back.body.data.result_code).toBe('A');
  });
});
