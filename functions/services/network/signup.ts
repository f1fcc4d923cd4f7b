import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { duplicateContactEmails, routingChecksumOk, type SignupRequest } from '../../../machines/contracts/network.ts';
import { translate } from '../../../machines/i18n/catalogue.ts';
import type { Lang } from '../../../machines/i18n/types.ts';
import { countInWindow, getFileItem } from '../../data/files.ts';
import { createItem, deleteItem, getItem } from '../../data/items.ts';
import { syncListEntries } from '../../data/staff/lists.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { adoptFiles, saveUpload, type UploadedFile } from '../files.ts';
import { DOCUMENT_EXTENSIONS, UPLOAD_MAX_BYTES } from '../file-types.ts';
import { snapshot } from '../staff/resource.ts';
import { storeApplicationKey, storeApplicationsDef, type StoreApplicationItem } from './store-applications.ts';

// The public Retailer, Store and Contractor Sign Up: a draft (whose token ties the document uploads to the form),
// the documents, and the submitted form, which becomes a Store Application in the state 'submitted'.

const DRAFT_SECONDS = 24 * 60 * 60;
/** Per client address and hour: drafts, uploads, submissions. */
export const SIGNUP_LIMITS = { draft: 30, upload: 60, submit: 10 } as const;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const draftKey = (hash: string) => ({ pk: `SIGNUPDRAFT#${hash}`, sk: 'DRAFT' });
const draftOwner = (hash: string) => `signup:${hash}`;

async function limit(deps: Deps, what: keyof typeof SIGNUP_LIMITS, ip: string, lang: Lang) {
  const count = await countInWindow(deps.db, `signup-${what}#${ip.slice(0, 64)}`, 3600, deps.clock());
  if (count > SIGNUP_LIMITS[what])
    throw new AppError(
      429,
      translate(lang, what === 'upload' ? 'network.file.rateLimited' : 'network.signup.rateLimited'),
    );
}

const draftError = (lang: Lang) =>
  new AppError(422, translate(lang, 'network.validation.draft'), {
    draft: [translate(lang, 'network.validation.draft')],
  });

async function requireDraft(deps: Deps, draft: string, lang: Lang): Promise<string> {
  if (!/^dr_[A-Za-z0-9_-]{20,60}$/.test(draft)) throw draftError(lang);
  const hash = sha256(draft);
  if (!(await getItem(deps.db, draftKey(hash), deps.clock()))) throw draftError(lang);
  return hash;
}

export async function createSignupDraft(
  deps: Deps,
  ip: string,
  lang: Lang,
): Promise<{ draft: string; expires_in: number }> {
  await limit(deps, 'draft', ip, lang);
  const draft = `dr_${randomBytes(24).toString('base64url')}`;
  const now = Math.floor(deps.clock().getTime() / 1000);
  await createItem(deps.db, { ...draftKey(sha256(draft)), entity: 'signupDraft', expiresAt: now + DRAFT_SECONDS });
  return { draft, expires_in: DRAFT_SECONDS };
}

export async function uploadSignupDocument(
  deps: Deps,
  input: { draft: string; ip: string; lang: Lang; file: { name: string; type: string; bytes: Buffer } },
): Promise<UploadedFile> {
  await limit(deps, 'upload', input.ip, input.lang);
  const hash = await requireDraft(deps, input.draft, input.lang);
  return saveUpload(deps, {
    purpose: 'signup-documents',
    owner: draftOwner(hash),
    originalName: input.file.name,
    contentType: input.file.type,
    bytes: input.file.bytes,
    allowed: DOCUMENT_EXTENSIONS,
    maxBytes: UPLOAD_MAX_BYTES,
    lang: input.lang,
  });
}

const tr = (lang: Lang, errors: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v.map((m) => translate(lang, m))]));

export async function submitSignup(deps: Deps, body: SignupRequest, ip: string, lang: Lang): Promise<{ id: string }> {
  const errors: Record<string, string[]> = { ...duplicateContactEmails(body.contacts) };
  if (!routingChecksumOk(body.routing_number)) errors.routing_number = ['network.validation.routing'];
  const documents = [...new Set((body.documents ?? []).map((d) => (typeof d === 'string' ? d : d.id)))];
  if (Object.keys(errors).length) {
    const translated = tr(lang, errors);
    throw new AppError(422, Object.values(translated)[0]![0]!, translated);
  }
  await limit(deps, 'submit', ip, lang);
  const hash = await requireDraft(deps, body.draft, lang);
  const now = deps.clock();
  const docErrors: Record<string, string[]> = {};
  const files = await Promise.all(documents.map((id) => getFileItem(deps.db, id, now)));
  files.forEach((f, i) => {
    if (!f || f.owner !== draftOwner(hash))
      docErrors[`documents.${i}`] = [translate(lang, 'network.validation.document')];
  });
  if (Object.keys(docErrors).length) throw new AppError(422, translate(lang, 'network.validation.document'), docErrors);
  const id = `sap-${randomUUID()}`;
  const at = now.toISOString();
  const owner = body.contacts.find((c) => c.role === 'owner') ?? body.contacts[0]!;
  // The draft's documents become the application's (only those still owned by this draft move).
  const moved = await adoptFiles(deps, documents, draftOwner(hash), `store-application:${id}`, {});
  const item = (await createItem(deps.db, {
    ...storeApplicationKey(id),
    entity: 'storeApplication',
    id,
    state: 'submitted',
    kind: body.kind,
    lang,
    business_name: body.business_name.trim(),
    dba_name: body.dba_name?.trim() ?? '',
    business_type: body.business_type,
    email: body.email.trim(),
    phone: body.phone.replace(/\s/g, ''),
    website: body.website?.trim() ?? '',
    address: { line_1: body.address_line_1.trim(), city: body.city.trim(), state: body.state, code: body.zip },
    contacts: body.contacts.map((c) => ({
      role: c.role,
      name: c.name.trim(),
      email: c.email.trim(),
      phone: c.phone.replace(/\s/g, ''),
    })),
    owner_email: owner.email.trim(),
    owner_name: owner.name.trim(),
    bank: {
      account_name: body.bank_account_name.trim(),
      routing_number: await deps.crypto.encrypt(body.routing_number),
      account_number: await deps.crypto.encrypt(body.account_number),
      routing_last4: body.routing_number.slice(-4),
      account_last4: body.account_number.slice(-4),
    },
    documents: moved,
    created: {},
    history: [{ state: 'submitted', at, by: null }],
    created_at: at,
    updated_at: at,
    submitted_ip: ip.slice(0, 64),
  })) as StoreApplicationItem;
  await syncListEntries(
    deps.db,
    storeApplicationsDef,
    storeApplicationsDef.rowPk(id),
    undefined,
    snapshot(storeApplicationsDef, item),
  );
  await deleteItem(deps.db, draftKey(hash));
  return { id };
}
