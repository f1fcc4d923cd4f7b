import { createHash } from 'node:crypto';
import { centsToDecimal } from '../../../machines/domain/money.ts';
import { translate } from '../../../machines/i18n/catalogue.ts';
import type { Lang } from '../../../machines/i18n/types.ts';
import type { OutboxEvent } from '../../data/items.ts';
import type { Allocation, LeaseAccountItem, LedgerEntry, PaymentChannel } from '../../data/servicing.ts';
import { AppError, conflict, unprocessable } from '../../platform/errors.ts';
import { AchError } from '../../providers/ach/port.ts';
import { CardVaultError, type ChargeResult } from '../../providers/card-vault/port.ts';
import {
  accountEvent,
  commitEntry,
  refusal,
  requireAccount,
  saveAccountChange,
  statusOf,
  type ServicingDeps,
} from './accounts.ts';
import type { AccountFacts, LeaseAccountEvent } from '../../../machines/lease-account/lease-account.machine.ts';
import {
  reinstatementOpen,
  type ServicingStateRule,
} from '../../../machines/domain/servicing/state-servicing-rules.ts';
import { loadServicingRule } from './servicing-rules.ts';
import { ENDED } from './account-state.ts';
import { lenderNow, lenderToday } from './clock.ts';
import { allocate, delinquencySince, payoffQuote, refresh } from './account-figures.ts';

// Posting to a lease account: payments (a card token from the hosted fields, the saved card, the bank account on
// file, or phone and cash taken by staff), the payoff, fees, waivers, reversals, refunds, return, charge-off and
// reinstatement. Every change is a ledger entry folded into the account through the account's transition
// (accounts.ts commitEntry); a refused one is a 409 with the reason, and nothing is charged before the checks pass.

export const MIN_PAYMENT_CENTS = 50;

export type PaymentSource =
  { kind: 'card'; token: string } | { kind: 'saved' } | { kind: 'phone' | 'cash'; reference: string };

export interface PaymentRequest {
  amountCents: number;
  source: PaymentSource;
  /** The caller's Idempotency-Key (or one made from the request): the same key never charges twice. */
  idempotencyKey: string;
  lang: Lang;
  /** Kept on the ledger entry (a payment imported from a file: when and how it was received). */
  note?: string;
}

const hashId = (prefix: string, ...parts: string[]) =>
  `${prefix}_${createHash('sha256').update(parts.join('\u0000')).digest('hex').slice(0, 24)}`;

const owedCents = (a: LeaseAccountItem) => a.summary.balanceCents;

/** The events of a payment: succeeded, one `lease.payment.recorded` per installment it completes, paid off. */
export function paymentEvents(
  after: LeaseAccountItem,
  before: LeaseAccountItem,
  entry: LedgerEntry,
  now: Date,
): OutboxEvent[] {
  const events = [
    accountEvent(
      after,
      'lease.payment_succeeded',
      {
        payment: {
          id: entry.id,
          amount: centsToDecimal(entry.amountCents),
          channel: entry.channel ?? null,
          kind: entry.kind,
          at: entry.at,
        },
        account: accountData(after, before),
      },
      now,
    ),
  ];
  // Scheduled (not prepaid) installments count from 1: the first is the first-payment default report's.
  const scheduled = after.schedule.filter((i) => !i.prepaid);
  for (const a of entry.allocations) {
    const i = after.schedule[a.installment - 1];
    if (!i || i.prepaid) continue;
    const was = before.summary.paid[a.installment - 1] ?? 0;
    const is = after.summary.paid[a.installment - 1] ?? 0;
    if (was < i.amountCents && is >= i.amountCents)
      events.push(
        accountEvent(
          after,
          'lease.payment.recorded',
          {
            sequence: scheduled.indexOf(i) + 1,
            installment: i.number,
            due_date: i.dueDate,
            amount: centsToDecimal(i.amountCents),
            entry_id: entry.id,
            paid_at: entry.at,
          },
          now,
        ),
      );
  }
  if (after.statusName === 'paidOut' && before.statusName !== 'paidOut')
    events.push(accountEvent(after, 'lease.paid_off', { account: accountData(after, before) }, now));
  return events;
}

export function accountData(after: LeaseAccountItem, before: LeaseAccountItem) {
  return {
    id: after.leaseId,
    status: after.statusName,
    previous_status: before.statusName,
    balance: centsToDecimal(after.summary.balanceCents),
    days_past_due: after.summary.daysPastDue,
  };
}

function chargeRefusal(lang: Lang, result: Exclude<ChargeResult, { status: 'succeeded' | 'pending' }>): AppError {
  const reason = result.message;
  return new AppError(402, translate(lang, 'servicingServer.declined', { reason }), undefined, {
    code: result.status === 'declined' ? result.declineCode : result.code,
  });
}

function vendorError(lang: Lang, error: unknown): never {
  if (error instanceof CardVaultError && error.code === 'invalid_token')
    throw unprocessable({ token: [error.message] }, error.message);
  if (error instanceof CardVaultError || error instanceof AchError)
    throw new AppError(503, translate(lang, 'servicingServer.vendorUnavailable'));
  throw error;
}

/** Checks an amount against what is owed before anything is charged. */
function checkAmount(account: LeaseAccountItem, amountCents: number, lang: Lang) {
  const status = statusOf(account);
  if (ENDED.has(status))
    throw refusal(lang, 'servicingServer.refused.ended', { status: `servicingServer.status.${status}` });
  const owed = owedCents(account);
  if (owed <= 0) throw conflict(translate(lang, 'servicingServer.nothingOwed'));
  if (!Number.isInteger(amountCents) || amountCents < Math.min(MIN_PAYMENT_CENTS, owed))
    throw unprocessable(
      { amount: [translate(lang, 'servicingServer.amountTooLow')] },
      translate(lang, 'servicingServer.amountTooLow'),
    );
  if (amountCents > owed) {
    const message = translate(lang, 'servicingServer.amountTooHigh', { owed: `$${centsToDecimal(owed)}` });
    throw unprocessable({ amount: [message] }, message);
  }
}

/** Charges a source; a decline is a 402 with the vendor's reason (nothing recorded, nothing owed changes). */
async function charge(
  deps: ServicingDeps,
  account: LeaseAccountItem,
  source: PaymentSource,
  amountCents: number,
  key: string,
  lang: Lang,
): Promise<{ channel: PaymentChannel; reference: string }> {
  if (source.kind === 'phone' || source.kind === 'cash')
    return { channel: source.kind, reference: source.reference.slice(0, 100) };
  let result: ChargeResult | undefined;
  const base = { amountCents, currency: 'usd' as const, idempotencyKey: key, reference: account.leaseId };
  try {
    if (source.kind === 'card') {
      result = await deps.providers.cardVault.charge({ ...base, token: source.token, description: 'Lease payment' });
    } else {
      const method = account.paymentMethod;
      if (!method) throw conflict(translate(lang, 'servicingServer.noPaymentMethod'));
      if (method.kind === 'card') {
        result = await deps.providers.cardVault.chargeSaved({
          ...base,
          paymentMethodId: method.paymentMethodId,
          customerId: method.customerId,
          description: 'Lease payment',
        });
      } else {
        const debit = await deps.providers.ach.debit({
          routingNumber: await deps.crypto.decrypt(method.routingNumber),
          accountNumber: await deps.crypto.decrypt(method.accountNumber),
          amountCents,
          idempotencyKey: key,
          reference: account.leaseId,
          secCode: 'WEB',
        });
        if (debit.status === 'returned')
          throw new AppError(
            402,
            translate(lang, 'servicingServer.returned', { code: debit.code, reason: debit.message }),
            undefined,
            { code: debit.code },
          );
        return { channel: 'bank', reference: debit.traceId };
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    vendorError(lang, error);
  }
  if (result.status === 'succeeded' || result.status === 'pending')
    return { channel: 'card', reference: result.chargeId };
  throw chargeRefusal(lang, result);
}

async function failedPaymentEvent(
  deps: ServicingDeps,
  account: LeaseAccountItem,
  error: AppError,
  amountCents: number,
) {
  // A declined lessee payment changes nothing owed; the retailer still hears of it (an event on the account).
  const now = deps.clock();
  await saveAccountChange(
    deps,
    account,
    (a) => ({ ...a }),
    (after) => [
      accountEvent(
        after,
        'lease.payment_failed',
        {
          payment: { amount: centsToDecimal(amountCents), code: (error.data as { code?: string })?.code ?? null },
          account: accountData(after, after),
        },
        now,
      ),
    ],
  );
}

/** A payment: checked against what is owed, charged, then recorded with its allocation to installments. */
export async function postPayment(deps: ServicingDeps, leaseId: string, request: PaymentRequest) {
  const account = await requireAccount(deps, leaseId, request.lang);
  checkAmount(account, request.amountCents, request.lang);
  const key = hashId('pay', leaseId, request.idempotencyKey);
  let charged: { channel: PaymentChannel; reference: string };
  try {
    charged = await charge(deps, account, request.source, request.amountCents, key, request.lang);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 402)
      await failedPaymentEvent(deps, account, error, request.amountCents).catch(() => undefined);
    throw error;
  }
  const today = await lenderToday(deps);
  const at = (await lenderNow(deps)).toISOString();
  const { allocations, feesCents } = allocate(account, account.summary, request.amountCents, today);
  const entry: LedgerEntry = {
    id: key,
    kind: 'payment',
    at,
    amountCents: request.amountCents,
    channel: charged.channel,
    allocations,
    feesCents,
    reference: charged.reference,
    ...(request.note ? { note: request.note.slice(0, 500) } : {}),
  };
  const now = deps.clock();
  return commitEntry(deps, account, {
    entry,
    today,
    lang: request.lang,
    event: (facts) => ({ type: 'account.payment_posted', ...facts }),
    events: (after, before) => paymentEvents(after, before, entry, now),
  });
}

/** The payoff: the quote of today, paid in full, ends the lease as owned (purchased early). */
export async function payOff(deps: ServicingDeps, leaseId: string, request: PaymentRequest) {
  const account = await requireAccount(deps, leaseId, request.lang);
  const status = statusOf(account);
  if (ENDED.has(status))
    throw refusal(request.lang, 'servicingServer.refused.ended', { status: `servicingServer.status.${status}` });
  const today = await lenderToday(deps);
  const quote = payoffQuote(account, refresh(account.summary, account, today, false), today);
  if (!quote) throw conflict(translate(request.lang, 'servicingServer.nothingOwed'));
  if (request.amountCents !== quote.amountCents) {
    const message = translate(request.lang, 'servicingServer.refused.payoffMismatch', {
      amount: `$${centsToDecimal(quote.amountCents)}`,
    });
    throw unprocessable({ amount: [message] }, message);
  }
  const key = hashId('payoff', leaseId, request.idempotencyKey);
  const charged =
    quote.amountCents > 0
      ? await charge(deps, account, request.source, quote.amountCents, key, request.lang)
      : { channel: 'cash' as const, reference: 'nothing-owed' };
  // What is due today and the fees are paid first; the rest buys the goods (it pays no installment).
  const { allocations, feesCents } = allocate(account, account.summary, quote.amountCents, today, { closing: true });
  const entry: LedgerEntry = {
    id: key,
    kind: 'payoff',
    at: (await lenderNow(deps)).toISOString(),
    amountCents: quote.amountCents,
    channel: charged.channel,
    allocations,
    feesCents,
    reference: charged.reference,
  };
  const now = deps.clock();
  return commitEntry(deps, account, {
    entry,
    today,
    lang: request.lang,
    event: (facts) => ({
      type: 'account.payoff_paid',
      amountCents: quote.amountCents,
      quoteCents: quote.amountCents,
      ...facts,
    }),
    events: (after, before) => [
      accountEvent(
        after,
        'lease.purchased_early',
        {
          payoff: { amount: centsToDecimal(quote.amountCents), channel: entry.channel ?? null, at: entry.at },
          account: accountData(after, before),
        },
        now,
      ),
    ],
  });
}

const PERIOD_DAYS: Record<string, number> = { weekly: 7, '14-day': 14, '28-day': 28, 'semi-monthly': 15, monthly: 30 };

/**
 * The state's reinstatement window (the servicing rule in force): counted from the missed payment while the lessee keeps
 * the goods, or from the return (the ledger's return entry). With nothing missed, from the return (or today).
 */
function reinstatementWindowOpen(
  account: LeaseAccountItem,
  entries: readonly LedgerEntry[],
  today: string,
  rule: ServicingStateRule,
): boolean {
  const returned = [...entries].reverse().find((e) => e.kind === 'return' && account.applied.includes(e.id));
  const returnedOn = account.statusName === 'returned' && returned ? returned.at.slice(0, 10) : null;
  const missedDueDate = delinquencySince(account, account.summary, today) ?? returnedOn ?? today;
  return reinstatementOpen({
    rule,
    frequency: account.frequency as Parameters<typeof reinstatementOpen>[0]['frequency'],
    today,
    missedDueDate,
    returnedOn,
    periodDays: PERIOD_DAYS[account.frequency] ?? 30,
  });
}

/**
 * What the lessee paid beyond what is due as of `today`: rent paid on installments not yet due, and fees paid beyond
 * the fees charged (a fee waived after it was paid). Only this may be refunded (an overpayment).
 */
export function overpaidCents(account: LeaseAccountItem, today: string): { aheadCents: number; totalCents: number } {
  const aheadCents = account.schedule
    .filter((i) => !i.prepaid && i.dueDate > today)
    .reduce((n, i) => n + (account.summary.paid[i.number - 1] ?? 0), 0);
  const feeCredit = Math.max(0, account.summary.feesPaidCents - account.summary.feesCents);
  return { aheadCents, totalCents: aheadCents + feeCredit };
}

export type StaffPosting =
  | { kind: 'fee'; amountCents: number; feeKind: 'late' | 'return'; note?: string }
  | { kind: 'waiver'; amountCents: number; note?: string }
  | { kind: 'reversal'; entryId: string; note?: string }
  | {
      kind: 'refund';
      amountCents: number;
      channel?: PaymentChannel;
      reference?: string;
      refunds?: string;
      note?: string;
    }
  | { kind: 'settlement'; amountCents: number; channel: PaymentChannel; reference: string; note?: string }
  | { kind: 'return'; note?: string }
  | { kind: 'charge_off'; note?: string }
  | { kind: 'reinstatement'; note?: string };

/** A staff posting (fee, waiver, reversal, refund, return, charge-off, reinstatement) through the transition. */
export async function postStaffEntry(
  deps: ServicingDeps,
  leaseId: string,
  posting: StaffPosting,
  key: string,
  lang: Lang,
  entries: readonly LedgerEntry[] = [],
) {
  const account = await requireAccount(deps, leaseId, lang);
  const today = await lenderToday(deps);
  const at = (await lenderNow(deps)).toISOString();
  const id = hashId(posting.kind, leaseId, key);
  const now = deps.clock();
  const base = { id, at, note: posting.note?.slice(0, 500) };
  const simple = (kind: LedgerEntry['kind'], amountCents: number, allocations: Allocation[] = []): LedgerEntry => ({
    ...base,
    kind,
    amountCents,
    allocations,
  });
  // A fee or waiver moves neither ownership nor delinquency: the machine records the figures as at today's close.
  const recorded = (facts: AccountFacts): LeaseAccountEvent => ({ type: 'account.day_closed', date: today, ...facts });
  const status = statusOf(account);
  if ((posting.kind === 'fee' || posting.kind === 'waiver') && ENDED.has(status))
    throw refusal(lang, 'servicingServer.refused.ended', { status: `servicingServer.status.${status}` });
  switch (posting.kind) {
    case 'fee':
      return commitEntry(deps, account, {
        entry: { ...simple('fee', posting.amountCents), feeKind: posting.feeKind },
        today,
        lang,
        event: recorded,
      });
    case 'waiver': {
      const left = account.summary.feesCents - account.summary.feesPaidCents;
      if (posting.amountCents <= 0 || posting.amountCents > left)
        throw conflict(translate(lang, 'servicingServer.refused.notFee'));
      return commitEntry(deps, account, {
        entry: simple('waiver', posting.amountCents),
        today,
        lang,
        event: recorded,
      });
    }
    case 'reversal': {
      const original = entries.find((e) => e.id === posting.entryId);
      const already = entries.some((e) => e.kind === 'reversal' && e.reverses === posting.entryId);
      if (!original || original.kind !== 'payment' || already || !account.applied.includes(original.id))
        throw conflict(translate(lang, 'servicingServer.refused.notPayment'));
      return commitEntry(deps, account, {
        entry: {
          ...simple('reversal', original.amountCents, original.allocations),
          reverses: original.id,
          ...(original.feesCents === undefined ? {} : { feesCents: original.feesCents }),
        },
        today,
        lang,
        event: (facts) => ({ type: 'account.payment_reversed', ...facts }),
        events: (after, before) => [
          accountEvent(
            after,
            'lease.payment_failed',
            {
              payment: {
                id: original.id,
                amount: centsToDecimal(original.amountCents),
                code: 'reversed',
                // For the ACH return rates (issue 23): the reversed debit's channel and the return code staff gave.
                channel: original.channel ?? null,
                return_code: /^R\d\d\b/.exec(posting.note ?? '')?.[0] ?? null,
                business_date: today,
              },
              account: accountData(after, before),
            },
            now,
          ),
        ],
      });
    }
    case 'refund': {
      // Only an overpayment goes back: money paid ahead of what is due, taken from the latest installments first,
      // then any fees paid beyond what is charged; the account machine refuses more (refundCovered).
      const overpaid = overpaidCents(account, today);
      const allocations: Allocation[] = [];
      let left = Math.min(posting.amountCents, overpaid.aheadCents);
      for (let n = account.schedule.length; n >= 1 && left > 0; n--) {
        const i = account.schedule[n - 1]!;
        if (i.dueDate <= today) break;
        const cents = Math.min(account.summary.paid[n - 1] ?? 0, left);
        if (cents > 0) allocations.push({ installment: n, cents });
        left -= cents;
      }
      return commitEntry(deps, account, {
        entry: {
          ...simple('refund', posting.amountCents, allocations),
          ...(posting.channel ? { channel: posting.channel } : {}),
          ...(posting.reference ? { reference: posting.reference.slice(0, 100) } : {}),
          ...(posting.refunds ? { reverses: posting.refunds } : {}),
        },
        today,
        lang,
        event: (facts) => ({
          type: 'account.refund_issued',
          amountCents: posting.amountCents,
          overpaidCents: overpaid.totalCents,
          ...facts,
        }),
      });
    }
    case 'settlement': {
      // The agreed amount is paid like a payment (oldest installments first); the rest of the balance is written off.
      const { allocations, feesCents } = allocate(account, account.summary, posting.amountCents, today);
      const balance = refresh(account.summary, account, today, false).balanceCents;
      return commitEntry(deps, account, {
        entry: {
          ...simple('settlement', posting.amountCents, allocations),
          feesCents,
          channel: posting.channel,
          reference: posting.reference.slice(0, 100),
          forgivenCents: Math.max(0, balance - posting.amountCents),
        },
        today,
        lang,
        event: (facts) => ({ type: 'account.settle', ...facts }),
        events: (after, before) => [
          accountEvent(
            after,
            'lease.settled',
            {
              settlement: {
                amount: centsToDecimal(posting.amountCents),
                forgiven: centsToDecimal(Math.max(0, balance - posting.amountCents)),
              },
              account: accountData(after, before),
            },
            now,
          ),
        ],
      });
    }
    case 'return':
      return commitEntry(deps, account, {
        entry: simple('return', 0),
        today,
        lang,
        event: (facts) => ({ type: 'account.return_accepted', ...facts }),
        events: (after, before) => [
          accountEvent(after, 'lease.returned', { account: accountData(after, before) }, now),
        ],
      });
    case 'charge_off':
      return commitEntry(deps, account, {
        entry: simple('charge_off', account.summary.balanceCents),
        today,
        lang,
        event: (facts) => ({ type: 'account.charge_off', ...facts }),
        events: (after, before) => [
          accountEvent(after, 'lease.charged_off', { account: accountData(after, before) }, now),
        ],
      });
    case 'reinstatement': {
      // The state's rule in force now (State Rules' servicing row, as staff last saved it).
      const rule = await loadServicingRule(deps, account.state);
      return commitEntry(deps, account, {
        entry: simple('reinstatement', 0),
        today,
        lang,
        event: (facts) => ({
          type: 'account.reinstate',
          reinstatementOpen: reinstatementWindowOpen(account, entries, today, rule),
          ...facts,
        }),
      });
    }
  }
}

/** Saves the card from the hosted fields (off-session) or the bank account (encrypted) as the account's method. */
export async function setPaymentMethod(
  deps: ServicingDeps,
  leaseId: string,
  method: { kind: 'card'; token: string } | { kind: 'bank'; routingNumber: string; accountNumber: string },
  lang: Lang,
) {
  const account = await requireAccount(deps, leaseId, lang);
  const status = statusOf(account);
  if (ENDED.has(status))
    throw refusal(lang, 'servicingServer.refused.ended', { status: `servicingServer.status.${status}` });
  let stored: LeaseAccountItem['paymentMethod'];
  if (method.kind === 'card') {
    try {
      const saved = await deps.providers.cardVault.saveForOffSession({ token: method.token, reference: leaseId });
      stored = {
        kind: 'card',
        paymentMethodId: saved.paymentMethodId,
        customerId: saved.customerId,
        brand: saved.facts.brand,
        last4: saved.facts.last4,
      };
    } catch (error) {
      vendorError(lang, error);
    }
  } else {
    if (!/^\d{9}$/.test(method.routingNumber) || !/^\d{4,17}$/.test(method.accountNumber))
      throw unprocessable(
        { account_number: [translate(lang, 'servicingServer.bank.invalid')] },
        translate(lang, 'servicingServer.bank.invalid'),
      );
    stored = {
      kind: 'bank',
      routingNumber: await deps.crypto.encrypt(method.routingNumber),
      accountNumber: await deps.crypto.encrypt(method.accountNumber),
      last4: method.accountNumber.slice(-4),
      authorizedAt: deps.clock().toISOString(),
    };
  }
  return saveAccountChange(deps, account, (a) => ({ ...a, paymentMethod: stored }));
}

/** Autopay on or off (never a condition of the lease; needs a saved method to be turned on). */
export async function setAutopay(deps: ServicingDeps, leaseId: string, enabled: boolean, lang: Lang) {
  const account = await requireAccount(deps, leaseId, lang);
  const status = statusOf(account);
  if (ENDED.has(status))
    throw refusal(lang, 'servicingServer.refused.ended', { status: `servicingServer.status.${status}` });
  if (enabled && !account.paymentMethod) throw conflict(translate(lang, 'servicingServer.noPaymentMethod'));
  return saveAccountChange(deps, account, (a) => (a.autopay === enabled ? null : { ...a, autopay: enabled }));
}
