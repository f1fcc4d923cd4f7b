import type { AccountSummary } from '../../data/servicing.ts';

// The lease account's life, applied as a pure function of (state, event) like `transition`: current, past due (with
// its days and bucket), paid out (owned), purchased early (owned), returned, charged off, reinstated (back to current
// or past due). A refused event carries the reason a person can read (an i18n key). Stand-in for
// machines/lease-account (branch svc-domain), whose machine replaces this file once it is merged.

export const ACCOUNT_STATUSES = ['current', 'pastDue', 'paidOut', 'purchasedEarly', 'returned', 'chargedOff'] as const;
export type AccountStatusName = (typeof ACCOUNT_STATUSES)[number];

export const ENDED: ReadonlySet<AccountStatusName> = new Set(['paidOut', 'purchasedEarly', 'returned', 'chargedOff']);
export const OWNED: ReadonlySet<AccountStatusName> = new Set(['paidOut', 'purchasedEarly']);

export type AccountEvent =
  | { type: 'account.day_closed'; summary: AccountSummary }
  | { type: 'account.payment_posted'; summary: AccountSummary }
  | { type: 'account.fee_posted'; summary: AccountSummary }
  | { type: 'account.payment_reversed'; summary: AccountSummary }
  | { type: 'account.paid_off' }
  | { type: 'account.returned' }
  | { type: 'account.charged_off' }
  | { type: 'account.reinstated'; summary: AccountSummary };

export type AccountTransition =
  { ok: true; status: AccountStatusName } | { ok: false; reason: string; params: Record<string, string> };

const byDelinquency = (summary: AccountSummary): AccountStatusName =>
  summary.balanceCents === 0 ? 'paidOut' : summary.daysPastDue > 0 ? 'pastDue' : 'current';

export function accountTransition(status: AccountStatusName, event: AccountEvent): AccountTransition {
  if (event.type === 'account.reinstated') {
    if (status !== 'returned' && status !== 'chargedOff')
      return { ok: false, reason: 'servicingServer.refused.notEnded', params: {} };
    return { ok: true, status: byDelinquency(event.summary) };
  }
  if (ENDED.has(status))
    return {
      ok: false,
      reason: 'servicingServer.refused.ended',
      params: { status: `servicingServer.status.${status}` },
    };
  switch (event.type) {
    case 'account.paid_off':
      return { ok: true, status: 'purchasedEarly' };
    case 'account.returned':
      return { ok: true, status: 'returned' };
    case 'account.charged_off':
      return { ok: true, status: 'chargedOff' };
    default:
      return { ok: true, status: byDelinquency(event.summary) };
  }
}
