// Valid and invalid values for each application step, shared by the machine tests.
import type { ApplicationDraft } from '../../../../machines/contracts/application.ts';
import type { ApplicationStoreFlags } from '../../../../machines/domain/application-schema.ts';

export const TODAY = '2025-06-15';

export const applicant = {
  title: 'Ms',
  first_name: 'Ann',
  last_name: 'Lee',
  social_security_number: '123-45-6789',
  date_of_birth: '1990-01-02',
  cell: '(555) 234-5678',
  email: 'ann@example.com',
};

export const location = { line_1: '1 Main St', city: 'Austin', state: 'TX', code: '78701' };

export const homeOwnership = { home_type: 'single-family', ownership_type: 'own-without-loan' };

/** $3000 a month: above both minimums. */
export const incomes = [{ gross: '3000', frequency: 'monthly', source: 'retirement' }];

export const banking = {
  routing_number: '021000021',
  bank_name: 'JPMorgan Chase',
  checking_account: '123456789',
  checking_account_confirmation: '123456789',
};

export const coApplicant = {
  first_name: 'Bob',
  last_name: 'Lee',
  social_security_number: '234-56-7890',
  date_of_birth: '1988-03-04',
  cell: '5553456789',
  email: 'bob@example.com',
  same_location: true,
};

export const coApplicantIncomes = [{ gross: '1500', frequency: 'monthly', source: 'disability' }];

export const completeDraft: ApplicationDraft = {
  applicant,
  location,
  incomes,
  banking,
  has_co_applicant: true,
  co_applicant: { ...coApplicant, incomes: coApplicantIncomes },
};

export const plainStore: ApplicationStoreFlags = {
  isHvac: false,
  mortgageQuestionsEnabled: false,
  productSelectionEnabled: false,
  bankingRequired: true,
  identityCheck: { enabled: false, step: 2 },
};

export const hvacStore: ApplicationStoreFlags = {
  isHvac: true,
  mortgageQuestionsEnabled: true,
  productSelectionEnabled: true,
  productOptions: [{ key: 'hvac-system', name: 'HVAC System' }],
  bankingRequired: false,
  identityCheck: { enabled: true, step: 1 },
};
