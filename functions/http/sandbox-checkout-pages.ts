// Server-rendered pages of the sandbox checkout vendors: the e-sign signing ceremony and the card vault's hosted
// fields. Plain accessible HTML (labels tied to inputs, errors tied with aria-describedby, keyboard only, 375 px)
// with one small inline script each.
import type { SandboxEnvelopeItem } from '../providers/esign/sandbox.ts';
import type { VaultSessionItem } from '../providers/card-vault/sandbox.ts';
import { CARD_MESSAGES } from '../providers/card-vault/card-rules.ts';
import { TEST_CARDS } from '../providers/card-vault/test-cards.ts';

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A JSON value safe inside an inline <script>. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, '');

const STYLE = `*{box-sizing:border-box}body{font-family:system-ui,sans-serif;margin:0;padding:1rem;color:#1a1a1a;line-height:1.45;max-width:52rem}
h1{font-size:1.4rem}h2{font-size:1.1rem}.banner{background:#fff4ce;border:1px solid #8a6d00;padding:.5rem .75rem;border-radius:4px}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}input[type=text],input:not([type]),select,textarea{width:100%;padding:.5rem;font:inherit;border:1px solid #555;border-radius:4px}
.check{display:flex;gap:.5rem;align-items:flex-start;font-weight:400}.check input{margin-top:.3rem;width:1.1rem;height:1.1rem}
.error{color:#a4000f;font-weight:600;margin:.25rem 0}[aria-invalid=true]{border-color:#a4000f;outline:1px solid #a4000f}
button{font:inherit;padding:.6rem 1.2rem;margin:.75rem .5rem 0 0;border-radius:4px;border:1px solid #1d3f8f;cursor:pointer}
.primary{background:#1d3f8f;color:#fff}.secondary{background:#fff;color:#1d3f8f}
:focus-visible{outline:3px solid #ffbf47;outline-offset:2px}.doc{width:100%;height:28rem;border:1px solid #999}
.disclosure{border:1px solid #999;padding:.5rem 1rem;max-height:16rem;overflow:auto;background:#fafafa}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #999;padding:.3rem;text-align:left;font-size:.9rem}.row{display:flex;gap:.75rem}.row>div{flex:1}
.hint{color:#444;font-size:.9rem;margin:.1rem 0}`;

const page = (title: string, body: string, script = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main>${script ? `<script>${script}</script>` : ''}</body></html>`;

export function messagePage(title: string, text: string): string {
  return page(
    title,
    `<p class="banner">Sandbox e-sign vendor</p><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>`,
  );
}

export interface SigningFormErrors {
  consent?: string;
  signature?: string;
}

// What the E-SIGN Act (15 U.S.C. 7001(c)) asks a consumer to be told before consenting to electronic records.
const ESIGN_DISCLOSURE = `<h2 id="disclosure-title">Electronic Record and Signature Disclosure</h2>
<div class="disclosure" role="region" aria-labelledby="disclosure-title" tabindex="0">
<p>Under the federal Electronic Signatures in Global and National Commerce Act (E-SIGN Act), we need your consent to provide this agreement and related notices to you electronically and to accept your electronic signature, which has the same legal effect as a handwritten signature.</p>
<ul>
<li><strong>Paper copies.</strong> You have the right to receive this agreement and any required notice on paper. Ask for a paper copy at any time by calling customer service; no fee is charged.</li>
<li><strong>Withdrawing consent.</strong> You may withdraw your consent to electronic records at any time by contacting customer service. Withdrawing does not affect documents you have already signed electronically, and further documents will then be sent on paper.</li>
<li><strong>Scope.</strong> Your consent covers this lease-purchase agreement and the notices, disclosures and receipts about it.</li>
<li><strong>Hardware and software.</strong> You need a device with a current web browser, an internet connection, an e-mail account, and the ability to view and keep HTML or PDF documents (by saving or printing them).</li>
<li><strong>Keeping a copy.</strong> You can save or print the agreement from this page, and a copy is sent to your e-mail address when everyone has signed.</li>
<li><strong>Updating your contact information.</strong> Tell customer service when your e-mail address changes.</li>
</ul>
<p>By checking the box below, you confirm that you can access and read this disclosure and the agreement electronically, and that you consent to use electronic records and signatures.</p>
</div>`;

export function signingPage(
  envelope: SandboxEnvelopeItem,
  viewToken: string,
  errors: SigningFormErrors = {},
  typed = '',
): string {
  const id = envelope.envelopeId;
  const documentFrame =
    envelope.document.contentType === 'text/html'
      ? `<iframe class="doc" title="${escapeHtml(envelope.document.name)}" sandbox srcdoc="${escapeHtml(envelope.document.body)}"></iframe>`
      : `<iframe class="doc" title="${escapeHtml(envelope.document.name)}" src="/sandbox/esign/${id}/document?view=${encodeURIComponent(viewToken)}"></iframe>
<p><a href="/sandbox/esign/${id}/document?view=${encodeURIComponent(viewToken)}">Open the document (PDF)</a></p>`;
  const hasErrors = Boolean(errors.consent || errors.signature);
  const body = `<p class="banner">Sandbox e-sign vendor: behaves like a real signing ceremony; the signature is recorded only in this sandbox.</p>
<h1>Review and sign: ${escapeHtml(envelope.subject)}</h1>
<p>Signer: <strong>${escapeHtml(envelope.signer.name)}</strong></p>
<div id="form-errors" role="alert">${hasErrors ? '<p class="error">Please correct the highlighted fields.</p>' : ''}</div>
<h2>${escapeHtml(envelope.document.name)}</h2>
${documentFrame}
${ESIGN_DISCLOSURE}
<form method="post" action="/sandbox/esign/${id}" id="sign-form" novalidate>
<input type="hidden" name="view" value="${escapeHtml(viewToken)}">
<label class="check" for="consent"><input type="checkbox" id="consent" name="consent" value="yes"${errors.consent ? ' aria-invalid="true"' : ''} aria-describedby="consent-error"> <span>I agree to use electronic records and signatures, and I have read the Electronic Record and Signature Disclosure above.</span></label>
<p class="error" id="consent-error">${escapeHtml(errors.consent ?? '')}</p>
<label for="signature">Type your full name</label>
<p class="hint" id="signature-hint">Type ${escapeHtml(envelope.signer.name)} exactly as shown; it becomes your signature.</p>
<input id="signature" name="signature" autocomplete="name" value="${escapeHtml(typed)}" aria-describedby="signature-hint signature-error"${errors.signature ? ' aria-invalid="true"' : ''} style="font-family:cursive,serif;font-size:1.2rem">
<p class="error" id="signature-error">${escapeHtml(errors.signature ?? '')}</p>
<details><summary>Decline to sign</summary>
<label for="reason">Reason for declining (optional)</label>
<textarea id="reason" name="reason" rows="2" maxlength="200"></textarea>
</details>
<button type="submit" class="primary" name="action" value="sign">Sign</button>
<button type="submit" class="secondary" name="action" value="decline" formnovalidate>Decline</button>
</form>`;
  const script = `(() => {
  const form = document.getElementById('sign-form');
  const expected = ${scriptJson(envelope.signer.name.toLowerCase().replace(/\s+/g, ' '))};
  form.addEventListener('submit', (event) => {
    if (!event.submitter || event.submitter.value !== 'sign') return;
    const consent = document.getElementById('consent');
    const signature = document.getElementById('signature');
    const problems = [];
    const consentMessage = consent.checked ? '' : ${scriptJson(SIGNING_MESSAGES.consent)};
    const typed = signature.value.trim().toLowerCase().replace(/\\s+/g, ' ');
    const signatureMessage = !typed ? ${scriptJson(SIGNING_MESSAGES.signatureRequired)} : typed !== expected ? ${scriptJson(SIGNING_MESSAGES.signatureMismatch)} : '';
    document.getElementById('consent-error').textContent = consentMessage;
    document.getElementById('signature-error').textContent = signatureMessage;
    consent.setAttribute('aria-invalid', consentMessage ? 'true' : 'false');
    signature.setAttribute('aria-invalid', signatureMessage ? 'true' : 'false');
    if (consentMessage) problems.push(consent);
    if (signatureMessage) problems.push(signature);
    if (problems.length) {
      event.preventDefault();
      document.getElementById('form-errors').innerHTML = '<p class="error">Please correct the highlighted fields.</p>';
      problems[0].focus();
    }
  });
})();`;
  return page(`Sign: ${envelope.subject}`, body, script);
}

export const SIGNING_MESSAGES = {
  consent: 'Check the box to agree to use electronic records and signatures.',
  signatureRequired: 'Type your full name to sign.',
  signatureMismatch: 'Type your full name exactly as it appears on the agreement.',
} as const;

export function fieldsPage(session: VaultSessionItem, origin: string): string {
  const cards = TEST_CARDS.map(
    (c) =>
      `<tr><td>${c.number}</td><td>${escapeHtml(c.purpose)}</td><td>${c.brand}</td><td>${c.funding}</td><td>${c.country}</td></tr>`,
  ).join('');
  const countries: [string, string][] = [
    ['US', 'United States'],
    ['CA', 'Canada'],
    ['MX', 'Mexico'],
    ['BR', 'Brazil'],
    ['GB', 'United Kingdom'],
    ['PR', 'Puerto Rico'],
  ];
  const field = (id: string, label: string, attrs: string) =>
    `<div><label for="${id}">${label}</label><input id="${id}" name="${id}" ${attrs} aria-describedby="${id}-error"><p class="error" id="${id}-error"></p></div>`;
  const body = `<form id="card-form" novalidate aria-describedby="form-error">
<div id="form-error" class="error" role="alert"></div>
${field('number', 'Card number', 'inputmode="numeric" autocomplete="cc-number" maxlength="23" spellcheck="false"')}
<div class="row">${field('expiry', 'Expiration date (MM/YY)', 'inputmode="numeric" autocomplete="cc-exp" maxlength="7" placeholder="MM/YY"')}${field('cvc', 'Security code (CVC)', 'inputmode="numeric" autocomplete="cc-csc" maxlength="4"')}</div>
<div class="row">${field('first_name', 'First name', 'autocomplete="cc-given-name" maxlength="60"')}${field('last_name', 'Last name', 'autocomplete="cc-family-name" maxlength="60"')}</div>
<div><label for="country">Country</label><select id="country" name="country" autocomplete="country" aria-describedby="country-error">${countries
    .map(([code, name]) => `<option value="${code}"${code === 'US' ? ' selected' : ''}>${name}</option>`)
    .join('')}</select><p class="error" id="country-error"></p></div>
<button type="submit" class="primary" id="submit">${escapeHtml(session.buttonText)}</button>
<p id="status" role="status"></p>
</form>
<details><summary>Sandbox test cards</summary><p>Any future expiry date and any 3-digit CVC (4 digits for American Express). Any other Luhn-valid number is a US credit card that is charged successfully.</p>
<table><caption>Test card numbers</caption><thead><tr><th scope="col">Number</th><th scope="col">Outcome</th><th scope="col">Brand</th><th scope="col">Funding</th><th scope="col">Issuer country</th></tr></thead><tbody>${cards}</tbody></table></details>`;
  const script = `(() => {
  const parentOrigin = ${scriptJson(origin)};
  const sessionId = ${scriptJson(session.sessionId)};
  const invalid = ${scriptJson(CARD_MESSAGES.invalid)};
  const tokenFailed = ${scriptJson(CARD_MESSAGES.tokenFailed)};
  const form = document.getElementById('card-form');
  const fields = ['number', 'expiry', 'cvc', 'first_name', 'last_name', 'country'];
  let busy = false;
  const toParent = (message) => { if (window.parent !== window) window.parent.postMessage(message, parentOrigin); };
  function show(message, errors) {
    document.getElementById('form-error').textContent = message || '';
    let first = null;
    for (const name of fields) {
      const input = document.getElementById(name);
      const text = (errors && errors[name] && errors[name][0]) || '';
      document.getElementById(name + '-error').textContent = text;
      input.setAttribute('aria-invalid', text ? 'true' : 'false');
      if (text && !first) first = input;
    }
    if (first) first.focus();
  }
  async function tokenize() {
    if (busy) return;
    busy = true;
    document.getElementById('submit').disabled = true;
    document.getElementById('status').textContent = 'Checking your card...';
    const body = { sessionId };
    for (const name of fields) body[name] = document.getElementById(name).value;
    try {
      const res = await fetch('/sandbox/vault/tokenize', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const answer = await res.json().catch(() => ({}));
      if (res.ok && answer.data && answer.data.token) {
        show('', null);
        document.getElementById('status').textContent = 'Card accepted.';
        toParent({ type: 'vault.tokenized', sessionId, token: answer.data.token, card: answer.data.card });
      } else {
        const message = answer.message || tokenFailed;
        show(message, answer.errors || null);
        document.getElementById('status').textContent = '';
        toParent({ type: 'vault.error', sessionId, message });
      }
    } catch {
      show(tokenFailed, null);
      document.getElementById('status').textContent = '';
      toParent({ type: 'vault.error', sessionId, message: tokenFailed });
    } finally {
      busy = false;
      document.getElementById('submit').disabled = false;
    }
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const number = document.getElementById('number').value.replace(/[\\s-]/g, '');
    const expiry = document.getElementById('expiry').value.trim();
    const cvc = document.getElementById('cvc').value.trim();
    const errors = {};
    if (!/^\\d{12,19}$/.test(number)) errors.number = [invalid];
    if (!/^\\d{1,2}\\s*\\/\\s*(\\d{2}|\\d{4})$/.test(expiry)) errors.expiry = [invalid];
    if (!/^\\d{3,4}$/.test(cvc)) errors.cvc = [invalid];
    if (Object.keys(errors).length) { show(invalid, errors); toParent({ type: 'vault.error', sessionId, message: invalid }); return; }
    tokenize();
  });
  // The payment screen may ask the fields to tokenize (its own Pay button); only the exact parent origin is heard.
  window.addEventListener('message', (event) => {
    if (event.origin !== parentOrigin || event.source !== window.parent) return;
    if (event.data && event.data.type === 'vault.tokenize') form.requestSubmit();
  });
  toParent({ type: 'vault.ready', sessionId });
})();`;
  return page('Card details', `<h1>Card details</h1>${body}`, script);
}
