import { CHECKOUT_STATUS } from '../../machines/checkout/checkout-status.ts';
import { MAX_PAYMENT_ATTEMPTS } from '../../machines/checkout/checkout.machine.ts';
import type { StoreView } from '../../machines/contracts/store.ts';
import { centsToDecimal, parseAmountToCents } from '../../machines/domain/money.ts';
import type { Lang } from '../../machines/i18n/types.ts';
import { getCheckout, type CheckoutItem, type PaymentAttempt } from '../data/checkouts.ts';
import { getStoreById } from '../data/stores.ts';
import type { ApplySession } from '../platform/sessions.ts';
import type { Deps } from '../platform/deps.ts';
import { AppError, conflict, unprocessable } from '../platform/errors.ts';
import type { HttpResult } from '../platform/http-types.ts';
import { json } from '../platform/response.ts';
import { CARD_MESSAGES, cardRefusal } from '../providers/card-vault/card-rules.ts';
import { CardVaultError, type CardFacts, type CardFlags, type ChargeResult } from '../providers/card-vault/port.ts';
import type { CardVaultEvent } from '../providers/card-vault/webhook.ts';
import {
  accepts,
  applyIfAccepted,
  applyToCheckout,
  loadSessionCheckout,
  requireVerified,
  withCheckoutId,
} from './checkout.ts';
import { cardVaultFor, cardVaultNameFor } from './record-card-vault.ts';

// The down payment (seed 000 sections 5, 7, 8): the card is typed into the vault's hosted fields, so our API only
// sees vault tokens. verify/tokenize read the token's card facts and apply the store's card flags (the seed's exact
// messages); processCard charges through deps.providers.cardVault: 6 (or 10) -> 7 (processing) -> 8 (paid) or
// 10 (failed), then 9 (completed). The vault's payment callback settles the same attempt; whichever arrives first
// moves the checkout and the other changes nothing.

export const PAYMENT_MESSAGES = {
  declined: 'Oops, unable to charge card, please try again!',
  failed: 'We were unable to process payment!',
  generic: 'Oops! Something went wrong, please try again!',
} as const;

export function cardFlagsOf(store: StoreView): CardFlags {
  const p = store.lease_program;
  return {
    is_prepaid_cards_allowed: p.is_prepaid_cards_allowed,
    are_credit_cards_allowed: p.are_credit_cards_allowed,
    are_debit_cards_allowed: p.are_debit_cards_allowed,
    is_foreign_cards_allowed: p.is_foreign_cards_allowed,
  };
}

async function storeOf(deps: Deps, item: CheckoutItem): Promise<StoreView> {
  const store = await getStoreById(deps.db, item.storeId, deps.clock());
  if (!store) throw new AppError(404, 'Store not found', undefined, { not_found: 'store' });
  return store.view;
}

/** What is still due at signing, in cents. */
export const dueCents = (item: CheckoutItem) =>
  Math.max(0, (item.lease?.computation.actualDownPayment ?? 0) - item.paidCents);

/** The card vault configuration of the payment screen (the process answer's `config`). */
export async function paymentConfig(deps: Deps, item: CheckoutItem, store: StoreView, lang: Lang) {
  const amountCents = dueCents(item);
  const flags = cardFlagsOf(store);
  const session = await cardVaultFor(deps, item).createSession({
    amountCents,
    currency: 'usd',
    reference: item.id,
    flags,
    parentOrigin: new URL(deps.config.publicUrl).origin,
    // The retailer's page may frame our portal, and so be an ancestor of the card form's frame.
    ancestorOrigins: [item.return_url, item.return_url_failure].flatMap((url) => {
      try {
        return url ? [new URL(url).origin] : [];
      } catch {
        return [];
      }
    }),
    buttonText: lang === 'es' ? 'Pagar' : 'Pay',
    lang,
  });
  return {
    gateway: cardVaultNameFor(deps, item),
    amount: centsToDecimal(amountCents),
    config: {
      session_id: session.sessionId,
      fields_url: session.fieldsUrl ?? null,
      elements: session.elements ?? null,
      expires_at: session.expiresAt,
    },
    data: {
      title: lang === 'es' ? 'Pago requerido' : 'Payment Required',
      button_text: lang === 'es' ? 'Pagar' : 'Pay',
      env: deps.config.stage,
      uniqueRef: item.id,
      application_id: item.application_uuid,
      ...flags,
      validate_bin_number: store.lease_program.validate_bin_number,
      returnUrl: withCheckoutId(item.return_url, item.id),
      cancelUrl: withCheckoutId(item.return_url_failure, item.id),
    },
  };
}

/** Reads a vault token's card and applies the store's card flags; 422 with the seed's message when refused. */
export async function checkCard(
  deps: Deps,
  store: StoreView,
  token: string,
  record: { livemode?: boolean } = {},
): Promise<CardFacts> {
  if (!token || token.length > 255)
    throw unprocessable({ token: [CARD_MESSAGES.tokenFailed] }, CARD_MESSAGES.tokenFailed);
  let facts: CardFacts;
  try {
    facts = await cardVaultFor(deps, record).cardFacts(token);
  } catch (error) {
    if (error instanceof CardVaultError && error.code === 'invalid_token')
      throw unprocessable({ token: [CARD_MESSAGES.tokenFailed] }, CARD_MESSAGES.tokenFailed);
    throw new AppError(503, CARD_MESSAGES.processing);
  }
  const refusal = cardRefusal(facts, cardFlagsOf(store));
  if (refusal) throw unprocessable({ token: [refusal] }, refusal);
  return facts;
}

const cardView = (f: CardFacts) => ({
  brand: f.brand,
  funding: f.funding,
  country: f.country,
  last4: f.last4,
  exp_month: f.expMonth,
  exp_year: f.expYear,
});

/** POST /api/v1/cards/{card-vault}/verify, /tokenize and /api/v1/cards/token: the card behind a vault token. */
export async function verifyCardToken(deps: Deps, session: ApplySession, body: { token?: string; card?: unknown }) {
  if (typeof body.card === 'string' && /\d{12,}/.test(body.card.replace(/[\s-]/g, ''))) {
    throw unprocessable(
      { card: ['Card numbers are not accepted here: enter the card in the secure card fields.'] },
      CARD_MESSAGES.tokenFailed,
    );
  }
  if (!session.checkoutId) throw new AppError(404, 'Checkout not found', undefined, { not_found: 'checkout' });
  const item = await loadSessionCheckout(deps, session, session.checkoutId);
  const facts = await checkCard(deps, await storeOf(deps, item), body.token ?? '', item);
  return { token: facts.token, card: cardView(facts) };
}

export interface ProcessCardBody {
  token: string;
  application_id: string;
  amount: string | number;
  convenienceFee?: string | number | null;
  isDownPayment?: boolean | number | null;
}

type Outcome =
  | { kind: 'succeeded'; chargeId: string; amountCents: number }
  | { kind: 'declined' | 'error'; chargeId: string | null; code: string | null; message: string };

const outcomeOf = (result: ChargeResult): Outcome =>
  result.status === 'succeeded' || result.status === 'pending'
    ? { kind: 'succeeded', chargeId: result.chargeId, amountCents: result.amountCents }
    : result.status === 'declined'
      ? { kind: 'declined', chargeId: result.chargeId, code: result.declineCode, message: result.message }
      : { kind: 'error', chargeId: result.chargeId, code: result.code, message: result.message };

/**
 * Settles the attempt in flight (7 -> 8 or 10) and completes a paid checkout (8 -> 9). Safe to call twice (the
 * processCard request and the vault's callback both do): a settled attempt is not settled again.
 */
export async function settlePayment(
  deps: Pick<Deps, 'db' | 'clock'>,
  checkoutId: string,
  outcome: Outcome,
  actor: 'shopper' | 'vendor:card-vault',
): Promise<void> {
  const now = deps.clock();
  const item = await getCheckout(deps.db, checkoutId, now);
  if (!item) return;
  const known = outcome.chargeId ? item.payments.find((p) => p.chargeId === outcome.chargeId) : undefined;
  if (known && known.status !== 'processing') {
    // This charge was settled already (perhaps an older attempt): only finish a paid checkout.
  } else if (item.current_step === CHECKOUT_STATUS.paymentProcessing) {
    const settle = (p: PaymentAttempt): PaymentAttempt =>
      outcome.kind === 'succeeded'
        ? { ...p, chargeId: outcome.chargeId, status: 'succeeded', settledAt: now.toISOString() }
        : {
            ...p,
            chargeId: outcome.chargeId ?? p.chargeId,
            status: outcome.kind,
            declineCode: outcome.code,
            message: outcome.message,
            settledAt: now.toISOString(),
          };
    const mutate = (c: CheckoutItem) => {
      const index = c.payments.findLastIndex((p) => p.status === 'processing');
      if (index < 0) return {};
      const payments = c.payments.map((p, i) => (i === index ? settle(p) : p));
      return outcome.kind === 'succeeded'
        ? { payments, paidCents: c.paidCents + c.payments[index]!.amountCents }
        : { payments };
    };
    await applyIfAccepted(
      deps,
      checkoutId,
      outcome.kind === 'succeeded'
        ? { type: 'payment.succeeded' }
        : { type: 'payment.failed', reason: outcome.code ?? outcome.kind },
      {
        actor,
        mutate,
      },
    );
  }
  const after = await getCheckout(deps.db, checkoutId, deps.clock());
  if (after?.current_step === CHECKOUT_STATUS.paymentCompleted) {
    await applyIfAccepted(deps, checkoutId, { type: 'checkout.completed' }, { actor });
  }
}

/** The checkout side of a payment callback (idempotent, any order). */
export async function applyCardVaultEvent(deps: Pick<Deps, 'db' | 'clock'>, event: CardVaultEvent): Promise<void> {
  if (!event.reference || (event.status !== 'succeeded' && event.status !== 'failed')) return;
  const item = await getCheckout(deps.db, event.reference, deps.clock());
  if (!item) return;
  await settlePayment(
    deps,
    item.id,
    event.status === 'succeeded'
      ? { kind: 'succeeded', chargeId: event.chargeId, amountCents: event.amountCents }
      : {
          kind: event.declineCode && event.declineCode !== 'processing_error' ? 'declined' : 'error',
          chargeId: event.chargeId,
          code: event.declineCode,
          message: event.message ?? '',
        },
    'vendor:card-vault',
  );
}

function completedAnswer(item: CheckoutItem, chargeId: string | null) {
  const url = withCheckoutId(item.return_url, item.id, { status: String(item.current_step) });
  return {
    payment: {
      id: chargeId,
      status: 'succeeded',
      amount: centsToDecimal(item.payments.find((p) => p.chargeId === chargeId)?.amountCents ?? item.paidCents),
    },
    status: item.current_step,
    status_name: item.status_name,
    step: item.current_step,
    redirect: url,
    result: { status: true, step: item.current_step, data: { url } },
  };
}

/** POST /api/v1/cards/processCard (the handler wraps it in the Idempotency-Key). */
export async function processCard(
  deps: Deps,
  session: ApplySession,
  body: ProcessCardBody,
  lang: Lang,
): Promise<HttpResult> {
  const checkoutId = session.checkoutId;
  if (!checkoutId) throw new AppError(404, 'Checkout not found', undefined, { not_found: 'checkout' });
  let item = await loadSessionCheckout(deps, session, checkoutId);
  await requireVerified(deps, session, item);
  if (item.application_uuid !== body.application_id)
    throw new AppError(404, 'Application not found. Please create a new application.');
  if (item.current_step === CHECKOUT_STATUS.completed) {
    const paid = item.payments.find((p) => p.status === 'succeeded');
    return json(200, { status: true, code: 200, data: completedAnswer(item, paid?.chargeId ?? null) });
  }
  if (!accepts(item, { type: 'payment.started' })) {
    if (item.current_step === CHECKOUT_STATUS.paymentFailed && item.payments.length >= MAX_PAYMENT_ATTEMPTS) {
      throw conflict(PAYMENT_MESSAGES.failed, { code: 'E_ATTEMPTS', attempts: item.payments.length });
    }
    await applyToCheckout(deps, checkoutId, { type: 'payment.started' }, { actor: 'shopper', lang });
  }
  const due = dueCents(item);
  const amount = parseAmountToCents(body.amount);
  const fee = parseAmountToCents(body.convenienceFee ?? 0);
  if (amount === undefined || amount !== due)
    throw unprocessable({ amount: [`The amount must be the down payment due: ${centsToDecimal(due)}.`] });
  if (fee === undefined || fee !== 0)
    throw unprocessable({ convenienceFee: ['No convenience fee applies to this payment.'] });
  const store = await storeOf(deps, item);
  const facts = await checkCard(deps, store, body.token, item);

  const number = item.payments.length + 1;
  const key = `${checkoutId}-payment-${number}`;
  const now = deps.clock();
  item = await applyToCheckout(
    deps,
    checkoutId,
    { type: 'payment.started' },
    {
      actor: 'shopper',
      lang,
      mutate: (c) => ({
        payments: [
          ...c.payments,
          {
            number: c.payments.length + 1,
            idempotencyKey: `${checkoutId}-payment-${c.payments.length + 1}`,
            amountCents: amount,
            startedAt: now.toISOString(),
            status: 'processing',
            card: { brand: facts.brand, funding: facts.funding, last4: facts.last4, country: facts.country },
          },
        ],
      }),
    },
  );

  let outcome: Outcome;
  try {
    outcome = outcomeOf(
      await cardVaultFor(deps, item).charge({
        token: facts.token,
        amountCents: amount,
        currency: 'usd',
        idempotencyKey: key,
        reference: checkoutId,
        description: `Down payment ${checkoutId}`,
      }),
    );
  } catch (error) {
    deps.log.warn('card charge request failed', { checkoutId, error: String(error) });
    outcome = {
      kind: 'error',
      chargeId: null,
      code: error instanceof CardVaultError ? error.code : 'unavailable',
      message: String(error),
    };
  }
  await settlePayment(deps, checkoutId, outcome, 'shopper');
  const after = (await getCheckout(deps.db, checkoutId, deps.clock()))!;
  if (after.current_step === CHECKOUT_STATUS.completed || after.current_step === CHECKOUT_STATUS.paymentCompleted) {
    return json(200, { status: true, code: 200, data: completedAnswer(after, outcome.chargeId) });
  }
  // A refusal is an answer, not a failure of the request: kept for the Idempotency-Key like a success.
  const message = outcome.kind === 'declined' ? PAYMENT_MESSAGES.declined : PAYMENT_MESSAGES.failed;
  return json(402, {
    status: false,
    code: 402,
    message,
    data: {
      payment: {
        id: outcome.chargeId,
        status: outcome.kind,
        decline_code: outcome.kind === 'succeeded' ? null : outcome.code,
      },
      status: after.current_step,
      status_name: after.status_name,
      step: after.current_step,
      attempts_left: Math.max(0, MAX_PAYMENT_ATTEMPTS - after.payments.length),
    },
  });
}
