import * as z from 'zod/mini';
import { BRAND_KEYS } from '../domain/brands.ts';
import { isOneOf } from '../domain/one-of.ts';

// Mass Import (seed 001 "Mass Import"; section 5 "Uploads: mass import xlsx only (overwrites all existing table
// records) ... size under 9MB"). Pure: the tables, their columns, header mapping and row validation are shared by the
// server (which decides) and the staff portal (which shows the columns and offers the template).
//
// POST /staff/api/imports/{table}            multipart, field `file` (+ `picklist` for pick list items): a preview
// POST /staff/api/imports/{id}/commit        writes a previewed import (the previous content becomes a version)
// GET  /staff/api/imports/versions           the kept versions, newest first
// POST /staff/api/imports/versions/{id}/restore
// GET  /staff/api/imports/{table}/template   an xlsx with the header row

/** 9 MB: a file of this size or larger is refused with 'File size should be less than 9MB'. */
export const IMPORT_MAX_FILE_BYTES = 9 * 1024 * 1024;
/** Rows of one file (a 9 MB sheet holds far fewer rows of these narrow tables). */
export const IMPORT_MAX_ROWS = 20_000;
/** A preview can be committed for this long. */
export const IMPORT_PENDING_SECONDS = 60 * 60;
/** At most this many row errors are returned (the count is complete). */
export const IMPORT_MAX_ERRORS = 500;

export const IMPORT_TABLES = ['stores', 'retailers', 'picklist-items', 'pos-items', 'score-decile-matrix'] as const;
export type ImportTable = (typeof IMPORT_TABLES)[number];
export const isImportTable = isOneOf<ImportTable>(IMPORT_TABLES);

/** Tables the product has no records for yet: the import refuses them with a 422 (docs/decisions.md). */
export const UNAVAILABLE_IMPORT_TABLES: readonly ImportTable[] = ['pos-items'];

export type ColumnKind = 'text' | 'int' | 'bool' | 'enum';

export interface ImportColumn {
  key: string;
  /** The header written in the template (English; headers are matched case- and separator-insensitively). */
  header: string;
  kind: ColumnKind;
  required: boolean;
  max?: number;
  min?: number;
  pattern?: RegExp;
  values?: readonly string[];
  /** Other accepted header spellings. */
  aliases?: readonly string[];
}

const text = (
  key: string,
  header: string,
  required: boolean,
  max: number,
  extra: Partial<ImportColumn> = {},
): ImportColumn => ({ key, header, kind: 'text', required, max, ...extra });
const int = (key: string, header: string, required: boolean, min: number, max: number): ImportColumn => ({
  key,
  header,
  kind: 'int',
  required,
  min,
  max,
});
const bool = (key: string, header: string): ImportColumn => ({ key, header, kind: 'bool', required: false });

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

export const IMPORT_COLUMNS: Record<ImportTable, readonly ImportColumn[]> = {
  retailers: [
    text('slug', 'Slug', true, 64, { pattern: SLUG }),
    text('name', 'Name', true, 255),
    bool('active', 'Active'),
    { key: 'brand', header: 'Brand', kind: 'enum', required: false, values: BRAND_KEYS },
  ],
  stores: [
    text('retailer', 'Retailer', true, 64, { pattern: SLUG, aliases: ['retailer_slug'] }),
    text('slug', 'Slug', true, 64, { pattern: SLUG }),
    text('name', 'Name', true, 255),
    text('label', 'Label', false, 255),
    bool('active', 'Active'),
    {
      key: 'identifier',
      header: 'Identifier',
      kind: 'enum',
      required: false,
      values: ['MERCHANDISE', 'HVAC', 'HOME_IMPROVEMENT'],
    },
    int('rating', 'Rating', false, 0, 100),
    text('phone', 'Phone', false, 32),
  ],
  'picklist-items': [
    text('identifier', 'Identifier', true, 64, { pattern: /^[A-Za-z0-9_.-]{1,64}$/ }),
    text('label', 'Label', true, 255),
    int('order', 'Order', false, 0, 100_000),
    bool('active', 'Active'),
  ],
  'pos-items': [
    text('sku', 'SKU', true, 64),
    text('stock_number', 'Stock number', true, 64),
    int('quantity', 'Quantity in stock', true, 0, 1_000_000),
    int('reorder_level', 'Reorder level', false, 0, 1_000_000),
    int('unit_price_cents', 'Unit price (cents)', true, 0, 100_000_000),
  ],
  'score-decile-matrix': [
    int('decile', 'Decile', true, 1, 10),
    int('min_score', 'Min score', true, 0, 1000),
    int('max_score', 'Max score', true, 0, 1000),
  ],
};

/** The fields that make a row unique in a file (compared case-insensitively). */
export const IMPORT_KEYS: Record<ImportTable, readonly string[]> = {
  retailers: ['slug'],
  stores: ['retailer', 'slug'],
  'picklist-items': ['identifier'],
  'pos-items': ['sku'],
  'score-decile-matrix': ['decile'],
};

/** Also unique within a file (pick list labels: seed 001 "unique label within its list"). */
export const IMPORT_UNIQUE_EXTRA: Partial<Record<ImportTable, readonly string[]>> = { 'picklist-items': ['label'] };

export type Cell = string | number | boolean | null;
export type ImportRow = Record<string, string | number | boolean | null>;

/** A problem of the file: `row` is the sheet's row number (1 = the header row; null = the whole file). */
export interface ImportError {
  row: number | null;
  column: string | null;
  /** Catalogue key (the server translates before answering). */
  message: string;
  params?: Record<string, string | number>;
}

export const normalizeHeader = (value: unknown) =>
  String(value ?? '')
    .trim()
    .toLowerCase()
    .replace(/\(.*?\)/g, '')
    .replace(/[\s\-_.]+/g, '_')
    .replace(/^_+|_+$/g, '');

export interface HeaderMap {
  /** sheet column index (0-based) -> column key */
  byIndex: Map<number, ImportColumn>;
  errors: ImportError[];
}

/** Maps a header row to the table's columns: unknown, repeated and missing required columns are errors. */
export function mapHeaders(table: ImportTable, header: readonly Cell[]): HeaderMap {
  const columns = IMPORT_COLUMNS[table];
  const lookup = new Map<string, ImportColumn>();
  for (const col of columns)
    for (const name of [col.key, col.header, ...(col.aliases ?? [])]) lookup.set(normalizeHeader(name), col);
  const byIndex = new Map<number, ImportColumn>();
  const seen = new Set<string>();
  const errors: ImportError[] = [];
  header.forEach((cell, index) => {
    const name = normalizeHeader(cell);
    if (!name) return;
    const col = lookup.get(name);
    if (!col)
      errors.push({
        row: 1,
        column: String(cell),
        message: 'imports.error.unknownColumn',
        params: { column: String(cell) },
      });
    else if (seen.has(col.key))
      errors.push({
        row: 1,
        column: col.header,
        message: 'imports.error.repeatedColumn',
        params: { column: col.header },
      });
    else {
      seen.add(col.key);
      byIndex.set(index, col);
    }
  });
  for (const col of columns) {
    if (col.required && !seen.has(col.key))
      errors.push({
        row: 1,
        column: col.header,
        message: 'imports.error.missingColumn',
        params: { column: col.header },
      });
  }
  return { byIndex, errors };
}

const TRUE = ['true', 'yes', 'y', '1', 'si', 'sí', 'x'];
const FALSE = ['false', 'no', 'n', '0', ''];
const wellFormed = (s: string) => !/\p{Cs}/u.test(s);

/** Parses one cell for its column: the value, or the catalogue key of the problem. */
export function parseCell(
  col: ImportColumn,
  cell: Cell,
): { value: string | number | boolean | null } | { error: string; params?: Record<string, string | number> } {
  const blank = cell === null || (typeof cell === 'string' && cell.trim() === '');
  if (blank) return col.required ? { error: 'imports.error.required' } : { value: null };
  switch (col.kind) {
    case 'text': {
      const s = String(cell).trim();
      if (!wellFormed(s)) return { error: 'imports.error.text' };
      if (col.max !== undefined && s.length > col.max)
        return { error: 'imports.error.tooLong', params: { max: col.max } };
      if (col.pattern && !col.pattern.test(s))
        return {
          error: col.key === 'slug' || col.key === 'retailer' ? 'imports.error.slug' : 'imports.error.identifier',
        };
      return { value: s };
    }
    case 'int': {
      const n =
        typeof cell === 'number'
          ? cell
          : typeof cell === 'string' && /^-?\d+(\.0+)?$/.test(cell.trim())
            ? Number(cell.trim())
            : NaN;
      if (!Number.isSafeInteger(n)) return { error: 'imports.error.integer' };
      if ((col.min !== undefined && n < col.min) || (col.max !== undefined && n > col.max))
        return { error: 'imports.error.range', params: { min: col.min ?? 0, max: col.max ?? 0 } };
      return { value: n };
    }
    case 'bool': {
      if (typeof cell === 'boolean') return { value: cell };
      const s = String(cell).trim().toLowerCase();
      if (TRUE.includes(s)) return { value: true };
      if (FALSE.includes(s)) return { value: false };
      return { error: 'imports.error.boolean' };
    }
    case 'enum': {
      const s = String(cell).trim();
      const match = col.values?.find((v) => v.toLowerCase() === s.toLowerCase());
      return match
        ? { value: match }
        : { error: 'imports.error.inList', params: { values: (col.values ?? []).join(', ') } };
    }
  }
}

export interface ValidatedSheet {
  rows: ImportRow[];
  /** sheet row number of each entry of `rows` */
  rowNumbers: number[];
  errors: ImportError[];
}

/**
 * Validates the data rows (sheet rows 2..n) of a sheet whose header is already mapped: each cell by its column,
 * blank rows skipped, keys unique within the file, table rules (a decile's min score not above its max).
 */
export function validateRows(
  table: ImportTable,
  headers: HeaderMap,
  rows: readonly (readonly Cell[])[],
  firstRowNumber = 2,
): ValidatedSheet {
  const out: ValidatedSheet = { rows: [], rowNumbers: [], errors: [...headers.errors] };
  const columns = IMPORT_COLUMNS[table];
  const uniques = [IMPORT_KEYS[table], ...(IMPORT_UNIQUE_EXTRA[table] ?? []).map((k) => [k])];
  const seen = uniques.map(() => new Map<string, number>());
  rows.forEach((cells, i) => {
    const rowNumber = firstRowNumber + i;
    if (cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''))) return;
    const row: ImportRow = {};
    let bad = false;
    for (const col of columns) row[col.key] = null;
    for (const [index, col] of headers.byIndex) {
      const parsed = parseCell(col, cells[index] ?? null);
      if ('error' in parsed) {
        out.errors.push({
          row: rowNumber,
          column: col.header,
          message: parsed.error,
          ...(parsed.params ? { params: parsed.params } : {}),
        });
        bad = true;
      } else row[col.key] = parsed.value;
    }
    for (const col of columns) {
      if (col.required && ![...headers.byIndex.values()].includes(col)) bad = true;
    }
    if (!bad && table === 'score-decile-matrix' && (row.min_score as number) > (row.max_score as number)) {
      out.errors.push({ row: rowNumber, column: 'Min score', message: 'imports.error.minAboveMax' });
      bad = true;
    }
    if (!bad) {
      uniques.forEach((keys, u) => {
        const key = keys.map((k) => String(row[k] ?? '').toLowerCase()).join('\u0000');
        const first = seen[u]!.get(key);
        if (first !== undefined) {
          const col = columns.find((c) => c.key === keys[keys.length - 1])!;
          out.errors.push({
            row: rowNumber,
            column: col.header,
            message: 'imports.error.duplicate',
            params: { row: first },
          });
          bad = true;
        } else seen[u]!.set(key, rowNumber);
      });
    }
    if (!bad) {
      out.rows.push(row);
      out.rowNumbers.push(rowNumber);
    }
  });
  if (table === 'score-decile-matrix' && !out.errors.length && out.rows.length === 0)
    out.errors.push({ row: null, column: null, message: 'imports.error.empty' });
  return out;
}

/**
 * What a commit does with the file's rows: `upsert` (the default) adds the new records and updates the ones the file
 * names by key, leaving every other record as it is; `replace` makes the table exactly the file (a separate, explicit
 * choice: the records the file does not have are removed, and the preview lists them).
 */
export const IMPORT_MODES = ['upsert', 'replace'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];
export const isImportMode = (value: unknown): value is ImportMode => IMPORT_MODES.includes(value as ImportMode);
/** How many of the records a replacement removes the preview names (the count is always exact). */
export const IMPORT_MAX_REMOVED_SHOWN = 500;

/** A row's key within its table (IMPORT_KEYS, case-insensitive): the same record in a file and in the table. */
export const importRowKey = (table: ImportTable, row: Readonly<Record<string, unknown>>) =>
  IMPORT_KEYS[table].map((k) => String(row[k] ?? '').toLowerCase()).join('/');

// ---- the API's answers ----
export interface ImportPreview {
  id: string | null;
  table: ImportTable;
  scope: string | null;
  file_name: string;
  /** The valid rows (all of them when there is no error). */
  rows: ImportRow[];
  errors: { row: number | null; column: string | null; message: string }[];
  error_count: number;
  /** Records of the table now (the commit refuses to run if this changed since the preview). */
  replace_count: number;
  row_count: number;
  mode: ImportMode;
  /** Rows of the file that add a record, and rows that update one with the same key. */
  insert_count: number;
  update_count: number;
  /** Records the commit removes (replace only; 0 when adding and updating) and the keys of the first of them. */
  remove_count: number;
  removed: string[];
  expires_at: string | null;
}

export interface ImportVersionView {
  id: string;
  table: ImportTable;
  scope: string | null;
  scope_label: string | null;
  record_count: number;
  created_at: string;
  created_by: string | null;
  import_id: string;
  restored_at: string | null;
}

export const commitRequest = z.object({
  /** The number of records the user was told will be replaced (the confirmation): a stale preview is refused. */
  replace_count: z.optional(z.int()),
});
