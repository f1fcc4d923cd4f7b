import type { FillProfile } from '../../../machines/contracts/application.ts';
import type { StoreView } from '../../../machines/contracts/store.ts';
import type { ScorePaymentsRequest, ScorePaymentsResponse } from '../../../machines/contracts/score-payments.ts';
import type { VerifyConfirmBody, VerifyConfirmData, VerifySendBody } from '../../../machines/contracts/verify.ts';
import type { ApplicationResult } from '../../../machines/domain/result.ts';
import { parseAmountToCents } from '../../../machines/domain/money.ts';
import type { Lang } from '../../../machines/i18n/types.ts';
import { api } from '../../lib/api.ts';
import { navigate } from 'wouter/use-hash-location';
import { clearSession, getSession } from '../../lib/apply-session.ts';
import { sessionStore } from '../../lib/safe-storage.ts';

// The calls of the verification and decision screens (seed 000 section 7) over web/lib/api.ts, and the little
// state those screens keep for this tab (per store): a retrieval waiting for its PIN, a contact-store answer, the
// submit failure ('Oops!') and the calculator's choice carried to the checkout.

export type RenderedResult = ApplicationResult<string>;

export interface SessionInfo {
  store: StoreView;
  application_uuid: string | null;
  checkout_id: string | null;
}

export interface IncomeView {
  frequency?: string | null;
  primary?: boolean | null;
}

/** The parts of GET /apply-v2/application these screens read. */
export interface ApplicationState {
  uuid: string;
  store_id: string;
  status: string;
  verified: boolean;
  submitted: boolean;
  result: RenderedResult | null;
  hasApprovedApplication: boolean;
  hasContractInProgress: boolean;
  original_store_id: string | null;
  checkout_id?: string | null;
  applicant?: { first_name?: string | null; last_name?: string | null } | null;
  location?: { state?: string | null; code?: string | null } | null;
  incomes?: IncomeView[];
}

export const getSessionInfo = async (signal?: AbortSignal) =>
  (await api<SessionInfo>('GET', '/apply-v2/session', { signal })).data;

export const getApplicationState = async (lang: Lang, signal?: AbortSignal) =>
  (await api<ApplicationState>('GET', '/apply-v2/application', { query: { lang }, signal })).data;

/** A cart line as the calculator prices it (unit price as the retailer sent it). */
export interface CartLine {
  unit_price: string | number;
  quantity?: number;
}

type CartPart = { unit_price: string | number; quantity: number };
type CheckoutCartItem = CartPart & { required_parts?: CartPart[] };

/** The checkout's cart items as calculator lines: each item, then each of its parts (their quantity is their own). */
export function cartLinesOf(items: readonly CheckoutCartItem[]): CartLine[] {
  return items.flatMap((item) => [
    { unit_price: item.unit_price, quantity: item.quantity },
    ...(item.required_parts ?? []).map((p) => ({ unit_price: p.unit_price, quantity: p.quantity })),
  ]);
}

/**
 * The cart of the checkout this application belongs to, as the lease will price it: the lines the lease keeps
 * (merchandise) and the delivery charge once chosen; null when there is no cart.
 */
export interface CheckoutCart {
  lines: CartLine[];
  /** The chosen delivery's charge in cents; null until the shopper has chosen delivery. */
  deliveryCents: number | null;
  /** The store requires delivery options, so a charge may be added after the result. */
  deliveryRequired: boolean;
}

export async function getCheckoutCart(
  checkoutId: string,
  lang: Lang,
  signal?: AbortSignal,
): Promise<CheckoutCart | null> {
  const view = await api<{
    cart?: { items?: CheckoutCartItem[] };
    cash_price?: { merchandise: string; delivery: string | null };
    delivery_required?: boolean;
  }>('GET', `/apply-v2/checkout/${encodeURIComponent(checkoutId)}`, { query: { lang }, signal });
  const items = view.data?.cart?.items ?? [];
  if (!items.length) return null;
  const priced = view.data?.cash_price;
  return {
    // The merchandise the lease keeps (items removed at delivery are out); the cart itself when not given.
    lines: priced ? [{ unit_price: priced.merchandise, quantity: 1 }] : cartLinesOf(items),
    deliveryCents: priced?.delivery ? (parseAmountToCents(priced.delivery) ?? null) : null,
    deliveryRequired: view.data?.delivery_required === true,
  };
}

export const sendPin = async (body: VerifySendBody, lang: Lang) =>
  (await api<{ mode: string }>('POST', '/apply-v2/application/verify/send', { body, query: { lang } })).data;

export const confirmPin = async (body: VerifyConfirmBody, lang: Lang) =>
  (
    await api<VerifyConfirmData & { verified?: boolean }>('POST', '/apply-v2/application/verify/confirm', {
      body,
      query: { lang },
    })
  ).data;

/** POST /apply-v2/application/confirm: submits once; a repeat answers the stored result. */
export const submitApplication = async (uuid: string, lang: Lang) =>
  (
    await api<RenderedResult>('POST', '/apply-v2/application/confirm', {
      body: { uuid, submitted: true, terms_accepted: true },
      query: { lang },
    })
  ).data;

export interface RetrieveBody {
  last_name: string;
  social_security_number: string;
  date_of_birth: string;
  store_id: string;
}

export interface StoreRef {
  id: string;
  name: string;
  label: string;
  phone: string;
}

export interface RetrieveAnswer {
  application: { uuid: string; status: string; store_id: string } | null;
  store: StoreView;
  contractInProgress: boolean;
  rated22App: boolean;
  mayNotSwitch: boolean;
  originalStore?: StoreRef;
  verify?: boolean;
  message?: string;
  phone?: string;
}

export const retrieveApplication = async (body: RetrieveBody, lang: Lang) =>
  (await api<RetrieveAnswer>('POST', '/apply-v2/application/retrieve', { body, query: { lang } })).data;

export const fetchFill = async (type: FillProfile, storeId: string) =>
  (await api<Record<string, unknown>>('GET', '/apply-v2/application/fill', { query: { type, store_id: storeId } }))
    .data;

export const scorePayments = async (body: ScorePaymentsRequest, signal?: AbortSignal) =>
  (await api<ScorePaymentsResponse>('POST', '/api/v1/score/payments', { body, signal })).data;

// ---- this tab's decision state, per store ----

export interface DecisionState {
  /** A retrieval answered `verify`: the application is bound to this session and waits for its PIN. */
  retrieval?: { uuid: string; moved: boolean; message: string | null } | null;
  /** A retrieval answered contact-store (rated 22 or tied to another store's checkout). */
  contactStore?: { store: string; phone: string | null } | null;
  /** A retrieval answered contract in progress. */
  contractInProgress?: { phone: string } | null;
  /** The submit failed ('Oops!'). */
  error?: boolean;
  /** The welcome screen's typed (or filled) data, carried into a new application. */
  carry?: Record<string, unknown> | null;
}

const stateKey = () => {
  const s = getSession();
  return s ? `lto.decision:${s.retailer}/${s.store}` : null;
};

export function readDecisionState(): DecisionState {
  const key = stateKey();
  if (!key) return {};
  try {
    return (JSON.parse(sessionStore().getItem(key) ?? '{}') as DecisionState) ?? {};
  } catch {
    return {};
  }
}

export function patchDecisionState(patch: Partial<DecisionState>): void {
  const key = stateKey();
  if (!key) return;
  sessionStore().setItem(key, JSON.stringify({ ...readDecisionState(), ...patch }));
}

export function clearDecisionState(): void {
  const key = stateKey();
  if (key) sessionStore().removeItem(key);
}

/**
 * The hand-off into the application form (web/shopper/application/ApplyPage.tsx reads and removes it once): the
 * data a new applicant typed on the welcome screen (or a Fill profile), as a request body.
 */
export const CARRY_KEY = 'lto.apply.carry';

export function carryIntoApplication(body: Record<string, unknown>): void {
  sessionStore().setItem(CARRY_KEY, JSON.stringify(body));
}

/** The calculator's choice, kept for the checkout (session state option, payment_frequency). */
export const CHOICE_KEY = 'lto.apply.choice';

/**
 * 'New Application' (retrieval mode) and requiresNewApp: the application bound to this session cannot be used, so a
 * new apply session is started at the same store (initiate), carrying what the shopper typed into the new form.
 */
export function startNewApplication(carry?: Record<string, unknown> | null): void {
  const session = getSession();
  const carried = carry ?? readDecisionState().carry ?? null;
  clearDecisionState();
  if (carried) carryIntoApplication(carried);
  if (!session) {
    navigate('/', { replace: true });
    return;
  }
  clearSession();
  navigate(`/${encodeURIComponent(session.retailer)}/${encodeURIComponent(session.store)}/initiate`, { replace: true });
}
