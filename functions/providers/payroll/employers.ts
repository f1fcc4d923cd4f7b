import type { PayrollEmployer } from './port.ts';

// The sandbox payroll vendor's employer directory: large US employers. pdSupported says whether the employer's payroll
// lets an employee route part of each paycheck (a payroll deduction) to us; gig platforms and a few employers whose
// payroll systems do not allow split deposits say no, so the "not supported" path can be tested.
export const SANDBOX_EMPLOYERS: readonly PayrollEmployer[] = [
  ['emp_walmart', 'Walmart', true],
  ['emp_amazon', 'Amazon', true],
  ['emp_target', 'Target', true],
  ['emp_home_depot', 'The Home Depot', true],
  ['emp_lowes', "Lowe's", true],
  ['emp_ups', 'UPS', true],
  ['emp_fedex', 'FedEx', true],
  ['emp_kroger', 'Kroger', true],
  ['emp_costco', 'Costco Wholesale', false],
  ['emp_walgreens', 'Walgreens', true],
  ['emp_cvs', 'CVS Health', true],
  ['emp_mcdonalds', "McDonald's", true],
  ['emp_starbucks', 'Starbucks', true],
  ['emp_albertsons', 'Albertsons', true],
  ['emp_publix', 'Publix Super Markets', false],
  ['emp_best_buy', 'Best Buy', true],
  ['emp_macys', "Macy's", true],
  ['emp_dollar_general', 'Dollar General', true],
  ['emp_dollar_tree', 'Dollar Tree', true],
  ['emp_tyson', 'Tyson Foods', true],
  ['emp_pepsico', 'PepsiCo', true],
  ['emp_wells_fargo', 'Wells Fargo', true],
  ['emp_bank_of_america', 'Bank of America', true],
  ['emp_att', 'AT&T', true],
  ['emp_verizon', 'Verizon', true],
  ['emp_comcast', 'Comcast', true],
  ['emp_hca', 'HCA Healthcare', true],
  ['emp_usps', 'United States Postal Service', false],
  ['emp_marriott', 'Marriott International', true],
  ['emp_tjx', 'TJX Companies', true],
  ['emp_uber', 'Uber', false],
  ['emp_doordash', 'DoorDash', false],
].map(([id, employerName, pdSupported]) => ({
  id: id as string,
  employerName: employerName as string,
  pdSupported: pdSupported as boolean,
}));

export const EMPLOYER_SEARCH_MIN_LENGTH = 3;

const fold = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9&]+/g, ' ')
    .trim();

/** Keyword search from 3 characters: every keyword word must start a word of the name (or occur in it); prefix matches first. */
export function searchSandboxEmployers(keyword: string, limit = 20): PayrollEmployer[] {
  const q = fold(keyword);
  if (q.replace(/\s/g, '').length < EMPLOYER_SEARCH_MIN_LENGTH) return [];
  const words = q.split(' ');
  const scored: [number, PayrollEmployer][] = [];
  for (const employer of SANDBOX_EMPLOYERS) {
    const name = fold(employer.employerName);
    const nameWords = name.split(' ');
    if (!words.every((w) => name.includes(w))) continue;
    const score = name.startsWith(q) ? 0 : words.every((w) => nameWords.some((n) => n.startsWith(w))) ? 1 : 2;
    scored.push([score, employer]);
  }
  return scored
    .sort((a, b) => a[0] - b[0] || a[1].employerName.localeCompare(b[1].employerName))
    .slice(0, limit)
    .map(([, e]) => e);
}

export const sandboxEmployerById = (id: string) => SANDBOX_EMPLOYERS.find((e) => e.id === id);
