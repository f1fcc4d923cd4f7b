import { createHash, randomBytes } from 'node:crypto';
import type { ApplicationDetail, LeaseActionRequest, TimelineEntry } from '../../../machines/contracts/staff-leases.ts';
import { translate } from '../../../machines/i18n/catalogue.ts';
import type { Lang } from '../../../machines/i18n/types.ts';
import {
  applyLeaseAction,
  isDelivered,
  leaseActionPermission,
  LEASE_ACTIONS,
  leasePlaceLabel,
  persistLeaseStatus,
  restoreLeaseStatus,
  STAFF_LEASE_ACTION_IDS,
  STAFF_LEASE_ACTIONS,
  isStaffLeaseActionId,
  type StaffLeaseActionId,
} from '../../../machines/lease-status/lease-status.machine.ts';
import { saveApplication } from '../../data/applications.ts';
import { putCheckoutToken } from '../../data/checkouts.ts';
import { addToCounters, saveLease, type LeaseItem, type LeaseRecordData } from '../../data/leases.ts';
import { getStoreById } from '../../data/stores.ts';
import { STALE_WRITE_MESSAGE } from '../../data/items.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, conflict, notFound, unprocessable } from '../../platform/errors.ts';
import { centsToDecimal } from '../../../machines/domain/money.ts';
import type { StaffActor } from '../../platform/staff-types.ts';
import {
  accepts,
  applyToCheckout,
  cancelCheckout,
  CHECKOUT_TOKEN_TTL_SECONDS,
  shopperUrls,
  updateCheckout,
} from '../checkout.ts';
import { priceLease } from '../lease.ts';
import { rescoreApplication } from '../decision.ts';
import { loadScoringSettings } from '../scoring.ts';
import { loadStateRule, withStateRule } from '../state-rules.ts';
import { lenderToday } from '../store-rules.ts';
import { audit, deny, requireTenant } from '../staff/actor.ts';
import { pickTranches, type FundingPick } from '../../../machines/domain/partial-delivery.ts';
import { newEvent } from '../../data/items.ts';
import { applicantNameOf, fundingFactsOf, leaseFactsOf, rowOf, tranchesOf, WHOLE_TRANCHE } from './facts.ts';
import {
  counterScopes,
  currentQueueScopes,
  filedQueueScopes,
  lenderDay,
  statusEvent,
  syncLease,
  syncRowEntries,
  type SyncResult,
} from './sync.ts';
import { detailView } from './views.ts';
import { esignFor } from '../record-vendors.ts';

// A staff action on a lease (POST /staff/api/leases/{uuid}/actions/{action}): the action's own permission, the tenant
// check, then the lease-status machine decides (409 with a clear message when the status or the record's facts do not
// allow it); the action's effect on the checkout or the application runs before the status is saved, so a failure
// changes nothing. Each action is written to the timeline and the audit log, and a status change emits the
// `lease.<status>` event that the webhook dispatcher sends to the retailer.

export interface StaffCtx {
  deps: Deps;
  actor: StaffActor;
  ip: string;
  lang: Lang;
}

const t = (c: Pick<StaffCtx, 'lang'>, key: string, params?: Record<string, string | number>) =>
  translate(c.lang, key, params);

/** Loads (and catches up) a lease record the actor may see; 404 when unknown, 403 for another tenant. */
export async function loadLeaseFor(
  c: StaffCtx,
  uuid: string,
  noun: 'lease' | 'application' = 'lease',
): Promise<SyncResult> {
  const notFoundKey = noun === 'lease' ? 'staff.lease.notFound' : 'staff.lease.applicationNotFound';
  if (!/^[0-9a-f-]{36}$/.test(uuid)) throw notFound(t(c, notFoundKey));
  const synced = await syncLease(c.deps, uuid);
  if (!synced) throw notFound(t(c, notFoundKey));
  await requireTenant(
    c.deps,
    c.actor,
    c.ip,
    { storeIds: [synced.lease.storeId], retailerIds: [synced.lease.retailerId] },
    `lease:${uuid}`,
  );
  return synced;
}

/** A calendar date that exists (Date.parse would roll 2031-02-30 over to March). */
export const isRealDate = (value: string) => {
  const d = new Date(`${value}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
};

function validateInputs(c: StaffCtx, id: StaffLeaseActionId, body: LeaseActionRequest, today: string) {
  if (id === 'switch-store' && !body.store_id) throw unprocessable({ store_id: [t(c, 'staff.lease.storeRequired')] });
  if (id === 'update-delivery-date') {
    if (!body.delivery_date) throw unprocessable({ delivery_date: [t(c, 'staff.lease.deliveryDateRequired')] });
    if (!isRealDate(body.delivery_date))
      throw unprocessable({ delivery_date: [t(c, 'staff.lease.deliveryDateRequired')] });
    if (body.delivery_date < today) throw unprocessable({ delivery_date: [t(c, 'staff.lease.deliveryDatePast')] });
  }
  if (body.note !== undefined && /\p{Cs}/u.test(body.note))
    throw unprocessable({ note: [t(c, 'staff.validation.notWellFormed')] });
}

export async function runLeaseAction(
  c: StaffCtx,
  uuid: string,
  actionId: string,
  body: LeaseActionRequest,
): Promise<{ detail: ApplicationDetail; message: string }> {
  if (!isStaffLeaseActionId(actionId)) {
    throw notFound(
      t(c, 'staff.lease.unknownAction', { actions: STAFF_LEASE_ACTION_IDS.join(', ') }).replace(
        ':action',
        actionId.slice(0, 60),
      ),
    );
  }
  const id = actionId;
  if (!c.actor.permissions.has(leaseActionPermission(id)))
    await deny(c.deps, c.actor, c.ip, `lease:${uuid}`, `permission ${leaseActionPermission(id)}`);
  const { deps } = c;
  for (let attempt = 0; attempt < 4; attempt++) {
    const ctx = await loadLeaseFor(c, uuid);
    const { app, checkout } = ctx;
    const lease = ctx.lease;
    const now = deps.clock();
    const today = lenderToday(now);
    if (body.v !== undefined && body.v !== lease.v) throw conflict(STALE_WRITE_MESSAGE, { current_v: lease.v });
    validateInputs(c, id, body, today);
    const type = STAFF_LEASE_ACTIONS[id];
    let facts = leaseFactsOf(checkout, lease);
    // Funding completes one tranche (tranche_id) or every tranche due; the machine decides on the funding after it.
    let funding: FundingPick | undefined;
    if (id === 'complete-funding') {
      funding = pickTranches(tranchesOf(checkout, lease), body.tranche_id);
      const after = funding.ok ? fundingFactsOf(checkout, lease, funding.ids) : undefined;
      if (after) facts = { ...facts, funding: after };
    }
    const before = restoreLeaseStatus(lease.status);
    const result = applyLeaseAction(before, type, facts, c.lang);
    if (!result.accepted)
      throw conflict(t(c, result.message, result.params), { status: lease.status.code, action: id });
    if (funding && !funding.ok) {
      if (funding.code === 'unknownTranche')
        throw unprocessable({
          tranche_id: [t(c, 'staff.lease.unknownTranche', { id: String(body.tranche_id).slice(0, 64) })],
        });
      throw conflict(
        funding.code === 'alreadyFunded'
          ? t(c, 'staff.lease.trancheFunded', { id: String(body.tranche_id) })
          : t(c, 'leaseStatus.error.nothingDue'),
      );
    }
    // Reset to Approved restores an approval: never one underwriting did not give.
    if (id === 'reset-to-approved' && app.status !== 'approved') {
      throw conflict(
        t(c, 'leaseStatus.error.notAllowed', {
          action: t(c, LEASE_ACTIONS[type]),
          state: leasePlaceLabel(c.lang, lease.status.code, lease.status.delivered),
        }),
      );
    }
    const note = body.note?.trim() || null;
    const change: Partial<LeaseRecordData> = {};
    let after = result.snapshot;
    const extraTimeline: TimelineEntry[] = [];

    // ---- the action's effect outside the status (before the status is saved) ----
    switch (id) {
      case 'discard-contract': {
        if (checkout?.esign?.status === 'sent') {
          // The vendor that made the envelope (the sandbox for a test checkout, functions/services/record-vendors.ts).
          await esignFor(deps, checkout)
            .voidEnvelope(checkout.esign.envelopeId, 'Discarded by staff.')
            .catch((error) => deps.log.warn('could not void envelope', { uuid, error: String(error) }));
          if (accepts(checkout, { type: 'esign.discarded', then: 'lease' })) {
            await applyToCheckout(
              deps,
              checkout.id,
              { type: 'esign.discarded', then: 'lease' },
              {
                actor: 'staff',
                lang: c.lang,
                mutate: (x) => (x.esign ? { esign: { ...x.esign, status: 'voided' } } : {}),
              },
            );
          } else {
            await updateCheckout(deps, checkout.id, (x) =>
              x.esign ? { esign: { ...x.esign, status: 'voided' } } : {},
            );
          }
        }
        change.discardedRevision = checkout?.lease?.revision ?? null;
        change.signedByStaffAt = null;
        break;
      }
      case 'set-contract-signed':
        change.signedByStaffAt = now.toISOString();
        break;
      case 'reset-to-approved':
        change.signedByStaffAt = null;
        change.discardedRevision = checkout?.lease?.revision ?? null;
        change.deliveryDate = null;
        change.rogDate = null;
        break;
      case 'remote-esign': {
        if (!checkout) throw conflict(t(c, 'staff.lease.noCheckout'));
        const a = app.data.applicant;
        if (!a?.email && !a?.cell) throw conflict(t(c, 'staff.lease.noContact'));
        const token = randomBytes(32).toString('base64url');
        await putCheckoutToken(
          deps.db,
          createHash('sha256').update(token).digest('hex'),
          checkout.id,
          now,
          CHECKOUT_TOKEN_TTL_SECONDS,
        );
        const link = shopperUrls(deps.config.publicUrl, token).url;
        const params = { name: a.first_name ?? '', link };
        const lang = checkout.lang === 'es' ? 'es' : 'en';
        if (a.email)
          await deps.providers.messaging.send({
            channel: 'email',
            to: a.email,
            subject: translate(lang, 'staff.lease.remoteEsignSubject'),
            body: translate(lang, 'staff.lease.remoteEsignBody', params),
            purpose: 'remote-esign',
          });
        if (a.cell)
          await deps.providers.messaging.send({
            channel: 'sms',
            to: a.cell,
            body: translate(lang, 'staff.lease.remoteEsignBody', params),
            purpose: 'remote-esign',
          });
        break;
      }
      case 'recalculate': {
        if (!checkout?.lease) throw conflict(t(c, 'leaseStatus.error.notCalculated'));
        const settings = await loadScoringSettings(deps);
        // Today's terms: today's date and today's state rule (its cost cap).
        const input = withStateRule(
          { ...checkout.lease.input, leaseBeginsAt: today },
          await loadStateRule(deps, checkout.lease.input.state),
        );
        delete (input as { firstPaymentDate?: string }).firstPaymentDate;
        const computation = priceLease(input, settings);
        await updateCheckout(deps, checkout.id, (x) =>
          x.lease
            ? {
                lease: { ...x.lease, input, computation, createdAt: now.toISOString(), revision: x.lease.revision + 1 },
              }
            : {},
        );
        break;
      }
      case 'rescore': {
        // Back to review, then the decision runs again on the stored application with today's scoring settings;
        // its outcome reaches this record as a decision fact (approve or decline) on the next catch-up.
        break;
      }
      case 'switch-store': {
        const store = await getStoreById(deps.db, body.store_id!, now);
        if (!store) throw unprocessable({ store_id: [t(c, 'staff.lease.storeNotFound')] });
        if (!store.active) throw unprocessable({ store_id: [t(c, 'staff.lease.storeInactive')] });
        if (store.view.id === app.storeId) throw unprocessable({ store_id: [t(c, 'staff.lease.sameStore')] });
        // A checkout belongs to its retailer: the application can move only among that retailer's stores.
        if (checkout && store.view.retailer.id !== checkout.retailerId)
          throw unprocessable({ store_id: [t(c, 'staff.lease.storeNotFound')] });
        await requireTenant(
          deps,
          c.actor,
          c.ip,
          { storeIds: [store.view.id], retailerIds: [store.view.retailer.id] },
          `store:${store.view.id}`,
        );
        const { data, v: _v, ...meta } = app;
        await saveApplication(deps.db, deps.crypto, app, {
          meta: {
            ...meta,
            storeId: store.view.id,
            retailerId: store.view.retailer.id,
            originalStoreId: meta.originalStoreId ?? app.storeId,
            updatedAt: now.toISOString(),
          },
          data,
        });
        change.storeId = store.view.id;
        change.retailerId = store.view.retailer.id;
        extraTimeline.push({
          at: now.toISOString(),
          kind: 'note',
          name: 'switch-store',
          from: null,
          to: null,
          actor: actorOf(c),
          note: `${app.storeId} -> ${store.view.id}`,
        });
        break;
      }
      case 'update-delivery-date':
        change.deliveryDate = body.delivery_date!;
        break;
      case 'cancel-delivery-date':
        change.deliveryDate = null;
        break;
      case 'mark-delivered':
        change.rogDate = today;
        break;
      case 'cancel-delivered':
        change.rogDate = null;
        break;
      case 'complete-funding': {
        const picked = funding!;
        const tranches = tranchesOf(checkout, lease);
        const by = { id: c.actor.userId, name: c.actor.displayName || c.actor.username };
        change.fundedTranches = [
          ...(lease.fundedTranches ?? []),
          ...picked.ids.map((tid) => ({
            id: tid,
            cents: tranches.find((x) => x.id === tid)!.amountCents,
            at: now.toISOString(),
            by,
          })),
        ];
        change.fundedCents = change.fundedTranches.reduce((n, x) => n + x.cents, 0);
        // Funded when the lease is: every delivered tranche funded and nothing left to deliver.
        change.fundedAt = result.to === 'L' ? now.toISOString() : null;
        extraTimeline.push({
          at: now.toISOString(),
          kind: 'note',
          name: 'tranche-funded',
          from: null,
          to: null,
          actor: actorOf(c),
          note: picked.ids.filter((x) => x !== WHOLE_TRANCHE).join(', ') || null,
        });
        break;
      }
      case 'changed-mind':
        // The checkout ends too: cancelled before completion, voided after (either records the down payment to refund).
        if (checkout && accepts(checkout, { type: 'checkout.cancelled' }))
          await cancelCheckout(deps, checkout.id, 'staff', c.lang, note ?? 'Changed mind');
        else if (checkout && accepts(checkout, { type: 'checkout.voided' })) {
          await applyToCheckout(
            deps,
            checkout.id,
            { type: 'checkout.voided', reason: note ?? 'Changed mind' },
            { actor: 'staff', lang: c.lang, note: (note ?? 'Changed mind').slice(0, 200) },
          );
        }
        break;
      case 'request-info':
        change.infoRequest = { note: note ?? '', at: now.toISOString() };
        break;
      case 'info-received':
        change.infoRequest = null;
        break;
      default:
        break;
    }
    if (id === 'rescore' && result.to !== 'S') {
      // From N the machine goes to S; elsewhere it already is S. Nothing else to do here.
    }

    const from = { code: lease.status.code, delivered: lease.status.delivered };
    const to = { code: result.to, delivered: isDelivered(after) };
    const entry: TimelineEntry = {
      at: now.toISOString(),
      kind: result.statusChanged ? 'status' : 'action',
      name: id,
      from: from.code,
      to: to.code,
      actor: actorOf(c),
      note,
    };
    const nextRecord: LeaseItem = {
      ...lease,
      ...change,
      status: persistLeaseStatus(after),
      stateChangedAt: result.statusChanged ? now.toISOString() : lease.stateChangedAt,
      timeline: [...lease.timeline, ...extraTimeline, entry],
      updatedAt: now.toISOString(),
    };
    const events = result.statusChanged ? [statusEvent(nextRecord, from, to, id, now)] : [];
    if (id === 'complete-funding' && funding?.ok && !funding.ids.includes(WHOLE_TRANCHE)) {
      // Each funded tranche tells the retailer what was paid for which delivery (issue 13: partial funding).
      const base = statusEvent(nextRecord, from, to, id, now);
      events.push(
        newEvent(
          'lease.tranche_funded',
          { type: 'lease', id: uuid },
          {
            ...base.data,
            tranche_ids: funding.ids,
            amount: centsToDecimal(funding.cents),
            funded_amount: centsToDecimal(nextRecord.fundedCents ?? 0),
          },
          now,
        ),
      );
    }
    let saved: LeaseItem;
    try {
      nextRecord.row = rowOf(
        { ...app, storeId: nextRecord.storeId, retailerId: nextRecord.retailerId },
        nextRecord,
        checkout,
        ctx.store,
      );
      nextRecord.queueScopes = await currentQueueScopes(deps, nextRecord.row);
      saved = await saveLease(deps.db, lease, nextRecord, events);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 409 && body.v === undefined) continue;
      throw error;
    }
    await syncRowEntries(deps, uuid, lease.row, saved.row!, {
      before: filedQueueScopes(lease),
      after: saved.queueScopes ?? [],
    });
    if (id === 'complete-funding' && funding?.ok) {
      // The money counts when each tranche is funded; the lease counts once, when it is funded.
      await addToCounters(deps.db, counterScopes(saved.storeId, saved.retailerId), lenderDay(now.toISOString()), {
        funded_count: result.to === 'L' ? 1 : 0,
        funded_cents: funding.cents,
      });
    }
    await audit(deps, 'lease.action', {
      actor: c.actor,
      ip: c.ip,
      target: `lease:${uuid}`,
      detail: { action: id, from: from.code, to: to.code, note },
    });
    if (id === 'rescore') {
      try {
        await rescoreApplication(deps, uuid);
      } catch (error) {
        const reason = error instanceof AppError ? error.message : String(error);
        deps.log.warn('rescore failed', { uuid, error: reason });
      }
    }
    // Catch up with what the action changed on the checkout or the application (and the rescore's decision).
    const fresh = (await syncLease(deps, uuid))!;
    const state = leasePlaceLabel(c.lang, fresh.lease.status.code, fresh.lease.status.delivered);
    void after;
    after = restoreLeaseStatus(fresh.lease.status);
    return {
      detail: await detailView(deps, fresh, c.actor, c.lang),
      message: t(c, 'staff.lease.actionDone', { action: t(c, LEASE_ACTIONS[type]), state }),
    };
  }
  throw new AppError(409, STALE_WRITE_MESSAGE);
}

const actorOf = (c: StaffCtx): TimelineEntry['actor'] => ({
  type: 'staff',
  id: c.actor.userId,
  name: c.actor.displayName || c.actor.username,
});

export { applicantNameOf };

/**
 * A completed pick-up (functions/services/merchant/pickups.ts): the goods came back. Before funding ends the lease
 * (delivered or funding in process -> (C) Changed Mind, with its webhook); otherwise only the timeline records it.
 */
export async function recordMerchandiseReturned(
  c: StaffCtx,
  uuid: string,
  input: { pickupId: string; type: 'return' | 'repossession'; at: string },
) {
  const { deps } = c;
  for (let attempt = 0; attempt < 4; attempt++) {
    const ctx = await loadLeaseFor(c, uuid);
    const lease = ctx.lease;
    const now = deps.clock();
    const result = applyLeaseAction(
      restoreLeaseStatus(lease.status),
      'lease.merchandiseReturned',
      leaseFactsOf(ctx.checkout, lease),
      c.lang,
    );
    const from = { code: lease.status.code, delivered: lease.status.delivered };
    const to = result.accepted ? { code: result.to, delivered: isDelivered(result.snapshot) } : from;
    const entry: TimelineEntry = {
      at: input.at,
      kind: result.accepted && result.statusChanged ? 'status' : 'event',
      name: `pickup.${input.type}`,
      from: from.code,
      to: result.accepted ? to.code : null,
      actor: actorOf(c),
      note: input.pickupId,
    };
    const next: LeaseItem = {
      ...lease,
      ...(result.accepted
        ? {
            status: persistLeaseStatus(result.snapshot),
            stateChangedAt: result.statusChanged ? now.toISOString() : lease.stateChangedAt,
          }
        : {}),
      timeline: [...lease.timeline, entry],
      updatedAt: now.toISOString(),
    };
    next.row = rowOf(ctx.app, next, ctx.checkout, ctx.store);
    next.queueScopes = await currentQueueScopes(deps, next.row);
    const events =
      result.accepted && result.statusChanged ? [statusEvent(next, from, to, `pickup.${input.type}`, now)] : [];
    try {
      const saved = await saveLease(deps.db, lease, next, events);
      await syncRowEntries(deps, uuid, lease.row, saved.row!, {
        before: filedQueueScopes(lease),
        after: saved.queueScopes ?? [],
      });
      return { status: saved.status.code, changed: events.length > 0 };
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 409) continue;
      throw error;
    }
  }
  throw new AppError(409, STALE_WRITE_MESSAGE);
}
