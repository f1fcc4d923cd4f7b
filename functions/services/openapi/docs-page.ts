import type { OpenApiDocument } from './retailer-openapi.ts';

// The retailer API reference page (`GET /docs/retailer`): server-rendered HTML from the OpenAPI document, so it says
// exactly what the document says. No script, nothing from elsewhere, the CSS inline; every value from the document
// is escaped. Operations are grouped by tag; each shows its parameters, its request body and answers as tables of
// fields (nested fields as dotted paths) and its examples as JSON; then the webhook events and how to verify them.

type Json = Record<string, any>;

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The little markdown the descriptions use: `code` and **bold**, paragraphs on blank lines. Escaped first. */
function inline(text: string): string {
  return escapeHtml(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>');
}
const paragraphs = (text: string | undefined) =>
  (text ?? '')
    .split(/\n\s*\n/)
    .filter((p) => p.trim())
    .map((p) => `<p>${inline(p.trim())}</p>`)
    .join('');

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const pretty = (value: unknown) => `<pre><code>${escapeHtml(JSON.stringify(value, null, 2))}</code></pre>`;

function resolve(doc: OpenApiDocument, node: Json | undefined): Json {
  let current = node ?? {};
  for (let i = 0; i < 10 && typeof current.$ref === 'string'; i++) {
    const path = current.$ref.replace(/^#\//, '').split('/');
    current = path.reduce<any>((n, key) => n?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc) ?? {};
  }
  return current;
}

const refName = (node: Json | undefined) => (typeof node?.$ref === 'string' ? node.$ref.split('/').pop() : undefined);

/** A short type: string, integer, array of object, "a" | "b", null allowed... */
function typeOf(doc: OpenApiDocument, node: Json | undefined): string {
  const s = resolve(doc, node);
  if ('const' in s) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return s.enum.map((v: unknown) => JSON.stringify(v)).join(' | ');
  const options = s.anyOf ?? s.oneOf;
  if (Array.isArray(options)) return options.map((o: Json) => typeOf(doc, o)).join(' | ');
  if (Array.isArray(s.type)) return s.type.join(' | ');
  if (s.type === 'array') return `array of ${typeOf(doc, s.items)}`;
  if (s.type === 'object' && s.additionalProperties && typeof s.additionalProperties === 'object' && !s.properties)
    return `map of ${typeOf(doc, s.additionalProperties)}`;
  return s.type ?? (refName(node) ? 'object' : 'any');
}

function constraints(s: Json): string {
  const parts: string[] = [];
  if (s.minLength !== undefined) parts.push(`min length ${s.minLength}`);
  if (s.maxLength !== undefined) parts.push(`max length ${s.maxLength}`);
  if (s.minimum !== undefined) parts.push(`≥ ${s.minimum}`);
  if (s.maximum !== undefined) parts.push(`≤ ${s.maximum}`);
  if (s.minItems !== undefined) parts.push(`at least ${s.minItems}`);
  if (s.maxItems !== undefined) parts.push(`at most ${s.maxItems}`);
  if (s.pattern) parts.push(`pattern ${s.pattern}`);
  if (s.format) parts.push(`format ${s.format}`);
  return parts.join(', ');
}

interface Row {
  name: string;
  type: string;
  required: boolean;
  description: string;
  rules: string;
}

/** The object's fields, nested ones as dotted paths (`cart.items[].sku`). */
function rows(doc: OpenApiDocument, node: Json | undefined, prefix = '', depth = 0): Row[] {
  const s = resolve(doc, node);
  if (depth > 6) return [];
  const nonNull = (s.anyOf ?? s.oneOf)?.filter((o: Json) => resolve(doc, o).type !== 'null');
  if (nonNull?.length === 1) return rows(doc, nonNull[0], prefix, depth);
  if (s.type === 'array') return rows(doc, s.items, `${prefix}[]`, depth + 1);
  if (!s.properties) return [];
  const out: Row[] = [];
  for (const [name, child] of Object.entries(s.properties as Record<string, Json>)) {
    const path = prefix ? `${prefix}.${name}` : name;
    const c = resolve(doc, child);
    const inner = (c.anyOf ?? c.oneOf)?.map((o: Json) => resolve(doc, o)) ?? [c];
    out.push({
      name: path,
      type: typeOf(doc, child),
      required: (s.required ?? []).includes(name),
      description: c.description ?? inner.find((o: Json) => o.description)?.description ?? '',
      rules: inner.map(constraints).filter(Boolean).join('; '),
    });
    out.push(...rows(doc, child, path, depth + 1));
  }
  return out;
}

function fieldTable(doc: OpenApiDocument, schema: Json | undefined): string {
  const list = rows(doc, schema);
  if (!list.length) return `<p>Type: <code>${escapeHtml(typeOf(doc, schema))}</code></p>`;
  return `<table><thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Description</th></tr></thead><tbody>${list
    .map(
      (r) =>
        `<tr><td><code>${escapeHtml(r.name)}</code></td><td><code>${escapeHtml(r.type)}</code></td><td>${r.required ? 'yes' : 'no'}</td><td>${inline(r.description)}${r.rules ? `${r.description ? '<br>' : ''}<span class="rules">${escapeHtml(r.rules)}</span>` : ''}</td></tr>`,
    )
    .join('')}</tbody></table>`;
}

function parameterTable(doc: OpenApiDocument, params: Json[]): string {
  const list = params.map((p) => resolve(doc, p));
  if (!list.length) return '';
  return `<h4>Parameters</h4><table><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Description</th></tr></thead><tbody>${list
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td><td><code>${escapeHtml(typeOf(doc, p.schema))}</code></td><td>${p.required ? 'yes' : 'no'}</td><td>${inline(p.description ?? '')}${constraints(resolve(doc, p.schema)) ? `<br><span class="rules">${escapeHtml(constraints(resolve(doc, p.schema)))}</span>` : ''}</td></tr>`,
    )
    .join('')}</tbody></table>`;
}

/** The `data` of a success envelope, or the whole schema of anything else. */
function successSchema(doc: OpenApiDocument, schema: Json | undefined): { data?: Json; whole?: Json } {
  const s = resolve(doc, schema);
  return s.properties?.status?.const === true && s.properties?.data ? { data: s.properties.data } : { whole: schema };
}

function responses(doc: OpenApiDocument, op: Json): string {
  const out: string[] = [];
  for (const [status, raw] of Object.entries((op.responses ?? {}) as Record<string, Json>)) {
    const response = resolve(doc, raw);
    const headers = Object.keys(response.headers ?? {});
    const media = Object.entries((response.content ?? {}) as Record<string, Json>)[0];
    const ok = /^[23]/.test(status);
    let body = '';
    if (media) {
      const [type, content] = media;
      if (ok) {
        const { data, whole } = successSchema(doc, content.schema);
        body = data
          ? `<p>JSON envelope <code>{ "status": true, "code": ${escapeHtml(status)}, "data": … }</code>; <code>data</code>${refName(data) ? ` (<code>${escapeHtml(refName(data)!)}</code>)` : ''}:</p>${fieldTable(doc, data)}`
          : `<p>Content type <code>${escapeHtml(type)}</code>.</p>${whole && resolve(doc, whole).type !== 'string' ? fieldTable(doc, whole) : ''}`;
      } else {
        body = '<p>The <a href="#errors">error envelope</a>.</p>';
      }
      if (content.example !== undefined && ok)
        body += `<details><summary>Example</summary>${typeof content.example === 'string' ? `<pre><code>${escapeHtml(content.example)}</code></pre>` : pretty(content.example)}</details>`;
    }
    out.push(
      `<div class="response"><h5><span class="status s${escapeHtml(status.charAt(0))}">${escapeHtml(status)}</span> ${inline(response.description ?? '')}</h5>${body}${headers.length ? `<p class="rules">Headers: ${headers.map((h) => `<code>${escapeHtml(h)}</code>`).join(', ')}</p>` : ''}</div>`,
    );
  }
  return `<h4>Responses</h4>${out.join('')}`;
}

function operationHtml(doc: OpenApiDocument, method: string, path: string, op: Json): string {
  const body = op.requestBody ? resolve(doc, op.requestBody) : undefined;
  const media = body ? (body.content?.['application/json'] as Json | undefined) : undefined;
  const auth =
    Array.isArray(op.security) && op.security.length === 0
      ? 'Public: no token needed.'
      : 'Needs <code>Authorization: Bearer rt_…</code>.';
  return `<section class="op" id="op-${escapeHtml(slug(op.operationId ?? `${method}-${path}`))}">
<h3><span class="method ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> <code>${escapeHtml(path)}</code></h3>
<p class="summary">${inline(op.summary ?? '')}</p>${paragraphs(op.description)}<p class="rules">${auth}</p>
${parameterTable(doc, (op.parameters ?? []) as Json[])}
${media ? `<h4>Request body</h4>${refName(media.schema) ? `<p>JSON (<code>${escapeHtml(refName(media.schema)!)}</code>):</p>` : ''}${fieldTable(doc, media.schema)}${media.example !== undefined ? `<details><summary>Example</summary>${pretty(media.example)}</details>` : ''}` : ''}
${responses(doc, op)}
</section>`;
}

const STYLE = `*{box-sizing:border-box}body{font-family:system-ui,sans-serif;margin:0;color:#1a1a1a;line-height:1.5}
header,main{max-width:62rem;margin:0 auto;padding:1rem}header{border-bottom:1px solid #ccc}h1{font-size:1.6rem;margin:.5rem 0}
h2{font-size:1.3rem;margin-top:2.5rem;border-bottom:2px solid #1d3f8f;padding-bottom:.2rem}h3{font-size:1.05rem;margin:0}h4{font-size:.95rem;margin:1rem 0 .3rem}h5{font-size:.9rem;margin:.6rem 0 .2rem;font-weight:600}
.op{border:1px solid #ccc;border-radius:6px;padding:1rem;margin:1rem 0}.summary{font-weight:600;margin:.3rem 0}
.method{display:inline-block;min-width:4rem;text-align:center;border-radius:4px;padding:.1rem .4rem;color:#fff;background:#1d3f8f;font-size:.85rem}
.method.get{background:#0b6e4f}.method.delete{background:#a4000f}.status{display:inline-block;border-radius:4px;padding:0 .4rem;background:#eee;font-family:monospace}
.status.s2{background:#d8f0e3}.status.s4,.status.s5{background:#f8dcdc}
table{border-collapse:collapse;width:100%;margin:.3rem 0}th,td{border:1px solid #bbb;padding:.25rem .4rem;text-align:left;vertical-align:top;font-size:.88rem}th{background:#f3f3f3}
code{font-family:ui-monospace,monospace;font-size:.88em;background:#f4f4f4;padding:0 .2rem;border-radius:3px}pre{background:#f6f8fa;border:1px solid #ddd;padding:.6rem;overflow:auto;font-size:.82rem}pre code{background:none;padding:0}
.rules{color:#555;font-size:.82rem}nav ul{columns:2;padding-left:1.2rem}nav li{break-inside:avoid}details{margin:.3rem 0}summary{cursor:pointer;color:#1d3f8f}
a{color:#1d3f8f}:focus-visible{outline:3px solid #ffbf47;outline-offset:2px}`;

const VERIFY_EXAMPLE = `// npm install standardwebhooks
import { Webhook } from 'standardwebhooks';
import express from 'express';

const webhook = new Webhook(process.env.LEASE_WEBHOOK_SECRET); // 'whsec_...'
const app = express();

// Verify the raw body exactly as received: parsing and re-serializing it breaks the signature.
app.post('/webhooks/lease', express.raw({ type: 'application/json' }), (req, res) => {
  let event;
  try {
    event = webhook.verify(req.body, req.headers); // throws on a bad signature or a timestamp over 5 minutes old
  } catch {
    return res.sendStatus(400);
  }
  // event.id is the same on every retry and replay: skip ids you have already handled.
  console.log(event.type, event.data.checkout_id, event.data.status);
  res.sendStatus(204);
});`;

const LEASE_JS_EXAMPLE = `<script src="/retailer/v1/lease.js"></script>
<script>
  // checkout: what POST /retailer/v1/checkouts answered your server ({ checkout_id, url, iframe_url })
  LeaseToOwn.open(checkout, {
    mode: 'modal', // or 'popup' / 'redirect'; blocked frames or popups fall back to the redirect
    onApproved: (message) => console.log('approved', message.checkout_id),
    onDenied: () => showOtherPaymentOptions(),
    onClose: () => refreshCart(),
  });
</script>`;

function errorsSection(doc: OpenApiDocument): string {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- needed by TypeScript 7 (typecheck), not by 6 (lint)
  const envelope = (doc.components as Json).schemas?.ErrorEnvelope as Json | undefined;
  return `<section id="errors"><h2>Errors</h2><p>Every 4xx and 5xx answer is the error envelope (<code>ErrorEnvelope</code>):</p>${envelope ? fieldTable(doc, envelope) : ''}
<p>Writes that take an <code>Idempotency-Key</code> can be retried safely with the same key. A 429 carries <code>Retry-After</code> (seconds); every API answer carries <code>RateLimit-Limit</code>, <code>RateLimit-Remaining</code> and <code>RateLimit-Reset</code>, and every answer an <code>X-Request-Id</code>.</p></section>`;
}

function webhooksSection(doc: OpenApiDocument): string {
  const events = Object.entries((doc.webhooks ?? {}) as Record<string, Json>);
  const list = events
    .map(([type, item]) => {
      const op = item.post as Json;
      const media = resolve(doc, op.requestBody).content?.['application/json'] as Json | undefined;
      const data = resolve(doc, media?.schema).properties?.data as Json | undefined;
      return `<section class="op" id="event-${escapeHtml(slug(type))}"><h3><code>${escapeHtml(type)}</code></h3><p class="summary">${inline(op.summary ?? '')}</p>${paragraphs(op.description)}
<h4><code>data</code></h4>${fieldTable(doc, data)}${media?.example !== undefined ? `<details><summary>Example body</summary>${pretty(media.example)}</details>` : ''}</section>`;
    })
    .join('');
  return `<section id="webhooks"><h2>Webhooks</h2>
<p>When a checkout, its application or its lease changes, we POST a JSON event to the checkout's <code>callback_url</code>, signed per <a href="https://www.standardwebhooks.com/">Standard Webhooks</a>: headers <code>webhook-id</code>, <code>webhook-timestamp</code> and <code>webhook-signature</code>, and the body <code>{ id, type, version, created, livemode, data }</code>. Answer any 2xx within 10 seconds; anything else is retried with backoff for 72 hours, and every attempt is in your <a href="#op-webhookdeliveries">delivery log</a>.</p>
<h3>Verifying a webhook</h3><p>Use the <code>standardwebhooks</code> library with your signing secret (<code>whsec_…</code>), unchanged:</p><pre><code>${escapeHtml(VERIFY_EXAMPLE)}</code></pre>
<h3>Event types</h3>${events.length ? `<ul>${events.map(([type, item]) => `<li><a href="#event-${escapeHtml(slug(type))}"><code>${escapeHtml(type)}</code></a>: ${inline((item.post as Json).summary ?? '')}</li>`).join('')}</ul>${list}` : '<p>No event types yet.</p>'}</section>`;
}

export function renderRetailerDocs(doc: OpenApiDocument): string {
  const info = doc.info as Json;
  const tags = ((doc.tags ?? []) as Json[]).map((t) => t.name as string);
  const byTag = new Map<string, [string, string, Json][]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = (op.tags as string[] | undefined)?.[0] ?? 'Other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push([method, path, op]);
    }
  }
  const order = [...tags.filter((t) => byTag.has(t)), ...[...byTag.keys()].filter((t) => !tags.includes(t))];
  const tagDescription = (name: string) =>
    ((doc.tags ?? []) as Json[]).find((t) => t.name === name)?.description as string | undefined;
  const nav = `<nav aria-label="Contents"><ul>${order
    .map(
      (tag) =>
        `<li><a href="#tag-${escapeHtml(slug(tag))}">${escapeHtml(tag)}</a><ul>${byTag
          .get(tag)!
          .map(
            ([m, p, op]) =>
              `<li><a href="#op-${escapeHtml(slug(op.operationId ?? `${m}-${p}`))}">${escapeHtml(op.summary ?? `${m.toUpperCase()} ${p}`)}</a></li>`,
          )
          .join('')}</ul></li>`,
    )
    .join(
      '',
    )}<li><a href="#errors">Errors</a></li><li><a href="#webhooks">Webhooks</a></li><li><a href="#lease-js">lease.js</a></li></ul></nav>`;
  const sections = order
    .map(
      (tag) =>
        `<section id="tag-${escapeHtml(slug(tag))}"><h2>${escapeHtml(tag)}</h2>${paragraphs(tagDescription(tag))}${byTag
          .get(tag)!
          .map(([m, p, op]) => operationHtml(doc, m, p, op))
          .join('')}</section>`,
    )
    .join('');
  const leaseJs = `<section id="lease-js"><h2>lease.js</h2><p>Open the checkout for the shopper from your page with the drop-in script (no dependencies; types at <a href="/retailer/v1/lease.d.ts"><code>/retailer/v1/lease.d.ts</code></a>). It opens the portal in a modal frame (or a popup, or by redirect), talks only with the portal's origin, and calls you back on approved, denied, close, update, cancelled and error.</p><pre><code>${escapeHtml(LEASE_JS_EXAMPLE)}</code></pre></section>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(info.title)} reference</title><style>${STYLE}</style></head>
<body><header><h1>${escapeHtml(info.title)} <small>v${escapeHtml(info.version)}</small></h1><p>${inline(info.summary ?? '')} OpenAPI ${escapeHtml(doc.openapi)}: <a href="/retailer/v1/openapi.json">/retailer/v1/openapi.json</a></p></header>
<main>${paragraphs(info.description)}${nav}${sections}${errorsSection(doc)}${webhooksSection(doc)}${leaseJs}</main></body></html>`;
}
