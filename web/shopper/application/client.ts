import {
  APPLICATION_PATH,
  SaveSectionError,
  isConcealed,
  type ApplicationDraft,
  type ApplicationRequestBody,
  type ApplicationSection,
  type FillProfile,
  type ApplicationView,
  type SaveSectionInput,
  type SaveSectionOutput,
} from '../../../machines/contracts/application.ts';
import type { StoreView } from '../../../machines/contracts/store.ts';
import type { BrandKey } from '../../../machines/domain/brands.ts';
import { api, ApiError } from '../../lib/api.ts';
import { sectionDraftJson } from './draft.ts';

// The calls of the application screens (seed 000 section 7) over web/lib/api.ts (apply token + client id headers).

export interface ApplicationAnswer extends ApplicationView {
  v: number;
  status: string;
  verified: boolean;
}

export interface SessionAnswer {
  store: StoreView;
  application_uuid: string | null;
}

export const getSessionInfo = async (signal?: AbortSignal) =>
  (await api<SessionAnswer>('GET', '/apply-v2/session', { signal })).data;

export const getStore = async (retailer: string, store: string, signal?: AbortSignal) =>
  (
    await api<StoreView>(
      'GET',
      `/apply-v2/retailer/${encodeURIComponent(retailer)}/store/${encodeURIComponent(store)}`,
      { signal },
    )
  ).data;

export const getApplication = async (signal?: AbortSignal) =>
  (await api<ApplicationAnswer>('GET', APPLICATION_PATH, { signal })).data;

export const fetchFill = async (type: FillProfile, storeId: string) =>
  (await api<ApplicationRequestBody>('GET', `${APPLICATION_PATH}/fill`, { query: { type, store_id: storeId } })).data;

export const lookupZip = async (zip: string, signal?: AbortSignal) =>
  (await api<{ city: string; state: string }>('POST', '/api/v1/addresses/zip', { body: { zip }, signal })).data;

export const addressSuggestions = async (searchText: string, signal?: AbortSignal) =>
  (await api<Record<string, string>>('GET', '/api/v1/addresses/suggestions', { query: { searchText }, signal })).data;

export interface PlaceDetails {
  address_components: { long_name: string; short_name: string; types: string[] }[];
  formatted_address: string;
}

export const placeDetails = async (placeId: string, signal?: AbortSignal) =>
  (await api<PlaceDetails>('GET', `/api/v1/addresses/place/${encodeURIComponent(placeId)}`, { signal })).data;

export const lookupRouting = async (brand: BrandKey, routing: string, storeId: string, signal?: AbortSignal) =>
  (
    await api<{ bank_name: string }>('GET', `/${brand}/system/applications/banking/routing`, {
      query: { routing_number: routing, store_id: storeId },
      signal,
    })
  ).data;

/** Thrown by the saver when the server says the page is stale (409): `current` is the application as stored. */
export class StaleApplicationError extends SaveSectionError {
  constructor(readonly current: ApplicationAnswer) {
    super('application.stale');
    this.name = 'StaleApplicationError';
  }
}

/** Paths of the sensitive values a section carries (the server answers them concealed). */
const CONCEALABLE: Partial<Record<ApplicationSection, string[]>> = {
  applicant: ['applicant.social_security_number', 'applicant.identification'],
  co_applicant: ['co_applicant.social_security_number', 'co_applicant.identification'],
  banking: ['banking.routing_number', 'banking.checking_account', 'banking.checking_account_confirmation'],
};

function valueAt(body: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), body);
}

export interface Saver {
  /** The named `saveSection` actor's work: one POST at a time, each with the version of the last answer. */
  save: (input: SaveSectionInput) => Promise<SaveSectionOutput>;
  /** The application as the server holds it now (after a load, each save, or a stale answer). */
  known: () => { uuid: string | null; v: number | null; sections: Partial<Record<ApplicationSection, string>> };
  /** Remember a loaded application (its version and each saved section's value). */
  load: (answer: ApplicationAnswer, draft: ApplicationDraft) => void;
}

/**
 * The saver behind `saveSection`. Saves are queued so that autosaves of several sections never race each other's
 * version; a section that still equals what the server holds is not sent again; a section that still carries a
 * concealed value (last 4 only) cannot be saved, so the shopper is asked for the full value.
 */
export function createSaver(onSaved: (answer: ApplicationAnswer) => void): Saver {
  let queue: Promise<unknown> = Promise.resolve();
  let uuid: string | null = null;
  let v: number | null = null;
  let sections: Partial<Record<ApplicationSection, string>> = {};

  const run = async ({ sections: list, body }: SaveSectionInput): Promise<SaveSectionOutput> => {
    const draft = body as ApplicationDraft;
    const unchanged =
      uuid !== null && list.every((s) => sections[s] !== undefined && sections[s] === sectionDraftJson(draft, s));
    if (unchanged && uuid) return { uuid };
    const concealed: Record<string, string[]> = {};
    for (const s of list) {
      for (const path of CONCEALABLE[s] ?? []) {
        if (isConcealed(valueAt(body, path))) concealed[path] = ['application.error.reenterConcealed'];
      }
    }
    if (Object.keys(concealed).length) throw new SaveSectionError('application.error.reenterConcealed', concealed);
    const sent = { ...body, ...(uuid && !body.uuid ? { uuid } : {}), ...(v !== null ? { v } : {}) };
    try {
      const { data } = await api<ApplicationAnswer>('POST', APPLICATION_PATH, { body: sent });
      uuid = data.uuid;
      v = data.v;
      for (const s of list) sections[s] = sectionDraftJson(draft, s);
      onSaved(data);
      return { uuid: data.uuid };
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.code === 409 && error.data && typeof error.data === 'object' && 'current' in error.data) {
          const current = (error.data as { current: ApplicationAnswer }).current;
          v = current.v;
          throw new StaleApplicationError(current);
        }
        throw new SaveSectionError(
          error.code === 422 && Object.keys(error.errors).length ? 'application.errorsSummary' : error.message,
          error.errors,
        );
      }
      throw error;
    }
  };

  return {
    save: (input) => {
      const next = queue.then(() => run(input));
      queue = next.catch(() => undefined);
      return next;
    },
    known: () => ({ uuid, v, sections }),
    load: (answer, draft) => {
      uuid = answer.uuid;
      v = answer.v;
      sections = {};
      for (const s of answer.saved_sections) sections[s] = sectionDraftJson(draft, s);
    },
  };
}
