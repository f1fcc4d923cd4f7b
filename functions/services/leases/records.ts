import type { ApplicationDetail, RevealableField } from '../../../machines/contracts/staff-leases.ts';
import { translate } from '../../../machines/i18n/catalogue.ts';
import { saveLease, type LeaseItem } from '../../data/leases.ts';
import { getDelivery } from '../../data/webhook-deliveries.ts';
import { getUser } from '../../data/users.ts';
import { AppError, conflict, notFound, unprocessable } from '../../platform/errors.ts';
import { contractHtmlOf, contractPdfOf } from '../contract.ts';
import { auditBy, canAccess } from '../staff/actor.ts';
import { userGuard } from '../staff/actor.ts';
import { loadLeaseFor, type StaffCtx } from './actions.ts';
import { queuesOfScopes } from './facts.ts';
import { filedQueueScopes, syncRowEntries } from './sync.ts';
import { loadQueueConfig } from '../staff/rules-settings.ts';
import { mayClaimFrom } from '../../../machines/contracts/staff-rules.ts';
import type { LeaseQueueId } from '../../../machines/contracts/staff-leases.ts';
import { detailView, revealValue, REVEAL_PERMISSION } from './views.ts';

// Reading one lease record and the small changes that are not status actions: revealing a concealed field (its own
// permission, audited), claiming and assigning a queued record, the contract documents, a webhook replay's checks.

const t = (c: Pick<StaffCtx, 'lang'>, key: string, params?: Record<string, string | number>) =>
  translate(c.lang, key, params);

export async function showLease(c: StaffCtx, uuid: string, noun: 'lease' | 'application'): Promise<ApplicationDetail> {
  const ctx = await loadLeaseFor(c, uuid, noun);
  return detailView(c.deps, ctx, c.actor, c.lang);
}

export async function revealField(c: StaffCtx, uuid: string, field: RevealableField) {
  const ctx = await loadLeaseFor(c, uuid, 'application');
  if (!c.actor.permissions.has(REVEAL_PERMISSION)) throw new AppError(403, 'Permission Denied');
  const value = revealValue(ctx.app, field);
  if (!value) throw unprocessable({ field: [t(c, 'staff.lease.nothingToReveal')] });
  await auditBy(c, 'pii.revealed', `application:${uuid}`, { field });
  return { field, value };
}

async function changeClaim(c: StaffCtx, uuid: string, claim: LeaseItem['claim'], note: string) {
  for (let attempt = 0; attempt < 4; attempt++) {
    const ctx = await loadLeaseFor(c, uuid);
    const lease = ctx.lease;
    const filed = filedQueueScopes(lease);
    if (!lease.row || filed.length === 0) throw conflict(t(c, 'staff.lease.notQueued'));
    // Queue Management: who may claim from the record's queues (an assignment by a holder of lease-queue.assign is not a claim).
    if (claim && note === 'claim') {
      const config = await loadQueueConfig(c.deps);
      const queues = queuesOfScopes(filed) as LeaseQueueId[];
      if (!queues.some((q) => mayClaimFrom(config, q, c.actor.roleIds))) throw new AppError(403, 'Permission Denied');
    }
    const now = c.deps.clock();
    const row = { ...lease.row, claimed_by: claim ? { user_id: claim.user_id, name: claim.name, at: claim.at } : null };
    try {
      const saved = await saveLease(c.deps.db, lease, {
        ...lease,
        claim,
        row,
        timeline: [
          ...lease.timeline,
          {
            at: now.toISOString(),
            kind: 'action',
            name: note,
            from: null,
            to: null,
            actor: { type: 'staff', id: c.actor.userId, name: c.actor.displayName || c.actor.username },
            note: claim ? claim.name : null,
          },
        ],
        updatedAt: now.toISOString(),
      });
      await syncRowEntries(c.deps, uuid, lease.row, row, { before: filed, after: filed });
      await auditBy(c, 'lease.claim', `lease:${uuid}`, { action: note, user: claim?.user_id ?? null });
      return detailView(c.deps, { ...ctx, lease: saved }, c.actor, c.lang);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 409) continue;
      throw error;
    }
  }
  throw conflict(t(c, 'staff.error.busy'));
}

export async function claimLease(c: StaffCtx, uuid: string) {
  const ctx = await loadLeaseFor(c, uuid);
  const held = ctx.lease.claim;
  if (held && held.user_id !== c.actor.userId) throw conflict(t(c, 'staff.lease.claimedByOther', { name: held.name }));
  return changeClaim(
    c,
    uuid,
    { user_id: c.actor.userId, name: c.actor.displayName || c.actor.username, at: c.deps.clock().toISOString() },
    'claim',
  );
}

export async function releaseLease(c: StaffCtx, uuid: string) {
  const ctx = await loadLeaseFor(c, uuid);
  const held = ctx.lease.claim;
  // Only the holder releases their own claim; assigning (its own permission) moves anyone's.
  if (held && held.user_id !== c.actor.userId && !c.actor.permissions.has('lease-queue.assign'))
    throw conflict(t(c, 'staff.lease.claimedByOther', { name: held.name }));
  return changeClaim(c, uuid, null, 'release');
}

export async function assignLease(c: StaffCtx, uuid: string, userId: string) {
  const ctx = await loadLeaseFor(c, uuid);
  const user = await getUser(c.deps.db, userId, c.deps.clock());
  if (!user || user.deleted_at || !user.active) throw unprocessable({ user_id: [t(c, 'staff.lease.userNotFound')] });
  // The assignee must be able to see the record.
  const guard = userGuard(user);
  if (
    !canAccess(
      { guard, storeIds: user.stores ?? [], retailerIds: user.retailers ?? [] },
      { storeIds: [ctx.lease.storeId], retailerIds: [ctx.lease.retailerId] },
    )
  ) {
    throw unprocessable({ user_id: [t(c, 'staff.lease.userNotFound')] });
  }
  return changeClaim(
    c,
    uuid,
    { user_id: user.id, name: user.display_name || user.username, at: c.deps.clock().toISOString() },
    'assign',
  );
}

/** The contract of a lease for staff: HTML preview or PDF download (the signed copy is the revision that was signed). */
export async function leaseContract(c: StaffCtx, uuid: string, format: 'html' | 'pdf') {
  const ctx = await loadLeaseFor(c, uuid);
  if (!ctx.checkout?.lease) throw notFound(t(c, 'leaseStatus.error.notCalculated'));
  if (format === 'pdf') return { pdf: await contractPdfOf(c.deps, ctx.checkout), name: `lease-${ctx.checkout.id}.pdf` };
  return { html: await contractHtmlOf(c.deps, ctx.checkout) };
}

/** The delivery belongs to this record's checkout (the caller replays it through the dispatcher). */
export async function replayableDelivery(c: StaffCtx, uuid: string, eventId: string) {
  const ctx = await loadLeaseFor(c, uuid, 'application');
  const delivery = eventId.length <= 100 ? await getDelivery(c.deps.db, eventId, c.deps.clock()) : undefined;
  if (!delivery || !ctx.checkout || delivery.checkoutId !== ctx.checkout.id)
    throw notFound(t(c, 'staff.lease.deliveryNotFound'));
  await auditBy(c, 'webhook.replayed', `lease:${uuid}`, { event_id: eventId });
  return delivery;
}
