import { useSyncExternalStore } from 'react';
import { sessionStore } from './safe-storage.ts';

// Talking to the retailer's page that hosts the portal (seed 000 section 1).
// - The host window is `parent` when the portal runs in an iframe, `opener` when the retailer opened it in a new
//   window (redirect flow); otherwise the portal runs standalone and nothing is posted.
// - The host origin is exact: the `origin` query parameter, else the origin remembered from an earlier page of this
//   session, else `document.referrer`'s origin. Only http(s) origins count. Messages are posted with that origin as
//   targetOrigin (the browser drops them if the host window is elsewhere) and never with '*'.
// - Incoming messages are accepted only when their origin equals the host origin and their source is the host window.

export const OUTGOING_EVENTS = ['approved', 'denied', 'close', 'update', 'cancelled', 'error'] as const;
export const INCOMING_EVENTS = ['maximize', 'minimize', 'update', 'close', 'cancelled', 'result'] as const;
export type OutgoingEvent = (typeof OUTGOING_EVENTS)[number];
export type IncomingEvent = (typeof INCOMING_EVENTS)[number];
export type HostMode = 'iframe' | 'redirect' | 'standalone';

/** What the host receives: `{ event, status, step, data }`. */
export interface HostMessage {
  event: OutgoingEvent;
  status: string | number | boolean | null;
  step: string | number | null;
  data: unknown;
}
/** What the host may send: `{ event, data? }` (a bare event name string is accepted too). */
export interface IncomingMessage {
  event: IncomingEvent;
  data?: unknown;
}

export interface HostWindowLike {
  postMessage(message: unknown, targetOrigin: string): void;
}
interface MessageEventLike {
  origin: string;
  source: unknown;
  data: unknown;
}
/** The slice of `window` this module uses (a fake in tests). */
export interface PageWindowLike {
  parent: unknown;
  opener: unknown;
  location: { search: string };
  document: { referrer: string };
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
}
interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const HOST_ORIGIN_KEY = 'lto.hostOrigin';

/** The exact origin (`scheme://host[:port]`) of an http(s) URL or origin string; null for anything else. */
export function parseOrigin(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

function safeGet(storage: StorageLike | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export interface HostMessenger {
  readonly mode: HostMode;
  /** The host's exact origin, or null when there is no host to talk to. */
  readonly origin: string | null;
  /** Posts `{ event, status, step, data }` to the host; false when there is no host (standalone or unknown origin). */
  post(event: OutgoingEvent, details?: Partial<Omit<HostMessage, 'event'>>): boolean;
  /** Calls `listener` for each valid message from the host; returns the unsubscribe function. */
  subscribe(listener: (message: IncomingMessage) => void): () => void;
}

function parseIncoming(data: unknown): IncomingMessage | null {
  const raw = typeof data === 'string' ? { event: data } : data;
  if (!raw || typeof raw !== 'object') return null;
  const event = (raw as { event?: unknown }).event;
  if (typeof event !== 'string' || !(INCOMING_EVENTS as readonly string[]).includes(event)) return null;
  const message: IncomingMessage = { event: event as IncomingEvent };
  if ('data' in raw) message.data = (raw as { data?: unknown }).data;
  return message;
}

export function createHostMessenger(win: PageWindowLike, storage?: StorageLike): HostMessenger {
  const inFrame = win.parent != null && win.parent !== win;
  const target = (inFrame ? win.parent : win.opener) as HostWindowLike | null;
  const mode: HostMode = inFrame ? 'iframe' : target ? 'redirect' : 'standalone';

  let origin: string | null = null;
  if (target) {
    const fromQuery = parseOrigin(new URLSearchParams(win.location.search).get('origin'));
    origin = fromQuery ?? parseOrigin(safeGet(storage, HOST_ORIGIN_KEY)) ?? parseOrigin(win.document.referrer);
    if (origin) {
      try {
        storage?.setItem(HOST_ORIGIN_KEY, origin);
      } catch {
        // storage blocked: the query parameter or the referrer is used again on the next page
      }
    }
  }

  return {
    mode,
    origin,
    post(event, details = {}) {
      if (!target || !origin) return false;
      const message: HostMessage = {
        event,
        status: details.status ?? null,
        step: details.step ?? null,
        data: details.data ?? null,
      };
      try {
        target.postMessage(message, origin);
        return true;
      } catch {
        return false;
      }
    },
    subscribe(listener) {
      if (!target || !origin) return () => {};
      const onMessage = (event: MessageEventLike) => {
        if (event.origin !== origin || event.source !== target) return;
        const message = parseIncoming(event.data);
        if (message) listener(message);
      };
      win.addEventListener('message', onMessage);
      return () => win.removeEventListener('message', onMessage);
    },
  };
}

// ---- the page's shared host state (compact layout, ended session, last update/result from the host) ----

export interface HostState {
  mode: HostMode;
  origin: string | null;
  compact: boolean;
  ended: 'close' | 'cancelled' | null;
  lastUpdate: unknown;
  lastResult: unknown;
}

export interface HostSession {
  messenger: HostMessenger;
  getState(): HostState;
  subscribe(onChange: () => void): () => void;
  /** Applies one incoming message (exposed for tests; messages from the host arrive through the messenger). */
  apply(message: IncomingMessage): void;
  dispose(): void;
}

export const COMPACT_CLASS = 'is-compact';

export function createHostSession(messenger: HostMessenger, root?: { classList: DOMTokenList }): HostSession {
  let state: HostState = {
    mode: messenger.mode,
    origin: messenger.origin,
    compact: false,
    ended: null,
    lastUpdate: null,
    lastResult: null,
  };
  const listeners = new Set<() => void>();
  const set = (patch: Partial<HostState>) => {
    state = { ...state, ...patch };
    root?.classList.toggle(COMPACT_CLASS, state.compact);
    listeners.forEach((l) => l());
  };
  const apply = (message: IncomingMessage) => {
    switch (message.event) {
      case 'maximize':
        return set({ compact: false });
      case 'minimize':
        return set({ compact: true });
      case 'close':
      case 'cancelled':
        return set({ ended: message.event });
      case 'update':
        return set({ lastUpdate: message.data ?? null });
      case 'result':
        return set({ lastResult: message.data ?? null });
    }
  };
  const stop = messenger.subscribe(apply);
  return {
    messenger,
    getState: () => state,
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    apply,
    dispose: stop,
  };
}

/**
 * The host's dialog closes on Escape wherever focus is inside it (the WAI-ARIA dialog pattern), and inside the frame
 * the host's page never sees the key: a framed portal tells its host `close` (status `dismissed`), and the drop-in
 * (lease.js) closes its modal and calls the retailer's onClose. Escape that the portal uses itself is left alone: a
 * handler that prevented it, one of the portal's own dialogs being open, or an expanded list or menu under focus.
 * Returns the function that stops listening.
 */
export function passEscapeToHost(doc: Document, messenger: Pick<HostMessenger, 'mode' | 'post'>): () => void {
  if (messenger.mode !== 'iframe') return () => {};
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return;
    // a closed <dialog> stays in the page (with its role): only an open one counts
    if (doc.querySelector('dialog[open], :not(dialog)[role="dialog"], :not(dialog)[role="alertdialog"]')) return;
    const target = event.target as Element | null;
    if (typeof target?.closest === 'function' && target.closest('[aria-expanded="true"]')) return;
    messenger.post('close', { status: 'dismissed', step: 'escape' });
  };
  doc.addEventListener('keydown', onKey);
  return () => doc.removeEventListener('keydown', onKey);
}

let session: HostSession | null = null;

/** The page's host session, created on first use from `window`. */
export function hostSession(): HostSession {
  if (!session) {
    session = createHostSession(createHostMessenger(window, sessionStore()), document.documentElement);
    // Tells the host the portal loaded and listens: the drop-in (lease.js) falls back to a redirect when a blocked
    // frame never says this. An `update` keeps within the seed's host events.
    session.messenger.post('update', { status: 'ready', step: 'loaded' });
    passEscapeToHost(document, session.messenger);
  }
  return session;
}

/** Posts an event to the host (no-op when standalone). */
export const postToHost = (event: OutgoingEvent, details?: Partial<Omit<HostMessage, 'event'>>): boolean =>
  hostSession().messenger.post(event, details);

const SERVER_STATE: HostState = {
  mode: 'standalone',
  origin: null,
  compact: false,
  ended: null,
  lastUpdate: null,
  lastResult: null,
};

/** React view of the host session: mode, origin, compact layout, whether the host ended the session; and `post`. */
export function useHostMessaging(): HostState & { post: typeof postToHost } {
  // Rendering on the server (the build's prerendered first screens) has no window and no host.
  if (typeof window === 'undefined') return { ...SERVER_STATE, post: postToHost };
  const s = hostSession();
  // `typeof window` is fixed for the life of a page, so the hook runs on every render or on none; subscribe and
  // getState are closures that never read `this`.
  // eslint-disable-next-line react-hooks/rules-of-hooks, @typescript-eslint/unbound-method
  const state = useSyncExternalStore(s.subscribe, s.getState, s.getState);
  return { ...state, post: postToHost };
}
