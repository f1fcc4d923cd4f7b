import type { Deps } from '../platform/deps.ts';
import { ok } from '../platform/response.ts';
import { rawBodyOf } from '../platform/signatures.ts';
import { onBankLinkEvent } from '../services/bank-link-callbacks.ts';
import { receiveVendorCallback, type VendorConsumer } from '../providers/bank-link/inbound.ts';
import type { CallbackReader, VendorKind } from '../providers/bank-link/vendor-kit.ts';
import { onIdentityEvent } from '../services/identity-callbacks.ts';
import { onPayrollEvent } from '../services/payroll-callbacks.ts';
import type { HandlerMap, RequestContext } from './route.ts';

// Inbound callbacks of the verification vendors (sandbox or real: the configured port reads its vendor's signature
// scheme). Auth 'public' at the edge; each request is signature-checked on the raw body before anything is stored.
// Deployed in every stage (unlike the sandbox pages).

async function receive(
  ctx: RequestContext,
  deps: Deps,
  vendor: VendorKind,
  reader: CallbackReader,
  consumer: VendorConsumer,
) {
  const result = await receiveVendorCallback(deps, vendor, reader, consumer, {
    rawBody: rawBodyOf(ctx.event),
    headers: ctx.event.headers,
    sourceIp: ctx.event.requestContext.http?.sourceIp,
    requestId: ctx.event.requestContext.requestId,
  });
  const message =
    result.outcome === 'duplicate' ? 'duplicate ignored' : result.outcome === 'ignored' ? 'event ignored' : 'received';
  return ok({ event_id: result.eventId, outcome: result.outcome }, message);
}

export const verificationWebhooks: HandlerMap = {
  bankLinkWebhook: (ctx, deps) => receive(ctx, deps, 'bank-link', deps.providers.bankLink, onBankLinkEvent),
  identityWebhook: (ctx, deps) => receive(ctx, deps, 'identity', deps.providers.identity, onIdentityEvent),
  payrollWebhook: (ctx, deps) => receive(ctx, deps, 'payroll', deps.providers.payroll, onPayrollEvent),
};
