import type { StoreView } from '../../machines/contracts/store.ts';
import { BRANDS } from '../../machines/domain/brands.ts';
import { translate } from '../../machines/i18n/catalogue.ts';
import type { Lang } from '../../machines/i18n/types.ts';
import { findApplicationsByApplicant, type ApplicationRecord } from '../data/applications.ts';
import { getStoreById } from '../data/stores.ts';
import type { ApplySession } from '../platform/sessions.ts';
import { touchApplyToken } from '../platform/apply-tokens.ts';
import type { Deps } from '../platform/deps.ts';
import { forbidden, notFound } from '../platform/errors.ts';
import { answerOf, APPLICATION_NOT_FOUND, sessionStore, type ApplicationAnswer } from './applications.ts';
import { hasContractInProgress, isLiveApproval } from './decision-support.ts';

// POST /apply-v2/application/retrieve (seed 000 sections 2-4, "Approved-application record"): the welcome screen's
// last name + SSN + date of birth, looked up by the keyed blind index only (never by scanning).
//
//   nothing usable found            -> 404 'Application not found. Please create a new application.' (new applicant)
//   a contract in progress          -> contractInProgress (call customer service on the brand's in-progress line)
//   a live approval at another store
//      rated 22, or tied to a retailer checkout there (mayNotSwitch) -> contact-store with that store's name
//      otherwise                    -> verify (PIN, retrieval mode); the approval moves here once the PIN is proved,
//                                      the original store kept (originalStore) and the move announced (notice)
//   a live approval here, or a draft/undecided application here -> verify (PIN, retrieval mode)
// Denied applications and expired approvals are not resumed: the shopper applies again (the engine then applies
// the recent-denial rule). Whenever the answer is `verify`, the apply token is bound to the application so that
// verify/send and verify/confirm may touch it; nothing else about it is shown before the PIN is proved.

export interface RetrieveInput {
  last_name: string;
  social_security_number: string;
  date_of_birth: string;
  store_id: string;
}

export interface StoreRef {
  id: string;
  name: string;
  label: string;
  phone: string;
}

export interface RetrieveAnswer {
  application: Pick<ApplicationAnswer, 'uuid' | 'status' | 'store_id'> | null;
  store: StoreView;
  contractInProgress: boolean;
  rated22App: boolean;
  mayNotSwitch: boolean;
  originalStore?: StoreRef;
  verify?: boolean;
  /** The text to show (contract in progress, contact store, approval moved, existing application). */
  message?: string;
  /** The number to call, when the answer asks the shopper to call. */
  phone?: string;
}

const storeRef = (store: StoreView): StoreRef => ({
  id: store.id,
  name: store.name,
  label: store.label,
  phone: store.details.phone,
});

export async function retrieveApplication(
  deps: Deps,
  session: ApplySession,
  input: RetrieveInput,
  lang: Lang,
): Promise<RetrieveAnswer> {
  if (input.store_id !== session.storeId) throw forbidden();
  const now = deps.clock();
  const store = await sessionStore(deps, session);
  const found = await findApplicationsByApplicant(deps.db, deps.crypto, input, now);
  const brand = BRANDS[store.brand];
  const base = { store, contractInProgress: false, rated22App: false, mayNotSwitch: false };

  if (found.some(hasContractInProgress)) {
    return {
      ...base,
      application: null,
      contractInProgress: true,
      phone: brand.inProgressPhone,
      message: translate(lang, 'retrieval.contractInProgress', { number: brand.inProgressPhone }),
    };
  }

  const here = found.find(
    (a) => a.storeId === store.id && (a.status === 'draft' || a.status === 'submitted' || isLiveApproval(a, now)),
  );
  const approvedElsewhere = found.find((a) => a.storeId !== store.id && isLiveApproval(a, now));
  const bind = async (record: ApplicationRecord) => {
    await touchApplyToken(deps.db, session, now, deps.config.applyTokenTtlSeconds, { applicationUuid: record.uuid });
    const view = answerOf(record, { lang, now });
    return { uuid: view.uuid, status: view.status, store_id: view.store_id };
  };

  if (here) {
    return { ...base, application: await bind(here), verify: true, message: translate(lang, 'retrieval.existing') };
  }
  if (approvedElsewhere) {
    const original = (await getStoreById(deps.db, approvedElsewhere.storeId, now))?.view;
    if (original) {
      const rated22App = original.rating === 22;
      const mayNotSwitch = Boolean(approvedElsewhere.checkoutId);
      if (rated22App || mayNotSwitch) {
        return {
          ...base,
          application: null,
          store: original,
          rated22App,
          mayNotSwitch,
          originalStore: storeRef(original),
          phone: original.details.phone,
          message: translate(lang, 'retrieval.contactStore', { store: original.name }),
        };
      }
      return {
        ...base,
        application: await bind(approvedElsewhere),
        originalStore: storeRef(original),
        verify: true,
        message: translate(lang, 'retrieval.moved', { from: original.name, to: store.name }),
      };
    }
  }
  throw notFound(APPLICATION_NOT_FOUND);
}
