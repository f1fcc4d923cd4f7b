import { createHash, randomBytes } from 'node:crypto';
import { identityCheckCompleted } from './identity-check.ts';
import {
  applyCheckoutEvent,
  checkoutMachine,
  initialCheckoutSnapshot,
  persistCheckout,
  restoreCheckout,
  canAccept,
  type CheckoutEvent,
  type CheckoutSnapshot,
} from '../../machines/checkout/checkout.machine.ts';
import { CHECKOUT_STATUS, statusName, type CheckoutStatus } from '../../machines/checkout/checkout-status.ts';
import { stepRoute } from '../../machines/checkpoint/checkpoint-route.ts';
import type { RetailerCheckoutBody } from '../../machines/contracts/retailer-checkout.ts';
import type { StoreView } from '../../machines/contracts/store.ts';
import type { Decision } from '../../machines/domain/decision.ts';
import { centsToDecimal } from '../../machines/domain/money.ts';
import { cashPriceCents, normalizeDelivery } from '../../machines/domain/pricing.ts';
import { translate } from '../../machines/i18n/catalogue.ts';
import type { Lang } from '../../machines/i18n/types.ts';
import { getApplication, type ApplicationRecord } from '../data/applications.ts';
import {
  claimCheckoutToken,
  createCheckout,
  getCheckout,
  getCheckoutToken,
  putCheckoutToken,
  saveCheckout,
  type AuditActor,
  type CheckoutItem,
  type CheckoutRecord,
} from '../data/checkouts.ts';
import { newEvent, type OutboxEvent } from '../data/items.ts';
import { findStoreBySlug, getStoreById } from '../data/stores.ts';
import type { ApplySession } from '../platform/sessions.ts';
import { isValidClientId, issueStoreApplyToken } from '../platform/apply-tokens.ts';
import type { Deps } from '../platform/deps.ts';
import { AppError, forbidden, notFound, unprocessable } from '../platform/errors.ts';
import { isLiveApproval, isSessionVerified } from './decision-support.ts';
import { retailerFulfilmentView } from './fulfilment.ts';
import { leaseItemsOf } from './lease-items.ts';
import { esignFor } from './record-vendors.ts';

// The checkout aggregate's use cases: the retailer creates a checkout; the shopper exchanges the checkout token for
// an apply token bound to the checkout; every event goes through the checkout machine (machines/checkout), which
// refuses what the current status does not allow (409); each accepted event is kept in the audit trail and each
// status change becomes an outbox event (`checkout.<status>`), which the webhook dispatcher sends to the retailer.

/** How long the shopper's checkout link can be opened. */
export const CHECKOUT_TOKEN_TTL_SECONDS = 72 * 3600;
export const CHECKOUT_NOT_FOUND = 'Checkout not found';
const WRITE_RETRIES = 6;

export const newCheckoutId = () => `chk_${randomBytes(12).toString('hex')}`;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** 'leaseCreated' -> 'lease_created': the webhook and event type suffix of a status. */
export const snakeName = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
export const checkoutEventType = (status: CheckoutStatus) => `checkout.${snakeName(statusName(status))}`;

export function withCheckoutId(url: string, checkoutId: string, extra: Record<string, string> = {}): string {
  const u = new URL(url);
  u.searchParams.set('checkout_id', checkoutId);
  for (const [k, v] of Object.entries(extra)) u.searchParams.set(k, v);
  return u.toString();
}

/** Records made before test mode existed are live. */
export const isLiveCheckout = (item: Pick<CheckoutRecord, 'livemode'>) => item.livemode !== false;

/** The caller of the retailer API as the checkout services need it: its retailer and its token's mode. */
export interface RetailerScope {
  retailerId: string;
  mode: 'test' | 'live';
}

export function snapshotOf(item: Pick<CheckoutRecord, 'machine'>): CheckoutSnapshot {
  return restoreCheckout(item.machine);
}

/** The event data of a status change: ids and status only (no PII). */
function statusEventData(item: CheckoutRecord, from: CheckoutStatus, event: string): Record<string, unknown> {
  return {
    checkout_id: item.id,
    retailer_id: item.retailerId,
    store_id: item.storeId,
    livemode: isLiveCheckout(item),
    application_id: item.application_uuid,
    status: item.current_step,
    status_name: item.status_name,
    previous_status: from,
    step: stepRoute(item.current_step),
    may_continue: item.may_continue,
    event,
  };
}

// ---------- create (retailer) ----------

export interface CreateCheckoutInput extends RetailerCheckoutBody {
  store: string;
  skip_verification?: boolean;
  lang?: 'en' | 'es';
}

export interface CreatedCheckout {
  checkout_id: string;
  url: string;
  iframe_url: string;
  livemode: boolean;
  status: CheckoutStatus;
  status_name: string;
  expires_at: string;
}

/**
 * The shopper's links. The frame's link goes through /embed/{retailer}/{store}/, where the page may be framed by the
 * retailer's registered origins (functions/services/embed-origins.ts); hash routing follows as everywhere else.
 */
export function shopperUrls(publicUrl: string, token: string, embed?: { retailerSlug: string; storeSlug: string }) {
  const framePage = embed ? `${publicUrl}/embed/${embed.retailerSlug}/${embed.storeSlug}/` : `${publicUrl}/`;
  return { url: `${publicUrl}/#/checkpoint/${token}/0`, iframe_url: `${framePage}#/checkpoint/${token}/1` };
}

export async function createRetailerCheckout(
  deps: Deps,
  caller: RetailerScope,
  input: CreateCheckoutInput,
): Promise<CreatedCheckout> {
  const { retailerId } = caller;
  const now = deps.clock();
  const store = await findStoreBySlug(deps.db, retailerId, input.store, now);
  if (!store || !store.active || store.view.retailer.id !== retailerId) {
    throw unprocessable({ store: ['The store must be the slug of one of your active stores.'] });
  }
  const id = newCheckoutId();
  const token = randomBytes(32).toString('base64url');
  const snapshot = initialCheckoutSnapshot({
    checkout_id: id,
    skip_verification: input.skip_verification ?? false,
    identity_required: store.view.lease_program.identity_check_enabled,
  });
  const record: CheckoutRecord = {
    id,
    retailerId,
    storeId: store.view.id,
    storeSlug: store.view.slug,
    retailerSlug: store.view.retailer.slug,
    // A test token makes sandbox records only; a live token live ones.
    livemode: caller.mode === 'live',
    cart: input.cart,
    return_url: input.return_url,
    return_url_failure: input.return_url_failure,
    callback_url: input.callback_url,
    prefillSealed: input.prefill ? await deps.crypto.encrypt(JSON.stringify(input.prefill)) : null,
    skip_verification: input.skip_verification ?? false,
    lang: input.lang ?? 'en',
    machine: persistCheckout(snapshot),
    current_step: null,
    status_name: 'notStarted',
    may_continue: true,
    application_uuid: null,
    audit: [{ at: now.toISOString(), event: 'checkout.created', from: null, to: null, actor: 'retailer' }],
    delivery: null,
    lease: null,
    esign: null,
    payments: [],
    paidCents: 0,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    completedAt: null,
    cancelledAt: null,
  };
  await putCheckoutToken(deps.db, hashToken(token), id, now, CHECKOUT_TOKEN_TTL_SECONDS);
  await createCheckout(deps.db, record, [
    newEvent('checkout.created', { type: 'checkout', id }, statusEventData(record, null, 'checkout.created'), now),
  ]);
  return {
    checkout_id: id,
    ...shopperUrls(deps.config.publicUrl, token, {
      retailerSlug: store.view.retailer.slug,
      storeSlug: store.view.slug,
    }),
    livemode: record.livemode !== false,
    status: null,
    status_name: 'notStarted',
    expires_at: new Date(now.getTime() + CHECKOUT_TOKEN_TTL_SECONDS * 1000).toISOString(),
  };
}

// ---------- events on the machine ----------

export interface ApplyOptions {
  actor: AuditActor;
  lang?: Lang;
  note?: string;
  /** Further changes of the aggregate made in the same write (lease, envelope, payment...). */
  mutate?: (item: CheckoutItem, next: { snapshot: CheckoutSnapshot; actions: string[] }) => Partial<CheckoutRecord>;
  /** Extra outbox events written with the change. */
  extraEvents?: (item: CheckoutItem) => OutboxEvent[];
}

export class EventRefused extends AppError {}

function refused(item: CheckoutItem, event: CheckoutEvent, lang: Lang): EventRefused {
  const status = item.current_step === null ? 'null' : String(item.current_step);
  return new EventRefused(
    409,
    translate(lang, 'checkout.error.eventNotAllowed', { event: event.type, status }),
    undefined,
    {
      code: 'E_STATUS',
      event: event.type,
      status: item.current_step,
      status_name: item.status_name,
    },
  );
}

/**
 * Applies one event to a checkout: restore the snapshot, ask the machine (409 when not allowed), save the new
 * snapshot, the audit entry, the caller's changes and (on a status change) the outbox event, in one conditional
 * write; a concurrent write is retried on the fresh copy.
 */
export async function applyToCheckout(
  deps: Pick<Deps, 'db' | 'clock'>,
  checkoutId: string,
  event: CheckoutEvent,
  options: ApplyOptions,
): Promise<CheckoutItem> {
  for (let attempt = 0; ; attempt++) {
    const now = deps.clock();
    const item = await getCheckout(deps.db, checkoutId, now);
    if (!item) throw notFound(CHECKOUT_NOT_FOUND);
    const result = applyCheckoutEvent(snapshotOf(item), event);
    if (!result.accepted) throw refused(item, event, options.lang ?? 'en');
    const actions = result.actions.map((a) => a.type);
    const extra = options.mutate?.(item, { snapshot: result.snapshot, actions }) ?? {};
    const to = result.to;
    const next: CheckoutItem = {
      ...item,
      ...extra,
      machine: persistCheckout(result.snapshot),
      current_step: to,
      status_name: statusName(to),
      may_continue: result.snapshot.context.may_continue,
      audit: [
        ...item.audit,
        {
          at: now.toISOString(),
          event: event.type,
          from: result.from,
          to,
          actor: options.actor,
          ...(options.note ? { note: options.note } : {}),
        },
      ].slice(-200),
      updatedAt: now.toISOString(),
      ...(to === CHECKOUT_STATUS.completed && result.statusChanged ? { completedAt: now.toISOString() } : {}),
      ...(to === CHECKOUT_STATUS.cancelled && result.statusChanged ? { cancelledAt: now.toISOString() } : {}),
    };
    if (actions.includes('refundDownPayment') && next.paidCents > 0) next.refundDueCents = next.paidCents;
    const events: OutboxEvent[] = [];
    if (result.statusChanged) {
      events.push(
        newEvent(
          checkoutEventType(to),
          { type: 'checkout', id: item.id },
          statusEventData(next, result.from, event.type),
          now,
        ),
      );
    }
    // A partial delivery has its own event (functions/services/deliveries.ts); the one completing delivery is this.
    if (event.type === 'delivery.confirmed' && event.remaining !== true) {
      events.push(
        newEvent(
          'checkout.delivered',
          { type: 'checkout', id: item.id },
          statusEventData(next, result.from, event.type),
          now,
        ),
      );
    }
    events.push(...(options.extraEvents?.(next) ?? []));
    try {
      return await saveCheckout(deps.db, item, next, events);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 409 && attempt < WRITE_RETRIES) continue;
      throw error;
    }
  }
}

/** Applies the event when the checkout's status accepts it; null (nothing changed) otherwise. For consumers. */
export async function applyIfAccepted(
  deps: Pick<Deps, 'db' | 'clock'>,
  checkoutId: string,
  event: CheckoutEvent,
  options: ApplyOptions,
): Promise<CheckoutItem | null> {
  try {
    return await applyToCheckout(deps, checkoutId, event, options);
  } catch (error) {
    if (error instanceof EventRefused) return null;
    throw error;
  }
}

export const accepts = (item: CheckoutItem, event: CheckoutEvent) =>
  canAccept(checkoutMachine, snapshotOf(item), event);

/** Saves changes that are not machine events (delivery lookups) with the usual retry. */
export async function updateCheckout(
  deps: Pick<Deps, 'db' | 'clock'>,
  checkoutId: string,
  change: (item: CheckoutItem) => Partial<CheckoutRecord>,
): Promise<CheckoutItem> {
  for (let attempt = 0; ; attempt++) {
    const now = deps.clock();
    const item = await getCheckout(deps.db, checkoutId, now);
    if (!item) throw notFound(CHECKOUT_NOT_FOUND);
    try {
      return await saveCheckout(deps.db, item, { ...item, ...change(item), updatedAt: now.toISOString() });
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 409 && attempt < WRITE_RETRIES) continue;
      throw error;
    }
  }
}

// ---------- the application behind a checkout ----------

/** The identity check of the application finished: its persisted identity-check flow reached `done`. */
function identityDone(app: ApplicationRecord): boolean {
  return identityCheckCompleted(app);
}

/**
 * Brings the checkout up to date with its application (the consumer of application events does the same when the
 * events arrive; whichever runs first wins and the other changes nothing): started -> application in progress ->
 * application complete (may_continue false when denied), and the identity check.
 */
export async function syncWithApplication(
  deps: Deps,
  item: CheckoutItem,
  applicationUuid?: string | null,
): Promise<CheckoutItem> {
  const uuid = item.application_uuid ?? applicationUuid ?? null;
  if (!uuid) return item;
  const app = await getApplication(deps.db, deps.crypto, uuid, deps.clock());
  if (!app || (app.checkoutId && app.checkoutId !== item.id)) return item;
  let current = item;
  const link = (c: CheckoutItem) => (c.application_uuid ? {} : { application_uuid: uuid });
  const step = async (event: CheckoutEvent) => {
    if (!accepts(current, event)) return;
    current = (await applyIfAccepted(deps, current.id, event, { actor: 'system', mutate: (c) => link(c) })) ?? current;
  };
  if (current.current_step === CHECKOUT_STATUS.started) await step({ type: 'application.started' });
  if (app.status === 'approved' || app.status === 'denied')
    await step({ type: 'application.completed', may_continue: app.status === 'approved' });
  if (identityDone(app)) await step({ type: 'identity.completed' });
  if (!current.application_uuid) current = await updateCheckout(deps, current.id, (c) => link(c));
  return current;
}

// ---------- the shopper's side ----------

export interface ExchangeAnswer {
  token: string;
  client_id: string;
  expires_at: string;
  checkout: ShopperCheckoutView;
  intellicheck_required: boolean;
  session: { verified: boolean; hasApplication: boolean; hasStore: boolean };
  store: StoreView;
  application_uuid: string | null;
}

/** GET /apply-v2/checkpoint/exchange: the checkout token -> an apply token scoped to the store, bound to the checkout. */
export async function exchangeCheckoutToken(
  deps: Deps,
  token: string | undefined,
  clientIdIn: string | undefined,
  lang: Lang,
): Promise<ExchangeAnswer> {
  if (!token || token.length > 128)
    throw forbidden('This checkout link is not valid. Please start again from the retailer.');
  const now = deps.clock();
  const hash = hashToken(token);
  const tokenItem = await getCheckoutToken(deps.db, hash, now);
  if (!tokenItem)
    throw forbidden('This checkout link is not valid or has expired. Please start again from the retailer.');
  const clientId = isValidClientId(clientIdIn)
    ? clientIdIn
    : isValidClientId(tokenItem.clientId)
      ? tokenItem.clientId
      : `chk-${randomBytes(12).toString('hex')}`;
  // The link belongs to the first browser that opens it; a reload there works, another browser is refused.
  if (!(await claimCheckoutToken(deps.db, hash, clientId, now))) {
    throw forbidden('This checkout link was already opened in another browser. Please start again from the retailer.');
  }
  let item = await getCheckout(deps.db, tokenItem.checkoutId, now);
  if (!item) throw notFound(CHECKOUT_NOT_FOUND);
  const store = await getStoreById(deps.db, item.storeId, now);
  if (!store || !store.active) throw new AppError(404, 'Store not found', undefined, { not_found: 'store' });
  if (item.current_step === CHECKOUT_STATUS.notStarted) {
    item = (await applyIfAccepted(deps, item.id, { type: 'checkout.start' }, { actor: 'shopper' })) ?? item;
  }
  item = await syncWithApplication(deps, item);
  const binding = {
    clientId,
    checkoutId: item.id,
    ...(item.application_uuid ? { applicationUuid: item.application_uuid } : {}),
  };
  const issued = await issueStoreApplyToken(deps, store.view, binding, now);
  const context = snapshotOf(item).context;
  return {
    token: issued.token,
    client_id: clientId,
    expires_at: new Date(issued.expiresAt * 1000).toISOString(),
    checkout: await shopperView(deps, item, lang),
    intellicheck_required: context.identity_required && !context.identity_verified,
    // A new apply token has not proved the PIN yet (verification belongs to the session), unless the retailer skips it.
    session: { verified: item.skip_verification, hasApplication: Boolean(item.application_uuid), hasStore: true },
    store: store.view,
    application_uuid: item.application_uuid,
  };
}

/** The checkout the apply session is bound to; any other id is not found. */
export async function loadSessionCheckout(
  deps: Deps,
  session: ApplySession,
  checkoutId: string,
): Promise<CheckoutItem> {
  if (!session.checkoutId || session.checkoutId !== checkoutId)
    throw new AppError(404, CHECKOUT_NOT_FOUND, undefined, { not_found: 'checkout' });
  const item = await getCheckout(deps.db, checkoutId, deps.clock());
  if (!item) throw new AppError(404, CHECKOUT_NOT_FOUND, undefined, { not_found: 'checkout' });
  return syncWithApplication(deps, item, session.applicationUuid);
}

/** Checkout routes need a verified session (PIN proved with this apply token) or a skip-verification checkout. */
export async function requireVerified(
  deps: Deps,
  session: ApplySession,
  item: CheckoutItem,
): Promise<ApplicationRecord> {
  const uuid = item.application_uuid ?? session.applicationUuid;
  if (!uuid || session.applicationUuid !== uuid)
    throw new AppError(409, 'Please complete your application before the checkout.', undefined, {
      code: 'E_NO_APPLICATION',
    });
  const app = await getApplication(deps.db, deps.crypto, uuid, deps.clock());
  if (!app) throw notFound('Application not found. Please create a new application.');
  if (!item.skip_verification && !isSessionVerified(app, session.tokenHash)) {
    throw new AppError(403, 'Please verify your identity with the PIN before the checkout.', undefined, {
      verify_required: true,
    });
  }
  return app;
}

export interface ShopperCheckoutView {
  id: string;
  current_step: CheckoutStatus;
  status_name: string;
  step: ReturnType<typeof stepRoute>;
  may_continue: boolean;
  skip_verification: boolean;
  delivery_required: boolean;
  delivery_scheduled: boolean;
  return_url: string;
  return_url_failure: string;
  cart: {
    items: {
      sku: string;
      quantity: number;
      description: string;
      unit_price: string;
      required_parts: { sku: string; quantity: number; description: string; unit_price: string }[];
    }[];
  };
  /**
   * The cash price the lease will have, as pricing.ts counts it: the cart's items the lease keeps and the delivery
   * charge once the shopper has chosen delivery (null before; at a store that requires delivery options the charge
   * is not known until then). The result screen's calculator prices `total`.
   */
  cash_price: { merchandise: string; delivery: string | null; total: string };
  application_uuid: string | null;
  lease: { option: string; payment_frequency: string; down_payment: string } | null;
  prefill: unknown;
}

export async function shopperView(deps: Deps, item: CheckoutItem, _lang: Lang = 'en'): Promise<ShopperCheckoutView> {
  const store = await getStoreById(deps.db, item.storeId, deps.clock());
  const context = snapshotOf(item).context;
  return {
    id: item.id,
    current_step: item.current_step,
    status_name: item.status_name,
    step: stepRoute(item.current_step),
    may_continue: item.may_continue,
    skip_verification: item.skip_verification,
    delivery_required: store?.view.checkout_delivery_options_required ?? false,
    delivery_scheduled: context.delivery_scheduled,
    return_url: withCheckoutId(item.return_url, item.id),
    return_url_failure: withCheckoutId(item.return_url_failure, item.id),
    cart: {
      items: item.cart.items.map((i) => ({
        ...cartLineView(i),
        required_parts: i.required_parts.map((p) => ({ ...p, unit_price: centsToDecimal(p.unit_price) })),
      })),
    },
    cash_price: shopperCashPrice(item),
    application_uuid: item.application_uuid,
    lease: item.lease
      ? {
          option: item.lease.input.option.toLowerCase(),
          payment_frequency: item.lease.input.paymentFrequency,
          down_payment: centsToDecimal(item.lease.computation.downPayment),
        }
      : null,
    // The retailer's prefill goes only to the shopper's own session (it pre-fills the application form).
    prefill: item.prefillSealed ? JSON.parse(await deps.crypto.decrypt(item.prefillSealed)) : null,
  };
}

/** The lease's cash price as the shopper's checkout view gives it (the same functions as the lease). */
/** A cart line as the checkout's readers get it: its price in dollars. */
const cartLineView = (line: CheckoutItem['cart']['items'][number]) => ({
  sku: line.sku,
  quantity: line.quantity,
  description: line.description,
  unit_price: centsToDecimal(line.unit_price),
});

export function shopperCashPrice(item: CheckoutItem): ShopperCheckoutView['cash_price'] {
  const items = leaseItemsOf(item);
  const scheduled = item.delivery?.scheduledAt ? normalizeDelivery(item.delivery.priceCents) : null;
  return {
    merchandise: centsToDecimal(cashPriceCents({ items })),
    delivery: scheduled === null ? null : centsToDecimal(scheduled),
    total: centsToDecimal(cashPriceCents({ items, deliveryCents: scheduled ?? 0 })),
  };
}

/** What the failure return means for the page: the retailer's failure URL and the result to show. */
export function failureAnswer(item: CheckoutItem) {
  const url = withCheckoutId(item.return_url_failure, item.id, { status: String(item.current_step) });
  return {
    status: item.current_step,
    status_name: item.status_name,
    redirect: url,
    return_url_failure: url,
    result: { status: false, step: item.current_step, data: { url } },
  };
}

/** Cancels a checkout (shopper or retailer): status 12; an open envelope is voided; the failure URL is answered. */
export async function cancelCheckout(
  deps: Deps,
  checkoutId: string,
  actor: AuditActor,
  lang: Lang,
  reason?: string,
): Promise<CheckoutItem> {
  const item = await applyToCheckout(
    deps,
    checkoutId,
    { type: 'checkout.cancelled', ...(reason ? { reason } : {}) },
    { actor, lang, ...(reason ? { note: reason.slice(0, 200) } : {}) },
  );
  if (item.esign?.status === 'sent') {
    try {
      // The vendor that made the envelope: the sandbox for a test checkout, also where a real one is configured.
      await esignFor(deps, item).voidEnvelope(item.esign.envelopeId, 'The checkout was cancelled.');
      await updateCheckout(deps, item.id, (c) => (c.esign ? { esign: { ...c.esign, status: 'voided' } } : {}));
    } catch (error) {
      deps.log.warn('could not void the envelope of a cancelled checkout', { checkoutId, error: String(error) });
    }
  }
  if (item.refundDueCents) deps.log.warn('down payment to refund', { checkoutId, cents: item.refundDueCents });
  return item;
}

// ---------- the retailer's view ----------

/**
 * A checkout of the caller's. Another retailer's checkout, and a checkout of the other mode (a test token asking for
 * a live record or the reverse), are as unknown as a missing one. A bare retailer id checks the retailer only.
 */
export async function loadRetailerCheckout(
  deps: Deps,
  caller: RetailerScope | string,
  checkoutId: string,
): Promise<CheckoutItem> {
  const scope = typeof caller === 'string' ? { retailerId: caller, mode: undefined } : caller;
  const item = await getCheckout(deps.db, checkoutId, deps.clock());
  if (!item || item.retailerId !== scope.retailerId) throw notFound(CHECKOUT_NOT_FOUND);
  if (scope.mode && isLiveCheckout(item) !== (scope.mode === 'live')) throw notFound(CHECKOUT_NOT_FOUND);
  return item;
}

/** The retailer's summary: statuses, lease figures and the application's result code; no personal data. */
export async function retailerView(deps: Deps, item: CheckoutItem) {
  const app = item.application_uuid
    ? await getApplication(deps.db, deps.crypto, item.application_uuid, deps.clock())
    : undefined;
  const decision = app?.decision as Decision | undefined;
  const lease = item.lease?.computation;
  const money = (c: number | undefined) => (typeof c === 'number' ? centsToDecimal(c) : null);
  const context = snapshotOf(item).context;
  return {
    checkout_id: item.id,
    livemode: isLiveCheckout(item),
    status: item.current_step,
    status_name: item.status_name,
    current_step: item.current_step,
    step: stepRoute(item.current_step),
    may_continue: item.may_continue,
    store: { slug: item.storeSlug },
    cart: {
      items: item.cart.items.map(cartLineView),
    },
    application: app
      ? {
          id: app.uuid,
          status: app.status,
          result_code: decision?.code ?? null,
          approved: isLiveApproval(app, deps.clock()),
          offer_amounts: decision
            ? Object.fromEntries(Object.entries(decision.offers).map(([k, v]) => [k, centsToDecimal(v)]))
            : null,
          expires_at: decision?.expiresAt ?? null,
        }
      : null,
    lease: lease
      ? {
          option: item.lease!.input.option,
          lease_type: lease.leaseType,
          payment_frequency: lease.paymentFrequency,
          cash_price: money(lease.cashPrice),
          number_of_payments: lease.numPayments,
          payment_amount: money(lease.paymentWithWaiver),
          total_of_payments: money(lease.totalPayment),
          down_payment: money(lease.downPayment),
          delivery: money(lease.delivery),
          ocp_included: lease.waiver > 0,
          items: lease.items.map((i) => ({
            sku: i.sku,
            quantity: i.quantity,
            unit_price: money(i.unitPriceCents),
            total: money(i.totalCents),
          })),
        }
      : null,
    delivery: item.delivery
      ? {
          scheduled: context.delivery_scheduled,
          confirmation_id: item.delivery.confirmationId,
          removed_skus: item.delivery.removed,
          delivered_at: context.delivered_at,
        }
      : { scheduled: false, confirmation_id: null, removed_skus: [], delivered_at: context.delivered_at },
    // Partial delivery (issue 13): what was delivered and cancelled of each contracted line, once there is a lease.
    fulfilment: item.lease ? retailerFulfilmentView(item) : null,
    esign: item.esign
      ? {
          status: item.esign.status,
          requested_at: item.esign.requestedAt,
          completed_at: item.esign.completedAt ?? null,
        }
      : null,
    payment: {
      paid: centsToDecimal(item.paidCents),
      attempts: item.payments.map((p) => ({
        number: p.number,
        status: p.status,
        amount: centsToDecimal(p.amountCents),
        at: p.startedAt,
        decline_code: p.declineCode ?? null,
      })),
    },
    created_at: item.createdAt,
    updated_at: item.updatedAt,
    completed_at: item.completedAt ?? null,
    cancelled_at: item.cancelledAt ?? null,
    audit: item.audit.map((a) => ({ at: a.at, event: a.event, from: a.from, to: a.to, actor: a.actor })),
  };
}
