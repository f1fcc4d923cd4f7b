import * as z from 'zod/mini';

// Mass Import of payments (issue 23 item 8): a lender moving its book in, or a lockbox file. A csv or xlsx file, one
// payment a row, is previewed (each row checked, nothing posted), then posted through the servicing payment service,
// once per reference; and the ledger exports for accounting over a date range.

/** The file's columns: header names are matched without case, spaces or underscores, aliases included. */
export const PAYMENT_IMPORT_COLUMNS = [
  { key: 'lease', headers: ['lease', 'leaseid', 'contractnumber', 'contract', 'agreementnumber'] },
  { key: 'amount', headers: ['amount', 'paymentamount'] },
  { key: 'date', headers: ['date', 'paymentdate', 'receivedon', 'received'] },
  { key: 'channel', headers: ['channel', 'method'] },
  { key: 'reference', headers: ['reference', 'ref', 'paymentreference'] },
] as const;
export type PaymentImportColumn = (typeof PAYMENT_IMPORT_COLUMNS)[number]['key'];

/** Where an imported payment came in: by phone, at a store's counter, a cheque by mail (lockbox), a bank transfer. */
export const IMPORT_PAYMENT_CHANNELS = ['phone', 'store', 'lockbox', 'transfer'] as const;
export type ImportPaymentChannel = (typeof IMPORT_PAYMENT_CHANNELS)[number];

export const PAYMENT_IMPORT_MAX_ROWS = 1000;
export const PAYMENT_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** A preview can be posted for this long. */
export const PAYMENT_IMPORT_PENDING_SECONDS = 24 * 3600;
/** Without dates, the export covers this many days up to the lender's today. */
export const LEDGER_EXPORT_DEFAULT_DAYS = 30;
/** The longest ledger export, in days (one Query per day). */
export const LEDGER_EXPORT_MAX_DAYS = 366;

export type PaymentRowStatus = 'ready' | 'error' | 'posted' | 'already_posted' | 'refused';

export interface PaymentImportRow {
  /** The row's number in the file (the header is row 1). */
  row: number;
  lease: string;
  lease_id: string | null;
  amount: string;
  date: string;
  channel: string;
  reference: string;
  status: PaymentRowStatus;
  /** Why the row cannot be posted (status error or refused), in the reader's language. */
  errors: string[];
}

export interface PaymentImportPreview {
  id: string | null;
  file_name: string;
  rows: PaymentImportRow[];
  ready: number;
  errors: number;
  total_cents: number;
}

export interface PaymentImportResult {
  id: string;
  rows: PaymentImportRow[];
  posted: number;
  already_posted: number;
  refused: number;
}

export const LEDGER_EXPORT_FORMATS = ['csv', 'xlsx', 'json'] as const;
export const ledgerExportQuery = z.object({
  from: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'paymentImports.export.dates'))),
  to: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'paymentImports.export.dates'))),
  format: z.optional(z.enum(LEDGER_EXPORT_FORMATS)),
});

/** The ledger export's columns, in order (accounting's journal: a row per ledger entry). */
export const LEDGER_EXPORT_COLUMNS = [
  'posted_at',
  'lease_id',
  'store_id',
  'entry_id',
  'kind',
  'amount',
  'signed_amount',
  'channel',
  'reference',
  'note',
] as const;

/** The sign of an entry on what the lessee owes: payments lower it, fees and reversals raise it. */
export const LEDGER_SIGN: Record<string, 1 | -1 | 0> = {
  payment: -1,
  payoff: -1,
  waiver: -1,
  charge_off: -1,
  fee: 1,
  reversal: 1,
  refund: 1,
  return: 0,
  reinstatement: 0,
};

/** A header as matched: lower case, without spaces, underscores, dashes or dots. */
export const headerKey = (header: unknown) =>
  String(header ?? '')
    .toLowerCase()
    .replace(/[\s_\-.#]/g, '');

/** Which column each header is (undefined for a column the import does not read). */
export function mapPaymentHeaders(headers: readonly unknown[]): (PaymentImportColumn | undefined)[] {
  return headers.map(
    (h) => PAYMENT_IMPORT_COLUMNS.find((c) => (c.headers as readonly string[]).includes(headerKey(h)))?.key,
  );
}
