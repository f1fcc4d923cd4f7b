import { describe, expect, it } from 'vitest';
import { applyToAccount, openedStatus } from '../../../../functions/services/servicing/account-state.ts';
import { translate } from '../../../../machines/i18n/catalogue.ts';

// The account item's status is the lease-account machine's snapshot: a change is applied through it, and a refusal
// is the machine's reason in the reader's language (the 409's message).

const lease = '6f0c3a8e-0d1c-4f55-9b7e-1a2b3c4d5e6f';
const late = (days: number) => ({ daysPastDue: days, pastDueCents: 5_210, remainingToOwnershipCents: 40_000 });

describe('the account status through the lease-account machine', () => {
  it('a missed installment makes the account past due; paying everything makes the lessee the owner', () => {
    const past = applyToAccount(
      openedStatus(lease),
      { type: 'account.day_closed', date: '2026-02-02', ...late(1) },
      'en',
    );
    expect(past).toMatchObject({ ok: true, statusName: 'pastDue' });
    if (!past.ok) return;
    const owned = applyToAccount(
      past.status,
      { type: 'account.payment_posted', daysPastDue: 0, pastDueCents: 0, remainingToOwnershipCents: 0 },
      'en',
    );
    expect(owned).toMatchObject({ ok: true, statusName: 'paidOut' });
  });

  it('a charge-off before 120 days past due is refused with a reason in Spanish', () => {
    const past = applyToAccount(
      openedStatus(lease),
      { type: 'account.day_closed', date: '2026-02-20', ...late(19) },
      'es',
    );
    if (!past.ok) throw new Error('expected past due');
    const refused = applyToAccount(past.status, { type: 'account.charge_off', ...late(19) }, 'es');
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.message).toBe(
      translate('es', 'servicing.account.error.notLongPastDue', {
        days: 120,
        current: 19,
        state: translate('es', 'servicing.account.state.past_due'),
      }),
    );
    expect(refused.message).not.toBe(
      translate('en', 'servicing.account.error.notLongPastDue', { days: 120, current: 19 }),
    );
  });
});
