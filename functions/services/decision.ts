import { validateCompleteApplication } from '../../machines/contracts/application.ts';
import { ageOn } from '../../machines/domain/age.ts';
import { decide, type Decision, type PreviousCustomerFacts } from '../../machines/domain/decision.ts';
import { monthlyIncomeCents, type IncomeAmount } from '../../machines/domain/income.ts';
import { buildResult, type ApplicationResult } from '../../machines/domain/result.ts';
import { stateTermsOf } from '../../machines/domain/state-rules.ts';
import type { Lang } from '../../machines/i18n/types.ts';
import { getApplication, saveApplication, ssnPartitionOf, type ApplicationRecord } from '../data/applications.ts';
import { getStoreById } from '../data/stores.ts';
import { newEvent } from '../data/items.ts';
import type { ApplySession } from '../platform/sessions.ts';
import type { Deps } from '../platform/deps.ts';
import { AppError, conflict, unprocessable } from '../platform/errors.ts';
import type { BureauReport } from '../providers/bureau/port.ts';
import { loadOwnApplication, sessionStore } from './applications.ts';
import { keptPreviousCustomerFacts, previousCustomerFacts } from './previous-customer.ts';
import {
  applicationFormOf,
  decisionEventData,
  isSessionVerified,
  readCheckoutFacts,
  renderedResultOf,
  resultContextOf,
  storeFactsOf,
} from './decision-support.ts';
import { loadScoringSettings } from './scoring.ts';
import { loadStateRule } from './state-rules.ts';
import { submitConsentEntries } from './consents.ts';
import { applicationRules, lenderToday } from './store-rules.ts';
import { recordDecisionLatency } from '../platform/business-metrics.ts';

// POST /apply-v2/application/confirm: the application is submitted once. The complete application is validated
// with the store's rules, the shopper must have proved the PIN in this session (or the retailer's checkout skips
// verification), the bureau is pulled, previous-customer facts are looked up, and the pure engine
// (machines/domain/decision.ts) decides with the stored scoring settings. The decision (with its machine-readable
// reasons and the bureau reference, for an adverse-action notice) and the result are stored on the aggregate with
// an outbox event in one conditional write; a repeat, or a concurrent second submit, answers the stored result.

/** The decision as stored: the engine's output plus the bureau inquiry it was based on. */
export interface StoredDecision extends Decision {
  bureau: Pick<BureauReport, 'reportId' | 'hit' | 'factors'> | null;
}

export interface ConfirmBody {
  uuid: string;
  terms_accepted?: boolean;
  submitted?: boolean;
}

export interface SubmitAnswer {
  result: ApplicationResult<string>;
  /** false when the stored result of an earlier submit was returned. */
  decidedNow: boolean;
}

export async function submitApplication(
  deps: Deps,
  session: ApplySession,
  body: ConfirmBody,
  lang: Lang,
  ip?: string | null,
): Promise<SubmitAnswer> {
  const now = deps.clock();
  // Independent reads run together: the decision's latency is a few round trips, not the sum of every read.
  const [record, store, settings] = await Promise.all([
    loadOwnApplication(deps, session, body.uuid),
    sessionStore(deps, session),
    loadScoringSettings(deps),
  ]);
  const stored = renderedResultOf(record, lang);
  if (stored) return { result: stored, decidedNow: false };
  if (body.terms_accepted === false) throw unprocessable({ terms_accepted: ['decision.termsRequired'] });

  if (!isSessionVerified(record, session.tokenHash)) {
    const checkout = await readCheckoutFacts(deps.db, record.checkoutId ?? session.checkoutId, now);
    if (!checkout?.skipVerification) throw conflict('decision.verifyFirst', { verify_required: true });
  }

  // The facts read when the PIN was proved stand in for a fresh read (one round trip fewer), when recent.
  const decided = await decideApplication(deps, record, store, settings, now, keptPreviousCustomerFacts(record, now));
  const { storedDecision, result } = decided;
  const approved = decided.decision.code === 'A';
  try {
    await saveDecision(deps, record, decided, now, {
      submittedAt: now.toISOString(),
      // What the confirm screen showed and the shopper accepted (ESIGN consent to electronic records and the terms),
      // in the decision's own conditional write: a decision is never stored without the consent it was made on, and
      // a submit that loses to a concurrent one leaves no entry behind.
      consents: submitConsentEntries(session, { lang, ip }, now),
    });
  } catch (error) {
    // Submitted twice at once: the other request decided first; answer its result.
    if (error instanceof AppError && error.statusCode === 409) {
      const latest = await getApplication(deps.db, deps.crypto, record.uuid, deps.clock());
      const latestResult = latest ? renderedResultOf(latest, lang) : null;
      if (latestResult) return { result: latestResult, decidedNow: false };
    }
    throw error;
  }
  return {
    result: renderedResultOf(
      { result, uuid: record.uuid, status: approved ? 'approved' : 'denied', decision: storedDecision },
      lang,
    )!,
    decidedNow: true,
  };
}

/**
 * The decision of a complete application: validated with the store's rules, the bureau pulled, previous-customer
 * facts looked up, and the pure engine run with the given scoring settings (submit and the staff re-score).
 */
async function decideApplication(
  deps: Deps,
  record: ApplicationRecord,
  store: Awaited<ReturnType<typeof sessionStore>>,
  settings: Awaited<ReturnType<typeof loadScoringSettings>>,
  now: Date,
  /** Facts already read for this application's SSN (functions/services/previous-customer.ts); else read now. */
  known?: PreviousCustomerFacts,
) {
  // The SSN's history is asked for first, under the partition the application is indexed by (no MAC to compute),
  // while the application is validated; a stored application without one is looked up by its validated SSN.
  const partition = ssnPartitionOf(record);
  const early = known
    ? Promise.resolve(known)
    : partition
      ? previousCustomerFacts(deps, { partition }, record.uuid, now)
      : undefined;
  early?.catch(() => undefined);
  const validated = validateCompleteApplication(applicationFormOf(record.data), applicationRules(store, now));
  if (!validated.success) throw unprocessable(validated.errors);
  const app = validated.data;

  const started = performance.now();
  const [report, previousCustomer, stateRule] = await Promise.all([
    deps.providers.bureau.pull({
      social_security_number: app.applicant.social_security_number,
      first_name: app.applicant.first_name,
      last_name: app.applicant.last_name,
      date_of_birth: app.applicant.date_of_birth,
      zip: app.location.code,
    }),
    early ?? previousCustomerFacts(deps, { ssn: app.applicant.social_security_number }, record.uuid, now),
    // The applicant's state's rule (state rules as data): offered and cost cap, read fresh within seconds.
    loadStateRule(deps, app.location.state),
  ]);

  // A joint application: the co-applicant's incomes count toward the monthly income; the score is the applicant's.
  const incomes: IncomeAmount[] = [
    ...(app.incomes ?? []),
    ...(app.has_co_applicant ? (app.co_applicant?.incomes ?? []) : []),
  ].map((i) => ({ grossCents: i.gross, frequency: i.frequency }));
  const decision = decide(
    {
      ageYears: ageOn(app.applicant.date_of_birth, lenderToday(now)),
      monthlyIncomeCents: monthlyIncomeCents(incomes),
      state: app.location.state,
      ...(stateRule ? { stateRule: stateTermsOf(stateRule) } : {}),
      score: report.score,
      store: storeFactsOf(store),
      previousCustomer,
      now: now.toISOString(),
    },
    settings,
  );
  recordDecisionLatency(deps.metrics, performance.now() - started);
  const storedDecision: StoredDecision = {
    ...decision,
    bureau: { reportId: report.reportId, hit: report.hit, factors: report.factors },
  };
  const result = buildResult(decision, resultContextOf(store, app.applicant.first_name, settings));
  return { decision, storedDecision, result };
}

/**
 * Stores a decision on its application in one conditional write on its version: the status it gives, the decision
 * and the result, with the `application.approved` or `application.denied` event (and the consents it was made on).
 */
async function saveDecision(
  deps: Deps,
  record: ApplicationRecord,
  decided: Awaited<ReturnType<typeof decideApplication>>,
  now: Date,
  options: { submittedAt: string; reason?: string; consents?: ReturnType<typeof submitConsentEntries> },
) {
  const { decision, storedDecision, result } = decided;
  const approved = decision.code === 'A';
  // The facts kept from the PIN's proof were for this decision; a re-score reads its own.
  const { data, v: _v, previousCustomer: _facts, ...meta } = record;
  const eventData = decisionEventData(record, decision);
  await saveApplication(
    deps.db,
    deps.crypto,
    record,
    {
      meta: {
        ...meta,
        status: approved ? 'approved' : 'denied',
        submittedAt: options.submittedAt,
        decidedAt: now.toISOString(),
        updatedAt: now.toISOString(),
        decision: storedDecision,
        result,
      },
      data,
    },
    [
      newEvent(
        approved ? 'application.approved' : 'application.denied',
        { type: 'application', id: record.uuid },
        options.reason ? { ...eventData, reason: options.reason } : eventData,
        now,
      ),
    ],
    options.consents ?? [],
  );
}

/**
 * Staff re-score (POST /staff/api/leases/{uuid}/actions/rescore): the decision runs again on the stored application
 * with today's scoring settings and a fresh bureau pull; the new decision and result replace the old ones with an
 * `application.approved` or `application.denied` event, which moves the lease status from review.
 */
export async function rescoreApplication(deps: Deps, uuid: string): Promise<Decision> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = deps.clock();
    const record = await getApplication(deps.db, deps.crypto, uuid, now);
    if (!record) throw new AppError(404, 'Application not found');
    const [storeItem, settings] = await Promise.all([
      getStoreById(deps.db, record.storeId, now),
      loadScoringSettings(deps),
    ]);
    if (!storeItem) throw new AppError(404, 'Store not found');
    const decided = await decideApplication(deps, record, storeItem.view, settings, now);
    try {
      await saveDecision(deps, record, decided, now, {
        submittedAt: record.submittedAt ?? now.toISOString(),
        reason: 'rescore',
      });
      return decided.decision;
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 409) continue;
      throw error;
    }
  }
  throw new AppError(409, 'The application is busy. Please try again.');
}

/** The stored decision of an application (for staff and the adverse-action notice). */
export const storedDecisionOf = (record: ApplicationRecord): StoredDecision | undefined =>
  (record.decision as StoredDecision | undefined) ?? undefined;
