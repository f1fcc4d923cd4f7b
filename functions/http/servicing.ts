import * as z from 'zod/mini';
import { translate } from '../../machines/i18n/catalogue.ts';
import { achProvider } from '../providers/ach/provider.ts';
import { cardVaultProvider } from '../providers/card-vault/provider.ts';
import { messagingProvider } from '../providers/messaging/provider.ts';
import { unprocessable } from '../platform/errors.ts';
import { json, ok } from '../platform/response.ts';
import { closeDaysPassed } from '../services/servicing/collection.ts';
import { advanceOffset, readClock } from '../services/servicing/clock.ts';
import { lambdaHandler } from './dispatch.ts';
import { lambdaDeps } from './lambda-deps.ts';
import type { HandlerMap, RequestContext } from './route.ts';
import { staffCtx } from './staff-context.ts';
import type { Deps } from '../platform/deps.ts';
import { parseAmountToCents } from '../../machines/domain/money.ts';
import { parseBody, parsePath } from '../platform/validate.ts';
import { loadLeaseFor } from '../services/leases/actions.ts';
import { accountView, openAccount } from '../services/servicing/accounts.ts';
import { payOff, postPayment, postStaffEntry, setAutopay, setPaymentMethod } from '../services/servicing/payments.ts';
import { ledgerOf } from '../services/servicing/ledger-read.ts';
import { servicingActionRequest } from '../../machines/lease-account/staff-servicing-actions.ts';
import { runServicingAction } from '../services/servicing/staff-actions.ts';
import { listCollectionsQueue } from '../services/servicing/collections-queue.ts';
import {
  assignAccount,
  claimAccount,
  collectionWorkView,
  logContact,
  logPromise,
} from '../services/servicing/collections-work.ts';
import {
  assignRequest,
  contactRequest,
  promiseRequest,
  workRequest,
} from '../../machines/contracts/collections-work.ts';

// Route group 'servicing': the sandbox clock (not in production). GET tells the lender's date; POST moves it forward
// by `advance_days` and runs the close of business of every day passed (0 runs the days not closed yet, on demand).

const advanceBody = z.object({ advance_days: z.number() });

// Staff servicing of one lease (permission leases.update): payments taken by phone or cash or with a card from the
// hosted fields, the payoff, postings, the payment method and autopay. The lessee's own routes (branch svc-customer)
// call the same services.
const idPath = z.object({ id: z.string().check(z.minLength(1), z.maxLength(200)) });
const note = z.optional(z.string().check(z.maxLength(500)));
const amount = z.union([z.string().check(z.maxLength(20)), z.number()]);
const source = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('card'), token: z.string().check(z.minLength(1), z.maxLength(200)) }),
  z.object({ kind: z.literal('saved') }),
  z.object({ kind: z.enum(['phone', 'cash']), reference: z.string().check(z.minLength(1), z.maxLength(100)) }),
]);
const paymentBody = z.object({ amount, source });
const postingBody = z.object({
  kind: z.enum(['fee', 'waiver', 'reversal', 'refund', 'return', 'charge_off', 'reinstatement']),
  amount: z.optional(amount),
  fee_kind: z.optional(z.enum(['late', 'return'])),
  entry_id: z.optional(z.string().check(z.maxLength(200))),
  note,
});
const methodBody = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('card'), token: z.string().check(z.minLength(1), z.maxLength(200)) }),
  z.object({
    kind: z.literal('bank'),
    routing_number: z.string().check(z.maxLength(20)),
    account_number: z.string().check(z.maxLength(30)),
  }),
]);
const autopayBody = z.object({ enabled: z.boolean() });
const actionPath = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(200)),
  action: z.string().check(z.minLength(1), z.maxLength(100)),
});

function cents(ctx: RequestContext, value: string | number | undefined): number {
  const parsed = parseAmountToCents(value);
  if (parsed === undefined || parsed <= 0) {
    const message = translate(ctx.lang, 'servicingServer.amountInvalid');
    throw unprocessable({ amount: [message] }, message);
  }
  return parsed;
}

/** The lease id after the staff member's tenant check (403 for another store's lease, 404 for none). */
async function staffLease(ctx: RequestContext, deps: Deps): Promise<string> {
  const { id } = parsePath(idPath, ctx.event);
  await loadLeaseFor(staffCtx(ctx, deps), id);
  // Catches up with a funding event the consumer has not handled yet (opening is idempotent).
  await openAccount(deps, id);
  return id;
}

const keyOf = (ctx: RequestContext) => {
  const key = ctx.event.headers['idempotency-key'];
  if (!key || key.length > 200) {
    throw unprocessable({ 'Idempotency-Key': ['Send an Idempotency-Key header (at most 200 characters).'] });
  }
  return key;
};

export const handlers: HandlerMap = {
  // Issue 23: the collections queue, oldest first, by bucket (seed 001's paged shape).
  async staffCollectionsQueue(ctx, deps) {
    const result = await listCollectionsQueue(staffCtx(ctx, deps), ctx.event.queryStringParameters ?? {});
    return json(200, { status: true, code: 200, data: result.data, meta: result.meta } as never);
  },
  // Issue 23: the collections work on one account (the service checks permission and tenant, then reads the body).
  async staffCollectionWork(ctx, deps) {
    const { id } = parsePath(idPath, ctx.event);
    return ok(await collectionWorkView(staffCtx(ctx, deps), id));
  },
  async staffCollectionClaim(ctx, deps) {
    const { id } = parsePath(idPath, ctx.event);
    const result = await claimAccount(staffCtx(ctx, deps), id, () =>
      ctx.event.body?.trim() ? parseBody(workRequest, ctx.event) : {},
    );
    return ok(result.view, result.message);
  },
  async staffCollectionAssign(ctx, deps) {
    const { id } = parsePath(idPath, ctx.event);
    const result = await assignAccount(staffCtx(ctx, deps), id, () => parseBody(assignRequest, ctx.event));
    return ok(result.view, result.message);
  },
  async staffCollectionPromise(ctx, deps) {
    const { id } = parsePath(idPath, ctx.event);
    const result = await logPromise(staffCtx(ctx, deps), id, () => parseBody(promiseRequest, ctx.event));
    return ok(result.view, result.message);
  },
  async staffCollectionContact(ctx, deps) {
    const { id } = parsePath(idPath, ctx.event);
    const result = await logContact(staffCtx(ctx, deps), id, () => parseBody(contactRequest, ctx.event));
    return ok(result.view, result.message);
  },
  // Issue 23: a servicing action with its own permission, decided by the account machine (409), audited.
  async staffAccountAction(ctx, deps) {
    const { id, action } = parsePath(actionPath, ctx.event);
    // The tenant check answers first: another store's lease is a 403 whatever the body or the key says (no 422 that
    // would tell what the request lacks on a lease the caller may not see).
    await loadLeaseFor(staffCtx(ctx, deps), id);
    const body = ctx.event.body?.trim() ? parseBody(servicingActionRequest, ctx.event) : {};
    // A payment, a settlement or a refund must carry the caller's key (a retried request never moves money twice);
    // other actions are idempotent by the account's state, so a key made from the request is enough.
    const key =
      action === 'record-payment' || action === 'settle' || action === 'refund'
        ? keyOf(ctx)
        : (ctx.event.headers['idempotency-key']?.slice(0, 200) ?? `${action}:${deps.clock().toISOString()}`);
    const result = await runServicingAction(staffCtx(ctx, deps), id, action, body, key);
    return ok(result.account, result.message);
  },
  async staffAccountPayment(ctx, deps) {
    const id = await staffLease(ctx, deps);
    const body = parseBody(paymentBody, ctx.event);
    const request = {
      amountCents: cents(ctx, body.amount),
      source: body.source,
      idempotencyKey: keyOf(ctx),
      lang: ctx.lang,
    };
    await postPayment(deps, id, request);
    return ok(await accountView(deps, id, { lang: ctx.lang, staff: true }));
  },

  async staffAccountPayoff(ctx, deps) {
    const id = await staffLease(ctx, deps);
    const body = parseBody(paymentBody, ctx.event);
    await payOff(deps, id, {
      amountCents: cents(ctx, body.amount),
      source: body.source,
      idempotencyKey: keyOf(ctx),
      lang: ctx.lang,
    });
    return ok(await accountView(deps, id, { lang: ctx.lang, staff: true }));
  },

  async staffAccountPosting(ctx, deps) {
    const id = await staffLease(ctx, deps);
    const body = parseBody(postingBody, ctx.event);
    const key = keyOf(ctx);
    const needsAmount = body.kind === 'fee' || body.kind === 'waiver' || body.kind === 'refund';
    const amountCents = needsAmount ? cents(ctx, body.amount) : 0;
    const posting =
      body.kind === 'fee'
        ? { kind: 'fee' as const, amountCents, feeKind: body.fee_kind ?? ('late' as const), note: body.note }
        : body.kind === 'waiver' || body.kind === 'refund'
          ? { kind: body.kind, amountCents, note: body.note }
          : body.kind === 'reversal'
            ? { kind: 'reversal' as const, entryId: body.entry_id ?? '', note: body.note }
            : { kind: body.kind, note: body.note };
    const entries = body.kind === 'reversal' ? await ledgerOf(deps, id) : [];
    await postStaffEntry(deps, id, posting, key, ctx.lang, entries);
    return ok(await accountView(deps, id, { lang: ctx.lang, staff: true }));
  },

  async staffAccountPaymentMethod(ctx, deps) {
    const id = await staffLease(ctx, deps);
    const body = parseBody(methodBody, ctx.event);
    await setPaymentMethod(
      deps,
      id,
      body.kind === 'card'
        ? { kind: 'card', token: body.token }
        : { kind: 'bank', routingNumber: body.routing_number, accountNumber: body.account_number },
      ctx.lang,
    );
    return ok(await accountView(deps, id, { lang: ctx.lang, staff: true }));
  },

  async staffAccountAutopay(ctx, deps) {
    const id = await staffLease(ctx, deps);
    const body = parseBody(autopayBody, ctx.event);
    await setAutopay(deps, id, body.enabled, ctx.lang);
    return ok(await accountView(deps, id, { lang: ctx.lang, staff: true }));
  },

  async sandboxClock(_ctx, deps) {
    const clock = await readClock(deps);
    return ok({ today: clock.today, offset_days: clock.offsetDays, closed_through: clock.closedThrough });
  },

  async sandboxClockAdvance(ctx, deps) {
    let raw: unknown;
    try {
      raw = JSON.parse(ctx.event.body ?? '');
    } catch {
      raw = undefined;
    }
    const parsed = advanceBody.safeParse(raw);
    const days = parsed.success ? parsed.data.advance_days : NaN;
    if (!Number.isInteger(days) || days < 0 || days > 400) {
      const message = translate(ctx.lang, 'servicingServer.clock.range');
      throw unprocessable({ advance_days: [message] }, message);
    }
    if (days > 0) await advanceOffset(deps, days);
    const closed = await closeDaysPassed(deps);
    const clock = await readClock(deps);
    return ok({
      today: clock.today,
      offset_days: clock.offsetDays,
      closed_through: clock.closedThrough,
      closed: closed.map((c) => ({
        date: c.date,
        due: c.due,
        charged: c.charged,
        succeeded: c.succeeded,
        failed: c.failed,
        late_fees: c.lateFees,
        errors: c.errors,
      })),
    });
  },
};

// messaging: the close of business run from here (closeDaysPassed) sends the debit reminders and failed-payment
// notices (servicing/reminders.ts).
export const handler = lambdaHandler(
  handlers,
  lambdaDeps({ cardVault: cardVaultProvider, ach: achProvider, messaging: messagingProvider }),
);
