import { describe, expect, it } from 'vitest';
import { catalogue, translate } from '../../machines/i18n/catalogue.ts';

describe('the message catalogue', () => {
  it('has every English key in Spanish and no Spanish key without English', () => {
    const en = Object.keys(catalogue.en).sort();
    const es = Object.keys(catalogue.es).sort();
    expect(es.filter((k) => !en.includes(k))).toEqual([]);
    expect(en.filter((k) => !es.includes(k))).toEqual([]);
  });

  it('keeps the same placeholders in both languages', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(catalogue.en)) {
      expect(placeholders(catalogue.es[key] ?? ''), key).toEqual(placeholders(catalogue.en[key]!));
    }
  });

  it('passes text that names an Object.prototype member through unchanged', () => {
    for (const key of ['hasOwnProperty', 'constructor', 'toString', '__proto__', 'valueOf']) {
      expect(translate('es', key)).toBe(key);
    }
    expect(translate('en', 'app.callUs', { toString: 'x' })).toBe('Questions? Call {phone}');
  });

  it('fills placeholders and passes unknown keys through', () => {
    expect(translate('en', 'app.callUs', { phone: '(800) 555-0142' })).toBe('Questions? Call (800) 555-0142');
    expect(translate('es', 'Store not found')).toBe('Store not found');
  });
});
