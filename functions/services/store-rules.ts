import type { StoreView } from '../../machines/contracts/store.ts';
import {
  rulesFor,
  type ApplicationRules,
  type ApplicationStoreFlags,
} from '../../machines/domain/application-schema.ts';

/** The application-shaping flags of a store (its record and lease program). */
export function storeFlags(store: StoreView): ApplicationStoreFlags {
  const program = store.lease_program;
  return {
    isHvac: store.record.identifier === 'HVAC',
    isHomeImprovement: store.record.identifier === 'HOME_IMPROVEMENT',
    mortgageQuestionsEnabled: program.mortgage_questions_enabled,
    productSelectionEnabled: program.enable_product_selection,
    productOptions: program.effective_product_selection_override,
    bankingRequired: program.banking_required,
    identityCheck: { enabled: program.identity_check_enabled, step: program.identity_check_step },
  };
}

// Made once, on first use: building a time-zone formatter costs about 0.5 ms, formatting with it microseconds.
let lenderDate: Intl.DateTimeFormat | undefined;

/** Today's date where the lender operates (US Eastern): the day ages and pay dates are counted in. */
export function lenderToday(now: Date): string {
  lenderDate ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return lenderDate.format(now);
}

export const applicationRules = (store: StoreView, now: Date): ApplicationRules =>
  rulesFor(storeFlags(store), lenderToday(now));
