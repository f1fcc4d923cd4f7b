// A phone number as staff forms hold it. Stored as it was saved; accepted in the seed's form (10 digits, optionally
// single-space separated), in the form the phone mask displays ('(404) 555-0140', as the demo stores hold it) and as
// + with 8 to 15 digits (the mask keeps a leading +). The page's rule and the server's rule are this one function,
// so a value the field shows is a value both accept.
const SEED_FORM = /^\d(?: ?\d){9}$/;
const MASK_FORM = /^\(\d{3}\) \d{3}-\d{4}$/;
const INTERNATIONAL = /^\+\d{8,15}$/;

export function isPhoneNumber(value: string): boolean {
  return SEED_FORM.test(value) || MASK_FORM.test(value) || INTERNATIONAL.test(value);
}
