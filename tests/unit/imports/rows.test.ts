import { describe, expect, it } from 'vitest';
import {
  IMPORT_COLUMNS,
  IMPORT_TABLES,
  mapHeaders,
  normalizeHeader,
  parseCell,
  validateRows,
} from '../../../machines/contracts/imports.ts';
import { catalogue } from '../../../machines/i18n/catalogue.ts';

describe('header mapping', () => {
  it('matches headers case-, space- and separator-insensitively, by key, header or alias', () => {
    expect(normalizeHeader(' Unit price (cents) ')).toBe('unit_price');
    const map = mapHeaders('stores', ['RETAILER SLUG', 'slug', 'Name', 'label']);
    expect(map.errors).toEqual([]);
    expect([...map.byIndex.entries()].map(([i, c]) => [i, c.key])).toEqual([
      [0, 'retailer'],
      [1, 'slug'],
      [2, 'name'],
      [3, 'label'],
    ]);
  });

  it('reports unknown, repeated and missing required columns on row 1', () => {
    const map = mapHeaders('picklist-items', ['Identifier', 'identifier', 'Colour', null]);
    expect(map.errors).toEqual([
      { row: 1, column: 'Identifier', message: 'imports.error.repeatedColumn', params: { column: 'Identifier' } },
      { row: 1, column: 'Colour', message: 'imports.error.unknownColumn', params: { column: 'Colour' } },
      { row: 1, column: 'Label', message: 'imports.error.missingColumn', params: { column: 'Label' } },
    ]);
  });
});

describe('cells', () => {
  const col = (table: (typeof IMPORT_TABLES)[number], key: string) => IMPORT_COLUMNS[table].find((c) => c.key === key)!;
  it('parses booleans in English and Spanish, integers, enums case-insensitively', () => {
    expect(parseCell(col('retailers', 'active'), 'Sí')).toEqual({ value: true });
    expect(parseCell(col('retailers', 'active'), 'no')).toEqual({ value: false });
    expect(parseCell(col('retailers', 'active'), 'maybe')).toEqual({ error: 'imports.error.boolean' });
    expect(parseCell(col('stores', 'rating'), '17')).toEqual({ value: 17 });
    expect(parseCell(col('stores', 'rating'), 17.5)).toEqual({ error: 'imports.error.integer' });
    expect(parseCell(col('stores', 'rating'), 101)).toEqual({
      error: 'imports.error.range',
      params: { min: 0, max: 100 },
    });
    expect(parseCell(col('stores', 'identifier'), 'hvac')).toEqual({ value: 'HVAC' });
    expect(parseCell(col('retailers', 'slug'), 'Not A Slug')).toEqual({ error: 'imports.error.slug' });
    expect(parseCell(col('retailers', 'name'), '  ')).toEqual({ error: 'imports.error.required' });
    expect(parseCell(col('retailers', 'name'), 'x'.repeat(256))).toEqual({
      error: 'imports.error.tooLong',
      params: { max: 255 },
    });
  });
});

describe('row validation', () => {
  it('keeps the good rows, names each bad one by sheet row and column, skips blank rows', () => {
    const headers = mapHeaders('picklist-items', ['Identifier', 'Label', 'Order']);
    const result = validateRows('picklist-items', headers, [
      ['a', 'A', 1],
      [null, '', null],
      ['b c', 'B', 2],
      ['c', 'a', 3],
      ['A', 'Other', 4],
    ]);
    expect(result.rows).toEqual([{ identifier: 'a', label: 'A', order: 1, active: null }]);
    expect(result.rowNumbers).toEqual([2]);
    expect(result.errors).toEqual([
      { row: 4, column: 'Identifier', message: 'imports.error.identifier' },
      { row: 5, column: 'Label', message: 'imports.error.duplicate', params: { row: 2 } },
      { row: 6, column: 'Identifier', message: 'imports.error.duplicate', params: { row: 2 } },
    ]);
  });

  it('checks a decile range and refuses an empty matrix', () => {
    const headers = mapHeaders('score-decile-matrix', ['Decile', 'Min score', 'Max score']);
    expect(validateRows('score-decile-matrix', headers, [[1, 700, 600]]).errors).toEqual([
      { row: 2, column: 'Min score', message: 'imports.error.minAboveMax' },
    ]);
    expect(validateRows('score-decile-matrix', headers, []).errors).toEqual([
      { row: null, column: null, message: 'imports.error.empty' },
    ]);
  });

  it('has every message key in English and Spanish', () => {
    for (const key of [
      'imports.error.identifier',
      'imports.error.duplicate',
      'imports.error.minAboveMax',
      'imports.fileTooLarge',
    ]) {
      expect(catalogue.en[key]).toBeTruthy();
      expect(catalogue.es[key]).toBeTruthy();
    }
    expect(catalogue.en['imports.fileTooLarge']).toBe('File size should be less than 9MB');
  });
});
