import type { CostDisclosure } from '../../../machines/domain/disclosures.ts';
import type { EsignOutput, LoadedCheckout } from '../../../machines/checkout/checkout-flow.machine.ts';
import type { ProcessResponse } from '../../../machines/checkout/process-response.ts';
import type { ExchangeOutput } from '../../../machines/checkpoint/checkpoint.machine.ts';
import type { StoreView } from '../../../machines/contracts/store.ts';
import type { Envelope } from '../../../machines/contracts/envelope.ts';
import type { Lang } from '../../../machines/i18n/types.ts';
import { api, ApiError, clientId } from '../../lib/api.ts';
import { getSession } from '../../lib/apply-session.ts';
import { postToHost } from '../../lib/host-messaging.ts';
import { sessionStore } from '../../lib/safe-storage.ts';

// The checkout's calls (seed 000 section 7) over web/lib/api.ts. A 406 answer carrying data.code is also told to the
// host page (event `error` with its message, default 'An unknown error occurred', and code).

export const UNKNOWN_ERROR = 'An unknown error occurred';

function tellHost406(error: unknown): never {
  if (error instanceof ApiError && error.code === 406) {
    const data = (error.data ?? {}) as { code?: unknown };
    if (typeof data.code === 'string') {
      postToHost('error', {
        status: 406,
        step: 'checkout',
        data: { code: data.code, message: error.message || UNKNOWN_ERROR },
      });
    }
  }
  throw error;
}

async function call<T>(method: 'GET' | 'POST', path: string, options: Parameters<typeof api>[2] = {}): Promise<T> {
  try {
    return (await api<T>(method, path, options)).data;
  } catch (error) {
    return tellHost406(error);
  }
}

const co = (id: string) => `/apply-v2/checkout/${encodeURIComponent(id)}`;

export interface CartPart {
  sku: string;
  quantity: number;
  description: string;
  unit_price: string;
}
export interface CartItem extends CartPart {
  required_parts: CartPart[];
}

/** GET /apply-v2/checkout/{id}: the shopper's view of the checkout. */
export interface CheckoutView extends LoadedCheckout {
  current_step: number | null;
  status_name: string;
  may_continue: boolean;
  skip_verification: boolean;
  delivery_required: boolean;
  delivery_scheduled: boolean;
  return_url: string;
  return_url_failure: string;
  cart: { items: CartItem[] };
  application_uuid: string | null;
  lease: { option: string; payment_frequency: string; down_payment: string } | null;
}

export interface SessionInfo {
  store: StoreView;
  application_uuid: string | null;
  checkout_id: string | null;
}

export interface ApplicationView {
  uuid: string;
  verified: boolean;
  submitted: boolean;
  applicant?: {
    title?: string | null;
    first_name?: string | null;
    last_name?: string | null;
    email?: string | null;
    cell?: string | null;
  } | null;
  location?: {
    line_1?: string | null;
    line_2?: string | null;
    city?: string | null;
    state?: string | null;
    code?: string | null;
    full_address?: string | null;
  } | null;
  incomes?: { frequency?: string | null; primary?: boolean | null }[];
  banking?: { routing_number?: string | null; bank_name?: string | null; checking_account?: string | null } | null;
  result?: { code?: string; offerAmounts?: Record<string, string> } | null;
}

export interface ExchangeAnswer extends ExchangeOutput {
  client_id: string;
  expires_at: string;
  store: StoreView;
  checkout: CheckoutView;
  application_uuid: string | null;
}

export const exchange = (token: string) =>
  // The resume link's own token authenticates; the session's apply token (of another checkout, maybe) is not sent.
  call<ExchangeAnswer>('GET', '/apply-v2/checkpoint/exchange', { query: { token, client_id: clientId() }, token: '' });

export const sessionInfo = (signal?: AbortSignal) => call<SessionInfo>('GET', '/apply-v2/session', { signal });
export const applicationView = (lang: Lang, signal?: AbortSignal) =>
  call<ApplicationView>('GET', '/apply-v2/application', { query: { lang }, signal });

export const loadCheckout = (id: string, lang: Lang) => call<CheckoutView>('GET', co(id), { query: { lang } });
export const processCheckout = (id: string, lang: Lang) =>
  call<ProcessAnswer>('GET', `${co(id)}/process`, { query: { lang } });
export const cancelCheckout = (id: string, lang: Lang) =>
  call<{ redirect?: string; return_url_failure?: string }>('POST', `${co(id)}/cancel`, { body: {}, query: { lang } });
export const discardContract = (id: string, lang: Lang) =>
  call<unknown>('POST', `${co(id)}/discard`, { body: {}, query: { lang } });

export async function requestEsign(id: string, iframe: boolean, lang: Lang): Promise<EsignOutput> {
  try {
    return await call<EsignOutput>('POST', `${co(id)}/esign`, { body: { checkout_id: id, iframe }, query: { lang } });
  } catch (error) {
    // 'Unable to generate Contract' carries the vendor's reason in data.error: show that under the title.
    const detail = error instanceof ApiError ? (error.data as { error?: unknown } | null)?.error : undefined;
    if (typeof detail === 'string' && detail) throw new Error(detail);
    throw error;
  }
}

export interface LeaseQuery {
  application_id?: string | null;
  option?: string | null;
  payment_frequency?: string | null;
  ocp?: boolean;
  additional_down?: string | null;
  language?: string | null;
  iframe: boolean;
}

export type Money = Record<string, unknown>;

/** GET /apply-v2/checkout/{id}/lease: the lease computation (money as 2-decimal strings). */
export interface LeaseAnswer {
  checkout_id: string;
  application_id: string;
  status: number;
  option: string;
  payment_frequency: string;
  language: string;
  ocp: { available: boolean; included: boolean; per_payment: string; weekly_price: string };
  epo: { days: number; fee: string; remaining_payments_percent: number };
  fees: { key: string; label: string; amount: string }[];
  store: { name: string; label: string; phone: string; address: string; display_info: boolean };
  lease: {
    cashPrice: string;
    numPayments: number;
    totalPayment: string;
    nextPaymentAt: string;
    leaseBeginsAt: string;
    additionalDown: string;
    delivery: string;
    waiver: string;
    effectiveCashPrice: string;
    documentProcessingFee: string;
    leaseProcessFee: string;
    securityDeposit: string;
    actualDownPayment: string;
    downPayment: string;
    remainingPaymentNeeded: string;
    leaseType: string;
    paymentFrequency: string;
    epoFee: string;
    termMonths: number;
    paymentAmount: string;
    paymentWithWaiver: string;
    costOfLease: string;
    items: {
      sku: string;
      description: string;
      quantity: number;
      unitPrice: string;
      total: string;
      requiredParts: { sku: string; description: string; quantity: number; unitPrice: string; total: string }[];
    }[];
  };
  contract: { preview_path: string; pdf_url: string; pdf_expires_at: string };
  /** The cost disclosure (the agreement's figures) and the applicant's state's required disclosures. */
  disclosure?: CostDisclosure | null;
  state?: string | null;
  state_disclosures?: string[];
}

export function fetchLease(id: string, q: LeaseQuery, lang: Lang) {
  return call<LeaseAnswer>('GET', `${co(id)}/lease`, {
    query: {
      application_id: q.application_id ?? undefined,
      option: q.option ?? undefined,
      payment_frequency: q.payment_frequency ?? undefined,
      ocp: q.ocp ? '1' : '0',
      additional_down: q.additional_down ?? undefined,
      language: q.language ?? undefined,
      iframe: q.iframe ? '1' : '0',
      lang,
    },
  });
}

/** The contract preview for the frame: the apply token and client id travel in the query (a frame sends no headers). */
export function previewUrl(id: string, language: string): string {
  const q = new URLSearchParams({ apply_token: getSession()?.token ?? '', client_id: clientId(), language });
  return `${co(id)}/preview?${q}`;
}

/** GET .../process with the card vault configuration when a payment is due. */
export interface ProcessAnswer extends ProcessResponse {
  checkout_id: string;
  amount?: string;
  gateway?: string;
  config?: { session_id: string; fields_url: string | null; expires_at: string } | null;
  data?: {
    title?: string;
    button_text?: string;
    application_id?: string | null;
    is_prepaid_cards_allowed?: boolean;
    are_credit_cards_allowed?: boolean;
    are_debit_cards_allowed?: boolean;
    is_foreign_cards_allowed?: boolean;
  };
  return_url?: string;
  return_url_failure?: string;
}

// ---- delivery (retail partner) ----

export interface ServiceOptionView {
  type: string;
  value: string;
  label?: string;
  price?: string;
  windows?: { value: string; label: string }[];
  dates?: string[];
  stores?: { value: string; label: string }[];
  shipments?: { value: string; label: string }[];
}

export interface ServicesAnswer {
  code: string;
  items: CartItem[];
  services: Record<string, ServiceOptionView[]>;
  notices: { key: string; params: Record<string, string>; sku: string; message: string }[];
  removed: string[];
}

export const productAvailability = (skus: string[]) =>
  call<{ availability: { sku: string; inStock: boolean; shippable: boolean; deliverable: boolean }[] }>(
    'GET',
    '/api/v1/retail-partner/productavailability',
    {
      query: { skus: skus.join(',') },
    },
  );

/** The services at a ZIP code; E_MISSING_OPTIONS (406) still carries the lookup, which is returned with `missing`. */
export async function deliveryServices(
  code: string,
  address: Record<string, string | undefined>,
  lang: Lang,
): Promise<ServicesAnswer & { missing?: boolean }> {
  try {
    return await call<ServicesAnswer>('GET', '/api/v1/retail-partner/services', {
      query: { code, address: JSON.stringify(address), lang },
    });
  } catch (error) {
    if (
      error instanceof ApiError &&
      error.code === 406 &&
      (error.data as { code?: unknown } | null)?.code === 'E_MISSING_OPTIONS'
    ) {
      return { ...(error.data as ServicesAnswer), missing: true };
    }
    throw error;
  }
}

export const scheduleDelivery = (body: unknown, lang: Lang) =>
  call<{ scheduled: boolean; delivery_price: string; status: number }>('POST', '/api/v1/retail-partner/schedule', {
    body,
    query: { lang },
  });

// ---- payment ----

export interface CardCharge {
  ok: boolean;
  status: number;
  message: string;
  data: {
    step?: number | null;
    status?: number | null;
    redirect?: string;
    payment?: { id: string | null; status: string };
  } | null;
}

const newKey = () => `pay-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

/**
 * POST /api/v1/cards/processCard with an Idempotency-Key (one per attempt: a retried request after a network failure
 * reuses it, so the card is never charged twice). A refusal (402) is an answer, not a thrown error.
 */
export async function processCard(
  body: { token: string; application_id: string; amount: string },
  lang: Lang,
  key = newKey(),
): Promise<CardCharge> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'X-Client-Id': clientId(),
    'Idempotency-Key': key,
  };
  const token = getSession()?.token;
  if (token) headers['X-Apply-Token'] = token;
  const send = () =>
    fetch(`/api/v1/cards/processCard?lang=${lang}`, {
      method: 'POST',
      headers,
      credentials: 'same-origin',
      body: JSON.stringify({ ...body, convenienceFee: 0, isDownPayment: true }),
    });
  let response: Response;
  try {
    response = await send();
  } catch {
    try {
      response = await send();
    } catch {
      return { ok: false, status: 0, message: 'Oops! Something went wrong, please try again!', data: null };
    }
  }
  let envelope: Partial<Envelope<CardCharge['data']>> = {};
  try {
    envelope = (await response.json()) as Envelope<CardCharge['data']>;
  } catch {
    // not JSON: the generic message below
  }
  const ok = response.ok && envelope.status === true;
  const fieldMessage = Object.values(envelope.errors ?? {})[0]?.[0];
  return {
    ok,
    status: response.status,
    message: ok ? '' : (fieldMessage ?? envelope.message ?? 'Oops! Something went wrong, please try again!'),
    data: (envelope.data as CardCharge['data']) ?? null,
  };
}

// ---- banking side step ----

export const routingLookup = (brand: string, routing: string, storeId: string) =>
  call<{ bank_name: string }>('GET', `/${encodeURIComponent(brand)}/system/applications/banking/routing`, {
    query: { routing_number: routing, store_id: storeId },
  });

export const saveBanking = (uuid: string, banking: Record<string, string>, lang: Lang) =>
  call<unknown>('POST', '/apply-v2/application', { body: { uuid, section: ['banking'], banking }, query: { lang } });

// ---- this tab's checkout facts ----

const MODE_KEY = 'lto.checkout.mode';

/** The resume link's `{iframe}` segment says how the retailer opened the portal: '1' a frame, '0' a redirect. */
export function rememberMode(iframe: string | null | undefined): void {
  sessionStore().setItem(MODE_KEY, iframe === '1' || iframe === 'true' ? 'iframe' : 'redirect');
}

/** Redirect mode: leaving the page sends the browser to the retailer's URLs. Without a resume link, the host decides. */
export function isRedirectMode(hostMode: string): boolean {
  const stored = sessionStore().getItem(MODE_KEY);
  if (stored === 'iframe') return false;
  if (stored === 'redirect') return true;
  return hostMode !== 'iframe';
}
