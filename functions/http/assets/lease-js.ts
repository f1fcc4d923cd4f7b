// The retailer drop-in, served as it is at GET /retailer/v1/lease.js (and its declarations at /retailer/v1/lease.d.ts).
// Plain ES2017 with no dependencies, so it runs on any retailer page without a build step; kept here as text because
// it is a file we serve, not code we run (tests/e2e/retailer-drop-in.spec.ts runs it in Chromium, tests/unit checks
// the declarations compile against a usage sample).
//
// Origin-locked both ways: the portal's origin is the origin the script was loaded from; messages are posted with that
// exact targetOrigin, and a message counts only when it comes from that origin AND from the window we opened. The
// portal in turn talks only to the origin passed in its `origin` parameter (web/lib/host-messaging.ts) and may be
// framed only by the store's registered retailer origins. When the frame is blocked (no `ready` from the portal
// shortly after the frame loads) or the browser blocks the popup, the drop-in falls back to the redirect flow.

export const LEASE_JS = String.raw`/*! lease.js v1: the lease-to-own drop-in for retailers. Docs: /docs/retailer#lease-js */
(function (global) {
  'use strict';
  if (global.LeaseToOwn && global.LeaseToOwn.version) return;
  var doc = global.document;
  var current = doc.currentScript;
  var PORTAL_ORIGIN = current && current.src ? new URL(current.src, global.location.href).origin : null;
  var CALLBACKS = { approved: 'onApproved', denied: 'onDenied', close: 'onClose', update: 'onUpdate', cancelled: 'onCancelled', error: 'onError' };
  var COMMANDS = ['maximize', 'minimize', 'update', 'close', 'cancelled', 'result'];
  var LOAD_GRACE_MS = 4000;
  var OVERALL_MS = 20000;
  var active = null;

  function fail(message) { throw new Error('lease.js: ' + message); }

  function onPortal(value, what) {
    var url;
    try { url = new URL(String(value), global.location.href); } catch (e) { fail(what + ' is not a URL.'); }
    if (url.origin !== PORTAL_ORIGIN) fail(what + ' must be on ' + PORTAL_ORIGIN + ' (the origin lease.js was loaded from).');
    return url;
  }

  /** The portal URL with our origin, so the portal talks only to this page. */
  function withOrigin(url, extra) {
    var s = url.toString();
    var params = 'origin=' + encodeURIComponent(global.location.origin) + (extra || '');
    return s + (s.indexOf('?') < 0 ? '?' : '&') + params;
  }

  function normalize(checkout) {
    if (!checkout || typeof checkout !== 'object') fail('open() needs the checkout you created: { checkout_id, url, iframe_url }.');
    var id = checkout.checkout_id || checkout.checkoutId;
    var url = checkout.url;
    var frameUrl = checkout.iframe_url || checkout.iframeUrl || url;
    if (!id || typeof id !== 'string') fail('the checkout has no checkout_id.');
    if (!url) fail('the checkout has no url.');
    return { id: id, url: onPortal(url, 'the checkout url'), frameUrl: onPortal(frameUrl, 'the checkout iframe_url') };
  }

  function call(fn, arg) {
    if (typeof fn !== 'function') return;
    try { fn(arg); } catch (e) { global.setTimeout(function () { throw e; }); }
  }

  function style(el, css) { el.style.cssText = css; return el; }

  function open(checkout, options) {
    if (!PORTAL_ORIGIN) fail('load lease.js with a <script src> from the lease-to-own portal.');
    options = options || {};
    var c = normalize(checkout);
    var mode = options.mode === 'redirect' || options.mode === 'popup' ? options.mode : 'modal';
    if (active) active.close();

    var target = null;
    var overlay = null;
    var dialog = null;
    var frame = null;
    var ready = false;
    var ended = false;
    var timers = [];
    var returnFocus = doc.activeElement;

    function redirect(reason) {
      if (reason) call(options.onFallback, { reason: reason, checkout_id: c.id });
      teardown();
      global.location.assign(c.url.toString());
    }

    function teardown() {
      if (ended) return;
      ended = true;
      timers.forEach(function (t) { global.clearTimeout(t); });
      global.removeEventListener('message', onMessage);
      doc.removeEventListener('keydown', onKey, true);
      if (overlay && overlay.parentNode) overlay.parentNode.removeChild(overlay);
      if (active === handle) active = null;
      if (returnFocus && typeof returnFocus.focus === 'function') { try { returnFocus.focus(); } catch (e) { /* gone */ } }
    }

    function send(event, data) {
      if (!target || ended || COMMANDS.indexOf(event) < 0) return false;
      var message = { event: event };
      if (data !== undefined) message.data = data;
      try { target.postMessage(message, PORTAL_ORIGIN); return true; } catch (e) { return false; }
    }

    function onMessage(e) {
      if (e.origin !== PORTAL_ORIGIN || !target || e.source !== target) return;
      var raw = e.data;
      if (!raw || typeof raw !== 'object' || typeof raw.event !== 'string' || !CALLBACKS[raw.event]) return;
      var message = { event: raw.event, status: raw.status === undefined ? null : raw.status, step: raw.step === undefined ? null : raw.step, data: raw.data === undefined ? null : raw.data, checkout_id: c.id };
      if (raw.event === 'update' && raw.status === 'ready') {
        ready = true;
        if (typeof options.onReady === 'function') call(options.onReady, message);
        return;
      }
      call(options[CALLBACKS[raw.event]], message);
      call(options.onEvent, message);
      // Escape inside the frame (the portal says close, dismissed): the shopper closed the dialog, whatever autoClose.
      var dismissed = raw.event === 'close' && raw.status === 'dismissed' && mode === 'modal';
      if (dismissed || ((raw.event === 'close' || raw.event === 'cancelled') && options.autoClose !== false)) teardown();
    }

    function onKey(e) {
      if (e.key === 'Escape') { e.preventDefault(); dismiss(); }
      if (e.key === 'Tab' && dialog) {
        var items = dialog.querySelectorAll('button, iframe');
        var first = items[0];
        var last = items[items.length - 1];
        if (e.shiftKey && doc.activeElement === first) { e.preventDefault(); last.focus(); }
        else if (!e.shiftKey && doc.activeElement === last) { e.preventDefault(); first.focus(); }
      }
    }

    /** The shopper closes the modal: the portal is told, the retailer gets onClose. */
    function dismiss() {
      send('close');
      call(options.onClose, { event: 'close', status: 'dismissed', step: null, data: null, checkout_id: c.id });
      teardown();
    }

    var handle = {
      mode: mode,
      checkoutId: c.id,
      close: function () { if (!ended) { send('close'); teardown(); } },
      maximize: function () { if (dialog) dialog.style.height = 'min(100%, 760px)'; return send('maximize'); },
      minimize: function () { if (dialog) dialog.style.height = '160px'; return send('minimize'); },
      send: send
    };
    active = handle;

    if (mode === 'redirect') { redirect(null); return handle; }

    global.addEventListener('message', onMessage);

    if (mode === 'popup') {
      var opened = null;
      try { opened = global.open(withOrigin(c.url), 'lease-to-own'); } catch (e) { opened = null; }
      if (!opened) { redirect('popup-blocked'); handle.mode = 'redirect'; return handle; }
      target = opened;
      return handle;
    }

    overlay = style(doc.createElement('div'), 'position:fixed;inset:0;z-index:2147483000;background:rgba(17,24,39,.65);display:flex;align-items:center;justify-content:center;padding:8px;box-sizing:border-box');
    overlay.setAttribute('data-lease-to-own', 'overlay');
    var label = options.title || 'Lease-to-own application';
    dialog = style(doc.createElement('div'), 'background:#fff;width:min(100%,520px);height:min(100%,760px);border-radius:8px;display:flex;flex-direction:column;overflow:hidden;box-shadow:0 10px 40px rgba(0,0,0,.4);transition:height .2s');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-label', label);
    var closeButton = style(doc.createElement('button'), 'align-self:flex-end;margin:4px;min-width:44px;min-height:44px;border:0;background:transparent;font:24px/1 system-ui,sans-serif;color:#1b1f24;cursor:pointer');
    closeButton.type = 'button';
    closeButton.setAttribute('aria-label', options.closeLabel || 'Close');
    closeButton.textContent = '\u00d7';
    closeButton.addEventListener('click', dismiss);
    frame = style(doc.createElement('iframe'), 'flex:1;width:100%;border:0');
    frame.title = label;
    frame.setAttribute('allow', 'camera; clipboard-write');
    dialog.appendChild(closeButton);
    dialog.appendChild(frame);
    overlay.appendChild(dialog);
    frame.addEventListener('load', function () {
      // A blocked frame loads an error page that never says ready; a working portal says it within moments.
      timers.push(global.setTimeout(function () { if (!ready && !ended) redirect('frame-blocked'); }, options.frameTimeoutMs || LOAD_GRACE_MS));
    });
    timers.push(global.setTimeout(function () { if (!ready && !ended) redirect('frame-timeout'); }, OVERALL_MS));
    doc.addEventListener('keydown', onKey, true);
    (options.container || doc.body).appendChild(overlay);
    frame.src = withOrigin(c.frameUrl);
    target = frame.contentWindow;
    closeButton.focus();
    return handle;
  }

  global.LeaseToOwn = { version: '1', portalOrigin: PORTAL_ORIGIN, open: open };
})(window);
`;

export const LEASE_D_TS = `// Type declarations of lease.js v1, the lease-to-own drop-in: /retailer/v1/lease.js
// Usage: <script src="https://<portal>/retailer/v1/lease.js"></script>, then LeaseToOwn.open(checkout, { ... }).

export type LeaseHostEvent = 'approved' | 'denied' | 'close' | 'update' | 'cancelled' | 'error';
export type LeasePortalCommand = 'maximize' | 'minimize' | 'update' | 'close' | 'cancelled' | 'result';

/** What the portal tells the retailer's page. */
export interface LeaseMessage {
  event: LeaseHostEvent;
  status: string | number | boolean | null;
  step: string | number | null;
  data: unknown;
  checkout_id: string;
}

/** The checkout as POST /retailer/v1/checkouts returned it (your server passes it to the page). */
export interface LeaseCheckout {
  checkout_id: string;
  url: string;
  iframe_url?: string;
}

export interface LeaseOpenOptions {
  /** 'modal' (an iframe over the page; the default), 'popup' (a new window) or 'redirect' (this page navigates). */
  mode?: 'modal' | 'popup' | 'redirect';
  onApproved?: (message: LeaseMessage & { event: 'approved' }) => void;
  onDenied?: (message: LeaseMessage & { event: 'denied' }) => void;
  onClose?: (message: LeaseMessage & { event: 'close' }) => void;
  onUpdate?: (message: LeaseMessage & { event: 'update' }) => void;
  onCancelled?: (message: LeaseMessage & { event: 'cancelled' }) => void;
  onError?: (message: LeaseMessage & { event: 'error' }) => void;
  /** Every message above, after its own callback. */
  onEvent?: (message: LeaseMessage) => void;
  /** The portal loaded in the frame or window and is listening. */
  onReady?: (message: LeaseMessage) => void;
  /** Called just before falling back to the redirect flow (frames or popups blocked). */
  onFallback?: (info: { reason: 'frame-blocked' | 'frame-timeout' | 'popup-blocked'; checkout_id: string }) => void;
  /** Remove the modal when the portal says close or cancelled (default true); Escape, in the modal or in the portal inside it, always closes it. */
  autoClose?: boolean;
  /** How long after the frame loads the portal has to say it is ready before the redirect fallback (ms, default 4000). */
  frameTimeoutMs?: number;
  /** The dialog's accessible name (default "Lease-to-own application") and the close button's label (default "Close"). */
  title?: string;
  closeLabel?: string;
  /** Where the modal is attached (default document.body). */
  container?: HTMLElement;
}

export interface LeaseHandle {
  readonly mode: 'modal' | 'popup' | 'redirect';
  readonly checkoutId: string;
  /** Tells the portal and removes the modal. */
  close(): void;
  maximize(): boolean;
  minimize(): boolean;
  /** Posts a host command to the portal (exact origin); false when there is no portal window. */
  send(event: LeasePortalCommand, data?: unknown): boolean;
}

export interface LeaseToOwnApi {
  readonly version: '1';
  /** The portal's origin: where lease.js was loaded from. */
  readonly portalOrigin: string | null;
  open(checkout: LeaseCheckout, options?: LeaseOpenOptions): LeaseHandle;
}

declare global {
  interface Window {
    LeaseToOwn: LeaseToOwnApi;
  }
  const LeaseToOwn: LeaseToOwnApi;
}
`;
