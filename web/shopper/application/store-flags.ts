import type { StoreView } from '../../../machines/contracts/store.ts';
import { DEFAULT_STORE_FLAGS, type ApplicationStoreFlags } from '../../../machines/domain/application-schema.ts';

// The application-shaping flags of a store, read from its record and lease program exactly as the server reads
// them (functions/services/store-rules.ts), so that the page and the handler validate with the same rules.

export function storeFlags(store: StoreView): ApplicationStoreFlags {
  const program = store.lease_program;
  if (!program) return DEFAULT_STORE_FLAGS;
  return {
    isHvac: store.record?.identifier === 'HVAC',
    isHomeImprovement: store.record?.identifier === 'HOME_IMPROVEMENT',
    mortgageQuestionsEnabled: program.mortgage_questions_enabled === true,
    productSelectionEnabled: program.enable_product_selection === true,
    productOptions: program.effective_product_selection_override ?? [],
    bankingRequired: program.banking_required !== false,
    identityCheck: {
      enabled: program.identity_check_enabled === true,
      step: program.identity_check_step === 1 ? 1 : 2,
    },
  };
}

export const isSinglePage = (store: StoreView): boolean => store.lease_program?.apply_form_version === 3;

/** Today where the lender operates (US Eastern), as the server counts ages and pay dates. */
export function lenderToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
