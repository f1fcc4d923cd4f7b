import { randomInt } from 'node:crypto';
import type { ApplicationRequestBody, FillProfile } from '../../machines/contracts/application.ts';
import type { StoreView } from '../../machines/contracts/store.ts';
import { PROFILE_GROUP } from '../providers/bureau/sandbox.ts';
import { ROUTING_NUMBERS } from '../providers/routing/routing-numbers.ts';
import { lenderToday } from './store-rules.ts';

// The non-production Fill menu: a complete, valid application body whose applicant the sandbox bureau decides as
// the profile says. Every call is a new person (fresh SSN and name) so that tests never collide.

const FIRST = [
  'Maria',
  'James',
  'Ana',
  'Robert',
  'Linda',
  'Carlos',
  'Aisha',
  'David',
  'Mei',
  'Jose',
  'Grace',
  'Daniel',
  'Sofia',
  'Michael',
];
const LAST = [
  'Garcia',
  'Johnson',
  'Nguyen',
  'Smith',
  'Patel',
  'Williams',
  'Brown',
  'Lopez',
  'Kim',
  'Davis',
  'Martinez',
  'Wilson',
  'Okafor',
];
const EMPLOYERS = [
  'Walmart',
  'Kroger',
  'Home Depot',
  'UPS',
  'Target',
  'Lowe\u2019s',
  'Costco',
  'FedEx',
  'CVS Health',
  'Amazon',
];
const STREETS = [
  'Oak Street',
  'Maple Avenue',
  'Cedar Lane',
  'Pine Road',
  'Elm Drive',
  'Washington Avenue',
  'Lake Street',
];

const pick = <T>(list: readonly T[]): T => list[randomInt(list.length)]!;

/** Monthly gross per profile: a-max needs the top income band to reach the store cap. */
const MONTHLY_GROSS_DOLLARS: Record<FillProfile, number> = {
  'option-a': 4200,
  'a-max': 9500,
  'option-b': 2600,
  'option-c': 4800,
  'a-and-b': 3600,
  'denied-no-score': 3200,
  'denied-with-score': 3000,
};

function ssnFor(profile: FillProfile): string {
  const area = String(100 + randomInt(565)).padStart(3, '0'); // 100-664: never 000, 666 or 9xx
  const serial = String(1 + randomInt(9999)).padStart(4, '0');
  return `${area}${PROFILE_GROUP[profile]}${serial}`;
}

function phone(): string {
  return `${pick(['212', '312', '404', '512', '614', '713', '602'])}555${String(100 + randomInt(100)).padStart(4, '0')}`;
}

function daysBefore(today: string, days: number): string {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

export function fillApplication(profile: FillProfile, store: StoreView, now: Date): ApplicationRequestBody {
  const today = lenderToday(now);
  const first = pick(FIRST);
  const last = pick(LAST);
  const address = store.shipping_address;
  const line1 = `${100 + randomInt(8900)} ${pick(STREETS)}`;
  const location = {
    full_address: `${line1}, ${address.city}, ${address.state} ${address.code}`,
    line_1: line1,
    line_2: '',
    city: address.city ?? '',
    state: address.state,
    code: address.code ?? '',
  };
  const [routing, bankName] = pick(ROUTING_NUMBERS);
  const account = String(1_000_000_000 + randomInt(8_999_999_999)).slice(0, 10);
  const isHvac = store.record.identifier === 'HVAC';
  // HVAC stores need $2,750 a month; the profile's outcome comes from the bureau score, not the income.
  const monthly = Math.max(MONTHLY_GROSS_DOLLARS[profile], isHvac ? 3300 : 0);
  const body: ApplicationRequestBody = {
    applicant: {
      title: pick(['Mr', 'Ms', 'Mrs']),
      first_name: first,
      middle_name: '',
      last_name: last,
      social_security_number: ssnFor(profile),
      identification: `D${String(randomInt(10_000_000)).padStart(7, '0')}`,
      identification_issuer: address.state,
      date_of_birth: daysBefore(today, 365 * (25 + randomInt(35)) + randomInt(300)),
      cell: phone(),
      email: `${first}.${last}.${randomInt(1_000_000)}@example.com`.toLowerCase(),
    },
    location,
    incomes: [
      {
        gross: ((monthly * 12) / 26).toFixed(2),
        frequency: 'bi-weekly',
        source: 'employment',
        employer: pick(EMPLOYERS),
        title_department: 'Associate',
        phone: phone(),
        primary: true,
        pay_date: daysBefore(today, 3 + randomInt(10)),
      },
    ],
    banking: {
      routing_number: routing,
      bank_name: bankName,
      checking_account: account,
      checking_account_confirmation: account,
    },
    has_co_applicant: false,
    skipConfirmationCode: false,
  };
  if (isHvac && store.lease_program.mortgage_questions_enabled) {
    body.home_ownership = {
      home_type: 'single-family',
      ownership_type: 'own-with-loan',
      name_on_property_deed: `${first} ${last}`,
      is_co_owner: false,
      owner_address: { line_1: line1, line_2: '', city: location.city, state: location.state, code: location.code },
      mortgage_holder_name: 'Rocket Mortgage',
      mortgage_holder_payment: '1450.00',
    };
  }
  const products = store.lease_program.effective_product_selection_override;
  if (store.lease_program.enable_product_selection && products.length)
    body.product_selection_override = products[0]!.key;
  return body;
}
