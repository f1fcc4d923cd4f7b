import type { ScorePaymentsRequest, ScorePaymentsResponse } from '../../machines/contracts/score-payments.ts';
import type { Decision } from '../../machines/domain/decision.ts';
import { minimumLeaseCents } from '../../machines/domain/lease-amount.ts';
import {
  calculatePayments,
  toPaymentCalculationInput,
  toScorePaymentsResponse,
} from '../../machines/domain/payment-calculation.ts';
import type { LeaseOption } from '../../machines/domain/scoring-settings.ts';
import type { ApplySession } from '../platform/sessions.ts';
import type { Deps } from '../platform/deps.ts';
import { conflict, notFound, unprocessable } from '../platform/errors.ts';
import { APPLICATION_NOT_FOUND, loadOwnApplication, sessionStore } from './applications.ts';
import { isLiveApproval } from './decision-support.ts';
import { loadScoringSettings } from './scoring.ts';
import { lenderToday } from './store-rules.ts';
import { loadStateRule } from './state-rules.ts';
import { disclosureParagraphs } from '../../machines/domain/state-rules.ts';

// POST /api/v1/score/payments: the calculator's quote for the session's approved application. The page's body
// says what to price (amount, option, frequency, OCP); what it is allowed to price comes from the server: the
// decile of the stored decision (the body's score/decile are ignored), the chosen option's offer as the maximum,
// the store's minimum lease, OCP flag, EPO window and state, and the primary income's semi-monthly pay days.

export async function quotePayments(
  deps: Deps,
  session: ApplySession,
  body: ScorePaymentsRequest,
): Promise<ScorePaymentsResponse> {
  const uuid =
    body.application_id != null && String(body.application_id) !== ''
      ? String(body.application_id)
      : session.applicationUuid;
  if (!uuid) throw notFound(APPLICATION_NOT_FOUND);
  const now = deps.clock();
  const record = await loadOwnApplication(deps, session, uuid);
  if (!isLiveApproval(record, now)) throw conflict('decision.calculatorNotApproved');
  const decision = record.decision as Decision;
  const store = await sessionStore(deps, session);
  const settings = await loadScoringSettings(deps);
  const option = body.option.toUpperCase() as LeaseOption;
  const offer = decision.offers[option] ?? 0;
  if (offer <= 0) throw unprocessable({ option: ['decision.optionNotOffered'] });
  const primary = record.data.incomes?.find((i) => i.primary) ?? record.data.incomes?.[0];
  const payDays =
    primary?.frequency === 'semi-monthly' && primary.first_pay_day && primary.second_pay_day
      ? ([primary.first_pay_day, primary.second_pay_day] as const)
      : undefined;
  const program = store.lease_program;
  // The applicant's state's rule, as the lease and the agreement use it (withStateRule): cost cap and OCP allowed.
  const stateRule = await loadStateRule(deps, record.data.location?.state);
  const input = toPaymentCalculationInput(
    {
      ...body,
      decile: decision.decile,
      score: decision.score,
      companyState: store.shipping_address.state,
      rating: store.rating,
    },
    lenderToday(now),
    {
      ocpEnabled: program.ocp_enabled && store.record.identifier !== 'HVAC' && (stateRule?.ocp_allowed ?? true),
      ...(stateRule ? { stateCapMultiplier: stateRule.cost_cap_multiplier } : {}),
      minimumCents: minimumLeaseCents(program.min_approval_amount),
      maximumCents: offer,
      epoProgram: { sac_days: program.sac_days, sac_110_day: program.sac_110_day },
      ...(payDays ? { payDays } : {}),
    },
  );
  const result = calculatePayments(input, settings);
  if (!result.ok) {
    const errors: Record<string, string[]> = {};
    for (const e of result.errors) (errors[e.field] ??= []).push(e.message);
    throw unprocessable(errors);
  }
  return {
    ...toScorePaymentsResponse(result.calculation),
    disclosure: result.calculation.disclosure,
    state_disclosures: stateRule ? disclosureParagraphs(stateRule.disclosures) : [],
  };
}
