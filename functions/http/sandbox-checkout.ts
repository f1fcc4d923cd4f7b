// Route group 'sandbox-checkout': the pages and APIs of the sandbox checkout vendors: the e-sign signing ceremony and
// the card vault's hosted fields with its tokenize endpoint (auth 'test-mode': in production too, for test checkouts
// only: functions/services/test-mode.ts), and a console for testers (auth 'sandbox': never in production).
import * as z from 'zod/mini';
import { CardVaultError } from '../providers/card-vault/port.ts';
import { sandboxCardVault } from '../providers/card-vault/sandbox.ts';
import { getChargeVendorStatus } from '../services/card-vault-callbacks.ts';
import { EsignError } from '../providers/esign/port.ts';
import { sandboxEsign } from '../providers/esign/sandbox.ts';
import { getEsignVendorStatus } from '../services/esign-callbacks.ts';
import { sandboxEnvelopeOpens, sandboxVaultSessionOpens } from '../services/test-mode.ts';
import { RetailPartnerError } from '../providers/retail-partner/port.ts';
import type { Deps } from '../platform/deps.ts';
import { AppError } from '../platform/errors.ts';
import type { HttpResult } from '../platform/http-types.ts';
import { html, ok } from '../platform/response.ts';
import { rawBodyOf } from '../platform/signatures.ts';
import { parseBody, readJsonBody } from '../platform/validate.ts';
import { lambdaHandler } from './dispatch.ts';
import { lambdaDeps } from './lambda-deps.ts';
import { cardVaultProvider } from '../providers/card-vault/provider.ts';
import { esignProvider } from '../providers/esign/provider.ts';
import { retailPartnerProvider } from '../providers/retail-partner/provider.ts';
import type { HandlerMap } from './route.ts';
import { fieldsPage, messagePage, signingPage, SIGNING_MESSAGES } from './sandbox-checkout-pages.ts';

// The vendor's own pages: not framed by anyone but the declared parent, never cached.
const PAGE_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

const esign = (deps: Deps) => sandboxEsign({ db: deps.db, clock: deps.clock, config: deps.config, log: deps.log });
const vault = (deps: Deps) => sandboxCardVault({ db: deps.db, clock: deps.clock, config: deps.config, log: deps.log });

const signingHtml = (status: number, body: string): HttpResult =>
  html(status, body, { ...PAGE_HEADERS, 'x-frame-options': 'DENY' });

function notOpen(
  state: { kind: 'not_found' } | { kind: 'expired' } | { kind: 'finished'; envelope: { status: string } },
): HttpResult {
  if (state.kind === 'not_found')
    return signingHtml(
      404,
      messagePage('Signing link not valid', 'This signing link is not valid. Return to the checkout to get a new one.'),
    );
  if (state.kind === 'expired')
    return signingHtml(
      410,
      messagePage('Signing link expired', 'This signing link has expired. Return to the checkout to get a new one.'),
    );
  return signingHtml(
    200,
    messagePage(
      'Nothing left to sign',
      `This agreement is ${state.envelope.status}. There is nothing left to do here.`,
    ),
  );
}

const tokenizeBody = z.object({
  sessionId: z.string().check(z.maxLength(64)),
  number: z.optional(z.string().check(z.maxLength(40))),
  expiry: z.optional(z.string().check(z.maxLength(10))),
  cvc: z.optional(z.string().check(z.maxLength(10))),
  first_name: z.optional(z.string().check(z.maxLength(200))),
  last_name: z.optional(z.string().check(z.maxLength(200))),
  country: z.optional(z.string().check(z.maxLength(10))),
});

const VENDOR_ERROR_STATUS: Record<string, number> = {
  not_found: 404,
  invalid_token: 404,
  invalid_state: 409,
  idempotency_conflict: 409,
  slot_unavailable: 409,
  invalid_request: 422,
  invalid_zip: 422,
  unauthorized: 502,
  rate_limited: 503,
  unavailable: 503,
};

/** The console's operations: each calls the configured port (deps.providers) with the JSON body as its argument. */
const CONSOLE: Record<string, Record<string, (deps: Deps, body: Record<string, any>) => Promise<unknown>>> = {
  esign: {
    createEnvelope: (deps, b) =>
      deps.providers.esign.createEnvelope({
        ...b,
        document: {
          ...b.document,
          content:
            b.document?.contentType === 'application/pdf'
              ? Buffer.from(String(b.document.content ?? ''), 'base64')
              : b.document?.content,
        },
      } as never),
    signingUrl: (deps, b) => deps.providers.esign.signingUrl(b as never),
    getEnvelope: (deps, b) => deps.providers.esign.getEnvelope(String(b.envelopeId ?? '')),
    voidEnvelope: (deps, b) =>
      deps.providers.esign.voidEnvelope(
        String(b.envelopeId ?? ''),
        String(b.reason ?? 'Voided from the sandbox console'),
      ),
  },
  'card-vault': {
    createSession: (deps, b) => deps.providers.cardVault.createSession(b as never),
    cardFacts: (deps, b) => deps.providers.cardVault.cardFacts(String(b.token ?? '')),
    charge: (deps, b) => deps.providers.cardVault.charge(b as never),
  },
  'retail-partner': {
    productAvailability: (deps, b) => deps.providers.retailPartner.productAvailability((b.skus ?? []) as string[]),
    services: (deps, b) => deps.providers.retailPartner.services(b as never),
    schedule: (deps, b) => deps.providers.retailPartner.schedule(b as never),
  },
};

export const handlers: HandlerMap = {
  /** A tester's (and the integration tests') way to call the checkout ports before the checkout service exists. */
  async vendorConsole(ctx, deps) {
    const { vendor = '', operation = '' } = ctx.event.pathParameters ?? {};
    const run = CONSOLE[vendor]?.[operation];
    if (!run) throw new AppError(404, 'Requested resource was not found');
    const body = readJsonBody(ctx.event);
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw new AppError(400, 'The request body must be a JSON object.');
    try {
      return ok(await run(deps, body as Record<string, unknown>));
    } catch (error) {
      if (error instanceof EsignError || error instanceof CardVaultError || error instanceof RetailPartnerError) {
        throw new AppError(VENDOR_ERROR_STATUS[error.code] ?? 502, error.message, undefined, {
          code: error.code,
          ...(error instanceof RetailPartnerError ? { skus: error.skus } : { vendorCode: error.vendorCode ?? null }),
        });
      }
      if (error instanceof TypeError)
        throw new AppError(422, `The ${operation} input is not complete: ${error.message}`);
      throw error;
    }
  },

  /** What our webhooks recorded for an envelope or a charge (the vendor status the checkout service will read). */
  async vendorStatus(ctx, deps) {
    const { vendor = '', id = '' } = ctx.event.pathParameters ?? {};
    const item =
      vendor === 'esign'
        ? await getEsignVendorStatus(deps.db, id, deps.clock())
        : vendor === 'card-vault'
          ? await getChargeVendorStatus(deps.db, id, deps.clock())
          : undefined;
    if (!item) throw new AppError(404, 'Nothing was recorded for it.');
    const { pk: _pk, sk: _sk, ...rest } = item;
    return ok(rest);
  },

  async esignPage(ctx, deps) {
    const envelopeId = ctx.event.pathParameters?.envelopeId ?? '';
    if (!(await sandboxEnvelopeOpens(deps, envelopeId))) return notOpen({ kind: 'not_found' });
    const view = ctx.event.queryStringParameters?.view ?? '';
    const state = await esign(deps).openSigning(envelopeId, view);
    if (state.kind !== 'open') return notOpen(state);
    return signingHtml(200, signingPage(state.envelope, view));
  },

  async esignSubmit(ctx, deps) {
    const envelopeId = ctx.event.pathParameters?.envelopeId ?? '';
    if (!(await sandboxEnvelopeOpens(deps, envelopeId))) return notOpen({ kind: 'not_found' });
    const form = new URLSearchParams(rawBodyOf(ctx.event).slice(0, 8192));
    const view = form.get('view') ?? '';
    const action = form.get('action');
    const vendor = esign(deps);
    if (action === 'decline') {
      const done = await vendor.finishSigning(envelopeId, view, { kind: 'decline', reason: form.get('reason') ?? '' });
      return done.kind === 'redirect'
        ? { statusCode: 303, headers: { location: done.location, 'cache-control': 'no-store' } }
        : notOpen(done);
    }
    if (action !== 'sign') throw new AppError(400, 'Choose Sign or Decline.');
    const state = await vendor.openSigning(envelopeId, view);
    if (state.kind !== 'open') return notOpen(state);
    const typed = (form.get('signature') ?? '').trim().replace(/\s+/g, ' ').slice(0, 200);
    const errors = {
      consent: form.get('consent') === 'yes' ? undefined : SIGNING_MESSAGES.consent,
      signature: !typed
        ? SIGNING_MESSAGES.signatureRequired
        : typed.toLowerCase() !== state.envelope.signer.name.toLowerCase().replace(/\s+/g, ' ')
          ? SIGNING_MESSAGES.signatureMismatch
          : undefined,
    };
    if (errors.consent || errors.signature) return signingHtml(422, signingPage(state.envelope, view, errors, typed));
    const done = await vendor.finishSigning(envelopeId, view, {
      kind: 'sign',
      typedName: typed,
      ip: ctx.event.requestContext.http.sourceIp,
    });
    return done.kind === 'redirect'
      ? { statusCode: 303, headers: { location: done.location, 'cache-control': 'no-store' } }
      : notOpen(done);
  },

  async esignDocument(ctx, deps) {
    const envelopeId = ctx.event.pathParameters?.envelopeId ?? '';
    if (!(await sandboxEnvelopeOpens(deps, envelopeId))) return notOpen({ kind: 'not_found' });
    const state = await esign(deps).openSigning(envelopeId, ctx.event.queryStringParameters?.view ?? '');
    if (state.kind !== 'open') return notOpen(state);
    const doc = state.envelope.document;
    if (doc.contentType === 'text/html') {
      return html(200, doc.body, {
        ...PAGE_HEADERS,
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
      });
    }
    return {
      statusCode: 200,
      headers: {
        ...PAGE_HEADERS,
        'content-type': 'application/pdf',
        'content-disposition': 'inline; filename="agreement.pdf"',
      },
      body: doc.body,
      isBase64Encoded: true,
    };
  },

  async vaultFieldsPage(ctx, deps) {
    const sessionId = ctx.event.pathParameters?.sessionId ?? '';
    // A live checkout's session in production is as unknown as an expired one.
    const session = (await sandboxVaultSessionOpens(deps, sessionId))
      ? await vault(deps).session(sessionId)
      : undefined;
    if (!session)
      return html(
        404,
        messagePage('Payment form expired', 'This payment form has expired. Reload the payment page to start again.'),
        PAGE_HEADERS,
      );
    // Tokens go only to the origin the session was created for, passed again by the framing page.
    const origin = ctx.event.queryStringParameters?.origin ?? '';
    if (origin !== session.parentOrigin) {
      return html(
        400,
        messagePage(
          'Payment form not available here',
          'This payment form can only be shown by the page it was created for.',
        ),
        PAGE_HEADERS,
      );
    }
    const ancestors = [origin, ...(session.ancestorOrigins ?? [])].join(' ');
    return html(200, fieldsPage(session, origin), {
      ...PAGE_HEADERS,
      'content-security-policy': `frame-ancestors ${ancestors}`,
    });
  },

  async vaultTokenize(ctx, deps) {
    const body = parseBody(tokenizeBody, ctx.event);
    if (!(await sandboxVaultSessionOpens(deps, body.sessionId)))
      throw new AppError(404, 'This payment form has expired. Reload the page to start again.');
    const result = await vault(deps).tokenize(body, ctx.event.requestContext.http.sourceIp);
    if (!result.ok)
      throw new AppError(result.status, result.message, Object.keys(result.errors).length ? result.errors : undefined);
    return ok({ token: result.token, card: result.card });
  },
};

export const handler = lambdaHandler(
  handlers,
  lambdaDeps({ cardVault: cardVaultProvider, esign: esignProvider, retailPartner: retailPartnerProvider }),
);
