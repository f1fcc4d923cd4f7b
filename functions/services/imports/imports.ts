import { randomUUID } from 'node:crypto';
import {
  IMPORT_COLUMNS,
  IMPORT_KEYS,
  IMPORT_MAX_ERRORS,
  IMPORT_MAX_REMOVED_SHOWN,
  IMPORT_MAX_FILE_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_PENDING_SECONDS,
  UNAVAILABLE_IMPORT_TABLES,
  importRowKey,
  isImportMode,
  isImportTable,
  mapHeaders,
  validateRows,
  type ImportError,
  type ImportMode,
  type ImportPreview,
  type ImportRow,
  type ImportTable,
  type ImportVersionView,
} from '../../../machines/contracts/imports.ts';
import {
  getImportVersion,
  getPendingImport,
  listImportVersions,
  markImportCommitted,
  markVersionRestored,
  readImportRows,
  readVersionRecords,
  saveImportVersion,
  savePendingImport,
  type ImportVersionItem,
} from '../../data/imports.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import type { UploadedPart } from '../../platform/multipart.ts';
import { auditBy } from '../staff/actor.ts';
import { loadForAccess, t, type ResourceCtx } from '../staff/resource.ts';
import { picklistsDef } from '../staff/resources/picklists.ts';
import { TABLE_ADAPTERS, type TableAdapter } from './tables.ts';
import { buildWorkbook, looksLikeXlsx, readFirstSheet } from './xlsx.ts';

// Mass Import (seed 001): an xlsx file is previewed (every row validated, nothing written), then committed: the
// table's content is kept as a version, and the file's rows are added and update the records with the same key, or,
// chosen explicitly (mode `replace`), make the whole table (the preview lists the records that would go). A version
// can be restored (the content it replaces is kept as a version too, so a restore can be undone the same way). The
// current table downloads as an xlsx in the import's own layout, to edit and import back.

export const fileTooLarge = (c: Pick<ResourceCtx, 'lang'>) => {
  const message = t(c, 'imports.fileTooLarge');
  return new AppError(422, message, { file: [message] });
};

const refuse = (c: ResourceCtx, key: string, params?: Record<string, string | number>, status = 422) => {
  const message = t(c, key, params);
  return new AppError(status, message, { file: [message] });
};

function adapterOf(c: ResourceCtx, table: string): { table: ImportTable; adapter: TableAdapter } {
  if (!isImportTable(table)) throw refuse(c, 'imports.tableUnknown', { table: table.slice(0, 64) }, 404);
  const adapter = TABLE_ADAPTERS[table];
  if (UNAVAILABLE_IMPORT_TABLES.includes(table) || !adapter) throw refuse(c, 'imports.tableUnavailable');
  return { table, adapter };
}

async function scopeOf(
  c: ResourceCtx,
  table: ImportTable,
  fields: Record<string, string>,
): Promise<{ scope: string | null; label: string | null }> {
  if (table !== 'picklist-items') return { scope: null, label: null };
  const id = (fields.picklist ?? '').trim();
  if (!id) throw refuse(c, 'imports.picklistRequired');
  if (id.length > 200) throw refuse(c, 'imports.picklistNotFound', undefined, 404);
  const list = await loadForAccess(c, picklistsDef, id).catch((error: unknown) => {
    if (error instanceof AppError && error.statusCode === 404)
      throw refuse(c, 'imports.picklistNotFound', undefined, 404);
    throw error;
  });
  return { scope: list.id, label: list.name };
}

const translateError = (c: ResourceCtx, e: ImportError) => ({
  row: e.row,
  column: e.column,
  message: t(c, e.message, e.params),
});

/** What the rows of a file do to the table: records added, updated and (replacing it) removed. */
function effectOf(table: ImportTable, current: ImportRow[], rows: ImportRow[], mode: ImportMode) {
  const existing = new Set(current.map((row) => importRowKey(table, row)));
  const named = new Set(rows.map((row) => importRowKey(table, row)));
  const updates = [...named].filter((key) => existing.has(key)).length;
  const removed =
    mode === 'replace'
      ? current
          .filter((row) => !named.has(importRowKey(table, row)))
          .map((row) => IMPORT_KEYS[table].map((k) => String(row[k] ?? '')).join('/'))
      : [];
  return {
    mode,
    insert_count: named.size - updates,
    update_count: updates,
    remove_count: removed.length,
    removed: removed.slice(0, IMPORT_MAX_REMOVED_SHOWN),
  };
}

/** POST /staff/api/imports/{table}: validates the whole file; 422 with every row error, or a pending import. */
export async function previewImport(
  c: ResourceCtx,
  tableName: string,
  file: UploadedPart | undefined,
  fields: Record<string, string>,
): Promise<{ preview: ImportPreview; message: string }> {
  const { table, adapter } = adapterOf(c, tableName);
  const mode = fields.mode === undefined || fields.mode === '' ? 'upsert' : fields.mode;
  if (!isImportMode(mode)) {
    const message = t(c, 'imports.modeUnknown');
    throw new AppError(422, message, { mode: [message] });
  }
  if (!file || file.size === 0) throw refuse(c, 'imports.fileRequired');
  if (file.size >= IMPORT_MAX_FILE_BYTES) throw fileTooLarge(c);
  if (!/\.xlsx$/i.test(file.name) || !looksLikeXlsx(file.bytes)) throw refuse(c, 'imports.xlsxOnly');
  const { scope, label } = await scopeOf(c, table, fields);
  const sheet = await readFirstSheet(file.bytes, IMPORT_MAX_ROWS);
  if (!sheet) throw refuse(c, 'imports.unreadable');
  if (sheet === 'no-sheet') throw refuse(c, 'imports.error.noSheet');
  if (sheet === 'too-many-rows') throw refuse(c, 'imports.error.tooManyRows', { max: IMPORT_MAX_ROWS });
  const validated = validateRows(table, mapHeaders(table, sheet.header), sheet.rows);
  let errors = validated.errors;
  if (!errors.length) errors = await adapter.check(c, scope, validated.rows, validated.rowNumbers, mode);
  const current = await adapter.rows(c, scope);
  const replaceCount = current.length;
  const base = {
    table,
    scope,
    file_name: file.name.slice(0, 255),
    rows: validated.rows,
    errors: errors.slice(0, IMPORT_MAX_ERRORS).map((e) => translateError(c, e)),
    error_count: errors.length,
    replace_count: replaceCount,
    row_count: validated.rows.length,
    ...effectOf(table, current, validated.rows, mode),
  };
  if (errors.length) {
    const message = t(c, 'imports.refused', { count: errors.length });
    const preview: ImportPreview = { ...base, id: null, expires_at: null };
    throw new AppError(
      422,
      message,
      {
        file: base.errors
          .slice(0, 20)
          .map((e) => (e.row ? `${e.row}${e.column ? ` ${e.column}` : ''}: ${e.message}` : e.message)),
      },
      preview,
    );
  }
  const now = c.deps.clock();
  const expiresAt = Math.floor(now.getTime() / 1000) + IMPORT_PENDING_SECONDS;
  const id = `imp-${randomUUID()}`;
  await savePendingImport(
    c.deps.db,
    {
      id,
      table,
      scope,
      file_name: base.file_name,
      row_count: base.row_count,
      replace_count: replaceCount,
      mode,
      created_at: now.toISOString(),
      created_by: c.actor.username,
      scope_label: label,
    },
    validated.rows,
    expiresAt,
  );
  const preview: ImportPreview = { ...base, id, expires_at: new Date(expiresAt * 1000).toISOString() };
  const counts = { count: base.row_count, insert: base.insert_count, update: base.update_count };
  return {
    preview,
    message:
      mode === 'replace'
        ? t(c, 'imports.previewReplace', { ...counts, remove: base.remove_count })
        : t(c, 'imports.previewUpsert', counts),
  };
}

const versionView = (v: ImportVersionItem): ImportVersionView => ({
  id: v.id,
  table: v.table,
  scope: v.scope,
  scope_label: v.scope_label,
  record_count: v.record_count,
  created_at: v.created_at,
  created_by: v.created_by,
  import_id: v.import_id,
  restored_at: v.restored_at,
});

async function keepVersion(
  c: ResourceCtx,
  table: ImportTable,
  adapter: TableAdapter,
  scope: string | null,
  scopeLabel: string | null,
  importId: string,
) {
  const records = await adapter.snapshot(c, scope);
  return saveImportVersion(
    c.deps.db,
    {
      id: `ver-${randomUUID()}`,
      table,
      scope,
      scope_label: scopeLabel,
      record_count: records.length,
      created_at: c.deps.clock().toISOString(),
      created_by: c.actor.username,
      import_id: importId,
    },
    records,
  );
}

async function applying<T>(c: ResourceCtx, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) {
      const reasons = error.errors
        ? Object.values(error.errors)
            .flat()
            .map((m) => t(c, m))
            .join('; ')
        : '';
      throw new AppError(
        error.statusCode === 403 ? 403 : 422,
        t(c, 'imports.failed', { reason: [error.message, reasons].filter(Boolean).join(': ') }),
        error.errors,
        error.data,
      );
    }
    throw error;
  }
}

/** POST /staff/api/imports/{id}/commit: keeps the current content as a version, then writes the file's rows. */
export async function commitImport(c: ResourceCtx, id: string, expectedReplaceCount?: number) {
  const pending = id.length <= 200 ? await getPendingImport(c.deps.db, id, c.deps.clock()) : undefined;
  if (!pending) throw new AppError(404, t(c, 'imports.notFound'));
  if (pending.status !== 'pending') throw conflict(t(c, 'imports.alreadyCommitted'));
  const { table, adapter } = adapterOf(c, pending.table);
  const now = await adapter.count(c, pending.scope);
  if (expectedReplaceCount !== undefined && expectedReplaceCount !== now)
    throw conflict(t(c, 'imports.stale', { replace: now }), { replace_count: now });
  const rows = await readImportRows<ImportRow>(c.deps.db, pending, c.deps.clock());
  const version = await keepVersion(c, table, adapter, pending.scope, pending.scope_label, pending.id);
  // Only one commit of an import wins (conditional write on its version); the loser has written nothing.
  await markImportCommitted(c.deps.db, pending, version.id).catch((error: unknown) => {
    if (error instanceof AppError && error.statusCode === 409) throw conflict(t(c, 'imports.alreadyCommitted'));
    throw error;
  });
  const mode = pending.mode ?? 'replace';
  const written = await applying(c, () => adapter.apply(c, pending.scope, rows, mode));
  await auditBy(c, 'import.committed', `import:${pending.id}`, {
    table,
    scope: pending.scope,
    mode,
    rows: written,
    replaced: version.record_count,
    version: version.id,
    file: pending.file_name,
  });
  return {
    message:
      mode === 'replace'
        ? t(c, 'imports.committed', { count: written, replace: version.record_count })
        : t(c, 'imports.committedUpsert', { count: written }),
    data: {
      id: pending.id,
      table,
      scope: pending.scope,
      mode,
      written,
      replaced: version.record_count,
      version: versionView(version),
    },
  };
}

/** POST /staff/api/imports/versions/{id}/restore: the version's content replaces the table (kept first as a version). */
export async function restoreVersion(c: ResourceCtx, id: string) {
  const version = id.length <= 200 ? await getImportVersion(c.deps.db, id, c.deps.clock()) : undefined;
  if (!version) throw new AppError(404, t(c, 'imports.versionNotFound'));
  const { table, adapter } = adapterOf(c, version.table);
  const records = await readVersionRecords<unknown>(c.deps.db, version, c.deps.clock());
  const before = await keepVersion(c, table, adapter, version.scope, version.scope_label, `restore:${version.id}`);
  const written = await applying(c, () => adapter.restore(c, version.scope, records));
  const at = c.deps.clock().toISOString();
  const restored = await markVersionRestored(c.deps.db, version, at);
  await auditBy(c, 'import.restored', `import-version:${version.id}`, {
    table,
    scope: version.scope,
    records: written,
    kept: before.id,
  });
  return {
    message: t(c, 'imports.restored', { count: written }),
    data: { version: versionView(restored), kept: versionView(before) },
  };
}

/** GET /staff/api/imports/versions: the newest kept versions (one page; `table` filters). */
export async function listVersions(c: ResourceCtx, query: Record<string, string | undefined>) {
  const limit = Math.min(100, Math.max(1, Number(query.limit) || 50));
  const page = await listImportVersions(c.deps.db, { limit: 200, now: c.deps.clock() });
  const table = query.table && isImportTable(query.table) ? query.table : undefined;
  const rows = page.items
    .filter((v) => !table || v.table === table)
    .slice(0, limit)
    .map(versionView);
  return {
    data: rows,
    meta: {
      current_page: 1,
      last_page: 1,
      per_page: limit,
      from: rows.length ? 1 : null,
      to: rows.length || null,
      total: rows.length,
    },
  };
}

/** GET /staff/api/imports/{table}/template: an xlsx with the table's header row. */
export async function importTemplate(c: ResourceCtx, tableName: string) {
  const { table } = adapterOf(c, tableName);
  return {
    name: `${table}-template.xlsx`,
    bytes: await buildWorkbook(table),
    columns: IMPORT_COLUMNS[table].map((col) => col.header),
  };
}

/** GET /staff/api/imports/{table}/export: the table as it is now, in the import's layout (edit it, import it back). */
export async function exportTable(c: ResourceCtx, tableName: string, query: Record<string, string | undefined>) {
  const { table, adapter } = adapterOf(c, tableName);
  const { scope, label } = await scopeOf(c, table, { picklist: query.picklist ?? '' });
  const rows = await adapter.rows(c, scope);
  const day = c.deps.clock().toISOString().slice(0, 10);
  const slug = (label ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return {
    name: `${table}${slug ? `-${slug}` : ''}-${day}.xlsx`,
    bytes: await buildWorkbook(table, rows),
    columns: IMPORT_COLUMNS[table].map((col) => col.header),
    row_count: rows.length,
  };
}
