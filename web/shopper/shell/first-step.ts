// Which first screen the application form opens on, from the store as the apply session keeps it (storeData): the
// wizard's start state (machines/application/wizard.machine.ts `start`) with the store's flags as
// web/shopper/application/store-flags.ts reads them. Shared by boot.ts (before the first paint) and the app, so both
// show the prerendered applicant step (prerender.tsx) for exactly the stores whose form starts with it.
// tests/web/shell/first-step.test.ts checks this against the wizard machine for every combination of the flags.

export interface StoreShape {
  record?: { identifier?: string | null } | null;
  lease_program?: {
    apply_form_version?: unknown;
    enable_product_selection?: unknown;
    identity_check_enabled?: unknown;
  } | null;
}

/**
 * True when the store's form is the wizard opening on the applicant's information with the default steps: not the
 * single-page form (version 3), no HVAC pre-step, no product step, no identity check step (it changes the step count
 * the progress line shows).
 */
export function opensOnApplicantStep(store: StoreShape | null | undefined): boolean {
  if (!store) return false;
  const program = store.lease_program;
  // Without a lease program the store's flags are the defaults, whatever its record says (store-flags.ts).
  if (!program) return true;
  return (
    program.apply_form_version !== 3 &&
    store.record?.identifier !== 'HVAC' &&
    program.enable_product_selection !== true &&
    program.identity_check_enabled !== true
  );
}

/** A store whose form has the default steps: what a store link shows while its session starts (store/Initiate.tsx). */
export const DEFAULT_FORM_STORE: StoreShape = { lease_program: null };

/**
 * The page's route path (the hash without `#/`) and its query, the one before the hash merged with one inside it (a
 * retailer's link may put it there; web/lib/hash-query.ts moves it in front once the app runs). Read the same way by
 * boot.ts before the first paint and by the app.
 */
export function shellAddress(hash: string, search: string): { path: string; query: URLSearchParams } {
  const [path = '', inner = ''] = hash.replace(/^#?\/?/, '').split('?');
  const query = new URLSearchParams(search);
  new URLSearchParams(inner).forEach((value, key) => query.set(key, value));
  return { path, query };
}

/**
 * A retailer's checkout link (`checkpoint/{token}/{iframe}`) that is not a cancel and names no process step: it
 * nearly always opens the application (a new checkout), so its first screen is the application page's over the
 * default form's first step, as for a store link (boot.ts before the first paint, App.tsx while the checkout is
 * exchanged).
 */
export function isPlainCheckoutLink({ path, query }: { path: string; query: URLSearchParams }): boolean {
  return /^checkpoint\/[^/]+\/[^/]+\/?$/.test(path) && !query.has('cancel');
}
