import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { translate } from '../../machines/i18n/catalogue.ts';
import type { Lang } from '../../machines/i18n/types.ts';
import { createFileItem, deleteFileItem, getFileItem, reownFile, type FileItem } from '../data/files.ts';
import type { Deps } from '../platform/deps.ts';
import { AppError } from '../platform/errors.ts';
import type { StaffActor } from '../platform/staff-types.ts';
import { canAccess, requireTenant } from './staff/actor.ts';
import { checkUpload, cleanFileName } from './file-types.ts';

// Generic file storage (seed 001 "Uploaded file: id, token, original_name, url"): the bytes go to the blob store
// port, the metadata to DynamoDB. Used by the sign-up documents, and by the resources library and mobile slides.

/** Seed 001's uploaded-file shape. `token` authorises deleting the file (seed: delete with id, force=true and token). */
export interface UploadedFile {
  id: string;
  token: string;
  original_name: string;
  url: string;
}

export interface SaveUploadInput {
  purpose: string;
  owner: string;
  originalName: string;
  /** What the client claimed; informative only (the stored type comes from the checked extension). */
  contentType: string;
  bytes: Buffer;
  allowed: readonly string[];
  maxBytes: number;
  tenant?: FileItem['tenant'];
  createdBy?: string | null;
  lang?: Lang;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const PURPOSE = /^[a-z][a-z0-9-]{0,40}$/;

export const fileUrl = (id: string) => `/staff/api/files/${id}`;

export function fileError(lang: Lang, key: string, params?: Record<string, string | number>, status = 422) {
  const message = translate(lang, key, params);
  return new AppError(status, message, { file: [message] });
}

export async function saveUpload(deps: Deps, input: SaveUploadInput): Promise<UploadedFile> {
  const lang = input.lang ?? 'en';
  if (!PURPOSE.test(input.purpose)) throw new Error(`Invalid file purpose ${input.purpose}`);
  const check = checkUpload({
    name: input.originalName,
    bytes: input.bytes,
    allowed: input.allowed,
    maxBytes: input.maxBytes,
  });
  if (!check.ok) {
    if (check.reason === 'too-large') throw fileError(lang, 'network.file.tooLarge');
    if (check.reason === 'empty') throw fileError(lang, 'network.file.empty');
    throw fileError(lang, 'network.file.type', { types: input.allowed.join(', ') });
  }
  const id = `fil-${randomUUID()}`;
  const token = `ft_${randomBytes(24).toString('base64url')}`;
  const key = `${input.purpose}/${id}`;
  const name = cleanFileName(input.originalName);
  await deps.providers.blobs.put(key, input.bytes, check.contentType);
  try {
    await createFileItem(deps.db, {
      id,
      key,
      purpose: input.purpose,
      owner: input.owner,
      original_name: name,
      extension: check.extension,
      content_type: check.contentType,
      size: input.bytes.length,
      token_hash: sha256(token),
      tenant: input.tenant ?? {},
      created_at: deps.clock().toISOString(),
      created_by: input.createdBy ?? null,
    });
  } catch (error) {
    await deps.providers.blobs.delete(key).catch(() => undefined);
    throw error;
  }
  return { id, token, original_name: name, url: fileUrl(id) };
}

/** The file's metadata (undefined when unknown). */
export const fileInfo = (deps: Deps, id: string) => getFileItem(deps.db, id, deps.clock());

export async function readFile(
  deps: Deps,
  id: string,
): Promise<{ item: FileItem; bytes: Buffer; contentType: string } | undefined> {
  const item = await getFileItem(deps.db, id, deps.clock());
  if (!item) return undefined;
  const blob = await deps.providers.blobs.get(item.key);
  return blob ? { item, bytes: blob.bytes, contentType: item.content_type } : undefined;
}

/** Who may read a file: its uploader, or a staff user whose tenant covers the file's. */
export const staffMayRead = (actor: StaffActor, item: FileItem) =>
  item.created_by === actor.userId || canAccess(actor, item.tenant);

/** A staff download: 404 when unknown, 403 (audited) outside the user's tenant. */
export async function readFileForStaff(deps: Deps, actor: StaffActor, ip: string, id: string, lang: Lang) {
  const found = await readFile(deps, id);
  if (!found) throw new AppError(404, translate(lang, 'network.file.notFound'));
  if (found.item.created_by !== actor.userId) await requireTenant(deps, actor, ip, found.item.tenant, `file:${id}`);
  return found;
}

const tokenMatches = (item: FileItem, token: string) => {
  const a = Buffer.from(sha256(token), 'hex');
  const b = Buffer.from(item.token_hash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Deletes a file: the caller proves it with the upload's token (and, for staff, the tenant check done by the caller). */
export async function deleteFile(
  deps: Deps,
  id: string,
  token: string,
  lang: Lang = 'en',
  check?: (item: FileItem) => Promise<void>,
) {
  const item = await getFileItem(deps.db, id, deps.clock());
  if (!item) throw new AppError(404, translate(lang, 'network.file.notFound'));
  if (!token || token.length > 200 || !tokenMatches(item, token))
    throw new AppError(403, translate(lang, 'network.file.badToken'));
  if (check) await check(item);
  await deleteFileItem(deps.db, id);
  await deps.providers.blobs.delete(item.key);
}

/** Hands files over to a new owner if they still belong to `from`; returns the ids that moved. */
export async function adoptFiles(
  deps: Deps,
  ids: readonly string[],
  from: string,
  to: string,
  tenant: FileItem['tenant'] = {},
) {
  const moved: string[] = [];
  for (const id of ids) if (await reownFile(deps.db, id, from, to, tenant)) moved.push(id);
  return moved;
}
