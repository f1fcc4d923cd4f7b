// The toolkit's pure logic: conditions, validation messages, masks, dates, recurrence RRULEs, the pager.
import { describe, expect, it } from 'vitest';
import {
  formSchemaSchema,
  pagedResponseSchema,
  type FieldSchema,
  type RecurrenceValue,
} from '../../../machines/contracts/form-schema.ts';
import { toolkit } from '../../../machines/i18n/toolkit.ts';
import { catalogue, translate } from '../../../machines/i18n/catalogue.ts';
import { demoWidgetSchema } from '../../../msw/toolkit-handlers.ts';
import { conditionHolds, conditionsHold, isFieldVisible } from '../../../web/toolkit/form/conditions.ts';
import { dateAllowed, shiftRangeEnd } from '../../../web/toolkit/form/dates.ts';
import {
  applyMask,
  conceal,
  formatDateDigits,
  formatMoney,
  formatPhone,
  isAllowedDigitKey,
  maskedDateToIso,
  moneyKeep,
  moneyToCents,
  phoneKeep,
} from '../../../web/toolkit/form/masks.ts';
import {
  occurrences,
  presetOf,
  presetValue,
  toRRuleLine,
  withEnd,
  endModeOf,
} from '../../../web/toolkit/form/recurrence.ts';
import { parseRules, validateField } from '../../../web/toolkit/form/rules.ts';
import { entriesRange, pageWindow, toggleSort } from '../../../web/toolkit/list/pager.ts';

const t = (key: string, params?: Record<string, string | number>) => translate('en', key, params ?? {});
const check = (field: FieldSchema, value: unknown, values: Record<string, unknown> = {}) =>
  validateField(field, value, (ref) => values[ref], t);

describe('the schema contract', () => {
  it('accepts the demo schema and a paged response', () => {
    expect(formSchemaSchema.safeParse(demoWidgetSchema).success).toBe(true);
    const page = {
      data: [{ id: 1 }],
      meta: { current_page: 1, last_page: 1, per_page: 25, from: 1, to: 1, total: 1, filters: [] },
    };
    expect(pagedResponseSchema.safeParse(page).success).toBe(true);
  });

  it('rejects an unknown field type and a bad condition operator', () => {
    expect(formSchemaSchema.safeParse({ action: '/x', children: [{ type: 'wysiwyg' }] }).success).toBe(false);
    expect(
      formSchemaSchema.safeParse({
        action: '/x',
        children: [{ type: 'text', conditions: [{ ref: 'a', operator: '~', values: [] }] }],
      }).success,
    ).toBe(false);
  });

  it('has every toolkit text in English and Spanish, registered in the catalogue', () => {
    expect(Object.keys(toolkit.es).sort()).toEqual(Object.keys(toolkit.en).sort());
    expect(catalogue.en['toolkit.list.noResults']).toBe('No results found');
    expect(catalogue.es['toolkit.list.noResults']).toBe('No se encontraron resultados');
  });
});

describe('conditions', () => {
  it.each([
    ['in', 'b', ['a', 'b'], true],
    ['in', 'c', ['a', 'b'], false],
    ['in', ['x', 'b'], ['a', 'b'], true],
    ['!in', 'c', ['a', 'b'], true],
    ['!in', 'a', ['a', 'b'], false],
    ['==', 'yes', ['yes'], true],
    ['==', 1, ['1'], true],
    ['==', 'no', ['yes'], false],
    ['!=', 'no', ['yes'], true],
    ['!=', 'yes', ['yes'], false],
    ['>=', 5, [5], true],
    ['>=', 4, [5], false],
    ['<=', 5, [5], true],
    ['<=', 6, [5], false],
    ['>', 10, [9], true],
    ['>', 9, [9], false],
    ['<', '2', ['10'], true],
    ['<', 10, [2], false],
    ['>', '2025-02-01', ['2025-01-31'], true],
    ['>', '', [0], false],
  ] as const)('%s: %j against %j is %s', (operator, value, values, expected) => {
    expect(conditionHolds(operator, value, [...values])).toBe(expected);
  });

  it('shows a field only when all of its conditions hold', () => {
    const values: Record<string, unknown> = { home_type: 'manufactured_leased', own: 'rent' };
    const field: FieldSchema = {
      type: 'text',
      name: 'land_owner',
      conditions: [
        { ref: 'home_type', operator: '==', values: ['manufactured_leased'] },
        { ref: 'own', operator: 'in', values: ['rent', 'own_no_loan'] },
      ],
    };
    expect(isFieldVisible(field, (ref) => values[ref])).toBe(true);
    values.own = 'own_with_loan';
    expect(isFieldVisible(field, (ref) => values[ref])).toBe(false);
    expect(conditionsHold([], () => undefined)).toBe(true);
    expect(isFieldVisible({ type: 'text', visible: false }, () => undefined)).toBe(false);
  });
});

describe('validation rules and their messages', () => {
  it('requires a value', () => {
    expect(check({ type: 'text', label: 'Name', required: true }, '')).toBe('This field is required!');
    expect(check({ type: 'text', label: 'Name', rules: 'required' }, '  ')).toBe('This field is required!');
    expect(check({ type: 'checkbox', label: 'Agree', required: true }, false)).toBe('This field is required!');
    expect(check({ type: 'text', label: 'Name', required: true }, 'Ann')).toBeUndefined();
  });

  it('checks numbers (digits, dots and minus only)', () => {
    expect(check({ type: 'text', label: 'Amount', rules: 'number' }, '12a')).toBe(
      'The Amount value must be a valid number.',
    );
    expect(check({ type: 'text', label: 'Amount', rules: 'numeric' }, '-12.50')).toBeUndefined();
    expect(check({ type: 'number', label: 'Amount' }, '1,000')).toBe('The Amount value must be a valid number.');
  });

  it('checks phone numbers: exactly 10 digits, optionally single-space separated', () => {
    const field: FieldSchema = { type: 'text', label: 'Cell Phone', rules: 'phone' };
    expect(check(field, '5551234567')).toBeUndefined();
    expect(check(field, '555 123 4567')).toBeUndefined();
    expect(check(field, '555  1234567')).toBe('The Cell Phone value must be a phone number.');
    expect(check(field, '555123456')).toBe('The Cell Phone value must be a phone number.');
    expect(check({ type: 'tel', label: 'Home Phone' }, '55512345678')).toBe(
      'The Home Phone value must be a phone number.',
    ); // What the phone mask displays is a phone number too (the demo stores hold '(404) 555-0140'), and so is + E.164.
    expect(check({ type: 'tel', label: 'Phone' }, '(404) 555-0140')).toBeUndefined();
    expect(check({ type: 'tel', label: 'Phone' }, '+442079460958')).toBeUndefined();
    expect(check({ type: 'tel', label: 'Phone' }, '(404) 555-014')).toBe('The Phone value must be a phone number.');
  });

  it('checks alpha numeric values', () => {
    const field: FieldSchema = { type: 'text', label: 'Slug', rules: 'alpha_num' };
    expect(check(field, 'main_street_2')).toBeUndefined();
    expect(check(field, 'main-street')).toBe(
      'The Slug value must only contain alpha numeric characters, numbers or _.',
    );
  });

  it('checks URLs (valid host, optional http(s))', () => {
    const field: FieldSchema = { type: 'text', label: 'Website', rules: 'url' };
    expect(check(field, 'https://shop.example.com/path?x=1')).toBeUndefined();
    expect(check(field, 'example.com')).toBeUndefined();
    expect(check(field, 'ftp://example.com')).toBe(
      'The Website value must be a valid URL and start with http:// or https://',
    );
    expect(check({ type: 'url', label: 'Link' }, 'not a url')).toBe(
      'The Link value must be a valid URL and start with http:// or https://',
    );
  });

  it('checks a regex (pattern or /pattern/flags)', () => {
    expect(check({ type: 'text', label: 'Block', rules: ['regex:^[A-Z_]+_BLOCK$'] }, 'HEADER_BLOCK')).toBeUndefined();
    expect(check({ type: 'text', label: 'Block', rules: { regex: '/_block$/i' } }, 'footer')).toBe(
      'The Block value must be valid.',
    );
  });

  it('checks dates', () => {
    expect(check({ type: 'text', label: 'Delivery Date', rules: 'date' }, '2025-02-30')).toBe(
      'The Delivery Date value must be a valid date.',
    );
    expect(check({ type: 'text', label: 'Delivery Date', rules: 'valid_date' }, '2025-02-28')).toBeUndefined();
    expect(check({ type: 'date', label: 'Start' }, '02/3')).toBe('The Start value must be a valid date.');
  });

  it('checks allowed values', () => {
    expect(check({ type: 'text', label: 'Option', rules: 'in:A,B,C,D' }, 'E')).toBe(
      'The Option value is not in the allowed values.',
    );
    expect(check({ type: 'text', label: 'Option', rules: 'in:A,B,C,D' }, 'B')).toBeUndefined();
  });

  it('checks that e-mail addresses match', () => {
    const field: FieldSchema = { type: 'email', label: 'Confirm E-mail', rules: 'matches:email' };
    expect(check(field, 'a@example.com', { email: 'b@example.com' })).toBe("E-mail addresses don't match");
    expect(check(field, 'a@example.com', { email: 'a@example.com' })).toBeUndefined();
  });

  it('checks the file size (9MB)', () => {
    const big = new File([new Uint8Array(9 * 1024 * 1024)], 'big.pdf');
    expect(check({ type: 'file', label: 'Contract', rules: 'max_size:9' }, [big])).toBe(
      'File size should be less than 9MB',
    );
    expect(check({ type: 'file', label: 'Contract', rules: 'max_size:9' }, [new File(['x'], 'a.pdf')])).toBeUndefined();
  });

  it('lets the rules whose checks run on the server pass', () => {
    expect(
      check({ type: 'text', label: 'User', rules: 'unique|exists|username|nullable|file_exists' }, 'anything'),
    ).toBeUndefined();
  });

  it('parses rule strings, arrays and objects', () => {
    expect(parseRules('required|in:a,b')).toEqual([{ name: 'required' }, { name: 'in', arg: 'a,b' }]);
    expect(parseRules({ required: true, min_value: 3, url: false })).toEqual([
      { name: 'required' },
      { name: 'min_value', arg: '3' },
    ]);
  });

  it('gives the messages in Spanish', () => {
    const es = (key: string, params?: Record<string, string | number>) => translate('es', key, params ?? {});
    expect(validateField({ type: 'text', label: 'Monto', rules: 'number' }, 'x', () => undefined, es)).toBe(
      'El valor de Monto debe ser un número válido.',
    );
  });
});

describe('masks', () => {
  it('keeps only digits and + in phone numbers and shows (###) ###-####', () => {
    expect(phoneKeep('(555) abc-123 4567 99')).toBe('5551234567');
    expect(phoneKeep('+52 55 1234 5678')).toBe('+525512345678');
    expect(formatPhone('5551234567')).toBe('(555) 123-4567');
    expect(formatPhone('55512')).toBe('(555) 12');
  });

  it('keeps digits and one decimal point in money and shows $0,0.00', () => {
    expect(moneyKeep('$1,234.567.8')).toBe('1234.56');
    expect(moneyKeep('12abc')).toBe('12');
    expect(moneyToCents('1234.5')).toBe(123450);
    expect(formatMoney(123450)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
  });

  it('lets only digit keystrokes into dates', () => {
    expect(isAllowedDigitKey('7', false)).toBe(true);
    expect(isAllowedDigitKey('a', false)).toBe(false);
    expect(isAllowedDigitKey('/', false)).toBe(false);
    expect(isAllowedDigitKey('Backspace', false)).toBe(true);
    expect(formatDateDigits('12252025')).toBe('12/25/2025');
    expect(maskedDateToIso('12/25/2025')).toBe('2025-12-25');
    expect(maskedDateToIso('02/30/2025')).toBeUndefined();
  });

  it('conceals all but the last 4 characters', () => {
    expect(conceal('123456789')).toBe('•••••6789');
    expect(conceal('123')).toBe('123');
  });

  it('applies a server mask', () => {
    expect(applyMask('###-##-####', '123456789')).toBe('123-45-6789');
  });
});

describe('dates', () => {
  it('keeps the gap in minutes when the start of a range moves', () => {
    expect(shiftRangeEnd('2025-03-01T09:00', '2025-03-01T11:30', '2025-03-02T10:00')).toBe('2025-03-02T12:30');
  });

  it('uses start + 1 hour when there is no end', () => {
    expect(shiftRangeEnd('2025-03-01T09:00', null, '2025-03-01T10:15')).toBe('2025-03-01T11:15');
  });

  it('uses start + 1 hour when the gap is not positive', () => {
    expect(shiftRangeEnd('2025-03-01T09:00', '2025-03-01T09:00', '2025-03-01T23:30')).toBe('2025-03-02T00:30');
    expect(shiftRangeEnd('2025-03-01T09:00', '2025-03-01T08:00', '2025-03-01T10:00')).toBe('2025-03-01T11:00');
  });

  it('limits calendars by min, max, weekdays and a list of valid dates', () => {
    expect(dateAllowed('2025-03-03', { minDate: '2025-03-04' })).toBe(false);
    expect(dateAllowed('2025-03-05', { maxDate: '2025-03-04' })).toBe(false);
    expect(dateAllowed('2025-03-08', { weekdays: [1, 2, 3, 4, 5] })).toBe(false); // a Saturday
    expect(dateAllowed('2025-03-10', { weekdays: [1, 2, 3, 4, 5] })).toBe(true); // a Monday
    expect(dateAllowed('2025-03-11', { dates: ['2025-03-10', '2025-03-12'] })).toBe(false);
    expect(dateAllowed('2025-03-12', { dates: ['2025-03-10', '2025-03-12'] })).toBe(true);
  });
});

describe('recurrence', () => {
  const start = '2025-01-14'; // the second Tuesday of January 2025
  it.each([
    ['daily', 'FREQ=DAILY'],
    ['weekly', 'FREQ=WEEKLY;BYDAY=TU'],
    ['monthly-day', 'FREQ=MONTHLY;BYMONTHDAY=14'],
    ['monthly-position', 'FREQ=MONTHLY;BYSETPOS=2;BYDAY=TU'],
    ['yearly', 'FREQ=YEARLY'],
    ['weekdays', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'],
  ] as const)('the %s preset gives %s', (preset, expected) => {
    const value = presetValue(preset, start);
    expect(toRRuleLine(value).split(';').sort()).toEqual(`${expected};INTERVAL=1`.split(';').sort());
    expect(presetOf(value)).toBe(preset);
  });

  it('uses the last weekday for a fifth occurrence', () => {
    expect(toRRuleLine(presetValue('monthly-position', '2025-01-31'))).toContain('BYSETPOS=-1');
  });

  it('keeps custom values (every 2 weeks on Monday and Thursday)', () => {
    const value: RecurrenceValue = { ...presetValue('custom', start), freq: 2, interval: 2, byweekday: [0, 3] };
    expect(toRRuleLine(value)).toBe('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH');
    expect(presetOf(value)).toBe('custom');
  });

  it('ends never (limited to one year), on a date, or after a count', () => {
    const weekly = presetValue('weekly', start);
    const never = withEnd(weekly, 'never');
    expect(endModeOf(never)).toBe('never');
    expect(toRRuleLine(never)).not.toMatch(/UNTIL|COUNT/);
    expect(occurrences(never, 100)).toHaveLength(53);
    expect(occurrences(never, 100).at(-1)).toBe('2026-01-13');

    const on = withEnd(weekly, 'on', { until: '2025-02-04' });
    expect(endModeOf(on)).toBe('on');
    expect(toRRuleLine(on)).toContain('UNTIL=20250204T235900Z');
    expect(occurrences(on, 10)).toEqual(['2025-01-14', '2025-01-21', '2025-01-28', '2025-02-04']);

    const after = withEnd(weekly, 'after', { count: 3 });
    expect(endModeOf(after)).toBe('after');
    expect(toRRuleLine(after)).toContain('COUNT=3');
    expect(occurrences(after, 10)).toEqual(['2025-01-14', '2025-01-21', '2025-01-28']);
  });
});

describe('the pager', () => {
  it('shows all pages when there are 9 or fewer', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(9, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('centres at most 9 numbers on the current page', () => {
    expect(pageWindow(10, 20)).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(pageWindow(6, 20)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('keeps the window inside the edges', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageWindow(3, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageWindow(20, 20)).toEqual([12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(pageWindow(18, 20)).toEqual([12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(pageWindow(0, 0)).toEqual([]);
  });

  it("gives X, Y and Z of 'Showing X to Y of Z entries'", () => {
    expect(entriesRange({ current_page: 3, per_page: 25, total: 60 }, 10)).toEqual({ from: 51, to: 60, total: 60 });
    expect(entriesRange({ current_page: 1, per_page: 25, total: 60, from: 1, to: 25 })).toEqual({
      from: 1,
      to: 25,
      total: 60,
    });
    expect(t('toolkit.list.showing', entriesRange({ current_page: 2, per_page: 25, total: 60 }))).toBe(
      'Showing 26 to 50 of 60 entries',
    );
  });

  it('toggles the sort of a column', () => {
    const first = toggleSort({ sortDesc: false }, 'name');
    expect(first).toEqual({ sortBy: 'name', sortDesc: false });
    const second = toggleSort(first, 'name');
    expect(second).toEqual({ sortBy: 'name', sortDesc: true });
    expect(toggleSort(second, 'name')).toEqual({ sortBy: 'name', sortDesc: false });
    expect(toggleSort(second, 'price')).toEqual({ sortBy: 'price', sortDesc: false });
  });
});
