import * as z from 'zod/mini';
import { commitRequest, IMPORT_MAX_FILE_BYTES } from '../../machines/contracts/imports.ts';
import { AppError } from '../platform/errors.ts';
import type { HttpResult } from '../platform/http-types.ts';
import { readMultipart } from '../platform/multipart.ts';
import { download, json, ok } from '../platform/response.ts';
import { parsePath, parseQuery, parseWith, readJsonBody } from '../platform/validate.ts';
import {
  commitImport,
  exportTable,
  fileTooLarge,
  importTemplate,
  listVersions,
  previewImport,
  restoreVersion,
} from '../services/imports/imports.ts';
import { t } from '../services/staff/resource.ts';
import {
  exportLedger,
  ledgerCsv,
  ledgerXlsx,
  postPaymentImport,
  previewPaymentImport,
} from '../services/servicing/payment-import.ts';
import { ledgerExportQuery, PAYMENT_IMPORT_MAX_BYTES } from '../../machines/contracts/payment-imports.ts';
import { lambdaHandler } from './dispatch.ts';
import { achProvider } from '../providers/ach/provider.ts';
import { cardVaultProvider } from '../providers/card-vault/provider.ts';
import { lambdaDeps } from './lambda-deps.ts';
import type { HandlerMap, RequestContext } from './route.ts';
import { staffCtx } from './staff-context.ts';

// Route group 'staff-imports': Mass Import (seed 001). Thin: read the multipart upload (or the JSON body), validate,
// call functions/services/imports, answer the envelope.

const tablePath = z.object({ table: z.string().check(z.minLength(1), z.maxLength(64)) });
const idPath = z.object({ id: z.string().check(z.minLength(1), z.maxLength(200)) });
const exportQuery = z.object({ picklist: z.optional(z.string().check(z.maxLength(200))) });

/** Multipart overhead allowed above the file's own limit (boundaries, part headers, the other fields). */
const MULTIPART_SLACK_BYTES = 64 * 1024;

/** An xlsx answer: API callers (Accept: application/json) get the envelope with the file base64-encoded, a link the file. */
function workbookAnswer(ctx: RequestContext, file: { name: string; bytes: Buffer; columns: string[] }): HttpResult {
  if ((ctx.event.headers.accept ?? '').includes('application/json')) {
    return ok({ name: file.name, columns: file.columns, content_base64: file.bytes.toString('base64') });
  }
  return download('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', file.name, file.bytes);
}

export const handlers: HandlerMap = {
  // Issue 23 item 8: a payments file (csv or xlsx) previewed, then posted; the ledger exported for accounting.
  async staffPaymentImportPreview(ctx, deps) {
    const c = staffCtx(ctx, deps);
    const body = await readMultipart(ctx.event, {
      maxBytes: PAYMENT_IMPORT_MAX_BYTES + MULTIPART_SLACK_BYTES,
      tooLarge: new AppError(422, t(c, 'paymentImports.fileTooLarge'), { file: [t(c, 'paymentImports.fileTooLarge')] }),
      notMultipart: new AppError(422, t(c, 'paymentImports.fileRequired'), {
        file: [t(c, 'paymentImports.fileRequired')],
      }),
    });
    const { preview, message } = await previewPaymentImport(c, body.file);
    return ok(preview, message);
  },
  async staffPaymentImportPost(ctx, deps) {
    const { id } = parsePath(idPath, ctx.event);
    const { result, message } = await postPaymentImport(staffCtx(ctx, deps), id);
    return ok(result, message);
  },
  async staffLedgerExport(ctx, deps): Promise<HttpResult> {
    const q = parseQuery(ledgerExportQuery, ctx.event);
    const { rows, columns, from, to } = await exportLedger(staffCtx(ctx, deps), q);
    const name = `ledger-${from}-to-${to}`;
    if (q.format === 'csv') return download('text/csv; charset=utf-8', `${name}.csv`, ledgerCsv(rows));
    if (q.format === 'xlsx')
      return download(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        `${name}.xlsx`,
        await ledgerXlsx(rows),
      );
    return ok({ from, to, columns, rows });
  },
  async staffImportsPreview(ctx, deps) {
    const c = staffCtx(ctx, deps);
    const { table } = parsePath(tablePath, ctx.event);
    const body = await readMultipart(ctx.event, {
      maxBytes: IMPORT_MAX_FILE_BYTES + MULTIPART_SLACK_BYTES,
      tooLarge: fileTooLarge(c),
      notMultipart: new AppError(422, t(c, 'imports.fileRequired'), { file: [t(c, 'imports.fileRequired')] }),
    });
    const { preview, message } = await previewImport(c, table, body.file, body.fields);
    return ok(preview, message);
  },
  async staffImportsCommit(ctx, deps) {
    const { id } = parsePath(idPath, ctx.event);
    const raw = readJsonBody(ctx.event);
    const body = parseWith(commitRequest, raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {});
    const result = await commitImport(staffCtx(ctx, deps), id, body.replace_count);
    return ok(result.data, result.message);
  },
  async staffImportVersionsList(ctx, deps) {
    const result = await listVersions(staffCtx(ctx, deps), ctx.event.queryStringParameters ?? {});
    return json(200, { status: true, code: 200, data: result.data, meta: result.meta } as never);
  },
  async staffImportVersionsRestore(ctx, deps) {
    const result = await restoreVersion(staffCtx(ctx, deps), parsePath(idPath, ctx.event).id);
    return ok(result.data, result.message);
  },
  async staffImportsTemplate(ctx, deps): Promise<HttpResult> {
    return workbookAnswer(ctx, await importTemplate(staffCtx(ctx, deps), parsePath(tablePath, ctx.event).table));
  },
  async staffImportsExport(ctx, deps): Promise<HttpResult> {
    const { table } = parsePath(tablePath, ctx.event);
    const { picklist } = parseQuery(exportQuery, ctx.event);
    return workbookAnswer(ctx, await exportTable(staffCtx(ctx, deps), table, { picklist }));
  },
};

// card vault and ACH: imported payments post through the servicing payment service (functions/services/servicing)
export const handler = lambdaHandler(handlers, lambdaDeps({ cardVault: cardVaultProvider, ach: achProvider }));
