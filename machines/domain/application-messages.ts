// The application's validation messages and the English field labels inside them, shared by the schemas
// (application-schema.ts), the field builders (application-fields.ts), the page and the server.
import { INVALID_DATE_MESSAGE } from './age.ts';
import type { Cents } from './money.ts';

// ---------------------------------------------------------------------------------------------------------------
// Messages: the seeds' exact texts where they give one; the rest follow seed 001's '{_field_}' patterns with the
// English field label filled in. Each has an i18n key in machines/i18n/application.ts (`application.error.*`).

export const APPLICATION_MESSAGES = {
  required: 'This field is required!',
  invalidDate: INVALID_DATE_MESSAGE,
  invalidDateOfBirth: 'You have entered an invalid date of birth',
  minimumAge: 'Must be older than 18 years.',
  zipRequired: 'Zip code is required!',
  zipInvalid: 'Invalid zip code entered!',
  routingRequired: 'Routing number is required',
  routingInvalid: 'Invalid routing number',
  accountRequired: 'Checking account number is required',
  accountMismatch: "Checking account numbers don't match",
  frequencyRequired: 'The Frequency field is required',
  incomeInvalid: 'Invalid income',
  productRequired: 'Please select a product before continuing.',
  sameLocation: 'co-applicant must live at the same address',
  sameEmail: 'Please do not enter the same email address for different contacts',
  sameSsn: 'The co-applicant must be another person: their social security number is the same as the applicant\u2019s.',
  applicantRequired: 'Applicant details are required',
  tooManyIncomes: 'A maximum of 2 incomes is allowed',
} as const;

/** 'Income must be over $1200 per month' (the minimum in whole dollars, as the seed writes it). */
export function minimumIncomeMessage(minMonthlyIncomeCents: Cents): string {
  return `Income must be over ${formatMinimum(minMonthlyIncomeCents)} per month`;
}

/** 120000 -> '$1200'; 120050 -> '$1200.50' (no thousands separator, as in the seed's message). */
export function formatMinimum(cents: Cents): string {
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest ? `$${whole}.${String(rest).padStart(2, '0')}` : `$${whole}`;
}

export const invalidMessage = (label: string) => `The ${label} value must be valid.`;
export const phoneMessage = (label: string) => `The ${label} value must be a phone number.`;
export const tooLongMessage = (label: string, max: number) => `The ${label} may not be greater than ${max} characters.`;

/** English labels used inside messages (the page shows its own translated labels). */
export const FIELD_LABELS = {
  title: 'Title',
  first_name: 'First Name',
  middle_name: 'Middle Name',
  last_name: 'Last Name',
  social_security_number: 'Social Security Number',
  identification: 'Identification Number',
  identification_issuer: 'Identification Issuer',
  date_of_birth: 'Date of Birth',
  cell: 'Cell Phone',
  email: 'Email',
  full_address: 'Full Address',
  line_1: 'Address Line 1',
  line_2: 'Address Line 2',
  city: 'City',
  state: 'State',
  code: 'Zip Code',
  gross: 'Gross Income',
  source: 'Income Source',
  employer: 'Employer',
  title_department: 'Title / Department',
  phone: 'Phone',
  ext: 'Ext',
  pay_date: 'Last Pay Date',
  first_pay_day: 'First Pay Day',
  second_pay_day: 'Second Pay Day',
  routing_number: 'Routing Number',
  bank_name: 'Bank Name',
  checking_account: 'Checking Account',
  bank_link_profile_id: 'Bank Link Profile',
  bank_link_account_id: 'Bank Link Account',
  home_type: 'Home Type',
  ownership_type: 'Ownership Type',
  name_of_landowner: 'Name of Landowner',
  phone_of_landowner: 'Phone of Landowner',
  name_on_property_deed: 'Name on Property Deed',
  mortgage_holder_name: 'Mortgage Holder Name',
  mortgage_holder_payment: 'Mortgage Payment',
  promo_code: 'Promo Code',
  utm: 'UTM',
  product_selection_override: 'Product',
  employee_type: 'Employee Type',
} as const;
