import {
  APPLICATION_SECTIONS,
  type ApplicationDraft,
  type ApplicationSection,
  type ApplicationView,
} from '../../../machines/contracts/application.ts';
import { sectionValue } from '../../../machines/application/single-page.machine.ts';

/** The JSON of one section of a draft (or of a save body, which has the same shape). */
export const sectionDraftJson = (draft: ApplicationDraft, section: ApplicationSection): string =>
  JSON.stringify(sectionValue(draft, section) ?? null);

const clean = <T extends object>(value: T | null | undefined): T | undefined => {
  if (!value) return undefined;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) as T;
};

/** The application as the server answers it (concealed values included) as a form draft. */
export function viewToDraft(view: ApplicationView): ApplicationDraft {
  const saved = new Set(view.saved_sections);
  const draft: ApplicationDraft = { has_co_applicant: saved.has('has_co_applicant') ? view.has_co_applicant : null };
  if (view.product_selection_override) draft.product_selection_override = view.product_selection_override;
  if (view.applicant) draft.applicant = clean(view.applicant);
  if (view.location) draft.location = clean(view.location);
  if (saved.has('incomes') && view.incomes.length) draft.incomes = view.incomes.map((i) => clean(i)!);
  if (view.banking) {
    const { bank_link_used: _used, ...banking } = view.banking;
    draft.banking = {
      ...clean(banking),
      checking_account_confirmation: banking.checking_account,
    };
  }
  if (view.home_ownership) draft.home_ownership = clean(view.home_ownership);
  if (view.co_applicant) {
    const { incomes, location: _location, ...co } = view.co_applicant;
    draft.co_applicant = {
      ...(clean(co) as object),
      ...(saved.has('co_applicant_incomes') ? { incomes: incomes.map((i) => clean(i)!) } : {}),
    };
  }
  return draft;
}

const hasContent = (value: unknown): boolean =>
  value !== null &&
  value !== undefined &&
  value !== '' &&
  (typeof value !== 'object' || Object.values(value).some(hasContent));

/** Fill data (a complete request body) as a draft. */
export function bodyToDraft(body: Record<string, unknown>): ApplicationDraft {
  const { section: _s, uuid: _u, skipConfirmationCode: _c, utm: _utm, ...rest } = body;
  return rest;
}

/**
 * After a stale save (409): the application as stored now, with this tab's unsaved edits kept on top (sections whose
 * value differs from what this tab last saved or loaded). Also answers which sections now equal the server's.
 */
export function mergeStale(
  local: ApplicationDraft,
  known: Partial<Record<ApplicationSection, string>>,
  current: ApplicationView,
): { draft: ApplicationDraft; savedSections: ApplicationSection[] } {
  const server = viewToDraft(current);
  let draft: ApplicationDraft = { ...server };
  const kept = new Set<ApplicationSection>();
  for (const section of APPLICATION_SECTIONS) {
    const mine = sectionDraftJson(local, section);
    if (hasContent(sectionValue(local, section)) && mine !== known[section]) {
      draft = withSection(draft, section, local);
      kept.add(section);
    }
  }
  if (local.product_selection_override && !draft.product_selection_override)
    draft.product_selection_override = local.product_selection_override;
  return { draft, savedSections: current.saved_sections.filter((s) => !kept.has(s)) };
}

function withSection(draft: ApplicationDraft, section: ApplicationSection, from: ApplicationDraft): ApplicationDraft {
  switch (section) {
    case 'co_applicant': {
      const { incomes: _i, ...fields } = from.co_applicant ?? {};
      return {
        ...draft,
        co_applicant: { ...fields, incomes: draft.co_applicant?.incomes },
      };
    }
    case 'co_applicant_incomes':
      return {
        ...draft,
        co_applicant: {
          ...(draft.co_applicant ?? {}),
          incomes: from.co_applicant?.incomes,
        },
      };
    default:
      return { ...draft, [section]: from[section] };
  }
}
