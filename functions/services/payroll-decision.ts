import type { StoreView } from '../../machines/contracts/store.ts';
import { translate } from '../../machines/i18n/catalogue.ts';
import { ageOn } from '../../machines/domain/age.ts';
import { decide, type Decision } from '../../machines/domain/decision.ts';
import { monthlyIncomeCents, type IncomeAmount } from '../../machines/domain/income.ts';
import { formatCents } from '../../machines/domain/money.ts';
import { buildResult, renderResult, type ApplicationResult, type TextRef } from '../../machines/domain/result.ts';
import type { Lang } from '../../machines/i18n/types.ts';
import type { ApplicationRecord } from '../data/applications.ts';
import { newEvent, type OutboxEvent } from '../data/items.ts';
import type { Deps } from '../platform/deps.ts';
import type { PayrollResult } from '../providers/payroll/port.ts';
import { decisionEventData, resultContextOf, storeFactsOf, storedResultOf } from './decision-support.ts';
import type { StoredDecision } from './decision.ts';
import { loadScoringSettings } from './scoring.ts';
import { lenderToday } from './store-rules.ts';

// Payroll affordability -> the decision (issue 7: "the decision updated accordingly, a higher approval when
// affordability is proven"). The decision service (functions/services/decision.ts) has no re-decide entry point yet,
// so this re-decides here with the same pure engine (machines/domain/decision.ts `decide`) and the stored scoring
// settings: the applicant's primary income is replaced by the income the payroll provider verified (other incomes and
// the co-applicant's still count), the bureau score of the original decision is kept (no new inquiry).
//   - a higher approval -> the new decision and offers (payroll.result.success true);
//   - approved but not higher -> the current offer is kept (success false, code A: 'cannot increase offer');
//   - denied on the verified income -> the application is denied (code D: 'application will not be approved');
//   - income not verified -> the current offer is kept (success false, code A).

export type PayrollDecisionOutcome = 'raised' | 'kept' | 'denied' | 'not-verified';

/** payroll.result of the stored result: the message as English text plus its key for other languages. */
export interface PayrollResultNote {
  success: boolean;
  outcome: PayrollDecisionOutcome;
  message: string;
  message_key: PayrollDecisionOutcome;
  params: Record<string, string>;
  verified_monthly_income: string | null;
  employer: string | null;
  session_id: string;
}

/** The outcome's text (payroll.result.message) in the shopper's language, from the catalogue (machines/i18n/flows.ts). */
export const payrollOutcomeText = (lang: Lang, outcome: PayrollDecisionOutcome, params: Record<string, string>) =>
  translate(lang, `payroll.outcome.${outcome}`, params);

type StoredResult = ApplicationResult<TextRef> & {
  payroll: ApplicationResult['payroll'] & { result?: PayrollResultNote };
};

export interface Redecision {
  outcome: PayrollDecisionOutcome;
  meta: Partial<ApplicationRecord>;
  events: OutboxEvent[];
  result: StoredResult;
}

const highestCents = (result: ApplicationResult<unknown> | undefined) =>
  result ? Math.max(...Object.values(result.offerAmounts).map((a) => Math.round(Number(a) * 100) || 0)) : 0;

/**
 * The new decision of an approved application after its payroll session finished (`verified`: the vendor's result).
 * Pure of storage: the caller saves `meta` and `events` with the flow, in one conditional write.
 */
export async function redecideWithVerifiedIncome(
  deps: Deps,
  record: ApplicationRecord,
  store: StoreView,
  verified: Exclude<PayrollResult, { status: 'pending' }>,
): Promise<Redecision> {
  const now = deps.clock();
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- needed by TypeScript 7 (typecheck), not by 6 (lint)
  const previous = storedResultOf(record) as StoredResult | undefined;
  const previousDecision = record.decision as StoredDecision | undefined;
  if (!previous || !previousDecision) throw new Error('payroll re-decision of an application without a decision');
  const previousAmount = formatCents(highestCents(previous));
  const note = (outcome: PayrollDecisionOutcome, amount: string): PayrollResultNote => ({
    success: outcome === 'raised',
    outcome,
    message: payrollOutcomeText('en', outcome, { amount }),
    message_key: outcome,
    params: { amount },
    verified_monthly_income: verified.status === 'completed' ? (verified.monthlyIncomeCents / 100).toFixed(2) : null,
    employer: verified.status === 'completed' ? verified.employerName : null,
    session_id: verified.sessionId,
  });
  const keep = (outcome: PayrollDecisionOutcome): Redecision => {
    const result: StoredResult = {
      ...previous,
      payroll: { is_eligible: false, type: 'async', result: note(outcome, previousAmount) },
    };
    return { outcome, result, meta: { result }, events: [] };
  };
  if (verified.status === 'failed') return keep('not-verified');

  const app = record.data;
  const settings = await loadScoringSettings(deps);
  const incomes = app.incomes ?? [];
  const primaryIndex = Math.max(
    0,
    incomes.findIndex((i) => (i as { primary?: boolean }).primary === true),
  );
  const others: IncomeAmount[] = incomes
    .filter((_, i) => i !== primaryIndex)
    .map((i) => ({ grossCents: i.gross, frequency: i.frequency }));
  const coIncomes: IncomeAmount[] = app.has_co_applicant
    ? (app.co_applicant?.incomes ?? []).map((i) => ({ grossCents: i.gross, frequency: i.frequency }))
    : [];
  const monthly = verified.monthlyIncomeCents + monthlyIncomeCents([...others, ...coIncomes]);
  const decision: Decision = decide(
    {
      ageYears: ageOn(app.applicant!.date_of_birth, lenderToday(now)),
      monthlyIncomeCents: monthly,
      state: app.location!.state,
      score: previousDecision.score,
      store: storeFactsOf(store),
      now: now.toISOString(),
    },
    settings,
  );
  const stored: StoredDecision = { ...decision, bureau: previousDecision.bureau ?? null };
  const built = buildResult(decision, resultContextOf(store, app.applicant?.first_name ?? '', settings));
  // A raise is a new approval, anything else denies; either is saved as the application's decision and announced.
  const redecided = (outcome: 'raised' | 'denied', amount: string): Redecision => {
    const status = outcome === 'raised' ? 'approved' : 'denied';
    const result: StoredResult = {
      ...built,
      payroll: { is_eligible: false, type: 'async', result: note(outcome, amount) },
    };
    return {
      outcome,
      result,
      meta: {
        decision: {
          ...stored,
          payroll: {
            previousApprovalCents: previousDecision.approvalCents,
            verifiedMonthlyIncomeCents: verified.monthlyIncomeCents,
          },
        },
        result,
        decidedAt: now.toISOString(),
        status,
      },
      events: [
        newEvent(
          `application.${status}`,
          { type: 'application', id: record.uuid },
          { ...decisionEventData(record, decision), reason: 'payroll-affordability' },
          now,
        ),
      ],
    };
  };
  if (decision.code !== 'A') return redecided('denied', previousAmount);
  if (decision.approvalCents <= previousDecision.approvalCents) return keep('kept');
  return redecided('raised', formatCents(decision.approvalCents));
}

/** The stored result in `lang`, payroll.result.message included (the text the payroll panel shows). */
export function renderPayrollResult(
  record: Pick<ApplicationRecord, 'result'>,
  lang: Lang,
): ApplicationResult<string> | null {
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- needed by TypeScript 7 (typecheck), not by 6 (lint)
  const stored = storedResultOf(record) as StoredResult | undefined;
  if (!stored) return null;
  const rendered = renderResult(stored, lang) as ApplicationResult<string> & { payroll: StoredResult['payroll'] };
  const note = stored.payroll?.result;
  if (note)
    rendered.payroll = {
      ...stored.payroll,
      result: { ...note, message: payrollOutcomeText(lang, note.message_key, note.params) },
    };
  return rendered;
}
