import type { ImportMode, ImportTable, ImportVersionView } from '../../machines/contracts/imports.ts';
import type { Db } from './client.ts';
import { createItem, getItem, putItem, queryPartition, saveVersioned, type StoredItem } from './items.ts';

// Mass Import storage (a DynamoDB item holds at most 400 KB, so row data is chunked):
//   IMPORT#<id> / IMPORT              a previewed import: table, scope, counts, status (pending -> committed);
//                                      expires (expiresAt) an hour after the preview
//   IMPORT#<id> / CHUNK#<nnnn>         its validated rows, JSON, in chunks
//   IMPORTVERSION#<id> / VERSION       the content of a table before an import (or a restore) replaced it;
//                                      listed newest first through gsi1 (IMPORTVERSIONS / <created_at>#<id>)
//   IMPORTVERSION#<id> / CHUNK#<nnnn>  its records, JSON, in chunks
// Versions are kept (no expiry): they are the way back from a wrong import.

const CHUNK_CHARS = 300_000;

export interface PendingImportMeta {
  id: string;
  table: ImportTable;
  scope: string | null;
  scope_label: string | null;
  file_name: string;
  row_count: number;
  replace_count: number;
  /** Absent on imports previewed before there was a choice: those replaced the table. */
  mode?: ImportMode;
  created_at: string;
  created_by: string | null;
}

export interface PendingImportItem extends StoredItem, PendingImportMeta {
  entity: 'import';
  chunks: number;
  status: 'pending' | 'committed';
  version_id: string | null;
}

/** A version's facts as the staff screen shows them, but for its restore time (the item carries that itself). */
export type ImportVersionMeta = Omit<ImportVersionView, 'restored_at'>;

export interface ImportVersionItem extends StoredItem, ImportVersionMeta {
  entity: 'importVersion';
  chunks: number;
  restored_at: string | null;
}

const importKey = (id: string) => ({ pk: `IMPORT#${id}`, sk: 'IMPORT' });
const versionKey = (id: string) => ({ pk: `IMPORTVERSION#${id}`, sk: 'VERSION' });
const chunkSk = (n: number) => `CHUNK#${String(n).padStart(4, '0')}`;

function toChunks(records: readonly unknown[]): string[] {
  const chunks: string[] = [];
  let current: unknown[] = [];
  let size = 2;
  for (const record of records) {
    const length = JSON.stringify(record).length + 1;
    if (current.length && size + length > CHUNK_CHARS) {
      chunks.push(JSON.stringify(current));
      current = [];
      size = 2;
    }
    current.push(record);
    size += length;
  }
  if (current.length || !chunks.length) chunks.push(JSON.stringify(current));
  return chunks;
}

async function writeChunks(db: Db, pk: string, records: readonly unknown[], expiresAt?: number) {
  const chunks = toChunks(records);
  for (let i = 0; i < chunks.length; i++) {
    await putItem(db, {
      pk,
      sk: chunkSk(i + 1),
      entity: 'importChunk',
      v: 1,
      data: chunks[i],
      ...(expiresAt ? { expiresAt } : {}),
    });
  }
  return chunks.length;
}

async function readChunks<T>(db: Db, pk: string, count: number, now: Date): Promise<T[]> {
  const out: T[] = [];
  for (let i = 1; i <= count; i++) {
    const item = await getItem<StoredItem & { data: string }>(db, { pk, sk: chunkSk(i) }, now);
    if (!item) throw new Error(`missing chunk ${i} of ${pk}`);
    out.push(...(JSON.parse(item.data) as T[]));
  }
  return out;
}

export async function savePendingImport(
  db: Db,
  meta: PendingImportMeta,
  rows: readonly unknown[],
  expiresAt: number,
): Promise<PendingImportItem> {
  const chunks = await writeChunks(db, importKey(meta.id).pk, rows, expiresAt);
  return (await createItem(db, {
    ...importKey(meta.id),
    entity: 'import',
    ...meta,
    chunks,
    status: 'pending',
    version_id: null,
    expiresAt,
  })) as unknown as PendingImportItem;
}

export const getPendingImport = (db: Db, id: string, now: Date) => getItem<PendingImportItem>(db, importKey(id), now);

export const readImportRows = <T>(db: Db, item: PendingImportItem, now: Date) =>
  readChunks<T>(db, importKey(item.id).pk, item.chunks, now);

/** Marks an import committed (409 when another commit got there first). */
export const markImportCommitted = (db: Db, item: PendingImportItem, versionId: string) =>
  saveVersioned<PendingImportItem>(db, item, { ...item, status: 'committed', version_id: versionId });

export async function saveImportVersion(
  db: Db,
  meta: ImportVersionMeta,
  records: readonly unknown[],
): Promise<ImportVersionItem> {
  const chunks = await writeChunks(db, versionKey(meta.id).pk, records);
  return (await createItem(db, {
    ...versionKey(meta.id),
    entity: 'importVersion',
    gsi1pk: 'IMPORTVERSIONS',
    gsi1sk: `${meta.created_at}#${meta.id}`,
    ...meta,
    chunks,
    restored_at: null,
  })) as unknown as ImportVersionItem;
}

export const getImportVersion = (db: Db, id: string, now: Date) => getItem<ImportVersionItem>(db, versionKey(id), now);

export const readVersionRecords = <T>(db: Db, item: ImportVersionItem, now: Date) =>
  readChunks<T>(db, versionKey(item.id).pk, item.chunks, now);

export const markVersionRestored = (db: Db, item: ImportVersionItem, at: string) =>
  saveVersioned<ImportVersionItem>(db, item, { ...item, restored_at: at });

/** The kept versions, newest first (one page of the gsi1 partition). */
export async function listImportVersions(db: Db, options: { limit: number; cursor?: string; now: Date }) {
  return queryPartition<ImportVersionItem>(db, {
    index: 'gsi1',
    pk: 'IMPORTVERSIONS',
    descending: true,
    limit: options.limit,
    cursor: options.cursor,
    now: options.now,
  });
}
