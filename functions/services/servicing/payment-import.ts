import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { addDays, daysBetween } from '../../../machines/domain/payment-frequency.ts';
import { centsToDecimal, parseAmountToCents } from '../../../machines/domain/money.ts';
import { toCsv } from '../../../machines/domain/reports.ts';
import {
  IMPORT_PAYMENT_CHANNELS,
  LEDGER_EXPORT_COLUMNS,
  LEDGER_EXPORT_DEFAULT_DAYS,
  LEDGER_EXPORT_MAX_DAYS,
  LEDGER_SIGN,
  mapPaymentHeaders,
  PAYMENT_IMPORT_MAX_BYTES,
  PAYMENT_IMPORT_MAX_ROWS,
  PAYMENT_IMPORT_PENDING_SECONDS,
  type ImportPaymentChannel,
  type PaymentImportColumn,
  type PaymentImportPreview,
  type PaymentImportResult,
  type PaymentImportRow,
} from '../../../machines/contracts/payment-imports.ts';
import { translate } from '../../../machines/i18n/catalogue.ts';
import { getCheckout } from '../../data/checkouts.ts';
import { getPaymentImport, savePaymentImport, savePaymentImportState } from '../../data/payment-imports.ts';
import { getAccount, ledgerOnDay, listLedger, type LeaseAccountItem, type LedgerItem } from '../../data/servicing.ts';
import { AppError, notFound, unprocessable } from '../../platform/errors.ts';
import type { UploadedPart } from '../../platform/multipart.ts';
import { looksLikeXlsx } from '../imports/xlsx.ts';
import { loadLeaseFor, type StaffCtx } from '../leases/actions.ts';
import { auditBy, deny } from '../staff/actor.ts';
import { ENDED } from './account-state.ts';
import { openAccount } from './accounts.ts';
import { dateIn, LENDER_TIME_ZONE, lenderToday } from './clock.ts';
import { postPayment } from './payments.ts';

// Mass Import of payments (issue 23 item 8). A csv or xlsx file of payments (lease id or contract number, amount,
// date received, channel, reference) is previewed: every row checked against the lease's account (the caller's tenant,
// an open account, the amount against what is owed, a date not in the future, a known channel, a reference given once)
// and nothing posted. Posting sends each ready row through the servicing payment service (postPayment: the account
// machine decides, the ledger entry and the account are one conditional pair) with the row's reference as the
// idempotency key, so the same reference posts once however often the file is posted. The accounting export reads the
// ledger of each day in a range from its day index (gsi2), never a Scan.

const t = (c: StaffCtx, key: string, params?: Record<string, string | number>) => translate(c.lang, key, params);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A reference from a bank or a lockbox: printable, at most 100 characters (the ledger's limit). */
const REFERENCE = /^[\p{L}\p{N} ._:/#-]{1,100}$/u;
/** How far back a received date may be (a lender moving a year of its book in). */
const OLDEST_DAYS = 400;

async function requirePermission(c: StaffCtx, ...permissions: string[]) {
  for (const p of permissions)
    if (!c.actor.permissions.has(p)) await deny(c.deps, c.actor, c.ip, 'payment-import', `permission ${p}`);
}

const fileError = (c: StaffCtx, key: string, params?: Record<string, string | number>) => {
  const message = t(c, key, params);
  return new AppError(422, message, { file: [message] });
};

type Cell = string | number | boolean | null;

/** The file's header and rows as text cells (csv or the first sheet of an xlsx), read by exceljs (and its csv parser). */
async function readTable(c: StaffCtx, file: UploadedPart): Promise<{ header: Cell[]; rows: Cell[][] }> {
  if (file.size > PAYMENT_IMPORT_MAX_BYTES) throw fileError(c, 'paymentImports.fileTooLarge');
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  let sheet;
  try {
    if (looksLikeXlsx(file.bytes)) {
      await workbook.xlsx.load(file.bytes as unknown as ArrayBuffer);
      sheet = workbook.worksheets[0];
    } else {
      const text = file.bytes.toString('utf8');
      if (text.includes('\u0000')) throw new Error('binary');
      // Cells stay text (no date or number guessing: a reference "000123" keeps its zeros).
      sheet = await workbook.csv.read(Readable.from([text.replace(/^\uFEFF/, '')]), { map: (v: unknown) => v });
    }
  } catch {
    throw fileError(c, 'paymentImports.unreadable');
  }
  if (!sheet || sheet.actualRowCount < 1) throw fileError(c, 'paymentImports.empty');
  if (sheet.actualRowCount > PAYMENT_IMPORT_MAX_ROWS + 1)
    throw fileError(c, 'paymentImports.tooManyRows', { max: PAYMENT_IMPORT_MAX_ROWS });
  const all: Cell[][] = [];
  const width = sheet.columnCount;
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const cells: Cell[] = [];
    for (let i = 1; i <= width; i++) {
      const v = row.getCell(i).value;
      cells.push(
        v === null || v === undefined
          ? null
          : v instanceof Date
            ? v.toISOString().slice(0, 10)
            : typeof v === 'object'
              ? String((v as { text?: unknown; result?: unknown }).text ?? (v as { result?: unknown }).result ?? '')
              : v,
      );
    }
    all[n - 1] = cells;
  });
  for (let i = 0; i < all.length; i++) all[i] ??= [];
  return { header: all[0] ?? [], rows: all.slice(1) };
}

interface LeaseFacts {
  leaseId: string | null;
  account?: LeaseAccountItem;
  ledger?: LedgerItem[];
  error?: string;
}

/** The lease a row names (its id, or the contract's agreement number), as the caller may see it. */
async function resolveLease(c: StaffCtx, value: string): Promise<LeaseFacts> {
  let leaseId = value.toLowerCase();
  if (!UUID.test(leaseId)) {
    const checkout = value.length <= 100 ? await getCheckout(c.deps.db, value, c.deps.clock()) : undefined;
    // The agreement number printed on the contract is its checkout's id (services/leases/facts.ts).
    if (!checkout?.lease) return { leaseId: null, error: 'paymentImports.row.leaseNotFound' };
    leaseId = checkout.lease.applicationUuid;
  }
  try {
    await loadLeaseFor(c, leaseId);
  } catch (error) {
    // Another store's lease reads as not found: the file's author learns nothing of leases they may not see.
    if (error instanceof AppError && (error.statusCode === 404 || error.statusCode === 403))
      return { leaseId: null, error: 'paymentImports.row.leaseNotFound' };
    throw error;
  }
  const account = (await getAccount(c.deps.db, leaseId, c.deps.clock())) ?? (await openAccount(c.deps, leaseId));
  if (!account) return { leaseId, error: 'paymentImports.row.notFunded' };
  const ledger = await listLedger(c.deps.db, leaseId, c.deps.clock());
  return { leaseId, account, ledger };
}

const text = (cell: Cell | undefined) => (cell === null || cell === undefined ? '' : String(cell).trim());

/** Whether the lease's ledger already holds an applied payment with this reference (posted before). */
const postedBefore = (facts: LeaseFacts, reference: string) =>
  Boolean(
    facts.ledger?.some(
      (e) => e.kind === 'payment' && e.reference === reference && facts.account?.applied.includes(e.id),
    ),
  );

async function checkRows(c: StaffCtx, table: { header: Cell[]; rows: Cell[][] }): Promise<PaymentImportRow[]> {
  const columns = mapPaymentHeaders(table.header);
  const missing = (['lease', 'amount', 'date', 'channel', 'reference'] as const).filter((k) => !columns.includes(k));
  if (missing.length) throw fileError(c, 'paymentImports.missingColumns', { columns: missing.join(', ') });
  const cell = (row: Cell[], key: PaymentImportColumn) => text(row[columns.indexOf(key)]);
  const today = await lenderToday(c.deps);
  const leases = new Map<string, Promise<LeaseFacts>>();
  const references = new Map<string, number>();
  const owedLeft = new Map<string, number>();
  const out: PaymentImportRow[] = [];
  for (const [i, row] of table.rows.entries()) {
    if (row.every((v) => text(v) === '')) continue;
    const errors: string[] = [];
    const lease = cell(row, 'lease').slice(0, 100);
    const amount = cell(row, 'amount').slice(0, 20);
    const date = cell(row, 'date').slice(0, 10);
    const channel = cell(row, 'channel').toLowerCase().slice(0, 20);
    const reference = cell(row, 'reference').slice(0, 101);
    const number = i + 2;
    let facts: LeaseFacts | undefined;
    if (!lease) errors.push(t(c, 'paymentImports.row.leaseRequired'));
    else {
      if (!leases.has(lease)) leases.set(lease, resolveLease(c, lease));
      facts = await leases.get(lease)!;
      if (facts.error) errors.push(t(c, facts.error));
      else if (facts.account && ENDED.has(facts.account.statusName as never))
        errors.push(
          t(c, 'paymentImports.row.ended', { status: t(c, `servicingServer.status.${facts.account.statusName}`) }),
        );
    }
    const cents = parseAmountToCents(amount);
    if (cents === undefined || cents <= 0) errors.push(t(c, 'paymentImports.row.amount'));
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || addDays(date, 0) !== date) errors.push(t(c, 'paymentImports.row.date'));
    else if (date > today) errors.push(t(c, 'paymentImports.row.dateFuture', { today }));
    else if (daysBetween(date, today) > OLDEST_DAYS) errors.push(t(c, 'paymentImports.row.dateOld'));
    if (!(IMPORT_PAYMENT_CHANNELS as readonly string[]).includes(channel))
      errors.push(t(c, 'paymentImports.row.channel', { channels: IMPORT_PAYMENT_CHANNELS.join(', ') }));
    let status: PaymentImportRow['status'] = 'ready';
    if (!REFERENCE.test(reference)) errors.push(t(c, 'paymentImports.row.reference'));
    else if (references.has(reference))
      errors.push(t(c, 'paymentImports.row.duplicate', { row: references.get(reference)! }));
    else {
      references.set(reference, number);
      if (facts && postedBefore(facts, reference)) status = 'already_posted';
    }
    // What the file pays on one lease, row after row, never more than the lease owes.
    if (!errors.length && status === 'ready' && facts?.account && cents !== undefined) {
      const left = owedLeft.get(facts.leaseId!) ?? facts.account.summary.balanceCents;
      if (cents > left) errors.push(t(c, 'paymentImports.row.tooMuch', { owed: `$${centsToDecimal(left)}` }));
      else owedLeft.set(facts.leaseId!, left - cents);
    }
    out.push({
      row: number,
      lease,
      lease_id: facts?.leaseId ?? null,
      amount: cents !== undefined && cents > 0 ? centsToDecimal(cents) : amount,
      date,
      channel,
      reference,
      status: errors.length ? 'error' : status,
      errors,
    });
  }
  if (!out.length) throw fileError(c, 'paymentImports.empty');
  return out;
}

/** Checks a payments file and keeps it for posting (nothing is posted). */
export async function previewPaymentImport(
  c: StaffCtx,
  file: UploadedPart | undefined,
): Promise<{ preview: PaymentImportPreview; message: string }> {
  await requirePermission(c, 'imports.create', 'servicing-actions.record-payment');
  if (!file?.bytes.length) throw fileError(c, 'paymentImports.fileRequired');
  const rows = await checkRows(c, await readTable(c, file));
  const ready = rows.filter((r) => r.status === 'ready');
  const errors = rows.filter((r) => r.status === 'error').length;
  const now = c.deps.clock();
  const id = ready.length ? randomUUID() : null;
  const fileName = file.name.replace(/[^\p{L}\p{N} ._()-]/gu, '_').slice(0, 120);
  if (id)
    await savePaymentImport(c.deps.db, {
      id,
      fileName,
      createdBy: c.actor.userId,
      createdAt: now.toISOString(),
      rows,
      expiresAt: Math.floor(now.getTime() / 1000) + PAYMENT_IMPORT_PENDING_SECONDS,
    });
  return {
    preview: {
      id,
      file_name: fileName,
      rows,
      ready: ready.length,
      errors,
      total_cents: ready.reduce((sum, r) => sum + (parseAmountToCents(r.amount) ?? 0), 0),
    },
    message: t(c, 'paymentImports.previewed', { ready: ready.length, errors }),
  };
}

/** Posts the ready rows of a previewed file, each once (its reference is its idempotency key). */
export async function postPaymentImport(
  c: StaffCtx,
  id: string,
): Promise<{ result: PaymentImportResult; message: string }> {
  await requirePermission(c, 'imports.commit', 'servicing-actions.record-payment');
  const item = await getPaymentImport(c.deps.db, id, c.deps.clock());
  if (!item || item.createdBy !== c.actor.userId) throw notFound(t(c, 'paymentImports.notFound'));
  const rows: PaymentImportRow[] = [];
  for (const row of item.rows) {
    if (row.status === 'error' || !row.lease_id) {
      rows.push(row);
      continue;
    }
    rows.push(await postRow(c, item.id, item.fileName, row));
  }
  const count = (status: PaymentImportRow['status']) => rows.filter((r) => r.status === status).length;
  const result = {
    id: item.id,
    rows,
    posted: count('posted'),
    already_posted: count('already_posted'),
    refused: count('refused'),
  };
  // The import's record (a second post of the same file finds every row already posted).
  const latest = await getPaymentImport(c.deps.db, id, c.deps.clock());
  if (latest)
    await savePaymentImportState(c.deps.db, latest, { status: 'posted', rows }).catch((error: unknown) => {
      if (!(error instanceof AppError && error.statusCode === 409)) throw error;
    });
  await auditBy(c, 'import.committed', `payment-import:${item.id}`, {
    kind: 'payments',
    file: item.fileName,
    ...result,
    rows: undefined,
  });
  return {
    result,
    message: t(c, 'paymentImports.posted', {
      posted: result.posted,
      already: result.already_posted,
      refused: result.refused,
    }),
  };
}

async function postRow(c: StaffCtx, importId: string, fileName: string, row: PaymentImportRow) {
  const leaseId = row.lease_id!;
  const reference = row.reference;
  try {
    // The tenant again (roles may have changed since the preview), then the ledger: a reference posted is done.
    const facts = await resolveLease(c, leaseId);
    if (facts.error) return { ...row, status: 'refused' as const, errors: [t(c, facts.error)] };
    if (postedBefore(facts, reference)) return { ...row, status: 'already_posted' as const, errors: [] };
    const amountCents = parseAmountToCents(row.amount)!;
    const channel = row.channel as ImportPaymentChannel;
    await postPayment(c.deps, leaseId, {
      amountCents,
      source: { kind: channel === 'phone' ? 'phone' : 'cash', reference },
      idempotencyKey: `import:${reference}`,
      lang: c.lang,
      note: `received ${row.date} (${channel}, ${fileName})`,
    });
    await auditBy(c, 'lease.servicing', `lease:${leaseId}`, {
      action: 'record-payment',
      import_id: importId,
      amount_cents: amountCents,
      channel,
      reference,
      received_on: row.date,
    });
    return { ...row, status: 'posted' as const, errors: [] };
  } catch (error) {
    // A row the account refuses now (ended, nothing owed, more than owed) is reported; the others still post.
    if (error instanceof AppError && error.statusCode < 500)
      return { ...row, status: 'refused' as const, errors: [error.message] };
    throw error;
  }
}

export interface LedgerExportRow {
  posted_at: string;
  lease_id: string;
  store_id: string;
  entry_id: string;
  kind: string;
  amount: string;
  signed_amount: string;
  channel: string;
  reference: string;
  note: string;
}

/**
 * The ledger entries posted between two of the lender's dates (inclusive), of the caller's leases. The index holds
 * entries by the UTC date of their time; a lender's day (US Eastern) ends in the next UTC date, so the range reads
 * one UTC date more and keeps the entries whose lender date is in it: an evening's payments are that day's.
 */
export async function exportLedger(
  c: StaffCtx,
  range: { from?: string; to?: string },
): Promise<{ rows: LedgerExportRow[]; columns: readonly string[]; from: string; to: string }> {
  await requirePermission(c, 'imports.view');
  const to = range.to ?? (await lenderToday(c.deps));
  const q = { from: range.from ?? addDays(to, 1 - LEDGER_EXPORT_DEFAULT_DAYS), to };
  const valid = (d: string) => addDays(d, 0) === d;
  if (!valid(q.from) || !valid(q.to) || q.to < q.from) {
    const message = t(c, 'paymentImports.export.dates');
    throw unprocessable({ from: [message] }, message);
  }
  if (daysBetween(q.from, q.to) >= LEDGER_EXPORT_MAX_DAYS) {
    const message = t(c, 'paymentImports.export.tooLong', { days: LEDGER_EXPORT_MAX_DAYS });
    throw unprocessable({ to: [message] }, message);
  }
  const now = c.deps.clock();
  const accounts = new Map<string, Promise<LeaseAccountItem | undefined>>();
  const mine = (a: LeaseAccountItem | undefined) =>
    Boolean(
      a &&
      (c.actor.guard === 'system' ||
        c.actor.storeIds.includes(a.storeId) ||
        (c.actor.guard === 'retailer' && c.actor.retailerIds.includes(a.retailerId))),
    );
  const rows: LedgerExportRow[] = [];
  const lastUtcDay = addDays(q.to, 1);
  for (let day = q.from; day <= lastUtcDay; day = addDays(day, 1)) {
    let cursor: string | undefined;
    do {
      const page = await ledgerOnDay(c.deps.db, day, now, cursor);
      for (const e of page.items) {
        const lenderDay = dateIn(new Date(e.at), LENDER_TIME_ZONE);
        if (lenderDay < q.from || lenderDay > q.to) continue;
        if (!accounts.has(e.leaseId)) accounts.set(e.leaseId, getAccount(c.deps.db, e.leaseId, now));
        const account = await accounts.get(e.leaseId)!;
        // Only entries folded into the account (a retried request may leave an unapplied twin).
        if (!mine(account) || !account!.applied.includes(e.id)) continue;
        const sign = LEDGER_SIGN[e.kind] ?? 0;
        rows.push({
          posted_at: e.at,
          lease_id: e.leaseId,
          store_id: account!.storeId,
          entry_id: e.id,
          kind: e.kind,
          amount: centsToDecimal(e.amountCents),
          signed_amount: centsToDecimal(sign * e.amountCents),
          channel: e.channel ?? '',
          reference: e.reference ?? '',
          note: e.note ?? '',
        });
      }
      cursor = page.cursor;
    } while (cursor);
  }
  return { rows, columns: LEDGER_EXPORT_COLUMNS, ...q };
}

export const ledgerCsv = (rows: readonly LedgerExportRow[]) =>
  toCsv(
    LEDGER_EXPORT_COLUMNS,
    rows.map((r) => LEDGER_EXPORT_COLUMNS.map((k) => r[k])),
  );

export async function ledgerXlsx(rows: readonly LedgerExportRow[]): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.created = new Date(0);
  const sheet = wb.addWorksheet('ledger');
  sheet.columns = LEDGER_EXPORT_COLUMNS.map((key) => ({
    header: key,
    key,
    width: key === 'note' ? 40 : 20,
    style: key.endsWith('amount') ? { numFmt: '#,##0.00' } : {},
  }));
  for (const r of rows) sheet.addRow({ ...r, amount: Number(r.amount), signed_amount: Number(r.signed_amount) });
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}
