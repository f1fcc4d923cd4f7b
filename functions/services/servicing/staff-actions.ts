import { addDays, daysBetween, type ScheduleFrequency } from '../../../machines/domain/payment-frequency.ts';
import { formatCents, parseAmountToCents } from '../../../machines/domain/money.ts';
import { isReturnCode, RETURN_CODES } from '../../../machines/domain/servicing/nacha.ts';
import { reinstatementOpen } from '../../../machines/domain/servicing/state-servicing-rules.ts';
import { loadServicingRule } from './servicing-rules.ts';
import { translate } from '../../../machines/i18n/catalogue.ts';
import {
  leaseAccountSnapshotAt,
  whyNot,
  type AccountFacts,
  type LeaseAccountEvent,
} from '../../../machines/lease-account/lease-account.machine.ts';
import {
  isServicingActionId,
  SERVICING_ACTION_IDS,
  servicingActionPermission,
  type ServicingActionId,
  type ServicingActionRequest,
} from '../../../machines/lease-account/staff-servicing-actions.ts';
import type { TimelineEntry } from '../../../machines/contracts/staff-leases.ts';
import { getLease, saveLease } from '../../data/leases.ts';
import { listLedger, type LeaseAccountItem } from '../../data/servicing.ts';
import { AppError, conflict, notFound, unprocessable } from '../../platform/errors.ts';
import { moveDueDate } from '../customer/due-dates.ts';
import { loadLeaseFor, type StaffCtx } from '../leases/actions.ts';
import { auditBy, deny } from '../staff/actor.ts';
import { STATE_OF_STATUS, type AccountStatusName } from './account-state.ts';
import { accountView, openAccount, requireAccount } from './accounts.ts';
import { lenderToday } from './clock.ts';
import { overpaidCents, postPayment, postStaffEntry } from './payments.ts';
import { CardVaultError, type RefundResult } from '../../providers/card-vault/port.ts';
import { refresh } from './account-figures.ts';

// Issue 23: a staff servicing action on a lease account (POST /staff/api/leases/{uuid}/account/actions/{action}).
// The action's own permission, the tenant check of the lease record, the fields (422), then the account machine
// (machines/lease-account) decides whether the account's state allows it (409 with its reason). The change itself
// goes through the servicing services of issue 22 (ledger entry and account in their conditional writes); each action
// done is written to the audit log and to the lease's timeline.

/** Days in one payment period, for a reinstatement window counted in lease terms (Rhode Island). */
const PERIOD_DAYS: Record<ScheduleFrequency, number> = {
  weekly: 7,
  '14-day': 14,
  '28-day': 28,
  'semi-monthly': 15,
  monthly: 30,
};

const t = (c: StaffCtx, key: string, params?: Record<string, string | number>) => translate(c.lang, key, params);

function required(c: StaffCtx, field: string, value: string | undefined): string {
  const v = value?.trim();
  if (!v) throw unprocessable({ [field]: [t(c, 'collections.action.required')] }, t(c, 'collections.action.required'));
  if (/\p{Cs}/u.test(v)) throw unprocessable({ [field]: [t(c, 'staff.validation.notWellFormed')] });
  return v;
}

function amountOf(c: StaffCtx, body: ServicingActionRequest): number {
  const cents = parseAmountToCents(body.amount);
  if (cents === undefined || cents <= 0) {
    const message = t(c, 'servicingServer.amountInvalid');
    throw unprocessable({ amount: [message] }, message);
  }
  return cents;
}

/** The account's facts as the machine's guards read them, as of the lender's date. */
function factsOf(account: LeaseAccountItem, today: string): AccountFacts {
  const live = refresh(account.summary, account, today, false);
  return {
    daysPastDue: live.daysPastDue,
    pastDueCents: live.pastDueCents,
    remainingToOwnershipCents: Math.max(0, account.totalPaymentCents - live.rentPaidCents),
  };
}

/** Whether the state's reinstatement right is still open for this account (State Rules' servicing row). */
async function reinstatementIsOpen(c: StaffCtx, account: LeaseAccountItem, today: string): Promise<boolean> {
  const live = refresh(account.summary, account, today, false);
  const missed = account.schedule.find(
    (i) => !i.prepaid && i.amountCents > (live.paid[i.number - 1] ?? 0) && i.dueDate < today,
  );
  const ledger = await listLedger(c.deps.db, account.leaseId, c.deps.clock());
  const returned = ledger.find((e) => e.kind === 'return' && account.applied.includes(e.id));
  const rule = await loadServicingRule(c.deps, account.state);
  return reinstatementOpen({
    rule,
    frequency: account.frequency as ScheduleFrequency,
    today,
    missedDueDate: missed?.dueDate ?? returned?.at.slice(0, 10) ?? today,
    returnedOn: returned ? returned.at.slice(0, 10) : null,
    periodDays: PERIOD_DAYS[account.frequency as ScheduleFrequency] ?? 30,
  });
}

/** The machine's refusal of an event in the account's state, as a 409 a person can read. */
function checkMachine(c: StaffCtx, account: LeaseAccountItem, event: LeaseAccountEvent) {
  const state = STATE_OF_STATUS[account.statusName as AccountStatusName] ?? 'current';
  const snapshot = leaseAccountSnapshotAt(state, {
    leaseId: account.leaseId,
    daysPastDue: event.daysPastDue,
    pastDueCents: event.pastDueCents,
    remainingToOwnershipCents: event.remainingToOwnershipCents,
    bucket: null,
    chargedOff: account.statusName === 'chargedOff',
    reinstatements: 0,
  });
  const refusal = whyNot(snapshot, event, c.lang);
  if (refusal) throw conflict(refusal.message);
}

/**
 * Refunds an overpayment: to the card of a card payment through the card vault (its refund, idempotent on the
 * request's key), or recorded as given back in cash or by check. The account machine allows only what was paid ahead
 * of what is due (refundCovered); the vault is called only after every check passed.
 */
async function refund(
  c: StaffCtx,
  account: LeaseAccountItem,
  body: ServicingActionRequest,
  o: { today: string; facts: AccountFacts; note: string | undefined; idempotencyKey: string },
): Promise<Record<string, unknown>> {
  const uuid = account.leaseId;
  const amountCents = amountOf(c, body);
  if (!body.method)
    throw unprocessable({ method: [t(c, 'collections.action.refundMethod')] }, t(c, 'collections.action.refundMethod'));
  const overpaid = overpaidCents(account, o.today);
  checkMachine(c, account, {
    type: 'account.refund_issued',
    amountCents,
    overpaidCents: overpaid.totalCents,
    ...o.facts,
  });
  if (body.method !== 'card') {
    const reference = required(c, 'reference', body.reference);
    await postStaffEntry(
      c.deps,
      uuid,
      { kind: 'refund', amountCents, channel: 'cash', reference: `${body.method}: ${reference}`, note: o.note },
      o.idempotencyKey,
      c.lang,
    );
    return { amount_cents: amountCents, method: body.method, reference };
  }
  const entryId = required(c, 'entry_id', body.entry_id);
  const entries = await listLedger(c.deps.db, uuid, c.deps.clock());
  const payment = entries.find((e) => e.id === entryId && account.applied.includes(e.id));
  const reversed = entries.some((e) => e.kind === 'reversal' && e.reverses === entryId);
  if (!payment || payment.channel !== 'card' || !payment.reference || reversed) {
    const message = t(c, 'collections.action.refundNotCard');
    throw unprocessable({ entry_id: [message] }, message);
  }
  const refunded = entries
    .filter((e) => e.kind === 'refund' && e.reverses === entryId && account.applied.includes(e.id))
    .reduce((n, e) => n + e.amountCents, 0);
  if (amountCents > payment.amountCents - refunded) {
    const message = t(c, 'collections.action.refundAboveCharge', {
      amount: formatCents(payment.amountCents - refunded),
    });
    throw unprocessable({ amount: [message] }, message);
  }
  let result: RefundResult;
  try {
    result = await c.deps.providers.cardVault.refund({
      chargeId: payment.reference,
      amountCents,
      idempotencyKey: `refund_${uuid}_${o.idempotencyKey}`.slice(0, 255),
      reference: uuid,
    });
  } catch (error) {
    if (error instanceof CardVaultError) throw new AppError(503, t(c, 'servicingServer.vendorUnavailable'));
    throw error;
  }
  if (result.status === 'failed') throw conflict(t(c, 'collections.action.refundRefused', { reason: result.message }));
  await postStaffEntry(
    c.deps,
    uuid,
    { kind: 'refund', amountCents, channel: 'card', reference: result.refundId, refunds: entryId, note: o.note },
    o.idempotencyKey,
    c.lang,
  );
  return { amount_cents: amountCents, method: 'card', entry_id: entryId, refund_id: result.refundId };
}

/** Appends the action to the lease's timeline (a conditional write on the lease's version, retried on a race). */
async function addToTimeline(c: StaffCtx, uuid: string, action: ServicingActionId, note: string | null) {
  for (let round = 0; round < 5; round++) {
    const lease = await getLease(c.deps.db, uuid, c.deps.clock());
    if (!lease) return;
    const entry: TimelineEntry = {
      at: c.deps.clock().toISOString(),
      kind: 'action',
      name: `account.${action}`,
      from: lease.status.code,
      to: lease.status.code,
      actor: { type: 'staff', id: c.actor.userId, name: c.actor.displayName || c.actor.username },
      note,
    };
    try {
      await saveLease(c.deps.db, lease, { ...lease, timeline: [...lease.timeline, entry] });
      return;
    } catch (error) {
      if (!(error instanceof AppError && error.statusCode === 409)) throw error;
    }
  }
  c.deps.log.warn('servicing action not added to the timeline', { uuid, action });
}

export async function runServicingAction(
  c: StaffCtx,
  uuid: string,
  actionId: string,
  body: ServicingActionRequest,
  idempotencyKey: string,
) {
  if (!isServicingActionId(actionId))
    throw notFound(t(c, 'collections.action.unknown', { actions: SERVICING_ACTION_IDS.join(', ') }));
  const action = actionId;
  if (!c.actor.permissions.has(servicingActionPermission(action)))
    await deny(c.deps, c.actor, c.ip, `lease:${uuid}`, `permission ${servicingActionPermission(action)}`);
  await loadLeaseFor(c, uuid);
  await openAccount(c.deps, uuid);
  const account = await requireAccount(c.deps, uuid, c.lang);
  const today = await lenderToday(c.deps);
  const facts = factsOf(account, today);
  const note = body.note?.trim() ? body.note.trim().slice(0, 500) : undefined;
  if (note && /\p{Cs}/u.test(note)) throw unprocessable({ note: [t(c, 'staff.validation.notWellFormed')] });
  let detail: Record<string, unknown> = {};

  switch (action) {
    case 'record-payment': {
      const amountCents = amountOf(c, body);
      if (!body.channel)
        throw unprocessable({ channel: [t(c, 'collections.action.channel')] }, t(c, 'collections.action.channel'));
      const reference = required(c, 'reference', body.reference);
      checkMachine(c, account, { type: 'account.payment_posted', ...facts });
      await postPayment(c.deps, uuid, {
        amountCents,
        source: { kind: body.channel === 'store' ? 'cash' : 'phone', reference },
        idempotencyKey,
        lang: c.lang,
      });
      detail = { amount_cents: amountCents, channel: body.channel, reference };
      break;
    }
    case 'waive-fee': {
      const amountCents = amountOf(c, body);
      await postStaffEntry(c.deps, uuid, { kind: 'waiver', amountCents, note }, idempotencyKey, c.lang);
      detail = { amount_cents: amountCents };
      break;
    }
    case 'reverse-payment': {
      const entryId = required(c, 'entry_id', body.entry_id);
      const code = required(c, 'return_code', body.return_code).toUpperCase();
      if (!isReturnCode(code)) {
        const message = t(c, 'collections.action.returnCode', { codes: RETURN_CODES.join(', ') });
        throw unprocessable({ return_code: [message] }, message);
      }
      checkMachine(c, account, { type: 'account.payment_reversed', ...facts });
      const entries = await listLedger(c.deps.db, uuid, c.deps.clock());
      // The return code leads the entry's note: the ACH returns report and the ledger read it there.
      await postStaffEntry(
        c.deps,
        uuid,
        { kind: 'reversal', entryId, note: note ? `${code}: ${note}` : code },
        idempotencyKey,
        c.lang,
        entries,
      );
      detail = { entry_id: entryId, return_code: code };
      break;
    }
    case 'move-due-date': {
      const date = required(c, 'due_date', body.due_date);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || addDays(date, 0) !== date) {
        const message = t(c, 'collections.action.dueDate');
        throw unprocessable({ due_date: [message] }, message);
      }
      if (account.statusName !== 'current' && account.statusName !== 'pastDue')
        throw conflict(
          t(c, 'servicingServer.refused.ended', { status: t(c, `servicingServer.status.${account.statusName}`) }),
        );
      const summary = refresh(account.summary, account, today, false);
      await moveDueDate(c.deps, account, { date, today, summary, lang: c.lang });
      detail = { due_date: date, days: daysBetween(today, date) };
      break;
    }
    case 'charge-off':
      checkMachine(c, account, { type: 'account.charge_off', ...facts });
      await postStaffEntry(c.deps, uuid, { kind: 'charge_off', note }, idempotencyKey, c.lang);
      detail = { days_past_due: facts.daysPastDue };
      break;
    case 'reinstate': {
      const open = await reinstatementIsOpen(c, account, today);
      // Once returned or charged off nothing is past due on the ended account: the arrears come back on reinstatement.
      checkMachine(c, account, { type: 'account.reinstate', reinstatementOpen: open, ...facts, pastDueCents: 0 });
      await postStaffEntry(c.deps, uuid, { kind: 'reinstatement', note }, idempotencyKey, c.lang);
      break;
    }
    case 'accept-return':
      checkMachine(c, account, { type: 'account.return_accepted', ...facts });
      await postStaffEntry(c.deps, uuid, { kind: 'return', note }, idempotencyKey, c.lang);
      break;
    case 'settle': {
      const amountCents = amountOf(c, body);
      if (!body.channel)
        throw unprocessable({ channel: [t(c, 'collections.action.channel')] }, t(c, 'collections.action.channel'));
      const reference = required(c, 'reference', body.reference);
      const balance = refresh(account.summary, account, today, false).balanceCents;
      if (amountCents >= balance) {
        const message = t(c, 'collections.action.settleBelowBalance', { balance: formatCents(balance) });
        throw unprocessable({ amount: [message] }, message);
      }
      checkMachine(c, account, { type: 'account.settle', ...facts });
      await postStaffEntry(
        c.deps,
        uuid,
        { kind: 'settlement', amountCents, channel: body.channel === 'store' ? 'cash' : 'phone', reference, note },
        idempotencyKey,
        c.lang,
      );
      detail = { amount_cents: amountCents, forgiven_cents: balance - amountCents, channel: body.channel, reference };
      break;
    }
    case 'refund':
      detail = await refund(c, account, body, { today, facts, note, idempotencyKey });
      break;
  }

  await auditBy(c, 'lease.servicing', `lease:${uuid}`, { action, note: note ?? null, ...detail });
  await addToTimeline(c, uuid, action, note ?? null);
  return {
    account: await accountView(c.deps, uuid, { lang: c.lang, staff: true }),
    message: t(c, 'collections.action.done', { action: t(c, `collections.action.${action}`) }),
  };
}
