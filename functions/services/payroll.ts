import {
  isPayrollEligible,
  PAYROLL_MACHINE_VERSION,
  payrollMachine,
  EMPLOYER_SEARCH_MIN_LENGTH,
  type PayrollDecisionResult,
} from '../../machines/payroll/payroll.machine.ts';
import { BRANDS } from '../../machines/domain/brands.ts';
import { monthlyIncomeCents } from '../../machines/domain/income.ts';
import type { ApplicationResult } from '../../machines/domain/result.ts';
import type { Lang } from '../../machines/i18n/types.ts';
import type { ApplicationRecord } from '../data/applications.ts';
import { getStoreById } from '../data/stores.ts';
import type { ApplySession } from '../platform/sessions.ts';
import type { Deps } from '../platform/deps.ts';
import { AppError, conflict, notFound, unprocessable } from '../platform/errors.ts';
import type { VendorEvent } from '../providers/bank-link/vendor-kit.ts';
import type { PayrollEmployer, PayrollResult } from '../providers/payroll/port.ts';
import { loadOwnApplication, sessionStore } from './applications.ts';
import { applyVendorCallback, attemptedAnswer, attemptEffect, keepVendorRef, performEffect } from './async-flow.ts';
import {
  effectErrorOf,
  flowSpec,
  flowStateOf,
  FlowRun,
  persistedFlowOf,
  sessionApplicationUuid,
  withOwnFlow,
  type FlowWork,
} from './flow-runtime.ts';
import { storedResultOf } from './decision-support.ts';
import { redecideWithVerifiedIncome, renderPayrollResult } from './payroll-decision.ts';

// Payroll-deduction affordability (seed 000: /api/v1/payroll/...): an approved, payroll-eligible applicant picks an
// employer whose payroll supports a deduction, the vendor's link is sent, and the verified income re-decides the
// application (functions/services/payroll-decision.ts). The server runs the shared machine (machines/payroll) on the
// application's persisted snapshot; the refresh answers the new result, which replaces the one shown.

type PayrollMachine = typeof payrollMachine;

export const payrollFlow = flowSpec('payroll', payrollMachine, PAYROLL_MACHINE_VERSION);

export const PAYROLL_NOT_ELIGIBLE = 'payroll.notEligible';
export const PAYROLL_PENDING = 'payroll.pending';

/** The machine reads only the code and payroll of the result. */
const inputOf = (record: ApplicationRecord) => {
  const result = storedResultOf(record);
  const payrollResult: PayrollDecisionResult = result
    ? { code: result.code, payroll: { is_eligible: result.payroll.is_eligible, type: result.payroll.type } }
    : {};
  return { applicationId: record.uuid, result: payrollResult };
};

const flowFor = <T>(
  deps: Deps,
  session: ApplySession,
  uuid: string,
  work: (run: FlowRun<PayrollMachine>, record: ApplicationRecord) => Promise<FlowWork<T>>,
) => withOwnFlow(deps, session, uuid, payrollFlow, inputOf, work);

// ---- GET affordability -------------------------------------------------------------------------------------------

export interface AffordabilityAnswer {
  is_eligible: boolean;
  type: 'async';
  /** idle (not started), initiated (link sent, waiting for the shopper), completed. */
  state: 'idle' | 'initiated' | 'completed';
  employer: { id: string; employerName: string } | null;
}

export async function payrollAffordability(
  deps: Deps,
  session: ApplySession,
  id: string,
): Promise<AffordabilityAnswer> {
  const record = await loadOwnApplication(deps, session, sessionApplicationUuid(session, id));
  const run = new FlowRun(payrollFlow, persistedFlowOf(record, 'payroll'), inputOf(record), deps.clock());
  const employer = run.context.employer as { id: string; employerName: string } | null;
  return {
    is_eligible:
      isPayrollEligible(storedResultOf(record) as PayrollDecisionResult | undefined) && record.status === 'approved',
    type: 'async',
    state: run.status === 'done' ? 'completed' : run.matches('initiated') ? 'initiated' : 'idle',
    employer: employer ? { id: String(employer.id), employerName: employer.employerName } : null,
  };
}

// ---- GET employers -------------------------------------------------------------------------------------------------

export async function searchPayrollEmployers(deps: Deps, keyword: string): Promise<PayrollEmployer[]> {
  if (keyword.trim().length < EMPLOYER_SEARCH_MIN_LENGTH) return [];
  return deps.providers.payroll.searchEmployers(keyword.trim());
}

// ---- POST start ----------------------------------------------------------------------------------------------------

function statedPrimaryMonthlyCents(record: ApplicationRecord): number | null {
  const incomes = record.data.incomes ?? [];
  const primary = incomes.find((i) => (i as { primary?: boolean }).primary === true) ?? incomes[0];
  return primary ? monthlyIncomeCents([{ grossCents: primary.gross, frequency: primary.frequency }]) : null;
}

export async function startPayroll(
  deps: Deps,
  session: ApplySession,
  id: string,
  body: { employerId: string; employerName: string },
): Promise<{ state: 'initiated' }> {
  const uuid = sessionApplicationUuid(session, id);
  const store = await sessionStore(deps, session);
  const attempt = await flowFor(deps, session, uuid, async (run, record) => {
    if (!run.context.eligible || record.status !== 'approved') throw conflict(PAYROLL_NOT_ELIGIBLE);
    // The page searched and picked the employer; the server searches again (it trusts no employer list of the page).
    run.apply({ type: 'payroll.employer.search', keyword: body.employerName });
    run.fireDelay('searchDebounce');
    await performEffect(run, 'searchEmployers', async () =>
      run.complete('searchEmployers', await deps.providers.payroll.searchEmployers(body.employerName.trim())),
    );
    if (!run.tryApply({ type: 'payroll.employer.select', employerId: body.employerId }))
      throw unprocessable({ employerId: ['Employer not found'] });
    if (!run.context.employer?.pdSupported)
      throw unprocessable({ employerId: ['payroll.employer.notSupported'] }, 'payroll.employer.notSupported');
    run.apply({ type: 'payroll.start' });
    const applicant = record.data.applicant;
    return attemptEffect(run, 'startAffordability', async () => {
      const channel = applicant?.email ? 'email' : 'sms';
      const started = await deps.providers.payroll.startSession({
        applicationId: uuid,
        applicantId: uuid,
        firstName: applicant?.first_name ?? '',
        lastName: applicant?.last_name ?? '',
        channel,
        phone: applicant?.cell ?? null,
        email: applicant?.email ?? null,
        employer: { id: String(run.context.employer.id), name: run.context.employer.employerName },
        statedMonthlyIncomeCents: statedPrimaryMonthlyCents(record),
        brandName: BRANDS[store.brand]?.name ?? null,
      });
      await keepVendorRef(deps, run, { name: 'session', vendor: 'payroll', objectId: started.sessionId }, uuid);
      run.complete('startAffordability', { sessionId: started.sessionId });
    });
  });
  // Rethrows what the provider call threw, unchanged.
  if ('error' in attempt) throw attempt.error;
  return { state: 'initiated' };
}

// ---- POST refresh ----------------------------------------------------------------------------------------------------

type Finished = Exclude<PayrollResult, { status: 'pending' }>;

/** Re-decides on the vendor's result and completes the flow, in the same save. */
async function finish(
  deps: Deps,
  run: FlowRun<PayrollMachine>,
  record: ApplicationRecord,
  verified: Finished,
): Promise<FlowWork<'completed'>> {
  const store = (await getStoreById(deps.db, record.storeId, deps.clock()))?.view;
  if (!store) throw new AppError(404, 'Store not found');
  const redecision = await redecideWithVerifiedIncome(deps, record, store, verified);
  run.extra.redecided = { sessionId: verified.sessionId, outcome: redecision.outcome, at: deps.clock().toISOString() };
  run.complete('refreshAffordability', {
    result: { code: redecision.result.code, payroll: redecision.result.payroll },
  });
  return { answer: 'completed', meta: redecision.meta, events: redecision.events };
}

export interface RefreshAnswer {
  result: ApplicationResult<string> | null;
}

export async function refreshPayroll(
  deps: Deps,
  session: ApplySession,
  id: string,
  lang: Lang,
): Promise<RefreshAnswer> {
  const uuid = sessionApplicationUuid(session, id);
  const outcome = await flowFor<'completed' | 'pending' | { error: unknown }>(
    deps,
    session,
    uuid,
    async (run, record) => {
      if (run.status === 'done') return { answer: 'completed' };
      // The automatic refresh (3 s after the start) or a manual one.
      if (!run.isInvoking('refreshAffordability')) run.apply({ type: 'payroll.refresh' });
      const sessionId = run.refs.session;
      try {
        if (!sessionId) throw notFound('Payroll session not found');
        const result = await deps.providers.payroll.getResult(sessionId);
        if (result.status === 'pending') {
          run.fail('refreshAffordability', { code: 202, message: PAYROLL_PENDING });
          return { answer: 'pending' };
        }
        return finish(deps, run, record, result);
      } catch (error) {
        run.fail('refreshAffordability', effectErrorOf(error));
        return { answer: { error } };
      }
    },
  );
  if (outcome === 'pending') throw new AppError(202, PAYROLL_PENDING, undefined, { pending: true });
  if (typeof outcome === 'object') throw outcome.error;
  const record = await loadOwnApplication(deps, session, uuid);
  return { result: renderPayrollResult(record, lang) };
}

// ---- POST restart --------------------------------------------------------------------------------------------------

export async function restartPayroll(deps: Deps, session: ApplySession, id: string): Promise<null> {
  const uuid = sessionApplicationUuid(session, id);
  const attempt = await flowFor(deps, session, uuid, async (run) => {
    run.apply({ type: 'payroll.restart' });
    return attemptEffect(run, 'restartAffordability', async () => {
      const sessionId = run.refs.session;
      if (!sessionId) throw notFound('Payroll session not found');
      await deps.providers.payroll.resendLink(sessionId);
      run.complete('restartAffordability', null);
    });
  });
  attemptedAnswer(attempt, 'payroll.linkFailed');
  return null;
}

// ---- vendor callbacks (functions/services/payroll-callbacks.ts) ----

/**
 * A finished payroll session is the refresh the page would make: the application is re-decided on the verified
 * income and the flow completes, so the shopper's next refresh (or the automatic one) answers the new result. A
 * callback the flow's state does not expect, of another session, or of an unknown application changes nothing.
 */
export async function applyPayrollCallback(deps: Deps, event: VendorEvent): Promise<string> {
  return applyVendorCallback(
    deps,
    { flow: payrollFlow, vendor: 'payroll', event, echoed: event.data.application_id },
    async () => inputOf,
    async (run, current): Promise<FlowWork<string>> => {
      const sessionId = run.refs.session;
      if (!sessionId) return { answer: 'no session' };
      if (sessionId !== event.objectId && event.data.application_id !== current.uuid)
        return { answer: 'other session' };
      if (!run.isInvoking('refreshAffordability') && !run.tryApply({ type: 'payroll.refresh' }))
        return { answer: `ignored in ${run.stateName}` };
      const result = await deps.providers.payroll.getResult(sessionId);
      if (result.status === 'pending') {
        run.fail('refreshAffordability', { code: 202, message: PAYROLL_PENDING });
        return { answer: 'pending' };
      }
      const work = await finish(deps, run, current, result);
      return { ...work, answer: `applied: ${run.stateName}` };
    },
  );
}

export const payrollStateOf = (record: ApplicationRecord) => flowStateOf(record, 'payroll', { withExtra: true });
