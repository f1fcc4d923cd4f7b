// The application schemas: every message, the boundaries, the conditional rules and the request contract.
import { describe, expect, it } from 'vitest';
import {
  conceal,
  toApplicationView,
  validateApplicationRequest,
  validateCompleteApplication,
} from '../../../../machines/contracts/application.ts';
import { MAX_LENGTH } from '../../../../machines/domain/application-fields.ts';
import { APPLICATION_MESSAGES as M, formatMinimum } from '../../../../machines/domain/application-messages.ts';
import {
  buildApplicationSchemas,
  validateWith,
  type ApplicationRules,
} from '../../../../machines/domain/application-schema.ts';
import { application as messages } from '../../../../machines/i18n/application.ts';
import * as f from '../../machines/application/fixtures.ts';

const rules: ApplicationRules = {
  today: '2025-06-15',
  minMonthlyIncomeCents: 120_000,
  bankingRequired: true,
  homeOwnershipRequired: false,
  productSelectionRequired: false,
};
const s = buildApplicationSchemas(rules);
const errorsOf = (schema: Parameters<typeof validateWith>[0], value: unknown, prefix: string[] = []) => {
  const result = validateWith(schema, value, prefix);
  return result.success ? {} : result.errors;
};

describe('applicant', () => {
  it('normalises the SSN, phone and e-mail', () => {
    const result = validateWith(s.applicant, { ...f.applicant, email: ' Ann@Example.com ' });
    expect(result.success && result.data).toMatchObject({
      social_security_number: '123456789',
      cell: '5552345678',
      email: 'ann@example.com',
    });
  });

  it("requires every mandatory field with 'This field is required!'", () => {
    expect(errorsOf(s.applicant, {}, ['applicant'])).toEqual({
      'applicant.first_name': [M.required],
      'applicant.last_name': [M.required],
      'applicant.social_security_number': [M.required],
      'applicant.date_of_birth': [M.required],
      'applicant.cell': [M.required],
      'applicant.email': [M.required],
    });
    expect(errorsOf(s.applicant, undefined)).toEqual({ _: ['Applicant details are required'] });
  });

  it('is 18 on the 18th birthday and not the day before', () => {
    expect(errorsOf(s.applicant, { ...f.applicant, date_of_birth: '2007-06-15' })).toEqual({});
    expect(errorsOf(s.applicant, { ...f.applicant, date_of_birth: '2007-06-16' })).toEqual({
      date_of_birth: ['Must be older than 18 years.'],
    });
  });

  it('refuses impossible and future dates of birth', () => {
    expect(errorsOf(s.applicant, { ...f.applicant, date_of_birth: '1990-02-30' })).toEqual({
      date_of_birth: ['Invalid date entered!'],
    });
    expect(errorsOf(s.applicant, { ...f.applicant, date_of_birth: '2030-01-01' })).toEqual({
      date_of_birth: ['You have entered an invalid date of birth'],
    });
  });

  it('refuses malformed values with the seed patterns', () => {
    expect(
      errorsOf(s.applicant, {
        ...f.applicant,
        social_security_number: '000-12-3456',
        cell: '123',
        email: 'ann@',
        first_name: 'Ann3',
      }),
    ).toEqual({
      social_security_number: ['The Social Security Number value must be valid.'],
      cell: ['The Cell Phone value must be a phone number.'],
      email: ['The Email value must be valid.'],
      first_name: ['The First Name value must be valid.'],
    });
  });

  it('turns oversize text into a field error', () => {
    const long = 'A'.repeat(MAX_LENGTH.name + 1);
    expect(errorsOf(s.applicant, { ...f.applicant, last_name: long })).toEqual({
      last_name: ['The Last Name may not be greater than 50 characters.'],
    });
    expect(errorsOf(s.location, { ...f.location, line_1: 'A'.repeat(101) })).toEqual({
      line_1: ['The Address Line 1 may not be greater than 100 characters.'],
    });
  });
});

describe('location', () => {
  it('checks the zip code and the state', () => {
    expect(errorsOf(s.location, { ...f.location, code: '' })).toEqual({ code: ['Zip code is required!'] });
    expect(errorsOf(s.location, { ...f.location, code: '7870' })).toEqual({ code: ['Invalid zip code entered!'] });
    expect(errorsOf(s.location, { ...f.location, state: 'XX' })).toEqual({ state: ['The State value must be valid.'] });
    const ok = validateWith(s.location, { ...f.location, state: 'tx' });
    expect(ok.success && ok.data.state).toBe('TX');
  });
});

describe('incomes', () => {
  const monthly = (gross: string) => [{ gross, frequency: 'monthly', source: 'retirement' }];

  it('accepts exactly the minimum and refuses one cent less', () => {
    expect(errorsOf(s.incomes, monthly('1200.00'), ['incomes'])).toEqual({});
    expect(errorsOf(s.incomes, monthly('1199.99'), ['incomes'])).toEqual({
      'incomes.0.gross': ['Income must be over $1200 per month'],
    });
  });

  it('sums both incomes over their periods per year', () => {
    // 553.85 a week = 2400.01 a month on its own; two bi-weekly 277 = 1200.16 together.
    expect(
      errorsOf(s.incomes, [
        { gross: '277', frequency: 'bi-weekly', source: 'retirement' },
        { gross: '277', frequency: 'bi-weekly', source: 'disability' },
      ]),
    ).toEqual({});
    expect(errorsOf(s.incomes, [{ gross: '277', frequency: 'bi-weekly', source: 'retirement' }])).toEqual({
      '0.gross': ['Income must be over $1200 per month'],
    });
  });

  it('uses the HVAC minimum of $2750', () => {
    const hvac = buildApplicationSchemas({ ...rules, minMonthlyIncomeCents: 275_000 });
    expect(errorsOf(hvac.incomes, monthly('2749.99'))).toEqual({ '0.gross': ['Income must be over $2750 per month'] });
    expect(formatMinimum(275_000)).toBe('$2750');
  });

  it('stores gross income in cents', () => {
    const result = validateWith(s.incomes, monthly('1,234.56'));
    expect(result.success && result.data?.[0]?.gross).toBe(123_456);
  });

  it('gives the seed messages for a missing frequency, a bad amount and too many incomes', () => {
    expect(errorsOf(s.incomes, [{ gross: '0', source: 'retirement' }])).toEqual({
      '0.gross': ['Invalid income'],
      '0.frequency': ['The Frequency field is required'],
    });
    expect(errorsOf(s.incomes, [])).toEqual({ _: [M.required] });
    expect(errorsOf(s.incomes, [...monthly('1000'), ...monthly('1000'), ...monthly('1000')])).toEqual({
      _: ['A maximum of 2 incomes is allowed'],
    });
  });

  it.each(['employment', 'other', 'self-employed', 'e3mil', 'e4mil'])(
    'requires employer, title and phone for %s',
    (source) => {
      expect(errorsOf(s.incomes, [{ gross: '3000', frequency: 'monthly', source }])).toEqual({
        '0.employer': [M.required],
        '0.title_department': [M.required],
        '0.phone': [M.required],
      });
    },
  );

  it('requires both pay days for semi-monthly pay', () => {
    expect(errorsOf(s.income, { gross: '800', frequency: 'semi-monthly', source: 'retirement' })).toEqual({
      first_pay_day: [M.required],
      second_pay_day: [M.required],
    });
    expect(
      errorsOf(s.income, {
        gross: '800',
        frequency: 'semi-monthly',
        source: 'retirement',
        first_pay_day: 1,
        second_pay_day: '15',
      }),
    ).toEqual({});
  });
});

describe('banking', () => {
  it('checks the routing number, the account and its confirmation', () => {
    expect(errorsOf(s.banking, {})).toEqual({
      routing_number: ['Routing number is required'],
      checking_account: ['Checking account number is required'],
      checking_account_confirmation: [M.required],
    });
    expect(
      errorsOf(s.banking, { ...f.banking, routing_number: '021000022', checking_account_confirmation: '123456780' }),
    ).toEqual({
      routing_number: ['Invalid routing number'],
      checking_account_confirmation: ["Checking account numbers don't match"],
    });
    expect(
      errorsOf(s.banking, {
        ...f.banking,
        bank_link_used: true,
        bank_link_profile_id: 'p-1',
        bank_link_account_id: 'a-1',
      }),
    ).toEqual({});
  });
});

describe('home ownership', () => {
  it('requires the landowner for a home on leased land', () => {
    expect(errorsOf(s.homeOwnership, { home_type: 'manufactured-leased-land' })).toEqual({
      name_of_landowner: [M.required],
      phone_of_landowner: [M.required],
    });
  });
  it('requires the deed name and owner address when owned with a loan', () => {
    expect(
      errorsOf(s.homeOwnership, {
        home_type: 'condo',
        ownership_type: 'own-with-loan',
        owner_address: { line_2: 'Apt 1' },
      }),
    ).toEqual({
      name_on_property_deed: [M.required],
      'owner_address.line_1': [M.required],
      'owner_address.code': [M.required],
      'owner_address.city': [M.required],
      'owner_address.state': [M.required],
    });
  });
  it('requires the ownership type off leased land', () => {
    expect(errorsOf(s.homeOwnership, { home_type: 'condo' })).toEqual({ ownership_type: [M.required] });
  });
});

describe('co-applicant and the complete application', () => {
  it('requires the co-applicant to live at the same address', () => {
    expect(errorsOf(s.coApplicant, { ...f.coApplicant, same_location: false })).toEqual({
      same_location: ['co-applicant must live at the same address'],
    });
  });

  it('validates a complete application, including the distinct e-mail rule and product selection', () => {
    const complete = { ...f.completeDraft, terms_accepted: true };
    expect(validateCompleteApplication(complete, rules)).toMatchObject({ success: true });
    const sameEmail = { ...complete, co_applicant: { ...complete.co_applicant, email: 'ann@example.com' } };
    expect(validateCompleteApplication(sameEmail, rules)).toEqual({
      success: false,
      errors: { 'co_applicant.email': ['Please do not enter the same email address for different contacts'] },
    });
    // Submitting (and deciding) refuses a co-applicant who is the applicant: the same SSN, however it is written.
    const samePerson = {
      ...complete,
      co_applicant: { ...complete.co_applicant, social_security_number: '123456789' },
    };
    expect(validateCompleteApplication(samePerson, rules)).toEqual({
      success: false,
      errors: {
        'co_applicant.social_security_number': [
          'The co-applicant must be another person: their social security number is the same as the applicant\u2019s.',
        ],
      },
    });
    expect(validateCompleteApplication(complete, { ...rules, productSelectionRequired: true })).toEqual({
      success: false,
      errors: { product_selection_override: ['Please select a product before continuing.'] },
    });
    expect(validateCompleteApplication({ ...complete, banking: null }, rules)).toMatchObject({ success: false });
    expect(
      validateCompleteApplication({ ...complete, banking: null }, { ...rules, bankingRequired: false }),
    ).toMatchObject({ success: true });
  });
});

describe('POST /apply-v2/application request', () => {
  const uuid = '7d3c8b5e-3f43-4a59-9a36-0f2d7c1b2a10';

  it('saves one section at a time and validates only that section', () => {
    const result = validateApplicationRequest(
      { uuid, section: 'location', location: f.location, incomes: 'ignored' },
      rules,
    );
    expect(result.success && result.data).toMatchObject({
      sections: ['location'],
      location: { code: '78701' },
      terms_accepted: true,
    });
    expect(result.success && 'incomes' in result.data).toBe(false);
  });

  it('keys field errors by dotted path, nested sections included', () => {
    const result = validateApplicationRequest(
      {
        uuid,
        section: ['co_applicant_incomes'],
        co_applicant: { incomes: [{ gross: 'abc', frequency: 'monthly', source: 'retirement' }] },
      },
      rules,
    );
    expect(result).toEqual({ success: false, errors: { 'co_applicant.incomes.0.gross': ['Invalid income'] } });
  });

  it('needs the applicant to create an application', () => {
    expect(validateApplicationRequest({ location: f.location }, rules)).toEqual({
      success: false,
      errors: { applicant: ['Applicant details are required'] },
    });
    expect(validateApplicationRequest({ section: 'applicant' }, rules)).toEqual({
      success: false,
      errors: { applicant: ['Applicant details are required'] },
    });
  });

  it('requires the product on creation when product selection is enabled', () => {
    const result = validateApplicationRequest(
      { applicant: f.applicant, skipConfirmationCode: true },
      { ...rules, productSelectionRequired: true },
    );
    expect(result).toEqual({
      success: false,
      errors: { product_selection_override: ['Please select a product before continuing.'] },
    });
    const ok = validateApplicationRequest(
      { applicant: f.applicant, product_selection_override: 'hvac-system', skipConfirmationCode: true },
      { ...rules, productSelectionRequired: true },
    );
    expect(ok.success && ok.data).toMatchObject({
      product_selection_override: 'hvac-system',
      skipConfirmationCode: true,
    });
  });

  it('accepts skipping banking only when banking is optional', () => {
    expect(
      validateApplicationRequest({ uuid, section: 'banking', banking: null }, { ...rules, bankingRequired: false }),
    ).toMatchObject({ success: true });
    expect(validateApplicationRequest({ uuid, section: 'banking', banking: null }, rules)).toMatchObject({
      success: false,
    });
  });

  it('refuses unknown sections and malformed uuids', () => {
    expect(validateApplicationRequest({ uuid: 'nope', section: 'payroll' }, rules)).toMatchObject({
      success: false,
      errors: { uuid: ['The uuid value must be valid.'], section: ['The section value is not in the allowed values.'] },
    });
  });
});

describe('response view', () => {
  it('conceals all but the last 4 characters', () => {
    expect(conceal('123456789')).toBe('*****6789');
    expect(conceal('1234')).toBe('****');
    expect(conceal(null)).toBeNull();
  });

  it('conceals SSN, identification, routing and account numbers and gives money as decimals', () => {
    const parsed = <T>(result: { success: boolean; data?: T }) => {
      if (!result.success || result.data === undefined) throw new Error('fixture is invalid');
      return result.data;
    };
    const view = toApplicationView({
      uuid: 'u',
      applicant: parsed(validateWith(s.applicant, { ...f.applicant, identification: 'D1234567' })),
      incomes: parsed(validateWith(s.incomes, f.incomes)) ?? [],
      banking: parsed(validateWith(s.banking, f.banking)),
    });
    expect(view.applicant).toMatchObject({ social_security_number: '*****6789', identification: '****4567' });
    expect(view.banking).toEqual({
      routing_number: '*****0021',
      bank_name: 'JPMorgan Chase',
      checking_account: '*****6789',
      bank_link_used: false,
    });
    expect(view.incomes[0]!.gross).toBe('3000.00');
    expect(JSON.stringify(view)).not.toContain('123456789');
  });
});

describe('messages catalogue', () => {
  it('has every schema message under application.error.* in English, and every key in Spanish', () => {
    for (const [name, text] of Object.entries(M)) expect(messages.en[`application.error.${name}`]).toBe(text);
    expect(Object.keys(messages.es).sort()).toEqual(Object.keys(messages.en).sort());
    expect(messages.en['application.saving']).toBe('Saving. Wait for a moment...');
    expect(messages.en['application.button.confirmSubmit']).toBe('Confirm & Submit');
    expect(messages.en['application.confirm.removeCoApplicant']).toBe(
      'Are you sure you want to remove the Co-Applicant?',
    );
  });
});
