// Server-side rules of PIN verification (seed 000 sections 4, 5 and 9). Pure: the caller passes the time in.

/** A PIN has 5 characters; typing the fifth one submits it. */
export const PIN_LENGTH = 5;
/** A PIN stays valid for 10 minutes after it was sent. */
export const PIN_TTL_MS = 10 * 60_000;
/** After 5 wrong codes the application is maxed out and gets the generic denial. */
export const MAX_FAILED_ATTEMPTS = 5;
/** At most 3 PINs are sent per application in any 15-minute window. */
export const MAX_SENDS = 3;
export const SEND_WINDOW_MS = 15 * 60_000;

/** The generic denial of a maxed-out PIN (seed 000 section 3: code G, score 0, determination denial). */
export const MAXED_DENIAL_RESULT = Object.freeze({ code: 'G', score: 0, determination: 'denial' } as const);

/** The PIN alphabet: digits only, so that phones offer the numeric keypad. */
export const PIN_ALPHABET = '0123456789';

/** Epoch milliseconds of earlier sends, in any order. */
export type SendHistory = readonly number[];

/** The sends of `history` that still count against the limit at `now`. */
export function sendsInWindow(history: SendHistory, now: number): number[] {
  return history.filter((at) => at <= now && now - at < SEND_WINDOW_MS).sort((a, b) => a - b);
}

/** True when one more PIN may be sent at `now`. */
export function canSend(history: SendHistory, now: number): boolean {
  return sendsInWindow(history, now).length < MAX_SENDS;
}

/** When the next send becomes possible (`now` if it already is): the oldest counted send leaves the window. */
export function nextSendAllowedAt(history: SendHistory, now: number): number {
  const recent = sendsInWindow(history, now);
  if (recent.length < MAX_SENDS) return now;
  return (recent[recent.length - MAX_SENDS] ?? now) + SEND_WINDOW_MS;
}

/** The history to store after a send at `now` (older entries are dropped: they no longer count). */
export function registerSend(history: SendHistory, now: number): number[] {
  return [...sendsInWindow(history, now), now];
}

/** What the server keeps about the PIN of one application (the code itself is stored hashed elsewhere). */
export interface PinAttemptState {
  failedAttempts: number;
  /** Epoch milliseconds of the last send; null before any. */
  issuedAt: number | null;
}

export function registerFailure<T extends PinAttemptState>(state: T): T {
  return { ...state, failedAttempts: state.failedAttempts + 1 };
}

export function isMaxed(state: Pick<PinAttemptState, 'failedAttempts'>): boolean {
  return state.failedAttempts >= MAX_FAILED_ATTEMPTS;
}

/** Attempts left before the application is maxed out. */
export function attemptsLeft(state: Pick<PinAttemptState, 'failedAttempts'>): number {
  return Math.max(0, MAX_FAILED_ATTEMPTS - state.failedAttempts);
}

/** A PIN without a send time, or sent 10 minutes or more before `now`, is expired. */
export function isExpired(state: Pick<PinAttemptState, 'issuedAt'>, now: number): boolean {
  return state.issuedAt === null || now - state.issuedAt >= PIN_TTL_MS;
}

/** Strips spaces (pasted codes often carry them). */
export function normalizePin(code: string): string {
  return code.replace(/\s+/g, '');
}

/** True for a code of exactly PIN_LENGTH digits. */
export function isPinFormat(code: string): boolean {
  return new RegExp(`^[0-9]{${PIN_LENGTH}}$`).test(normalizePin(code));
}

/**
 * Turns `PIN_LENGTH` random integers (from the server's CSPRNG) into a PIN. Pure so that tests can pin it down;
 * the caller supplies the randomness.
 */
export function pinFromRandom(values: ArrayLike<number>): string {
  let pin = '';
  for (let i = 0; i < PIN_LENGTH; i += 1) pin += PIN_ALPHABET[(values[i] ?? 0) % PIN_ALPHABET.length];
  return pin;
}
