// The demo retailer page served by `npm start` at GET /demo/retailer: a fake shop. Its retailer checkout uses the
// drop-in a real retailer would (lease.js from /retailer/v1/lease.js: a modal iframe, a new window or a redirect, with
// its callbacks logged); the store-pick buttons embed the portal by hand in an iframe or a new window (so this page is
// its opener), log every message the portal posts (accepted only from the portal's exact origin) and send the host
// commands maximize / minimize / close. Plain HTML, no framework.

export interface DemoRetailerOptions {
  /** The portal's base URL, e.g. `http://localhost:3000` (no trailing slash needed). */
  baseUrl: string;
}

const STORES = [
  { retailer: 'demo-electronics', store: 'main-street', label: 'Demo Electronics — Main Street' },
  { retailer: 'demo-electronics', store: 'express', label: 'Demo Electronics — Express' },
  { retailer: 'demo-comfort', store: 'hvac-central', label: 'Demo Comfort — HVAC Central' },
  { retailer: 'demo-electronics', store: 'closed', label: 'Demo Electronics — Closed (inactive store)' },
] as const;

const CART = [
  { sku: 'TV-55-4K', description: '55" 4K television', quantity: 1, unitPrice: 49999 },
  { sku: 'SB-200', description: 'Sound bar', quantity: 1, unitPrice: 14900 },
] as const;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** JSON safe to place inside a <script> element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, '');

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** Accepts `{ baseUrl }` (or the base URL itself, as the local server's option passes it). */
export function demoRetailerPage(options: DemoRetailerOptions | string): string {
  const baseUrl = typeof options === 'string' ? options : options.baseUrl;
  const portalBase = baseUrl.replace(/\/+$/, '');
  let portalOrigin: string;
  try {
    portalOrigin = new URL(portalBase).origin;
  } catch {
    throw new Error(`demoRetailerPage: baseUrl is not a URL: ${baseUrl}`);
  }
  const returnNotice = '';
  const total = CART.reduce((sum, item) => sum + item.quantity * item.unitPrice, 0);
  const rows = CART.map(
    (item) =>
      `<tr><td>${escapeHtml(item.sku)}</td><td>${escapeHtml(item.description)}</td><td class="num">${item.quantity}</td><td class="num">${dollars(item.unitPrice)}</td></tr>`,
  ).join('');
  const storeOptions = STORES.map(
    (s) => `<option value="${escapeHtml(`${s.retailer}/${s.store}`)}">${escapeHtml(s.label)}</option>`,
  ).join('');

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Demo Retailer</title>
<style>
  :root { font-family: system-ui, sans-serif; line-height: 1.5; color: #1b1f24; background: #fff; }
  body { margin: 0; }
  header { background: #5b2a86; color: #fff; padding: .75rem 1rem; }
  header h1 { margin: 0; font-size: 1.4rem; }
  main { max-width: 60rem; margin: 0 auto; padding: 1rem; display: grid; gap: 1.25rem; }
  section { border: 1px solid #6b7280; border-radius: 6px; padding: 1rem; }
  h2 { margin: 0 0 .5rem; font-size: 1.15rem; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: .35rem .5rem; border-bottom: 1px solid #d1d5db; }
  .num { text-align: right; }
  label { display: block; font-weight: 600; margin: .5rem 0 .25rem; }
  select, button { font: inherit; min-height: 2.75rem; }
  select { padding: .25rem .5rem; border: 2px solid #6b7280; border-radius: 6px; max-width: 100%; }
  .buttons { display: flex; flex-wrap: wrap; gap: .5rem; margin-top: .75rem; }
  button { padding: .4rem 1rem; border: 2px solid #5b2a86; border-radius: 6px; background: #5b2a86; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #5b2a86; }
  button:disabled { opacity: .6; cursor: not-allowed; }
  :focus-visible { outline: 3px solid #b3370b; outline-offset: 2px; }
  #portal { width: 100%; height: 640px; border: 2px solid #5b2a86; border-radius: 6px; transition: height .2s; }
  #portal.minimized { height: 160px; }
  #log { font-family: ui-monospace, monospace; font-size: .85rem; padding-left: 1.5rem; margin: 0; word-break: break-word; }
  #log li { padding: .25rem 0; border-bottom: 1px solid #e5e7eb; }
  .muted { color: #4b5563; }
</style>
</head>
<body>
<header><h1>Demo Retailer</h1></header>
<main>
  <section aria-labelledby="cart-title">
    <h2 id="cart-title">Your cart</h2>
    <table>
      <thead><tr><th scope="col">SKU</th><th scope="col">Item</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Price</th></tr></thead>
      <tbody>${rows}</tbody>
      <tfoot><tr><th scope="row" colspan="3">Total</th><td class="num">${dollars(total)}</td></tr></tfoot>
    </table>
  </section>
  <section aria-labelledby="pay-title">
    <h2 id="pay-title">Pay over time with lease-to-own</h2>
    <label for="store">Store</label>
    <select id="store">${storeOptions}</select>
    <label for="lang">Language</label>
    <select id="lang"><option value="en">English</option><option value="es" lang="es">Español</option></select>
    <div class="buttons">
      <button type="button" id="open-iframe">Open in iframe</button>
      <button type="button" id="open-redirect">Open by redirect</button>
    </div>
    <p class="muted">The portal answers at <code>${escapeHtml(portalOrigin)}</code>; messages from any other origin are ignored.</p>
  </section>
  <section aria-labelledby="checkout-title">
    <h2 id="checkout-title">Retailer checkout (through the retailer API)</h2>
    <p class="muted">The demo shop's server creates a checkout for this cart with its API token (the token never reaches this page); this page then opens it with <code>LeaseToOwn.open(checkout, options)</code> from <a href="/docs/retailer#lease-js">lease.js</a>, which falls back to the redirect when frames or new windows are blocked.</p>
    <div class="buttons">
      <button type="button" id="checkout-iframe">Checkout in a frame</button>
      <button type="button" id="checkout-popup">Checkout in a new window</button>
      <button type="button" id="checkout-redirect">Checkout by redirect</button>
    </div>
    <p id="checkout-status" role="status" aria-live="polite">${returnNotice}</p>
  </section>
  <section aria-labelledby="host-title">
    <h2 id="host-title">Send to the portal</h2>
    <div class="buttons">
      <button type="button" class="secondary" data-send="maximize" disabled>Maximize</button>
      <button type="button" class="secondary" data-send="minimize" disabled>Minimize</button>
      <button type="button" class="secondary" data-send="close" disabled>Close</button>
    </div>
    <div id="frame-slot"></div>
  </section>
  <section aria-labelledby="hooks-title">
    <h2 id="hooks-title">Webhooks received</h2>
    <p class="muted">Our endpoint <code>/demo/retailer/webhooks</code> verifies each Standard Webhooks signature (webhook-signature, HMAC-SHA256 over id.timestamp.body) with the demo retailer's secret.</p>
    <p class="muted" id="hooks-empty">No webhooks yet.</p>
    <table id="hooks" hidden>
      <thead><tr><th scope="col">Received</th><th scope="col">Verified</th><th scope="col">Type</th><th scope="col" class="num">Status</th><th scope="col">Checkout</th></tr></thead>
      <tbody></tbody>
    </table>
  </section>
  <section aria-labelledby="log-title">
    <h2 id="log-title">Messages from the portal</h2>
    <p class="muted" id="log-empty">No messages yet.</p>
    <ol id="log" aria-live="polite" aria-labelledby="log-title"></ol>
  </section>
</main>
<script src="${escapeHtml(portalBase)}/retailer/v1/lease.js"></script>
<script>
(function () {
  'use strict';
  var PORTAL_BASE = ${scriptJson(portalBase)};
  var PORTAL_ORIGIN = ${scriptJson(portalOrigin)};
  var target = null; // the portal's window: the iframe's contentWindow or the opened window
  var frame = null;
  var sendButtons = document.querySelectorAll('[data-send]');
  var log = document.getElementById('log');
  var returned = new URLSearchParams(window.location.search).get('checkout');
  if (returned === 'success') document.getElementById('checkout-status').textContent = 'Welcome back: the lease checkout was completed.';
  if (returned === 'failure') document.getElementById('checkout-status').textContent = 'Welcome back: the lease checkout was not completed.';

  function portalUrl(mode) {
    var parts = document.getElementById('store').value.split('/');
    var query = new URLSearchParams({ origin: window.location.origin, lang: document.getElementById('lang').value });
    if (mode === 'iframe') query.set('iframe', '1');
    return PORTAL_BASE + '/#/' + encodeURIComponent(parts[0]) + '/' + encodeURIComponent(parts[1]) + '/initiate?' + query.toString();
  }
  function enableSend(on) {
    for (var i = 0; i < sendButtons.length; i++) sendButtons[i].disabled = !on;
  }
  function addLog(text) {
    document.getElementById('log-empty').hidden = true;
    var item = document.createElement('li');
    item.textContent = new Date().toLocaleTimeString() + ' ' + text;
    log.appendChild(item);
  }

  document.getElementById('open-iframe').addEventListener('click', function () {
    if (!frame) {
      frame = document.createElement('iframe');
      frame.id = 'portal';
      frame.title = 'Lease-to-own application';
      frame.setAttribute('allow', 'camera; clipboard-write');
      document.getElementById('frame-slot').appendChild(frame);
    }
    frame.classList.remove('minimized');
    frame.src = portalUrl('iframe');
    target = frame.contentWindow;
    enableSend(true);
  });

  document.getElementById('open-redirect').addEventListener('click', function () {
    var opened = window.open(portalUrl('redirect'), 'lease-portal');
    if (!opened) { addLog('The browser blocked the new window.'); return; }
    target = opened;
    enableSend(true);
  });

  for (var i = 0; i < sendButtons.length; i++) {
    sendButtons[i].addEventListener('click', function (e) {
      var event = e.currentTarget.getAttribute('data-send');
      if (lease) {
        if (event === 'maximize') lease.maximize(); else if (event === 'minimize') lease.minimize(); else lease.close();
        addLog('sent ' + event + ' through lease.js');
        return;
      }
      if (!target) return;
      target.postMessage({ event: event }, PORTAL_ORIGIN); // exact origin, never '*'
      addLog('sent ' + JSON.stringify({ event: event }) + ' to ' + PORTAL_ORIGIN);
    });
  }

  window.addEventListener('message', function (e) {
    if (lease) return; // lease.js handles the checkout's messages (see leaseCallbacks)
    if (e.origin !== PORTAL_ORIGIN) return; // only the portal may talk to us
    if (frame && e.source === frame.contentWindow) target = frame.contentWindow;
    var data = e.data || {};
    addLog('received from ' + e.origin + ': ' + JSON.stringify(data));
    if (frame && e.source === frame.contentWindow) {
      if (data.event === 'close' || data.event === 'cancelled') frame.classList.add('minimized');
    }
  });

  // Retailer checkout: our own server creates it through POST /retailer/v1/checkouts with the API token, and this page
  // opens the answer with lease.js (origin-locked; the typed callbacks below only ever see the portal's messages).
  var checkoutStatus = document.getElementById('checkout-status');
  var lease = null;
  function leaseLog(name) {
    return function (m) { addLog('lease.js ' + name + ': ' + JSON.stringify({ event: m.event, status: m.status, step: m.step, data: m.data })); };
  }
  var leaseCallbacks = {
    onReady: function () { addLog('lease.js: the portal is ready'); },
    onApproved: leaseLog('onApproved'),
    onDenied: leaseLog('onDenied'),
    onUpdate: leaseLog('onUpdate'),
    onError: leaseLog('onError'),
    onCancelled: function (m) { leaseLog('onCancelled')(m); lease = null; enableSend(false); },
    onClose: function (m) { leaseLog('onClose')(m); lease = null; enableSend(false); },
    onFallback: function (info) { addLog('lease.js fell back to the redirect: ' + info.reason); }
  };
  function createCheckout(mode) {
    var parts = document.getElementById('store').value.split('/');
    if (parts[0] !== 'demo-electronics' || parts[1] === 'closed') {
      checkoutStatus.textContent = 'The demo API token belongs to Demo Electronics: choose Main Street or Express.';
      return;
    }
    checkoutStatus.textContent = 'Creating the checkout…';
    fetch('/demo/retailer/checkouts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ store: parts[1], lang: document.getElementById('lang').value })
    }).then(function (res) { return res.json().then(function (body) { return { ok: res.ok, body: body }; }); })
      .then(function (answer) {
        if (!answer.ok) { checkoutStatus.textContent = 'The checkout could not be created: ' + (answer.body.message || 'error'); return; }
        var data = answer.body.data;
        checkoutStatus.textContent = 'Checkout ' + data.checkout_id + ' created.';
        // The demo keeps the portal's last page on screen after close or cancelled so it can be seen; a shop would
        // usually let lease.js remove the modal (autoClose, the default).
        var options = { mode: mode, autoClose: false };
        for (var k in leaseCallbacks) options[k] = leaseCallbacks[k];
        lease = window.LeaseToOwn.open(data, options);
        enableSend(lease.mode !== 'redirect');
      })
      .catch(function (error) { checkoutStatus.textContent = 'The checkout could not be created.' + (error && error.message ? ' ' + error.message : ''); });
  }
  document.getElementById('checkout-iframe').addEventListener('click', function () { createCheckout('modal'); });
  document.getElementById('checkout-popup').addEventListener('click', function () { createCheckout('popup'); });
  document.getElementById('checkout-redirect').addEventListener('click', function () { createCheckout('redirect'); });

  var hooks = document.getElementById('hooks');
  function cell(row, text) { var td = document.createElement('td'); td.textContent = text; row.appendChild(td); return td; }
  function pollWebhooks() {
    fetch('/demo/retailer/webhooks').then(function (res) { return res.ok ? res.json() : null; }).then(function (body) {
      if (!body) return;
      var list = body.data.webhooks || [];
      var tbody = hooks.querySelector('tbody');
      tbody.textContent = '';
      list.forEach(function (w) {
        var row = document.createElement('tr');
        cell(row, new Date(w.received_at).toLocaleTimeString());
        cell(row, w.verified ? 'Yes' : 'No (' + (w.reason || 'invalid') + ')');
        cell(row, (w.type || '(unreadable)') + (w.duplicate ? ' (duplicate)' : ''));
        cell(row, w.status === null || w.status === undefined ? '-' : String(w.status) + (w.status_name ? ' ' + w.status_name : '')).className = 'num';
        cell(row, w.checkout_id || '-');
        tbody.appendChild(row);
      });
      hooks.hidden = list.length === 0;
      document.getElementById('hooks-empty').hidden = list.length > 0;
    }).catch(function () {}).finally(function () { setTimeout(pollWebhooks, 2000); });
  }
  pollWebhooks();

  // Mirror maximize/minimize on the iframe size so the demo shows what a host would do.
  document.querySelector('[data-send="minimize"]').addEventListener('click', function () { if (frame) frame.classList.add('minimized'); });
  document.querySelector('[data-send="maximize"]').addEventListener('click', function () { if (frame) frame.classList.remove('minimized'); });
})();
</script>
</body>
</html>`;
}
