import { describe, expect, it } from 'vitest';
import { loadMessageAreas } from '../../../machines/i18n/areas.ts';
import { consentStaffTexts } from '../../../machines/i18n/consents-staff.ts';
import { imports } from '../../../machines/i18n/imports.ts';
import { leases } from '../../../machines/i18n/leases.ts';
import { scoringSettings } from '../../../machines/i18n/scoring-settings.ts';
import { staff } from '../../../machines/i18n/staff.ts';
import { staffLeasesUi } from '../../../machines/i18n/staff-leases-ui.ts';
import { staffRules } from '../../../machines/i18n/staff-rules.ts';
import { toolkit } from '../../../machines/i18n/toolkit.ts';
import { crm } from '../../../machines/i18n/crm.ts';
import { merchant } from '../../../machines/i18n/merchant.ts';
import { network } from '../../../machines/i18n/network.ts';
import type { MessageArea } from '../../../machines/i18n/types.ts';
import { CONTRACT_TEXT } from '../../../functions/services/contract-text.ts';

// The agreement is a lease (rental-purchase), not credit: no text a shopper can see may call it a loan, speak of
// interest or credit, or promise 'same as cash' (regulators have acted against such claims).
//
// Which texts are shopper-facing: every catalogue area (machines/i18n/areas.ts, so a new area is scanned without
// touching this test) except the staff-only areas listed below, and except any key under `staff.`; plus the words of
// the agreement itself (functions/services/contract-text.ts). Staff and developer texts are out of scope.
//
// Legitimate uses that are not about the agreement are removed before the scan, each for a stated reason:
//  - a card as a payment method: 'credit card(s)', 'Credit/Debit cards', 'tarjeta(s) de crédito';
//  - the FCRA vocabulary the adverse-action notice and the denial reasons must use about the consumer reporting
//    agency: 'credit score', 'credit report', 'credit file', 'Fair Credit Reporting Act' and their Spanish forms;
//  - the agreement's statutory statement that it is NOT credit ('not a credit sale ... no credit is extended',
//    'no una venta a crédito ... no se otorga crédito'): a negation the state acts ask for;
//  - the HVAC home-ownership answers 'Own with/without Loan' (the shopper's mortgage on the home, not our agreement),
//    allowed by key.

// Not shown to shoppers: the staff portal and its toolkit (seed 001), lease operations, scoring settings, imports, the
// rules editors, the consent record's staff labels, and the merchant-network / CRM areas (staff and retailer portals).
// The shopper SPA bundles common, shell, flows, decision, calculator, application, checkout and the disclosure and
// consent texts, and loads the rest of the catalogue by language; the adverse-action notice is a shopper page. An area
// not listed here is scanned (a new area is treated as shopper-facing until someone says otherwise).
const STAFF_ONLY: MessageArea[] = [
  staff,
  toolkit,
  leases,
  staffLeasesUi,
  scoringSettings,
  imports,
  staffRules,
  consentStaffTexts,
  crm,
  merchant,
  network,
];
const staffKeys = new Set(STAFF_ONLY.flatMap((a) => [...Object.keys(a.en), ...Object.keys(a.es)]));
const isShopperKey = (key: string) => !key.startsWith('staff.') && !staffKeys.has(key);

const LEGITIMATE: RegExp[] = [
  /\bcredit\s*\/\s*debit cards?\b/gi,
  /\bcredit cards?\b/gi,
  /\btarjetas? de cr[ée]dito\b/gi,
  /\bcredit (score|report|file)s?\b/gi,
  /\bFair Credit Reporting Act\b/gi,
  /\b(puntaje|informe|informes|expediente) de cr[ée]dito\b/gi,
  /\bLey de Informes de Cr[ée]dito Justos\b/gi,
  /\bnot a credit sale\b/gi,
  /\bno credit is extended\b/gi,
  /\bno una venta a cr[ée]dito\b/gi,
  /\bno se otorga cr[ée]dito\b/gi,
];
const LEGITIMATE_KEYS = new Set(['application.ownership.own-with-loan', 'application.ownership.own-without-loan']);

const FORBIDDEN: [string, RegExp][] = [
  ['same as cash', /\bsame[\s-]+as[\s-]+cash\b|\bmismo que (al )?contado\b|\bigual que (al )?contado\b/i],
  ['interest', /\binterest\b|\binter[ée]s(es)?\b/i],
  ['loan', /\bloans?\b|\bpr[ée]stamos?\b/i],
  ['credit', /\bcredit\b|\bcr[ée]dito\b/i],
];

/** The phrases a text uses that it must not (after removing the legitimate uses above). */
export function forbiddenPhrases(key: string, text: string): string[] {
  if (LEGITIMATE_KEYS.has(key)) return [];
  const cleaned = LEGITIMATE.reduce((t, re) => t.replace(re, ' '), text);
  return FORBIDDEN.filter(([, re]) => re.test(cleaned)).map(([name]) => name);
}

function shopperTexts(): { where: string; key: string; text: string }[] {
  const out: { where: string; key: string; text: string }[] = [];
  for (const area of loadMessageAreas()) {
    for (const lang of ['en', 'es'] as const) {
      for (const [key, text] of Object.entries(area[lang]))
        if (isShopperKey(key)) out.push({ where: `catalogue ${lang}`, key, text });
    }
  }
  for (const lang of ['en', 'es'] as const) {
    const walk = (value: unknown, key: string): void => {
      if (typeof value === 'string') out.push({ where: `contract ${lang}`, key, text: value });
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, `${key}.${k}`);
    };
    walk(CONTRACT_TEXT[lang], 'contract');
  }
  return out;
}

describe('shopper-facing wording of the lease', () => {
  it('scans a real set: the disclosure, consent, calculator, checkout and contract texts are in it, staff texts are not', () => {
    const keys = new Set(shopperTexts().map((t) => t.key));
    for (const key of [
      'disclosure.totalOfPayments',
      'disclosure.epo.within',
      'consent.esign.text',
      'consent.pin.sms',
      'calculator.title',
      'lease.epo',
      'contract.earlyPurchaseText',
      'payment.refuses.credit',
      'aa.score.heading',
      'pin.message.sms',
    ]) {
      expect(keys.has(key), key).toBe(true);
    }
    expect(keys.has('staff.consents.title')).toBe(false);
    expect([...keys].some((k) => k.startsWith('staff.'))).toBe(false);
  });

  it("no shopper-facing text in en or es says 'same as cash', 'interest', 'loan' or 'credit' about the agreement", () => {
    const offenders = shopperTexts()
      .map((t) => ({ ...t, phrases: forbiddenPhrases(t.key, t.text) }))
      .filter((t) => t.phrases.length > 0)
      .map((t) => `${t.where} ${t.key}: ${t.phrases.join(', ')} in "${t.text}"`);
    expect(offenders).toEqual([]);
  });

  it('catches the phrases it is meant to catch, and lets the legitimate uses through', () => {
    expect(forbiddenPhrases('x', '90 days same as cash!')).toEqual(['same as cash']);
    expect(forbiddenPhrases('x', 'No interest for 90 days')).toEqual(['interest']);
    expect(forbiddenPhrases('x', 'Sin intereses')).toEqual(['interest']);
    expect(forbiddenPhrases('x', 'Your loan is approved')).toEqual(['loan']);
    expect(forbiddenPhrases('x', 'Su préstamo')).toEqual(['loan']);
    expect(forbiddenPhrases('x', 'Buy now on credit')).toEqual(['credit']);
    expect(forbiddenPhrases('x', 'Su línea de crédito')).toEqual(['credit']);
    expect(forbiddenPhrases('x', 'Credit cards are not accepted.')).toEqual([]);
    expect(forbiddenPhrases('x', "Credit/Debit cards can't be used for payment at the moment")).toEqual([]);
    expect(forbiddenPhrases('x', 'Su puntaje de crédito de la agencia de informes de crédito')).toEqual([]);
    expect(forbiddenPhrases('application.ownership.own-with-loan', 'Own with Loan')).toEqual([]);
    expect(forbiddenPhrases('x', 'Own with Loan')).toEqual(['loan']);
    expect(forbiddenPhrases('x', 'This is not a credit sale: no credit is extended.')).toEqual([]);
  });
});
