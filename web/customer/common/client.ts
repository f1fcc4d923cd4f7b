import type {
  AuthCodeBody,
  AuthCodeData,
  AutopayBody,
  CardSessionBody,
  CardSessionView,
  CustomerLeaseDetail,
  CustomerLeaseSummary,
  CustomerMe,
  DueDateBody,
  PaymentBody,
  PaymentResultView,
  PayoffBody,
  PayoffQuoteView,
  RemindersBody,
  ReturnBody,
} from '../../../machines/contracts/customer-api.ts';
import type { Lang } from '../../../machines/i18n/types.ts';
import { EnvelopeError, notAnEnvelope, readEnvelope, refusal } from '../../lib/envelope-error.ts';

// The account pages' calls to /customer/api (machines/contracts/customer-api.ts). The session is an HttpOnly cookie;
// mutating calls echo the session's CSRF token (from /auth/verify or /me) and carry an Idempotency-Key, so a retried
// click never pays twice. Answers come in the lessee's language (X-Lang). A failure throws a CustomerApiError with the
// server's message (already translated) and its field errors; a 401 after sign-in tells the app the session ended.

export class CustomerApiError extends EnvelopeError {
  override name = 'CustomerApiError';
}

// CUSTOMER_CSRF_HEADER of machines/contracts/customer-api.ts, written out: importing a value from that module would
// bring its zod schemas (9 KB gzipped) into the page.
const CSRF_HEADER = 'x-csrf-token';

let csrfToken = '';
let currentLang: Lang = 'en';
let onSessionEnded: () => void = () => {};

export const setCsrfToken = (token: string) => {
  csrfToken = token;
};
export const setClientLang = (lang: Lang) => {
  currentLang = lang;
};
/** Called when a signed-in call answers 401 (the session expired or was ended elsewhere). */
export const setSessionEndedHandler = (handler: () => void) => {
  onSessionEnded = handler;
};

function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

interface CallOptions {
  body?: unknown;
  /** The same key for a retry of the same intent (a payment retried after a network failure). */
  idempotencyKey?: string;
  /** Sign-in calls: a 401 there is a wrong code, not an ended session. */
  signIn?: boolean;
}

async function call<T>(method: 'GET' | 'POST', path: string, options: CallOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Lang': currentLang };
  if (method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    if (csrfToken) headers[CSRF_HEADER] = csrfToken;
    headers['Idempotency-Key'] = options.idempotencyKey ?? newKey();
  }
  let response: Response;
  try {
    response = await fetch(new URL(path, location.origin), {
      method,
      headers,
      body: method === 'GET' ? null : JSON.stringify({ ...(options.body as object), lang: currentLang }),
      credentials: 'same-origin',
    });
  } catch {
    throw new CustomerApiError(0, 'error.network');
  }
  const envelope = await readEnvelope<T>(response);
  if (!envelope) throw new CustomerApiError(...notAnEnvelope(response));
  if (response.ok && envelope.status) return envelope.data;
  if (response.status === 401 && !options.signIn) onSessionEnded();
  throw new CustomerApiError(...refusal(response, envelope));
}

const lease = (id: string) => `/customer/api/leases/${encodeURIComponent(id)}`;

export const requestCode = (body: AuthCodeBody) =>
  call<AuthCodeData>('POST', '/customer/api/auth/code', { body, signIn: true });
export const verifyCode = (code: string) =>
  call<CustomerMe>('POST', '/customer/api/auth/verify', { body: { code }, signIn: true });
export const me = () => call<CustomerMe>('GET', '/customer/api/me', { signIn: true });
export const logout = () => call<null>('POST', '/customer/api/auth/logout', { body: {} });

export const listLeases = () => call<CustomerLeaseSummary[]>('GET', '/customer/api/leases');
export const getLease = (id: string) => call<CustomerLeaseDetail>('GET', lease(id));
export const getPayoffQuote = (id: string) => call<PayoffQuoteView>('GET', `${lease(id)}/payoff`);

export const pay = (id: string, body: Omit<PaymentBody, 'lang'>, idempotencyKey: string) =>
  call<PaymentResultView>('POST', `${lease(id)}/payments`, { body, idempotencyKey });
export const payOff = (id: string, body: Omit<PayoffBody, 'lang'>, idempotencyKey: string) =>
  call<PaymentResultView>('POST', `${lease(id)}/payoff`, { body, idempotencyKey });
export const setAutopay = (id: string, body: Omit<AutopayBody, 'lang'>) =>
  call<CustomerLeaseDetail>('POST', `${lease(id)}/autopay`, { body });
export const moveDueDate = (id: string, body: Omit<DueDateBody, 'lang'>) =>
  call<CustomerLeaseDetail>('POST', `${lease(id)}/due-date`, { body });
export const setReminders = (id: string, body: Omit<RemindersBody, 'lang'>) =>
  call<CustomerLeaseDetail>('POST', `${lease(id)}/reminders`, { body });
export const startReturn = (id: string, body: Omit<ReturnBody, 'lang'> = {}) =>
  call<CustomerLeaseDetail>('POST', `${lease(id)}/return`, { body });

/** The card vault's hosted-fields session for one payment (the fields post their token to this page's origin). */
export const cardSession = (id: string, amount: number, purpose: CardSessionBody['purpose']) =>
  call<CardSessionView>('POST', `${lease(id)}/card-session`, { body: { amount, purpose } });

/** The text to show for a failed call: the server's message, or the catalogue's for a network failure. */
export const errorText = (error: unknown): string =>
  error instanceof CustomerApiError ? error.message : error instanceof Error ? 'error.unknown' : String(error);

/** The first message for `field` in a 422's field errors, if any. */
export const fieldError = (error: unknown, ...fields: string[]): string | undefined => {
  if (!(error instanceof CustomerApiError)) return undefined;
  for (const field of fields) {
    const message = error.errors[field]?.[0];
    if (message) return message;
  }
  return undefined;
};

export { newKey as newIdempotencyKey };
