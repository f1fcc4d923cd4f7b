import { randomUUID } from 'node:crypto';
import { centsToDecimal, formatCents, parseAmountToCents } from '../../../machines/domain/money.ts';
import {
  contactRefusal,
  CONTACT_CHANNELS,
  DEFAULT_CONTACT_HOURS,
  EMPTY_WORK,
  lesseeTimeZone,
  localTime,
  paidSincePromise,
  promiseProblem,
  promiseStatus,
  type CollectionWork,
  type ContactChannel,
  type ContactConsent,
  type ContactHours,
} from '../../../machines/domain/servicing/collections-work.ts';
import { DEFAULT_COLLECTIONS_QUEUE_CONFIG } from '../../../machines/contracts/staff-rules.ts';
import type {
  AssignRequest,
  ContactRequest,
  PromiseRequest,
  WorkRequest,
} from '../../../machines/contracts/collections-work.ts';
import { translate } from '../../../machines/i18n/catalogue.ts';
import { getApplication } from '../../data/applications.ts';
import { listContacts, putContact } from '../../data/collections.ts';
import { readConsents } from '../../data/consents.ts';
import type { LeaseAccountItem } from '../../data/servicing.ts';
import { getUser } from '../../data/users.ts';
import { conflict, unprocessable } from '../../platform/errors.ts';
import { canAccess, auditBy, deny, userGuard } from '../staff/actor.ts';
import { loadQueueConfig } from '../staff/rules-settings.ts';
import { loadLeaseFor, type StaffCtx } from '../leases/actions.ts';
import { openAccount, paidTotalCents, requireAccount, saveAccountChange } from './accounts.ts';
import { lenderToday } from './clock.ts';
import { reminderChannels } from './reminders.ts';
import { refresh } from './account-figures.ts';
import { ENDED, type AccountStatusName } from './account-state.ts';

// Issue 23: the collections queue's work on one account (routes /staff/api/collections-queue/{id}/...): claim it,
// assign it to another collector, log the lessee's promise to pay, log contact attempts. Each change is a conditional
// write on the account's version (a stale `v` from the page is a 409, a race is re-read and re-decided), audited, and
// refused with a readable 409 when the rules do not allow it (contact outside the consents or the contact hours).

const t = (c: StaffCtx, key: string, params?: Record<string, string | number>) => translate(c.lang, key, params);

const workOf = (account: LeaseAccountItem): CollectionWork => account.collection ?? EMPTY_WORK;

async function requirePermission(c: StaffCtx, uuid: string, permission: string) {
  if (!c.actor.permissions.has(permission))
    await deny(c.deps, c.actor, c.ip, `lease:${uuid}`, `permission ${permission}`);
}

/**
 * The account a collector may work: the tenant check answers first (another store's lease is a 403 whatever the
 * request's body says), so the work functions read their body after it (`readBody`, the handler's parser).
 */
async function loadWorkable(c: StaffCtx, uuid: string) {
  await loadLeaseFor(c, uuid);
  await openAccount(c.deps, uuid);
  return requireAccount(c.deps, uuid, c.lang);
}

/** A page that sent the version it showed is refused when the account changed since (409: reload and look again). */
function checkVersion(c: StaffCtx, account: LeaseAccountItem, v: number | undefined) {
  if (v !== undefined && v !== account.v) throw conflict(t(c, 'collections.work.stale'));
}

/** A collector works only an open account (an ended one has nothing to collect). */
function checkOpen(c: StaffCtx, account: LeaseAccountItem) {
  const status = account.statusName as AccountStatusName;
  if (ENDED.has(status))
    throw conflict(t(c, 'collections.work.ended', { status: t(c, `servicingServer.status.${status}`) }));
}

async function contactHours(c: StaffCtx): Promise<ContactHours> {
  const config = await loadQueueConfig(c.deps);
  return config.collections?.contact_hours ?? DEFAULT_CONTACT_HOURS;
}

/** The channels the lessee agreed to be contacted on, from the application and its consent record. */
async function consentOf(c: StaffCtx, uuid: string): Promise<ContactConsent> {
  const now = c.deps.clock();
  const [app, consents] = await Promise.all([
    getApplication(c.deps.db, c.deps.crypto, uuid, now),
    readConsents(c.deps.db, uuid, now),
  ]);
  const person = (app?.data.applicant ?? {}) as { cell?: unknown; email?: unknown };
  const allowed = reminderChannels(consents);
  return {
    phone: typeof person.cell === 'string' && person.cell.trim() !== '',
    sms: allowed.sms && typeof person.cell === 'string' && person.cell.trim() !== '',
    email: allowed.email && typeof person.email === 'string' && person.email.trim() !== '',
  };
}

async function contactRules(c: StaffCtx, account: LeaseAccountItem) {
  const [hours, consent] = await Promise.all([contactHours(c), consentOf(c, account.leaseId)]);
  const timeZone = lesseeTimeZone(account.state, account.timeZone);
  const now = c.deps.clock();
  const channels = Object.fromEntries(
    CONTACT_CHANNELS.map((channel) => {
      const why = contactRefusal(channel, { consent, ceased: workOf(account).ceased, now, timeZone, hours });
      return [
        channel,
        {
          allowed: why === null,
          reason: why,
          message: why ? refusalMessage(c, why, { timeZone, hours, now, channel }) : null,
        },
      ];
    }),
  ) as Record<ContactChannel, { allowed: boolean; reason: string | null; message: string | null }>;
  return { timeZone, hours, local: localTime(now, timeZone).text, channels };
}

function refusalMessage(
  c: StaffCtx,
  why: string,
  o: { timeZone: string; hours: ContactHours; now: Date; channel: ContactChannel },
) {
  return t(c, `collections.work.refused.${why}`, {
    channel: t(c, `collections.work.channel.${o.channel}`),
    start: `${o.hours.start_hour}:00`,
    end: `${o.hours.end_hour}:00`,
    zone: o.timeZone,
    local: localTime(o.now, o.timeZone).text,
  });
}

/** GET /staff/api/collections-queue/{id}: the account's collections work, its contacts and what may be done now. */
export async function collectionWorkView(c: StaffCtx, uuid: string) {
  const account = await loadWorkable(c, uuid);
  const today = await lenderToday(c.deps);
  const ended = ENDED.has(account.statusName as AccountStatusName);
  const summary = refresh(account.summary, account, today, ended);
  const work = workOf(account);
  const paid = paidTotalCents(account.summary);
  const [contacts, rules] = await Promise.all([
    listContacts(c.deps.db, uuid, c.deps.clock()),
    contactRules(c, account),
  ]);
  return {
    lease_id: uuid,
    v: account.v,
    status: account.statusName,
    status_label: t(c, `servicingServer.status.${account.statusName}`),
    today,
    days_past_due: summary.daysPastDue,
    bucket: summary.bucket,
    past_due: centsToDecimal(summary.pastDueCents),
    balance: centsToDecimal(summary.balanceCents),
    assignee: work.assignee,
    promise: work.promise
      ? {
          date: work.promise.date,
          amount: centsToDecimal(work.promise.amountCents),
          paid_since: centsToDecimal(Math.min(paidSincePromise(work.promise, paid), work.promise.amountCents)),
          status: promiseStatus(work.promise, paid, today),
          made_at: work.promise.madeAt,
          by: work.promise.by,
        }
      : null,
    promise_history: work.history.map((p) => ({
      date: p.date,
      amount: centsToDecimal(p.amountCents),
      status: p.status,
      resolved_on: p.resolvedOn,
    })),
    ceased: work.ceased,
    contact: {
      time_zone: rules.timeZone,
      local_time: rules.local,
      hours: rules.hours,
      channels: rules.channels,
    },
    contacts: contacts.map((a) => ({
      id: a.id,
      at: a.at,
      channel: a.channel,
      outcome: a.outcome,
      note: a.note,
      by: a.by,
    })),
  };
}

/** How a change of the account's collection work starts: permitted, the account read, not stale, still open. */
async function startChange<Body extends { v?: number }>(
  c: StaffCtx,
  uuid: string,
  permission: string,
  readBody: () => Body,
) {
  await requirePermission(c, uuid, permission);
  const account = await loadWorkable(c, uuid);
  const body = readBody();
  checkVersion(c, account, body.v);
  checkOpen(c, account);
  return { account, body };
}

async function auditWork(c: StaffCtx, uuid: string, action: string, detail: Record<string, unknown>) {
  await auditBy(c, 'collections.work', `lease:${uuid}`, { action, ...detail });
}

const me = (c: StaffCtx) => ({ id: c.actor.userId, name: c.actor.displayName || c.actor.username });

/** Claim (assign to me): refused when another collector holds it, or this bucket's queue is for other roles. */
export async function claimAccount(c: StaffCtx, uuid: string, readBody: () => WorkRequest) {
  const { account } = await startChange(c, uuid, 'collections.work', readBody);
  const today = await lenderToday(c.deps);
  const bucket = refresh(account.summary, account, today, false).bucket;
  const config = (await loadQueueConfig(c.deps)).collections ?? DEFAULT_COLLECTIONS_QUEUE_CONFIG;
  const roles = bucket === '0' ? [] : config.buckets[bucket].claim_roles;
  if (roles.length && !roles.some((r) => c.actor.roleIds.includes(r)))
    throw conflict(t(c, 'collections.work.claimRole', { bucket }));
  await saveAccountChange(c.deps, account, (a) => {
    const held = workOf(a).assignee;
    if (held?.id === c.actor.userId) return null;
    if (held) throw conflict(t(c, 'collections.work.claimedByOther', { name: held.name }));
    return { ...a, collection: { ...workOf(a), assignee: me(c) } };
  });
  await auditWork(c, uuid, 'claim', {});
  return { view: await collectionWorkView(c, uuid), message: t(c, 'collections.work.claimed') };
}

/** Assign to another staff user who may see the lease (its own permission: moves anyone's claim). */
export async function assignAccount(c: StaffCtx, uuid: string, readBody: () => AssignRequest) {
  const { account, body } = await startChange(c, uuid, 'collections.assign', readBody);
  const user = await getUser(c.deps.db, body.user_id, c.deps.clock());
  const lease = (await loadLeaseFor(c, uuid)).lease;
  if (
    !user ||
    user.deleted_at ||
    !user.active ||
    !canAccess(
      { guard: userGuard(user), storeIds: user.stores ?? [], retailerIds: user.retailers ?? [] },
      { storeIds: [lease.storeId], retailerIds: [lease.retailerId] },
    )
  ) {
    const message = t(c, 'staff.lease.userNotFound');
    throw unprocessable({ user_id: [message] }, message);
  }
  const assignee = { id: user.id, name: user.display_name || user.username };
  await saveAccountChange(c.deps, account, (a) => ({ ...a, collection: { ...workOf(a), assignee } }));
  await auditWork(c, uuid, 'assign', { user_id: user.id });
  return {
    view: await collectionWorkView(c, uuid),
    message: t(c, 'collections.work.assigned', { name: assignee.name }),
  };
}

/**
 * Logs a promise to pay (a date and an amount). The account leaves the queue's open view until the day after the
 * promised date; paid in full by then it is kept, otherwise broken and back in the queue (evaluated on read: the queue
 * filters on the promised date, so nothing has to run for a promise to break).
 */
export async function logPromise(c: StaffCtx, uuid: string, readBody: () => PromiseRequest) {
  const { account, body } = await startChange(c, uuid, 'collections.work', readBody);
  const today = await lenderToday(c.deps);
  const amountCents = parseAmountToCents(body.amount) ?? -1;
  const problem = promiseProblem({ date: body.date, amountCents }, today);
  if (problem) {
    const message = t(c, problem.key, { max: 60 });
    throw unprocessable({ [problem.field]: [message] }, message);
  }
  const balance = refresh(account.summary, account, today, false).balanceCents;
  if (amountCents > balance) {
    const message = t(c, 'collections.work.promiseAboveBalance', { balance: formatCents(balance) });
    throw unprocessable({ amount: [message] }, message);
  }
  if (account.statusName !== 'pastDue') throw conflict(t(c, 'collections.work.notPastDue'));
  await saveAccountChange(c.deps, account, (a) => {
    const work = workOf(a);
    const paid = paidTotalCents(a.summary);
    // A promise replaced before its date is recorded with what came of it so far.
    const previous = work.promise;
    const history = previous
      ? [
          {
            ...previous,
            status: promiseStatus(previous, paid, today) === 'kept' ? ('kept' as const) : ('broken' as const),
            resolvedOn: today,
          },
          ...work.history,
        ].slice(0, 20)
      : work.history;
    return {
      ...a,
      collection: {
        ...work,
        history,
        promise: {
          date: body.date,
          amountCents,
          paidBaselineCents: paid,
          madeAt: c.deps.clock().toISOString(),
          by: me(c),
        },
      },
    };
  });
  await auditWork(c, uuid, 'promise', { date: body.date, amount_cents: amountCents, note: body.note ?? null });
  return {
    view: await collectionWorkView(c, uuid),
    message: t(c, 'collections.work.promised', { amount: formatCents(amountCents), date: body.date }),
  };
}

/**
 * Logs a contact attempt. An outbound call or message is refused (409, with the reason) on a channel the lessee did
 * not agree to or asked to stop, and outside the contact hours in the lessee's time zone. A `cease` outcome records
 * the lessee's request: that channel is closed from then on.
 */
export async function logContact(c: StaffCtx, uuid: string, readBody: () => ContactRequest) {
  await requirePermission(c, uuid, 'collections.work');
  const account = await loadWorkable(c, uuid);
  const body = readBody();
  checkOpen(c, account);
  const note = body.note?.trim() ? body.note.trim() : null;
  if (note && /\p{Cs}/u.test(note)) throw unprocessable({ note: [t(c, 'staff.validation.notWellFormed')] });
  const rules = await contactRules(c, account);
  const rule = rules.channels[body.channel];
  if (!rule.allowed) throw conflict(rule.message ?? t(c, 'collections.work.refused.noConsent'));
  await putContact(c.deps.db, {
    id: randomUUID(),
    leaseId: uuid,
    at: c.deps.clock().toISOString(),
    channel: body.channel,
    outcome: body.outcome,
    note,
    by: me(c),
  });
  if (body.outcome === 'cease')
    await saveAccountChange(c.deps, account, (a) => {
      const work = workOf(a);
      if (work.ceased.includes(body.channel)) return null;
      return { ...a, collection: { ...work, ceased: [...work.ceased, body.channel] } };
    });
  await auditWork(c, uuid, 'contact', { channel: body.channel, outcome: body.outcome });
  return { view: await collectionWorkView(c, uuid), message: t(c, 'collections.work.contactLogged') };
}
