// Home ownership of HVAC applicants (seed 000 sections 3-4): which answers exist together, and what a change clears.

export const HOME_TYPES = [
  'single-family',
  'condo',
  'multi-family',
  'manufactured-own-land',
  'manufactured-leased-land',
] as const;
export type HomeType = (typeof HOME_TYPES)[number];
export const LEASED_LAND_HOME: HomeType = 'manufactured-leased-land';

export const OWNERSHIP_TYPES = ['own-with-loan', 'own-without-loan', 'rent'] as const;
export type OwnershipType = (typeof OWNERSHIP_TYPES)[number];

export interface OwnerAddressValue {
  line_1?: string | null;
  line_2?: string | null;
  city?: string | null;
  state?: string | null;
  code?: string | null;
}

/** The home-ownership answers as a form holds them (any field may still be empty). */
export interface HomeOwnershipValue {
  home_type?: string | null;
  ownership_type?: string | null;
  name_of_landowner?: string | null;
  phone_of_landowner?: string | null;
  name_on_property_deed?: string | null;
  is_co_owner?: boolean | null;
  owner_address?: OwnerAddressValue | null;
  mortgage_holder_name?: string | null;
  mortgage_holder_payment?: string | number | null;
}

export type HomeOwnershipField = keyof HomeOwnershipValue;

export const isLeasedLand = (value: HomeOwnershipValue): boolean => value.home_type === LEASED_LAND_HOME;
export const isOwner = (value: HomeOwnershipValue): boolean =>
  value.ownership_type === 'own-with-loan' || value.ownership_type === 'own-without-loan';
export const hasMortgage = (value: HomeOwnershipValue): boolean => value.ownership_type === 'own-with-loan';

/** Ownership type is asked only when the home is not on leased land. */
export const showOwnershipType = (value: HomeOwnershipValue): boolean => !isLeasedLand(value);
/** Landowner name and phone are asked only for a manufactured home on leased land. */
export const showLandowner = (value: HomeOwnershipValue): boolean => isLeasedLand(value);
/** Deed name and the co-owner switch are asked only of owners. */
export const showDeed = (value: HomeOwnershipValue): boolean => isOwner(value);
/** Mortgage holder and payment are asked only when the home is owned with a loan. */
export const showMortgage = (value: HomeOwnershipValue): boolean => hasMortgage(value);
/** Owner address fields show only when the home is not on leased land and the ownership is not rent. */
export const showOwnerAddress = (value: HomeOwnershipValue): boolean =>
  !isLeasedLand(value) && value.ownership_type !== 'rent';

export interface HomeOwnershipChange<T extends HomeOwnershipValue> {
  /** `next` with the answers that no longer apply cleared (null; the co-owner flag false). */
  value: T;
  /** The fields that held a value and were cleared by this change. */
  cleared: HomeOwnershipField[];
  /** True when the co-owner switch went from off to on (the page tells its parent). */
  coOwnerTurnedOn: boolean;
}

function filled(value: unknown): boolean {
  if (value === null || value === undefined || value === '' || value === false) return false;
  if (typeof value === 'object') return Object.values(value).some(filled);
  return true;
}

/**
 * Applies the clearing rules of seed 000 section 4 to the answers after a change:
 * - a home on leased land clears the ownership type;
 * - a home not on leased land clears the landowner name and phone;
 * - an ownership other than own-with-loan / own-without-loan clears the deed name, co-owner flag and owner address;
 * - an ownership other than own-with-loan clears the mortgage holder name and payment.
 * The rules run in that order, so leased land also clears everything that depends on the ownership type.
 */
export function applyHomeOwnershipChange<T extends HomeOwnershipValue>(
  previous: HomeOwnershipValue | null | undefined,
  next: T,
): HomeOwnershipChange<T> {
  const value: T = { ...next };
  const cleared: HomeOwnershipField[] = [];
  const clear = (field: HomeOwnershipField, empty: null | false = null) => {
    if (filled(value[field])) cleared.push(field);
    if (field in value || empty === false) (value as HomeOwnershipValue)[field] = empty as never;
  };
  if (isLeasedLand(value)) clear('ownership_type');
  else {
    clear('name_of_landowner');
    clear('phone_of_landowner');
  }
  if (!isOwner(value)) {
    clear('name_on_property_deed');
    clear('is_co_owner', false);
    clear('owner_address');
  }
  if (!hasMortgage(value)) {
    clear('mortgage_holder_name');
    clear('mortgage_holder_payment');
  }
  const coOwnerTurnedOn = value.is_co_owner === true && previous?.is_co_owner !== true;
  return { value, cleared, coOwnerTurnedOn };
}
