import {
  ACH_TIMEOUT_SECONDS,
  BANK_LINK_MACHINE_VERSION,
  bankLinkMachine,
  type BankAccount,
  type BankLinkOutput,
} from '../../machines/bank-link/bank-link.machine.ts';
import { conceal } from '../../machines/contracts/application.ts';
import type { StoreView } from '../../machines/contracts/store.ts';
import { BRANDS } from '../../machines/domain/brands.ts';
import { translate } from '../../machines/i18n/catalogue.ts';
import type { Lang } from '../../machines/i18n/types.ts';
import type { ApplicationRecord } from '../data/applications.ts';
import { getStoreById } from '../data/stores.ts';
import type { ApplySession } from '../platform/sessions.ts';
import type { Deps } from '../platform/deps.ts';
import { conflict, notFound } from '../platform/errors.ts';
import type { VendorEvent } from '../providers/bank-link/vendor-kit.ts';
import { sessionStore } from './applications.ts';
import {
  attemptedAnswer,
  attemptEffect,
  applyVendorCallback,
  keepVendorRef,
  performEffect,
  type EffectAttempt,
} from './async-flow.ts';
import {
  effectErrorOf,
  flowSpec,
  flowStateOf,
  FlowRun,
  sessionApplicationUuid,
  withOwnFlow,
  type FlowWork,
} from './flow-runtime.ts';

// The bank-link flow's server side (seed 000 section 7, `/api/v1/bank-link/...`): each call is the effect of the
// shared machine (machines/bank-link) that the page runs; the server runs the same machine on the application's
// persisted snapshot and refuses (409) a call the flow's state does not allow. The applicant id we give the vendor is
// the application's uuid. The chosen account fills the application's banking section (numbers encrypted by the
// aggregate) with the bank-link fields.

type BankLinkMachine = typeof bankLinkMachine;

/** Full account numbers never go into the stored snapshot: only their last 4. */
function sanitize(context: Record<string, unknown>): Record<string, unknown> {
  const result = context.result as BankLinkOutput | null;
  if (!result || result.mode !== 'linked') return context;
  return {
    ...context,
    result: {
      ...result,
      routing_number: conceal(result.routing_number) ?? '',
      checking_account: conceal(result.checking_account) ?? '',
    },
  };
}

export const bankLinkFlow = flowSpec('bank-link', bankLinkMachine, BANK_LINK_MACHINE_VERSION, {
  ignoredDelays: ['achCountdownTick'],
  sanitize,
});

const inputOf = (store: Pick<StoreView, 'lease_program'>) => (record: ApplicationRecord) => ({
  applicantId: record.uuid,
  sendBy: store.lease_program.bank_link_send_by,
});

export const BANK_PROFILE_NOT_FOUND = 'Bank profile not found';
export const BANK_ACCOUNT_NOT_FOUND = 'Bank account not found';
export const BANK_LINK_DISABLED = 'Bank linking is not available for this store.';

async function storeFor(deps: Deps, session: ApplySession): Promise<StoreView> {
  const store = await sessionStore(deps, session);
  if (!store.lease_program.bank_link_enabled) throw conflict(BANK_LINK_DISABLED);
  return store;
}

const flowFor = <T>(
  deps: Deps,
  session: ApplySession,
  uuid: string,
  store: StoreView,
  work: (run: FlowRun<BankLinkMachine>, record: ApplicationRecord) => Promise<FlowWork<T>>,
  retryOnConflict = false,
) => withOwnFlow(deps, session, uuid, bankLinkFlow, inputOf(store), work, retryOnConflict);

// ---- POST send-email -------------------------------------------------------------------------------------------------

export interface SendLinkAnswer {
  sent: boolean;
  channel: 'sms' | 'email';
  profile_deleting: boolean;
  missing_data: string[] | null;
}

export async function sendBankLink(deps: Deps, session: ApplySession, applicantId: string): Promise<SendLinkAnswer> {
  const uuid = sessionApplicationUuid(session, applicantId);
  const store = await storeFor(deps, session);
  const attempt = await flowFor<EffectAttempt<SendLinkAnswer>>(deps, session, uuid, store, async (run, record) => {
    // A new link after a finished, connected or abandoned connection starts the flow again (the vendor replaces the
    // applicant's earlier session).
    if (!run.accepts({ type: 'bank.link.send' })) run.restart(inputOf(store)(record));
    run.apply({ type: 'bank.link.send' });
    const applicant = record.data.applicant;
    return attemptEffect(run, 'sendLink', async () => {
      const result = await deps.providers.bankLink.createLinkSession({
        applicantId: uuid,
        channel: run.context.channel,
        phone: applicant?.cell ?? null,
        email: applicant?.email ?? null,
        firstName: applicant?.first_name ?? null,
        brandName: BRANDS[store.brand]?.name ?? null,
      });
      if (result.status === 'sent') {
        await keepVendorRef(deps, run, { name: 'session', vendor: 'bank-link', objectId: result.sessionId }, uuid);
        run.complete('sendLink', {});
      } else if (result.status === 'profile_deleting') run.complete('sendLink', { profile_deleting: true });
      else run.complete('sendLink', { missing_data: result.fields });
      return {
        sent: result.status === 'sent',
        channel: run.context.channel,
        profile_deleting: result.status === 'profile_deleting',
        missing_data: result.status === 'missing_data' ? result.fields : null,
      };
    });
  });
  return attemptedAnswer(attempt, 'bank.sendFailed');
}

// ---- GET check-profile -------------------------------------------------------------------------------------------

export interface CheckProfileAnswer {
  profileFound: boolean;
  profileId: string | null;
}

/** A failed check fails the effect (the page shows it) and is not thrown. */
async function runCheckProfile(deps: Deps, run: FlowRun<BankLinkMachine>, uuid: string): Promise<void> {
  await performEffect(run, 'checkProfile', async () => {
    const found = await deps.providers.bankLink.checkProfile(uuid);
    if (found.profileFound)
      await keepVendorRef(deps, run, { name: 'profile', vendor: 'bank-link', objectId: found.profileId }, uuid);
    run.complete('checkProfile', found);
  }).catch(() => undefined);
}

const pastConnection = (run: FlowRun<BankLinkMachine>) =>
  run.matches({ flow: 'connected' }) || (run.status === 'done' && run.context.result?.mode === 'linked');

export async function checkBankProfile(
  deps: Deps,
  session: ApplySession,
  applicantId: string,
): Promise<CheckProfileAnswer> {
  const uuid = sessionApplicationUuid(session, applicantId);
  const store = await storeFor(deps, session);
  return flowFor(
    deps,
    session,
    uuid,
    store,
    async (run) => {
      // Already connected (a vendor callback got here first, or an earlier poll): a read.
      if (pastConnection(run)) return { answer: { profileFound: true, profileId: run.context.profileId } };
      if (!run.isInvoking('checkProfile')) run.apply({ type: 'bank.profile.check' });
      await runCheckProfile(deps, run, uuid);
      return {
        answer: pastConnection(run)
          ? { profileFound: true, profileId: run.context.profileId }
          : { profileFound: false, profileId: null },
      };
    },
    true,
  );
}

// ---- GET fetch-accounts --------------------------------------------------------------------------------------------

export async function fetchBankAccounts(
  deps: Deps,
  session: ApplySession,
  profileId: string,
): Promise<{ accounts: BankAccount[] }> {
  const uuid = sessionApplicationUuid(session);
  const store = await storeFor(deps, session);
  const attempt = await flowFor<EffectAttempt<BankAccount[]>>(
    deps,
    session,
    uuid,
    store,
    async (run) => {
      if (!run.context.profileId || run.context.profileId !== profileId) throw notFound(BANK_PROFILE_NOT_FOUND);
      if (!run.isInvoking('fetchAccounts')) {
        if (run.matches({ flow: { connected: 'noAccounts' } })) run.apply({ type: 'bank.accounts.retry' });
        else if (pastConnection(run)) return { answer: { answer: run.context.accounts } };
        else run.apply({ type: 'bank.accounts.retry' });
      }
      return attemptEffect(run, 'fetchAccounts', async () => {
        const accounts = await deps.providers.bankLink.listAccounts(profileId);
        run.complete('fetchAccounts', { accounts });
        return accounts;
      });
    },
    true,
  );
  // Rethrows what the provider call threw, unchanged.
  if ('error' in attempt) throw attempt.error;
  return { accounts: attempt.answer ?? [] };
}

// ---- GET fetch-ach-numbers -----------------------------------------------------------------------------------------

export interface AchAnswer {
  achNumbers: { routing: string; number: string; accountId: string } | null;
  /** Still pending at the bank: poll again (every 2 s). */
  pending: boolean;
  /** Seconds left of the server's 30-second window for this account. */
  secondsLeft: number;
  /** The 30 seconds ran out for this account: the seed's failure message. */
  failed: boolean;
  message?: string;
  /** The bank of the routing number (the banking step's read-only bank name). */
  bankName?: string | null;
}

const secondsLeftOf = (run: FlowRun<BankLinkMachine>, nowMs: number) => {
  const due = run.timerDue('achTimeout');
  return due === undefined ? 0 : Math.max(0, Math.ceil((due - nowMs) / 1000));
};

const bankNameOf = async (deps: Deps, routing: string) =>
  (await deps.providers.routing.lookup(routing).catch(() => undefined))?.bank_name ?? null;

/** The banking section the chosen account fills (numbers encrypted when saved). */
async function linkedBanking(
  deps: Deps,
  numbers: { routing: string; number: string; accountId: string },
  profileId: string,
) {
  return {
    routing_number: numbers.routing,
    bank_name: await bankNameOf(deps, numbers.routing),
    checking_account: numbers.number,
    checking_account_confirmation: null,
    bank_link_used: true,
    bank_link_profile_id: profileId,
    bank_link_account_id: numbers.accountId,
  } as NonNullable<ApplicationRecord['data']['banking']>;
}

async function runAch(
  deps: Deps,
  run: FlowRun<BankLinkMachine>,
  record: ApplicationRecord,
  accountId: string,
  lang: Lang,
): Promise<FlowWork<{ answer?: AchAnswer; error?: unknown }>> {
  const nowMs = deps.clock().getTime();
  try {
    const result = await deps.providers.bankLink.getAchNumbers(accountId);
    if (result.status === 'pending') {
      run.complete('fetchAchNumbers', {});
      return {
        answer: { answer: { achNumbers: null, pending: true, failed: false, secondsLeft: secondsLeftOf(run, nowMs) } },
      };
    }
    const profileId = run.context.profileId ?? '';
    run.complete('fetchAchNumbers', { achNumbers: result.achNumbers });
    const answer: AchAnswer = {
      achNumbers: result.achNumbers,
      pending: false,
      failed: false,
      secondsLeft: 0,
      message: translate(lang, 'bank.linked'),
      bankName: await bankNameOf(deps, result.achNumbers.routing),
    };
    // The banking step of a draft application is filled here; a submitted application keeps what it was decided on.
    if (record.status === 'draft')
      return { answer: { answer }, banking: await linkedBanking(deps, result.achNumbers, profileId) };
    return { answer: { answer } };
  } catch (error) {
    run.fail('fetchAchNumbers', effectErrorOf(error));
    return { answer: { error } };
  }
}

export async function fetchAchNumbers(
  deps: Deps,
  session: ApplySession,
  accountId: string,
  lang: Lang,
): Promise<AchAnswer> {
  const uuid = sessionApplicationUuid(session);
  const store = await storeFor(deps, session);
  const outcome = await flowFor<{ answer?: AchAnswer; error?: unknown }>(
    deps,
    session,
    uuid,
    store,
    async (run, record) => {
      const nowMs = deps.clock().getTime();
      const accounts: BankAccount[] = run.context.accounts ?? [];
      const account = accounts.find((a) => a.id === accountId);
      if (!account) throw notFound(BANK_ACCOUNT_NOT_FOUND);

      // Linked already: the numbers are read again from the vendor (the page reloaded); nothing changes.
      if (run.status === 'done') {
        if (run.context.result?.mode !== 'linked' || run.context.result.bank_link_account_id !== accountId)
          throw conflict('error.stale');
        const again = await deps.providers.bankLink.getAchNumbers(accountId);
        if (again.status !== 'ready') throw conflict('error.stale');
        return {
          answer: {
            answer: {
              achNumbers: again.achNumbers,
              pending: false,
              failed: false,
              secondsLeft: 0,
              bankName: await bankNameOf(deps, again.achNumbers.routing),
            },
          },
        };
      }

      const inWindow = run.matches({ flow: { connected: 'fetchingAch' } });
      if (
        run.matches({ flow: { connected: 'achFailed' } }) &&
        run.context.account?.id === accountId &&
        run.applied.some((t) => t.startsWith('xstate.after.achTimeout.'))
      ) {
        // The 30 seconds for this account ran out just now (the server's own clock): the seed's failure.
        return {
          answer: {
            answer: {
              achNumbers: null,
              pending: false,
              failed: true,
              secondsLeft: 0,
              message: translate(lang, 'bank.ach.failed', { last4: account.mask }),
            },
          },
        };
      }
      if (inWindow) {
        if (run.context.account?.id !== accountId) run.apply({ type: 'bank.account.select', accountId });
        if (!run.isInvoking('fetchAchNumbers')) {
          // Polled before the machine's 2-second interval: the bank is not asked again.
          return {
            answer: {
              answer: { achNumbers: null, pending: true, failed: false, secondsLeft: secondsLeftOf(run, nowMs) },
            },
          };
        }
      } else {
        // Picking an account (several accounts, or again after a failure) starts its 30-second window.
        run.apply({ type: 'bank.account.select', accountId });
      }
      return runAch(deps, run, record, accountId, lang);
    },
    true,
  );
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- rethrows what the provider call threw, unchanged
  if (outcome.error) throw outcome.error;
  return outcome.answer!;
}

// ---- GET abandon ---------------------------------------------------------------------------------------------------

export async function abandonBankLink(deps: Deps, session: ApplySession, profileId: string | undefined): Promise<null> {
  const uuid = sessionApplicationUuid(session);
  const store = await storeFor(deps, session);
  await flowFor(deps, session, uuid, store, async (run) => {
    if (profileId && run.context.profileId && run.context.profileId !== profileId)
      throw notFound(BANK_PROFILE_NOT_FOUND);
    run.apply({ type: 'bank.abandon' });
    const id = run.context.profileId as string | null;
    await performEffect(run, 'abandon', async () => {
      if (id) await deps.providers.bankLink.deleteProfile(id);
      run.complete('abandon', null);
    }).catch(() => undefined);
    return { answer: null };
  });
  return null;
}

// ---- vendor callbacks (functions/services/bank-link-callbacks.ts) ----

/**
 * Applies a verified bank-link callback to the application's flow: 'profile.connected' is the profile check the page
 * would make (the flow moves on to the accounts without waiting for the next 10-second poll), 'ach.ready' is the ACH
 * poll of the account being fetched, 'profile.deleted' abandons the connection. A callback the flow's state does not
 * expect (or of an unknown application) changes nothing.
 */
export async function applyBankLinkCallback(deps: Deps, event: VendorEvent): Promise<string> {
  // The applicant id we gave the vendor is the application's uuid: trusted before our own reference.
  return applyVendorCallback(
    deps,
    { flow: bankLinkFlow, vendor: 'bank-link', event, echoed: event.data.applicant_id, echoedFirst: true },
    async (record) => {
      const store = (await getStoreById(deps.db, record.storeId, deps.clock()))?.view;
      return store ? inputOf(store) : 'no-store';
    },
    async (run, current): Promise<FlowWork<string>> => {
      switch (event.type) {
        case 'profile.connected': {
          if (!run.isInvoking('checkProfile') && !run.tryApply({ type: 'bank.profile.check' }))
            return { answer: `ignored in ${run.stateName}` };
          await runCheckProfile(deps, run, current.uuid);
          return { answer: `applied: ${run.stateName}` };
        }
        case 'ach.ready': {
          if (!run.matches({ flow: { connected: 'fetchingAch' } })) return { answer: `ignored in ${run.stateName}` };
          if (!run.isInvoking('fetchAchNumbers')) run.fireDelay('achPollInterval');
          if (!run.isInvoking('fetchAchNumbers')) return { answer: `ignored in ${run.stateName}` };
          const work = await runAch(deps, run, current, run.context.account.id, 'en');
          return { answer: `applied: ${run.stateName}`, ...(work.banking ? { banking: work.banking } : {}) };
        }
        case 'profile.deleted': {
          if (run.context.profileId !== event.objectId || !run.tryApply({ type: 'bank.abandon' }))
            return { answer: `ignored in ${run.stateName}` };
          run.complete('abandon', null);
          return { answer: `applied: ${run.stateName}` };
        }
        default:
          return { answer: `ignored: ${event.type}` };
      }
    },
  );
}

/** The flow's state for the page and for support (no secrets). */
export function bankLinkStateOf(record: ApplicationRecord) {
  return flowStateOf(record, 'bank-link');
}

export { ACH_TIMEOUT_SECONDS };
