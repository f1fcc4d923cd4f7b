import { randomUUID } from 'node:crypto';
import type {
  AutopayBody,
  CardSessionBody,
  CardSessionView,
  CustomerLeaseDetail,
  DueDateBody,
  PaymentBody,
  PaymentResultView,
  PayoffBody,
  RemindersBody,
  ReturnBody,
} from '../../../machines/contracts/customer-api.ts';
import { CONSENT_TEXTS, type ConsentEntry } from '../../../machines/contracts/consents.ts';
import { BRANDS } from '../../../machines/domain/brands.ts';
import { translate } from '../../../machines/i18n/catalogue.ts';
import type { Lang } from '../../../machines/i18n/types.ts';
import { getApplication } from '../../data/applications.ts';
import { appendConsent } from '../../data/consents.ts';
import { getStoreById } from '../../data/stores.ts';
import { listLedger, type LeaseAccountItem } from '../../data/servicing.ts';
import type { CustomerSession } from '../../platform/customer-sessions.ts';
import type { Deps } from '../../platform/deps.ts';
import { conflict, unprocessable } from '../../platform/errors.ts';
import { lenderToday } from '../servicing/clock.ts';
import { payOff, postPayment, setAutopay, setPaymentMethod } from '../servicing/payments.ts';
import { refresh } from '../servicing/account-figures.ts';
import { moveDueDate } from './due-dates.ts';
import { autopayAuthorisation, closed, detailOf, hasEnded, ownAccount, receiptsOf } from './leases.ts';
import { contactHash, normaliseEmail, normalisePhone } from './lessees.ts';
import { startReturn } from './return-requests.ts';

// What a lessee does on a lease (issue 22), each on their own lease only (another's is a 404 before anything else):
// a card session for the vault's hosted fields, pay now and pay off with its token (the servicing posts them:
// functions/services/servicing/payments.ts; nothing is charged unless the checks pass), autopay on (with the
// Regulation E authorisation accepted, recorded and a copy sent) or off (a revocation, any time, recorded too), a
// return started, a payment date moved.

export interface ActionContext {
  lang: Lang;
  ip: string;
}

/** POST /customer/api/leases/{id}/card-session. */
export async function cardSession(
  deps: Deps,
  session: CustomerSession,
  leaseId: string,
  body: CardSessionBody,
  lang: Lang,
): Promise<CardSessionView> {
  const account = await ownAccount(deps, session, leaseId);
  if (hasEnded(account)) throw closed(account, lang, 'customer.lease.closed');
  const store = await getStoreById(deps.db, account.storeId, deps.clock());
  const program = store?.view.lease_program;
  // The store's card flags, as at checkout (functions/services/payment.ts cardFlagsOf).
  const flags = program
    ? {
        is_prepaid_cards_allowed: program.is_prepaid_cards_allowed,
        are_credit_cards_allowed: program.are_credit_cards_allowed,
        are_debit_cards_allowed: program.are_debit_cards_allowed,
        is_foreign_cards_allowed: program.is_foreign_cards_allowed,
      }
    : {
        is_prepaid_cards_allowed: false,
        are_credit_cards_allowed: true,
        are_debit_cards_allowed: true,
        is_foreign_cards_allowed: false,
      };
  const vault = await deps.providers.cardVault.createSession({
    // Autopay saves the card for later debits: the session is for no charge now.
    amountCents: body.purpose === 'autopay' ? 0 : body.amount,
    currency: 'usd',
    reference: account.leaseId,
    flags,
    parentOrigin: new URL(deps.config.publicUrl).origin,
    buttonText: translate(lang, body.purpose === 'autopay' ? 'customer.card.save' : 'customer.card.pay'),
    lang,
  });
  return { session_id: vault.sessionId, fields_url: vault.fieldsUrl ?? null, expires_at: vault.expiresAt };
}

async function resultOf(
  deps: Deps,
  account: LeaseAccountItem,
  entryPrefix: string,
  amount: number,
  lang: Lang,
): Promise<PaymentResultView> {
  const ledger = await listLedger(deps.db, account.leaseId, deps.clock());
  const receipts = receiptsOf(account, ledger);
  const receipt = receipts.find((r) => r.id.startsWith(entryPrefix)) ?? receipts[0] ?? null;
  return {
    payment_id: receipt?.id ?? '',
    status: 'settled',
    amount,
    receipt,
    lease: await detailOf(deps, account, lang),
  };
}

/** POST /customer/api/leases/{id}/payments: a payment with a card token from the hosted fields. */
export async function payNow(
  deps: Deps,
  session: CustomerSession,
  leaseId: string,
  body: PaymentBody,
  idempotencyKey: string | undefined,
  lang: Lang,
): Promise<PaymentResultView> {
  const account = await ownAccount(deps, session, leaseId);
  if (hasEnded(account)) throw closed(account, lang, 'customer.lease.closed');
  const after = await postPayment(deps, leaseId, {
    amountCents: body.amount,
    source: { kind: 'card', token: body.token },
    idempotencyKey: idempotencyKey ?? randomUUID(),
    lang,
  });
  return resultOf(deps, after, 'pay_', body.amount, lang);
}

/** POST /customer/api/leases/{id}/payoff: today's quote, paid in full (the amount must be the quote's). */
export async function payOffLease(
  deps: Deps,
  session: CustomerSession,
  leaseId: string,
  body: PayoffBody,
  idempotencyKey: string | undefined,
  lang: Lang,
): Promise<PaymentResultView> {
  const account = await ownAccount(deps, session, leaseId);
  if (hasEnded(account)) throw closed(account, lang, 'customer.payoff.unavailable');
  const after = await payOff(deps, leaseId, {
    amountCents: body.amount,
    source: { kind: 'card', token: body.token },
    idempotencyKey: idempotencyKey ?? randomUUID(),
    lang,
  });
  return resultOf(deps, after, 'payoff_', body.amount, lang);
}

type Person = { first_name?: unknown; email?: unknown; cell?: unknown };

/** The applicant or co-applicant who signed in (their address's HMAC is the session's identity). */
async function signedInPerson(deps: Deps, session: CustomerSession, leaseId: string): Promise<Person | undefined> {
  const app = await getApplication(deps.db, deps.crypto, leaseId, deps.clock());
  if (!app) return undefined;
  const people = [app.data.applicant, (app.data as { co_applicant?: Person }).co_applicant].filter((p): p is Person =>
    Boolean(p),
  );
  for (const person of people) {
    const value =
      session.channel === 'email'
        ? typeof person.email === 'string'
          ? normaliseEmail(person.email)
          : undefined
        : typeof person.cell === 'string'
          ? normalisePhone(person.cell)
          : undefined;
    if (value && (await contactHash(deps, { channel: session.channel, value })) === session.contactHash) return person;
  }
  return people[0];
}

/** Sends the lessee their copy (the authorisation, or the revocation's confirmation) by e-mail. */
async function sendCopy(
  deps: Deps,
  session: CustomerSession,
  account: LeaseAccountItem,
  kind: 'copy' | 'revoked',
  text: string,
  lang: Lang,
) {
  const person = await signedInPerson(deps, session, account.leaseId);
  const email = typeof person?.email === 'string' ? normaliseEmail(person.email) : undefined;
  if (!email) return;
  const params = {
    brand: BRANDS.default.name,
    name: typeof person?.first_name === 'string' ? person.first_name : '',
    lease: account.checkoutId ?? account.leaseId,
    date: await lenderToday(deps),
    text,
  };
  try {
    await deps.providers.messaging.send({
      channel: 'email',
      to: email,
      subject: translate(lang, `customer.autopay.${kind === 'copy' ? 'copy' : 'revoked'}.subject`, params),
      body: translate(lang, `customer.autopay.${kind === 'copy' ? 'copy' : 'revoked'}.email`, params),
      purpose: kind === 'copy' ? 'autopay-authorisation' : 'autopay-revoked',
    });
  } catch (error) {
    // The change stands (it is recorded); the copy is also on the lease page. Logged for follow-up.
    deps.log.warn('autopay copy could not be sent', { leaseId: account.leaseId, error: String(error) });
  }
}

async function record(deps: Deps, leaseId: string, entry: Omit<ConsentEntry, 'at'>) {
  await appendConsent(deps.db, leaseId, {
    ...JSON.parse(JSON.stringify(entry)),
    at: deps.clock().toISOString(),
  } as ConsentEntry);
}

/** POST /customer/api/leases/{id}/autopay. */
export async function changeAutopay(
  deps: Deps,
  session: CustomerSession,
  leaseId: string,
  body: AutopayBody,
  ctx: ActionContext,
): Promise<CustomerLeaseDetail> {
  const { lang } = ctx;
  let account = await ownAccount(deps, session, leaseId);
  if (hasEnded(account)) throw closed(account, lang, 'customer.lease.closed');
  const today = await lenderToday(deps);
  if (!body.enabled) {
    if (!account.autopay) return detailOf(deps, account, lang);
    account = await setAutopay(deps, leaseId, false, lang);
    await record(deps, leaseId, {
      kind: 'autopay_revoked',
      lang,
      actor: 'lessee',
      ip: ctx.ip,
      lease_id: leaseId,
    });
    await sendCopy(deps, session, account, 'revoked', '', lang);
    return detailOf(deps, account, lang);
  }
  if (body.accept_authorisation !== true)
    throw unprocessable(
      { accept_authorisation: [translate(lang, 'customer.autopay.accept.required')] },
      translate(lang, 'customer.autopay.accept.required'),
    );
  if (body.authorisation_version !== undefined && body.authorisation_version !== CONSENT_TEXTS.autopay.version)
    throw conflict(translate(lang, 'customer.autopay.version.changed'));
  if (!body.token && !account.paymentMethod)
    throw unprocessable(
      { token: [translate(lang, 'customer.autopay.card.required')] },
      translate(lang, 'customer.autopay.card.required'),
    );
  if (body.token) account = await setPaymentMethod(deps, leaseId, { kind: 'card', token: body.token }, lang);
  const wasOn = account.autopay;
  account = await setAutopay(deps, leaseId, true, lang);
  if (!wasOn || body.token) {
    const authorisation = autopayAuthorisation(account, today, lang, account.paymentMethod?.last4 ?? null);
    await record(deps, leaseId, {
      kind: 'autopay_authorised',
      lang,
      actor: 'lessee',
      ip: ctx.ip,
      lease_id: leaseId,
      text: authorisation.text,
      text_key: CONSENT_TEXTS.autopay.key,
      version: authorisation.version,
      amount_cents: authorisation.amountCents,
      frequency: account.frequency,
      first_debit: authorisation.first,
      last4: account.paymentMethod?.last4 ?? null,
    });
    await sendCopy(deps, session, account, 'copy', authorisation.text, lang);
  }
  return detailOf(deps, account, lang);
}

/** POST /customer/api/leases/{id}/return. */
export async function requestReturn(
  deps: Deps,
  session: CustomerSession,
  leaseId: string,
  body: ReturnBody,
  lang: Lang,
): Promise<CustomerLeaseDetail> {
  const account = await ownAccount(deps, session, leaseId);
  if (hasEnded(account)) throw closed(account, lang, 'customer.return.unavailable');
  const reason = body.reason?.trim() ? body.reason.trim() : null;
  await startReturn(deps, account, { reason, lang });
  return detailOf(deps, account, lang);
}

/** POST /customer/api/leases/{id}/due-date. */
export async function changeDueDate(
  deps: Deps,
  session: CustomerSession,
  leaseId: string,
  body: DueDateBody,
  lang: Lang,
): Promise<CustomerLeaseDetail> {
  const account = await ownAccount(deps, session, leaseId);
  if (hasEnded(account)) throw closed(account, lang, 'customer.lease.closed');
  const today = await lenderToday(deps);
  const summary = refresh(account.summary, account, today, false);
  const after = await moveDueDate(deps, account, { date: body.due_date, today, summary, lang });
  return detailOf(deps, after, lang);
}

/** POST /customer/api/leases/{id}/reminders: each channel turned on or off is a consent entry (given or withdrawn). */
export async function changeReminders(
  deps: Deps,
  session: CustomerSession,
  leaseId: string,
  body: RemindersBody,
  ctx: ActionContext,
): Promise<CustomerLeaseDetail> {
  const account = await ownAccount(deps, session, leaseId);
  for (const channel of ['email', 'sms'] as const) {
    const granted = body[channel];
    if (granted === undefined) continue;
    await record(deps, leaseId, {
      kind: 'reminders',
      lang: ctx.lang,
      actor: 'lessee',
      ip: ctx.ip,
      lease_id: leaseId,
      channel,
      granted,
      ...(channel === 'sms' && granted
        ? {
            text: translate(ctx.lang, CONSENT_TEXTS.reminders_sms.key),
            text_key: CONSENT_TEXTS.reminders_sms.key,
            version: CONSENT_TEXTS.reminders_sms.version,
          }
        : {}),
    });
  }
  return detailOf(deps, account, ctx.lang);
}
