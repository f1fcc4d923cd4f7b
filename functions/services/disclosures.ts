import type { DisclosureShownRequest } from '../../machines/contracts/consents.ts';
import { disclosureDifferences, type CostDisclosure } from '../../machines/domain/disclosures.ts';
import { INCOME_FREQUENCIES } from '../../machines/domain/income.ts';
import { disclosureParagraphs } from '../../machines/domain/state-rules.ts';
import type { ApplySession } from '../platform/sessions.ts';
import type { Deps } from '../platform/deps.ts';
import { AppError, notFound } from '../platform/errors.ts';
import { APPLICATION_NOT_FOUND, loadOwnApplication } from './applications.ts';
import { loadSessionCheckout, requireVerified } from './checkout.ts';
import { recordConsent, type ShopperContext } from './consents.ts';
import { contractDisclosure, contractFacts } from './contract.ts';
import { quotePayments } from './payment-calculator.ts';
import { loadStateRule } from './state-rules.ts';

// POST /apply-v2/application/disclosures: a disclosure screen (the calculator on the result screen, the lease summary)
// reports the figures it showed. The server never trusts them: it recomputes the same choice itself (the calculator:
// the quote; the lease summary: the agreement's own figures from the stored lease) and stores both, with the
// differences, and the state's required disclosures, in the application's append-only consent record.

export interface DisclosureAnswer {
  recorded: true;
  computed: CostDisclosure;
  differences: string[];
  state: string | null;
  state_disclosures: string[];
}

export async function recordDisclosureShown(
  deps: Deps,
  session: ApplySession,
  body: DisclosureShownRequest,
  ctx: ShopperContext,
): Promise<DisclosureAnswer> {
  const uuid = body.uuid ?? session.applicationUuid;
  if (!uuid) throw notFound(APPLICATION_NOT_FOUND);
  let computed: CostDisclosure;
  let checkoutId: string | null = null;
  const record = await loadOwnApplication(deps, session, uuid);
  if (body.screen === 'calculator') {
    if (!body.choice) throw new AppError(422, 'The given data was invalid.', { choice: ['validation.required'] });
    const primary = record.data.incomes?.find((i) => i.primary) ?? record.data.incomes?.[0];
    const incomeFrequency = (INCOME_FREQUENCIES as readonly string[]).includes(primary?.frequency ?? '')
      ? primary!.frequency
      : 'monthly';
    const quote = await quotePayments(deps, session, {
      leaseAmount: body.choice.leaseAmount,
      option: body.choice.option,
      paymentFrequency: body.choice.paymentFrequency,
      ocpIncluded: body.choice.ocpIncluded ?? false,
      incomeFrequency,
      // The server prices from the stored decision and the store: these two are ignored by the quote.
      companyState: 'XX',
      score: 0,
      application_id: uuid,
    });
    if (!quote.disclosure) throw new AppError(500, 'The quote has no disclosure.');
    computed = quote.disclosure;
  } else {
    if (!body.checkout_id)
      throw new AppError(422, 'The given data was invalid.', { checkout_id: ['validation.required'] });
    const item = await loadSessionCheckout(deps, session, body.checkout_id);
    const app = await requireVerified(deps, session, item);
    if (app.uuid !== uuid) throw notFound(APPLICATION_NOT_FOUND);
    computed = contractDisclosure(await contractFacts(deps, item, ctx.lang));
    checkoutId = item.id;
  }
  const rule = await loadStateRule(deps, record.data.location?.state);
  const state_disclosures = rule ? disclosureParagraphs(rule.disclosures) : [];
  const differences = disclosureDifferences(body.shown as CostDisclosure, computed);
  await recordConsent(deps, uuid, {
    kind: 'disclosure',
    actor: 'shopper',
    lang: ctx.lang,
    client_id: session.clientId,
    ip: ctx.ip ?? null,
    screen: body.screen,
    shown: body.shown as CostDisclosure,
    computed,
    differences,
    state: rule?.state ?? null,
    state_disclosures,
    checkout_id: checkoutId,
  });
  return { recorded: true, computed, differences, state: rule?.state ?? null, state_disclosures };
}
