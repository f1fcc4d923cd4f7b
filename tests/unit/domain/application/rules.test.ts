// Routing numbers, ages, home-ownership clearing and the HVAC pre-step.
import { describe, expect, it } from 'vitest';
import { ageOn, isAtLeast18, isValidIsoDate } from '../../../../machines/domain/age.ts';
import { applyHomeOwnershipChange, showOwnerAddress } from '../../../../machines/domain/home-ownership.ts';
import {
  HVAC_ALL_YES_MESSAGE,
  HVAC_HEADLINE,
  HVAC_QUESTIONS,
  evaluateHvacPrestep,
  hvacCanContinue,
} from '../../../../machines/domain/hvac-prestep.ts';
import { isValidRoutingNumber } from '../../../../machines/domain/routing-number.ts';

describe('routing numbers', () => {
  it.each(['021000021', '026009593', '121000248', '011000015', '122105278'])(
    'accepts the real routing number %s',
    (n) => {
      expect(isValidRoutingNumber(n)).toBe(true);
    },
  );
  it.each(['021000022', '121000249', '12100024', '1210002480', '02100002a', '000000000'])('refuses %s', (n) => {
    expect(isValidRoutingNumber(n)).toBe(false);
  });
});

describe('age', () => {
  it('turns 18 on the 18th birthday, not the day before', () => {
    expect(ageOn('2007-06-15', '2025-06-14')).toBe(17);
    expect(isAtLeast18('2007-06-15', '2025-06-14')).toBe(false);
    expect(ageOn('2007-06-15', '2025-06-15')).toBe(18);
    expect(isAtLeast18('2007-06-15', '2025-06-15')).toBe(true);
  });
  it('counts a 29 February birthday from 1 March in common years', () => {
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });
  it("rejects impossible dates with 'Invalid date entered!'", () => {
    for (const d of ['2023-02-29', '2024-13-01', '2024-04-31', '24-01-01', '2024-1-1'])
      expect(isValidIsoDate(d)).toBe(false);
    expect(isValidIsoDate('2024-02-29')).toBe(true);
    expect(() => ageOn('2023-02-29', '2025-01-01')).toThrow('Invalid date entered!');
    expect(isAtLeast18('2023-02-29', '2025-01-01')).toBe(false);
  });
});

describe('home ownership clearing', () => {
  const full = {
    home_type: 'single-family',
    ownership_type: 'own-with-loan',
    name_of_landowner: 'Land Co',
    phone_of_landowner: '5552345678',
    name_on_property_deed: 'Ann Lee',
    is_co_owner: true,
    owner_address: { line_1: '1 Main St', city: 'Austin', state: 'TX', code: '78701' },
    mortgage_holder_name: 'Bank',
    mortgage_holder_payment: '1200',
  };

  it('a home on leased land clears the ownership type and everything that depends on it', () => {
    const { value, cleared } = applyHomeOwnershipChange(full, { ...full, home_type: 'manufactured-leased-land' });
    expect(value.ownership_type).toBeNull();
    expect(value.name_of_landowner).toBe('Land Co');
    expect(cleared).toEqual([
      'ownership_type',
      'name_on_property_deed',
      'is_co_owner',
      'owner_address',
      'mortgage_holder_name',
      'mortgage_holder_payment',
    ]);
  });

  it('a home not on leased land clears the landowner name and phone', () => {
    const { value } = applyHomeOwnershipChange(full, full);
    expect(value.name_of_landowner).toBeNull();
    expect(value.phone_of_landowner).toBeNull();
    expect(value.name_on_property_deed).toBe('Ann Lee');
  });

  it('renting clears the deed name, co-owner flag and owner address', () => {
    const { value } = applyHomeOwnershipChange(full, { ...full, ownership_type: 'rent' });
    expect(value.name_on_property_deed).toBeNull();
    expect(value.is_co_owner).toBe(false);
    expect(value.owner_address).toBeNull();
    expect(value.mortgage_holder_name).toBeNull();
  });

  it('owning without a loan keeps the deed but clears the mortgage holder and payment', () => {
    const { value } = applyHomeOwnershipChange(full, { ...full, ownership_type: 'own-without-loan' });
    expect(value.name_on_property_deed).toBe('Ann Lee');
    expect(value.owner_address).toEqual(full.owner_address);
    expect(value.mortgage_holder_name).toBeNull();
    expect(value.mortgage_holder_payment).toBeNull();
  });

  it('reports the co-owner switch turning on', () => {
    expect(applyHomeOwnershipChange({ ...full, is_co_owner: false }, full).coOwnerTurnedOn).toBe(true);
    expect(applyHomeOwnershipChange(full, full).coOwnerTurnedOn).toBe(false);
  });

  it('shows the owner address only off leased land and when not renting', () => {
    expect(showOwnerAddress({ home_type: 'condo', ownership_type: 'own-with-loan' })).toBe(true);
    expect(showOwnerAddress({ home_type: 'condo', ownership_type: 'rent' })).toBe(false);
    expect(showOwnerAddress({ home_type: 'manufactured-leased-land' })).toBe(false);
  });
});

describe('HVAC pre-step', () => {
  it('keeps Continue disabled until any answer exists and needs YES to all four', () => {
    expect(HVAC_HEADLINE).toBe('Instant Approvals up to $18,000');
    expect(HVAC_QUESTIONS).toHaveLength(4);
    expect(hvacCanContinue({})).toBe(false);
    expect(evaluateHvacPrestep({})).toEqual({ ok: false, message: null });
    expect(evaluateHvacPrestep({ household_income: true })).toEqual({ ok: false, message: HVAC_ALL_YES_MESSAGE });
    expect(HVAC_ALL_YES_MESSAGE).toBe('You need to be able to answer YES to all questions!');
    expect(evaluateHvacPrestep(Object.fromEntries(HVAC_QUESTIONS.map((q) => [q, true])))).toEqual({ ok: true });
  });
});
