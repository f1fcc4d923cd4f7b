import { randomBytes } from 'node:crypto';
import {
  allowedAction,
  STORE_APPLICATION_STATES,
  type SignupKind,
  type StoreApplicationState,
} from '../../../machines/contracts/network.ts';
import { getItem, saveVersioned, type StoredItem } from '../../data/items.ts';
import { getFileItem } from '../../data/files.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import { staffSecurity } from '../../platform/staff-config.ts';
import { issueResetToken } from '../../platform/staff-sessions.ts';
import { fileUrl } from '../files.ts';
import { auditBy } from '../staff/actor.ts';
import { choiceFilter } from '../staff/filters.ts';
import { createResource, loadForAccess, syncRow, t, type ResourceCtx, type ResourceDef } from '../staff/resource.ts';
import { retailersDef } from '../staff/resources/retailers.ts';
import { storesDef } from '../staff/resources/stores.ts';
import { usersDef } from '../staff/resources/users.ts';
import { STORE_MANAGER_ROLE_ID } from '../staff/seed.ts';
import { sendNetworkMail } from './mail.ts';

// Store Applications (seed 001 "Store Applications (approved, declined, needing cleaning)"): the staff list and
// record through the generic resource layer, and the decisions. Approving creates, through the existing resources,
// the retailer, its store with the default lease program and a store-guard user (Store Manager role), then e-mails
// the invitation (Mail Templates) with a single-use set-password link (the password reset token).

export interface StoreApplicationItem extends StoredItem {
  entity: 'storeApplication';
  id: string;
  state: StoreApplicationState;
  kind: SignupKind;
  lang: 'en' | 'es';
  business_name: string;
  dba_name: string;
  business_type: 'MERCHANDISE' | 'HVAC' | 'HOME_IMPROVEMENT';
  email: string;
  phone: string;
  website: string;
  address: { line_1: string; city: string; state: string; code: string };
  contacts: { role: string; name: string; email: string; phone: string }[];
  owner_email: string;
  owner_name: string;
  /** Routing and account numbers are encrypted like shopper PII; only their last 4 are ever shown. */
  bank: {
    account_name: string;
    routing_number: string;
    account_number: string;
    routing_last4: string;
    account_last4: string;
  };
  documents: string[];
  history: { state: StoreApplicationState; at: string; by: string | null; note?: string }[];
  created: { retailer_id?: string; store_id?: string; user_id?: string; username?: string };
  created_at: string;
  updated_at: string;
}

export const storeApplicationKey = (id: string) => ({ pk: `STOREAPP#${id}`, sk: 'STOREAPP' });

const row = (a: StoreApplicationItem) => ({
  id: a.id,
  business_name: a.business_name,
  kind: a.kind,
  business_type: a.business_type,
  state: a.state,
  owner_email: a.owner_email,
  city: a.address.city,
  address_state: a.address.state,
  created_at: a.created_at,
  updated_at: a.updated_at,
});

const stateFilter = choiceFilter(
  'state',
  'network.apps.stateCol',
  STORE_APPLICATION_STATES.map((s) => ({ value: s, text: `network.state.${s}` })),
);

export const storeApplicationsDef: ResourceDef<StoreApplicationItem> = {
  path: 'store-applications',
  noun: 'network.apps.noun',
  entity: 'storeApplication',
  sortFields: ['created_at', 'business_name', 'updated_at'],
  defaultSort: 'created_at',
  defaultDesc: true,
  filters: [stateFilter],
  rowPk: (id) => storeApplicationKey(id).pk,
  load: (c, id) =>
    /^sap-[0-9a-f-]{36}$/.test(id)
      ? getItem<StoreApplicationItem>(c.deps.db, storeApplicationKey(id), c.deps.clock())
      : Promise.resolve(undefined),
  row,
  scopes: (a) => ['*', `state=${a.state}`],
  // Applications belong to no tenant yet: only system users (the merchant network team) see them.
  tenant: () => ({}),
  async view(c, a) {
    const docs = await Promise.all(a.documents.map((id) => getFileItem(c.deps.db, id, c.deps.clock())));
    return {
      ...row(a),
      dba_name: a.dba_name,
      email: a.email,
      phone: a.phone,
      website: a.website,
      address: a.address,
      contacts: a.contacts,
      bank: {
        account_name: a.bank.account_name,
        routing_number: `*****${a.bank.routing_last4}`,
        account_number: `****${a.bank.account_last4}`,
      },
      documents: docs.flatMap((d) =>
        d ? [{ id: d.id, original_name: d.original_name, size: d.size, url: fileUrl(d.id) }] : [],
      ),
      history: a.history,
      created: a.created ?? {},
      actions: (['approve', 'decline', 'clean'] as const).filter(
        (x) => allowedAction(a.state, x) && c.actor.permissions.has(`store-applications.${x}`),
      ),
      v: a.v,
    };
  },
  form: async () => ({ title: 'network.apps.title', action: '/staff/api/store-applications', children: [] }),
};

function refuse(c: ResourceCtx, a: StoreApplicationItem): never {
  throw conflict(t(c, 'network.apps.refused', { state: t(c, `network.state.${a.state}`) }), { state: a.state });
}

const slugBase = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[^\x00-\x7f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '') || 'merchant';

/** A strong random password nobody knows: the user sets its own through the invitation link. */
const unusablePassword = () => `Inv!${randomBytes(24).toString('base64url')}9a`;

async function save(
  c: ResourceCtx,
  a: StoreApplicationItem,
  patch: Partial<StoreApplicationItem>,
): Promise<StoreApplicationItem> {
  const next = await saveVersioned(c.deps.db, a, { ...a, ...patch, updated_at: c.deps.clock().toISOString() });
  await syncRow(c, storeApplicationsDef, a, next);
  return next;
}

/** Moves the application to a state; its history notes when, by whom and (when given) why. */
function moveTo(
  c: ResourceCtx,
  a: StoreApplicationItem,
  state: StoreApplicationState,
  note?: string,
  patch: Partial<StoreApplicationItem> = {},
): Promise<StoreApplicationItem> {
  const at = c.deps.clock().toISOString();
  return save(c, a, {
    state,
    ...patch,
    history: [...a.history, { state, at, by: c.actor.userId, ...(note ? { note } : {}) }],
  });
}

const idOf = (view: unknown) => String((view as { id: string }).id);

export async function approveStoreApplication(c: ResourceCtx, id: string, input: { slug?: string }) {
  let a = await loadForAccess(c, storeApplicationsDef, id);
  if (!allowedAction(a.state, 'approve')) refuse(c, a);
  const created = { ...(a.created ?? {}) };
  const suffix = a.id.slice(4, 10);
  // Each record is remembered on the application as soon as it exists, so a retry after a failure goes on from there.
  if (!created.retailer_id) {
    const retailer = await createResource(c, retailersDef, {
      name: a.business_name,
      slug: input.slug ?? `${slugBase(a.business_name)}-${suffix}`,
      active: true,
    });
    created.retailer_id = idOf(retailer);
    a = await save(c, a, { created });
  }
  if (!created.store_id) {
    const store = await createResource(c, storesDef, {
      name: a.dba_name || a.business_name,
      slug: 'main',
      retailer_id: created.retailer_id,
      identifier: a.business_type,
      phone: a.phone,
      billing_address: a.address,
      shipping_address: a.address,
      funding_email: a.email,
      notification_emails: [...new Set(a.contacts.map((x) => x.email))].join(', '),
    });
    created.store_id = idOf(store);
    a = await save(c, a, { created });
  }
  if (!created.user_id) {
    const owner = a.contacts.find((x) => x.email === a.owner_email) ?? a.contacts[0]!;
    const username = /^[A-Za-z0-9_.@-]{3,64}$/.test(owner.email) ? owner.email.toLowerCase() : `store-${suffix}`;
    const user = await createResource(c, usersDef, {
      username,
      email: owner.email,
      display_name: owner.name,
      password: unusablePassword(),
      guard: 'store',
      roles: [STORE_MANAGER_ROLE_ID],
      stores: [created.store_id],
    });
    created.user_id = idOf(user);
    created.username = username;
    a = await save(c, a, { created });
  }
  const token = await issueResetToken(c.deps.db, created.user_id, c.deps.clock(), staffSecurity());
  const link = `${c.deps.config.publicUrl}/staff/#/password/reset?token=${encodeURIComponent(token)}`;
  await sendNetworkMail(c.deps, 'invitation', a.lang, a.owner_email, {
    name: a.owner_name,
    business: a.business_name,
    username: created.username ?? a.owner_email,
    link,
  });
  a = await moveTo(c, a, 'approved', undefined, { created });
  await auditBy(c, 'store-application.decided', `store-application:${a.id}`, { action: 'approve', ...created });
  return storeApplicationsDef.view!(c, a);
}

export async function declineStoreApplication(c: ResourceCtx, id: string, input: { reason?: string }) {
  let a = await loadForAccess(c, storeApplicationsDef, id);
  if (!allowedAction(a.state, 'decline')) refuse(c, a);
  a = await moveTo(c, a, 'declined', input.reason);
  await sendNetworkMail(c.deps, 'declined', a.lang, a.owner_email, { name: a.owner_name, business: a.business_name });
  await auditBy(c, 'store-application.decided', `store-application:${a.id}`, { action: 'decline' });
  return storeApplicationsDef.view!(c, a);
}

export async function markStoreApplicationForCleaning(c: ResourceCtx, id: string, input: { note?: string }) {
  let a = await loadForAccess(c, storeApplicationsDef, id);
  if (!allowedAction(a.state, 'clean')) refuse(c, a);
  a = await moveTo(c, a, 'requiring-cleaning', input.note);
  await auditBy(c, 'store-application.decided', `store-application:${a.id}`, { action: 'clean' });
  return storeApplicationsDef.view!(c, a);
}

export const notFoundApplication = (c: ResourceCtx) => new AppError(404, t(c, 'network.apps.notFound'));
