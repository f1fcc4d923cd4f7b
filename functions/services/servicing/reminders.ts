import { problemReasonOf, type PaymentProblemReason } from '../../../machines/payment-attempt/payment-problem.ts';
import { BRANDS } from '../../../machines/domain/brands.ts';
import { formatCents } from '../../../machines/domain/money.ts';
import { translate } from '../../../machines/i18n/catalogue.ts';
import type { Lang } from '../../../machines/i18n/types.ts';
import type { ConsentEntry } from '../../../machines/contracts/consents.ts';
import { getApplication } from '../../data/applications.ts';
import { createItem, getItem, type StoredItem } from '../../data/items.ts';
import { dueOn, getAccount, getAttempt, type DueItem } from '../../data/servicing.ts';
import { AppError } from '../../platform/errors.ts';
import { addDays } from '../../../machines/domain/payment-frequency.ts';
import { REG_E_VARYING_NOTICE_DAYS } from '../../../machines/domain/servicing/nacha.ts';
import { readConsents } from '../../data/consents.ts';
import { clearOptOut, isOptedOut, recordOptOut } from '../../data/sms-opt-outs.ts';
import type { Deps } from '../../platform/deps.ts';
import { contactHash, langOf, normaliseEmail, normalisePhone } from '../customer/lessees.ts';

// Payment reminders (issue 22, item 6): a message before each debit and after a failed one, through the messaging
// port, in the lessee's language, only on a channel the lessee agreed to:
// - e-mail where the lessee consented to electronic notices (the ESIGN consent given at submission) and has not
//   withdrawn e-mail reminders;
// - SMS only where the lessee opted in to text reminders (a 'reminders' consent with channel sms, TCPA) and the
//   number has not replied STOP since (an inbound STOP marks it opted out; START clears it).
// The collection job (functions/services/servicing, svc-server) calls sendDebitReminder before each scheduled debit
// and sendFailedPaymentNotice after a declined or returned one. Both answer what they sent; neither throws for a
// lessee who gets nothing.

export interface DebitReminder {
  leaseId: string;
  /** The lender date of the debit (YYYY-MM-DD). */
  dueDate: string;
  amountCents: number;
  /** The card or account it debits, last 4. */
  last4?: string | null;
  /** The account's language when the caller knows it (else the applicant's, else English). */
  lang?: Lang;
}

export interface FailedPaymentNotice extends DebitReminder {
  /** What the card network or the ACH return said, in words (e.g. 'insufficient funds'). */
  reason: string;
  /** The plain reason (machines/payment-attempt/payment-problem.ts): worded in the lessee's language instead. */
  reasonCode?: PaymentProblemReason;
}

export interface ReminderOutcome {
  sent: ('sms' | 'email')[];
  /** Why a channel was skipped: 'no-consent', 'opted-out', 'no-address'. */
  skipped: { channel: 'sms' | 'email'; why: 'no-consent' | 'opted-out' | 'no-address' }[];
}

type Person = { first_name?: unknown; email?: unknown; cell?: unknown; language?: unknown };

/** The latest word of the lessee on each channel: ESIGN covers e-mail notices; SMS needs its own opt-in. */
export function reminderChannels(entries: readonly ConsentEntry[]): { sms: boolean; email: boolean } {
  let email = entries.some((e) => e.kind === 'esign');
  let sms = false;
  for (const entry of entries) {
    if (entry.kind !== 'reminders' || entry.granted === undefined) continue;
    if (entry.channel === 'sms') sms = entry.granted;
    if (entry.channel === 'email') email = entry.granted;
  }
  return { sms, email };
}

async function deliver(
  deps: Deps,
  leaseId: string,
  langHint: Lang | undefined,
  message: (lang: Lang, person: Person) => { sms: string; subject: string; email: string },
  purpose: string,
): Promise<ReminderOutcome> {
  const now = deps.clock();
  const [app, consents] = await Promise.all([
    getApplication(deps.db, deps.crypto, leaseId, now),
    readConsents(deps.db, leaseId, now),
  ]);
  const outcome: ReminderOutcome = { sent: [], skipped: [] };
  const person = (app?.data.applicant ?? null) as Person | null;
  if (!person) {
    outcome.skipped.push({ channel: 'email', why: 'no-address' }, { channel: 'sms', why: 'no-address' });
    return outcome;
  }
  const lang = langHint ?? langOf(person) ?? 'en';
  const texts = message(lang, person);
  const allowed = reminderChannels(consents);

  const email = typeof person.email === 'string' ? normaliseEmail(person.email) : undefined;
  if (!allowed.email) outcome.skipped.push({ channel: 'email', why: 'no-consent' });
  else if (!email) outcome.skipped.push({ channel: 'email', why: 'no-address' });
  else {
    await deps.providers.messaging.send({
      channel: 'email',
      to: email,
      subject: texts.subject,
      body: texts.email,
      purpose,
    });
    outcome.sent.push('email');
  }

  const phone = typeof person.cell === 'string' ? normalisePhone(person.cell) : undefined;
  if (!allowed.sms) outcome.skipped.push({ channel: 'sms', why: 'no-consent' });
  else if (!phone) outcome.skipped.push({ channel: 'sms', why: 'no-address' });
  else if (await isOptedOut(deps.db, await contactHash(deps, { channel: 'sms', value: phone }), now))
    outcome.skipped.push({ channel: 'sms', why: 'opted-out' });
  else {
    await deps.providers.messaging.send({ channel: 'sms', to: phone, body: texts.sms, purpose });
    outcome.sent.push('sms');
  }
  return outcome;
}

const brandName = () => BRANDS.default.name;

/** A reminder before a scheduled debit (amount, date, card). */
export async function sendDebitReminder(deps: Deps, reminder: DebitReminder): Promise<ReminderOutcome> {
  return deliver(
    deps,
    reminder.leaseId,
    reminder.lang,
    (lang, person) => {
      const params = {
        brand: brandName(),
        amount: formatCents(reminder.amountCents),
        date: reminder.dueDate,
        last4: reminder.last4 ?? '••••',
        name: typeof person.first_name === 'string' ? person.first_name : '',
      };
      return {
        sms: translate(lang, 'customer.reminder.debit.sms', params),
        subject: translate(lang, 'customer.reminder.debit.subject', params),
        email: translate(lang, 'customer.reminder.debit.email', params),
      };
    },
    'payment-reminder',
  );
}

/** A notice after a declined card charge or a returned bank debit. */
export async function sendFailedPaymentNotice(deps: Deps, notice: FailedPaymentNotice): Promise<ReminderOutcome> {
  return deliver(
    deps,
    notice.leaseId,
    notice.lang,
    (lang, person) => {
      const params = {
        brand: brandName(),
        amount: formatCents(notice.amountCents),
        date: notice.dueDate,
        // The vendor's own words are English only: the plain reason is worded in the lessee's language.
        reason: notice.reasonCode ? translate(lang, `account.problem.reason.${notice.reasonCode}`) : notice.reason,
        name: typeof person.first_name === 'string' ? person.first_name : '',
      };
      return {
        sms: translate(lang, 'customer.reminder.failed.sms', params),
        subject: translate(lang, 'customer.reminder.failed.subject', params),
        email: translate(lang, 'customer.reminder.failed.email', params),
      };
    },
    'payment-failed',
  );
}

const STOP_WORDS = /^\s*(stop|stopall|unsubscribe|cancel|end|quit|revoke|optout|opt out|parar|alto)\s*[.!]?\s*$/i;
const START_WORDS = /^\s*(start|unstop|yes|subscribe)\s*[.!]?\s*$/i;

/**
 * An SMS the lessee sent us (the sandbox's inbound messages; a real SMS vendor's inbound webhook later): STOP and its
 * usual synonyms opt the number out of every text we choose to send, START opts it back in; each is confirmed once,
 * as carriers expect. Anything else is ignored.
 */
export async function handleInboundSms(
  deps: Deps,
  from: string,
  body: string,
): Promise<{ action: 'stopped' | 'started' | 'ignored' }> {
  const phone = normalisePhone(from);
  if (!phone) return { action: 'ignored' };
  const hash = await contactHash(deps, { channel: 'sms', value: phone });
  const now = deps.clock();
  const lang: Lang = /^\s*(parar|alto)\b/i.test(body) ? 'es' : 'en';
  if (STOP_WORDS.test(body)) {
    await recordOptOut(deps.db, hash, now);
    await deps.providers.messaging.send({
      channel: 'sms',
      to: phone,
      body: translate(lang, 'customer.sms.stopped', { brand: brandName() }),
      purpose: 'sms-opt-out',
    });
    return { action: 'stopped' };
  }
  if (START_WORDS.test(body)) {
    await clearOptOut(deps.db, hash);
    await deps.providers.messaging.send({
      channel: 'sms',
      to: phone,
      body: translate(lang, 'customer.sms.started', { brand: brandName() }),
      purpose: 'sms-opt-in',
    });
    return { action: 'started' };
  }
  return { action: 'ignored' };
}

/** How many lender days before an autopay debit its reminder goes out. */
export const REMINDER_DAYS_BEFORE = 3;

const KEEP_MARKER_SECONDS = 400 * 24 * 3600;

/** Claims the one message of a kind for a debit attempt: false when it was already sent (or is being sent). */
async function claimOnce(
  deps: Deps,
  kind: 'debit' | 'failed' | 'varying',
  due: Pick<DueItem, 'leaseId' | 'installment' | 'attempt'>,
) {
  try {
    await createItem(deps.db, {
      pk: `REMINDER#${kind}#${due.leaseId}`,
      sk: `${String(due.installment).padStart(3, '0')}#${String(due.attempt).padStart(2, '0')}`,
      entity: 'reminderSent',
      expiresAt: Math.floor(deps.clock().getTime() / 1000) + KEEP_MARKER_SECONDS,
    });
    return true;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 409) return false;
    throw error;
  }
}

/**
 * The reminders of the autopay debits due REMINDER_DAYS_BEFORE lender days after `date` (run by the close of
 * business of `date`): found through the due-date partition, one message per debit attempt however often it runs.
 */
export async function remindUpcomingDebits(deps: Deps, date: string): Promise<number> {
  const debitDate = addDays(date, REMINDER_DAYS_BEFORE);
  let sent = 0;
  let cursor: string | undefined;
  do {
    const page = await dueOn(deps.db, debitDate, deps.clock(), cursor);
    for (const due of page.items) {
      const account = await getAccount(deps.db, due.leaseId, deps.clock());
      const installment = account?.schedule[due.installment - 1];
      if (!account || !account.autopay || !account.paymentMethod || !installment) continue;
      if (['paidOut', 'purchasedEarly', 'returned', 'chargedOff'].includes(account.statusName)) continue;
      const owed = installment.amountCents - (account.summary.paid[due.installment - 1] ?? 0);
      if (owed <= 0 || (due.attempt === 1 && installment.dueDate !== debitDate)) continue;
      if (!(await claimOnce(deps, 'debit', due))) continue;
      const outcome = await sendDebitReminder(deps, {
        leaseId: due.leaseId,
        dueDate: debitDate,
        amountCents: owed,
        last4: account.paymentMethod.last4,
        lang: account.language,
      });
      if (outcome.sent.length) sent++;
    }
    cursor = page.cursor;
  } while (cursor);
  return sent;
}

/** The notice after a declined or returned collection debit (once per attempt), with the vendor's reason. */
export async function noticeFailedDebit(
  deps: Deps,
  due: Pick<DueItem, 'leaseId' | 'installment' | 'attempt' | 'amountCents'>,
  date: string,
): Promise<ReminderOutcome | undefined> {
  const [account, attempt] = await Promise.all([
    getAccount(deps.db, due.leaseId, deps.clock()),
    getAttempt(deps.db, due.leaseId, due.installment, due.attempt, deps.clock()),
  ]);
  if (!account || !attempt || attempt.status === 'settled' || attempt.status === 'submitted') return undefined;
  if (!(await claimOnce(deps, 'failed', due))) return undefined;
  return sendFailedPaymentNotice(deps, {
    leaseId: due.leaseId,
    dueDate: date,
    amountCents: attempt.amountCents,
    reason: attempt.message ?? attempt.code ?? 'declined',
    reasonCode: problemReasonOf(attempt.channel, attempt.code),
    last4: account.paymentMethod?.last4 ?? null,
    lang: account.language,
  });
}

// ---------- Regulation E: notice of an autopay debit that differs from the schedule ----------

/** A varying-amount notice that reached the lessee: the amount it named and the lender date it went out. */
export interface VaryingNotice {
  amountCents: number;
  sentOn: string;
}

interface VaryingNoticeItem extends StoredItem, VaryingNotice {
  entity: 'varyingNotice';
}

const varyingNoticeKey = (due: Pick<DueItem, 'leaseId' | 'installment' | 'attempt'>) => ({
  pk: `REMINDER#varying-given#${due.leaseId}`,
  sk: `${String(due.installment).padStart(3, '0')}#${String(due.attempt).padStart(2, '0')}`,
});

/** The notice given for a debit attempt, if one reached the lessee (collection reads it before a varying debit). */
export async function varyingNoticeFor(
  deps: Pick<Deps, 'db' | 'clock'>,
  due: Pick<DueItem, 'leaseId' | 'installment' | 'attempt'>,
): Promise<VaryingNotice | null> {
  const item = await getItem<VaryingNoticeItem>(deps.db, varyingNoticeKey(due), deps.clock());
  return item ? { amountCents: item.amountCents, sentOn: item.sentOn } : null;
}

/**
 * Run by the close of business of `date` (the lender's today is the day after): tells each autopay lessee whose
 * debit REG_E_VARYING_NOTICE_DAYS days from today would take fees owed besides the installment what it will take, on
 * the channels they consented to, in their language, once per debit attempt. The notice is recorded only when a
 * message went out: without it the debit takes the installment alone (nacha.ts autopayDebitCents).
 */
export async function noticeVaryingDebits(deps: Deps, date: string): Promise<number> {
  const today = addDays(date, 1);
  const debitDate = addDays(today, REG_E_VARYING_NOTICE_DAYS);
  let sent = 0;
  let cursor: string | undefined;
  do {
    const page = await dueOn(deps.db, debitDate, deps.clock(), cursor);
    for (const due of page.items) {
      if (due.attempt !== 1) continue;
      const account = await getAccount(deps.db, due.leaseId, deps.clock());
      const installment = account?.schedule[due.installment - 1];
      if (!account || !account.autopay || !account.paymentMethod || !installment) continue;
      if (['paidOut', 'purchasedEarly', 'returned', 'chargedOff'].includes(account.statusName)) continue;
      const owed = installment.amountCents - (account.summary.paid[due.installment - 1] ?? 0);
      const fees = Math.max(0, account.summary.feesCents - account.summary.feesPaidCents);
      if (owed <= 0 || fees <= 0 || installment.dueDate !== debitDate) continue;
      if (!(await claimOnce(deps, 'varying', due))) continue;
      const amountCents = owed + fees;
      const outcome = await deliver(
        deps,
        due.leaseId,
        account.language,
        (lang, person) => {
          const params = {
            brand: brandName(),
            amount: formatCents(amountCents),
            scheduled: formatCents(owed),
            fees: formatCents(fees),
            date: debitDate,
            last4: account.paymentMethod?.last4 ?? '••••',
            name: typeof person.first_name === 'string' ? person.first_name : '',
          };
          return {
            sms: translate(lang, 'customer.reminder.varying.sms', params),
            subject: translate(lang, 'customer.reminder.varying.subject', params),
            email: translate(lang, 'customer.reminder.varying.email', params),
          };
        },
        'payment-amount-notice',
      );
      if (!outcome.sent.length) continue;
      await createItem(deps.db, {
        ...varyingNoticeKey(due),
        entity: 'varyingNotice',
        amountCents,
        sentOn: today,
        expiresAt: Math.floor(deps.clock().getTime() / 1000) + KEEP_MARKER_SECONDS,
      });
      sent++;
    }
    cursor = page.cursor;
  } while (cursor);
  return sent;
}
