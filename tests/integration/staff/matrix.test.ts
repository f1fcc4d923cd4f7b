import { beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../../functions/http/routes.ts';
import { STAFF_ROUTE_ACCESS } from '../../../machines/contracts/staff-access.ts';
import {
  fieldPermissionsForGuard,
  permissionsForGuard,
  PERMISSION_DEFS,
} from '../../../machines/domain/permissions.ts';
import { StaffClient, asAdmin, makeUser, unique } from './client.ts';
import { decided } from '../decision/support.ts';
import { journey } from '../checkout/support.ts';
import { UploadingClient, upload, xlsx } from '../underwriting/import-support.ts';
import { crmFixtures, foreignMarketingRequest } from '../crm/matrix-fixtures.ts';
import { networkFixtures, networkForeign } from '../network/matrix-fixtures.ts';
import {
  freshStore as merchantStore,
  merchantForeign,
  pickup as freshPickup,
  pickupTx,
  posItem,
  posOrder,
  retentionEntry,
  tomorrow,
} from '../merchant/support.ts';
import { closeThrough, fundedLease } from '../servicing/support.ts';

// The authorization matrix, generated from the route table: every staff route is tried unauthenticated (401), by a
// signed-in user without the permission (403), by a user of another tenant (403) and by one allowed (2xx). A new
// staff route is covered by the first three cases automatically; the allowed case needs a fixture below, and the
// test fails until it has one.
const staffRoutes = routes.filter((r) => r.auth === 'staff');
const fill = (path: string, params: Record<string, string>) =>
  path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(params[k] ?? 'x'));
const resourceOf = (path: string) => path.split('/')[3]!;

type Fixture = { params?: Record<string, string>; body?: unknown; client?: StaffClient };

let admin: StaffClient;
let noPermission: StaffClient;
let noPermissionLogin: { username: string; password: string };
let storeFull: StaffClient;
let retailerFull: StaffClient;
const foreign: Record<string, string> = { stores: 'sto-hvac-central', retailers: 'ret-demo-comfort' };

async function created(path: string, body: Record<string, unknown>) {
  const res = await admin.post(path, body);
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: string; v: number; items?: { id: string }[] };
}

const freshUser = (extra: Record<string, unknown> = {}) => {
  const name = unique('mx_');
  return created('/staff/api/users', {
    username: name,
    email: `${name}@example.com`,
    display_name: 'Matrix',
    password: 'matrix-password-1',
    guard: 'system',
    roles: [],
    ...extra,
  });
};
const freshRole = () =>
  created('/staff/api/roles', { name: unique('Matrix '), guard: 'store', permissions: ['users.view'] });
const freshRetailer = () => {
  const slug = unique('mx-').toLowerCase();
  return created('/staff/api/retailers', { name: `Matrix ${slug}`, slug });
};
const freshStore = () =>
  created('/staff/api/stores', {
    name: 'Matrix store',
    slug: unique('mx-').toLowerCase(),
    retailer_id: 'ret-demo-electronics',
  });
const freshPicklist = () =>
  created('/staff/api/picklists', { identifier: unique('mx_').toLowerCase(), name: 'Matrix list' });
const freshSetting = () =>
  created('/staff/api/settings', {
    key: unique('mx_').toLowerCase(),
    label: 'Matrix setting',
    type: 'number',
    value: 1,
  });
const freshToken = (retailer = 'ret-demo-electronics') =>
  created('/staff/api/tokens', { name: 'Matrix token', retailer_id: retailer });
const freshTemplate = () => created('/staff/api/mail-templates', { name: unique('Matrix '), subject: 'Hello' });
const withItem = async () => {
  const list = await freshPicklist();
  const res = await admin.post(`/staff/api/picklists/${list.id}/items`, { identifier: 'one', label: 'One', v: list.v });
  return res.body.data as { id: string; v: number; items: { id: string }[] };
};

const scoringDraftBody = async () => {
  const { published, draft } = (await admin.get('/staff/api/scoring-settings')).body.data;
  return { settings: published.settings, note: 'Matrix', ...(draft ? { v: draft.v } : {}) };
};
const scoringDraft = async () =>
  (await admin.put('/staff/api/scoring-settings/draft', await scoringDraftBody())).body.data as { v: number };

const previewedImport = async () => {
  const list = await freshPicklist();
  const res = await upload(
    admin,
    '/staff/api/imports/picklist-items',
    {
      bytes: await xlsx([
        ['Identifier', 'Label'],
        ['a', 'A'],
      ]),
      name: 'items.xlsx',
    },
    { picklist: list.id },
  );
  if (res.status !== 200) throw new Error(`import preview: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as string;
};

/** A one-row payments file for the funded lease (a fresh reference each time, so that it is ready to post). */
const paymentsFile = async () => {
  const id = await fundedUuid();
  const today = (await admin.get(`/staff/api/leases/${id}/account`)).body.data.today as string;
  return Buffer.from(`lease,amount,date,channel,reference\r\n${id},1.00,${today},phone,${unique('mx-')}\r\n`);
};

// Lease operations: `lease` is a signed, paid lease at demo-electronics' store 'express' (not the store user's store)
// with its checkout, payment and webhooks, made in beforeAll; an action is taken on a fresh approved application.
const lease = { uuid: '', checkoutId: '' };
const approvedApplication = async () => (await decided('option-a')).shopper.uuid;
const firstWebhook = async () => {
  for (let i = 0; i < 100; i++) {
    const res = await admin.get(`/staff/api/applications/${lease.uuid}`);
    const id = (res.body.data?.webhooks as { event_id: string }[] | undefined)?.[0]?.event_id;
    if (id) return id;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no webhook delivery for the lease');
};

// Servicing (functions/http/servicing.ts): the routes act on a funded lease's account. One funded lease serves the
// routes that leave it open; the payoff ends its lease, so it gets one of its own. Payments and postings must carry an
// Idempotency-Key, which a keyed client adds to every request (a fresh key each time, so nothing is deduplicated).
let servicingLease: Promise<string> | undefined;
const fundedUuid = () => (servicingLease ??= fundedLease().then((l) => l.uuid));
// The collections queue's work needs an account past due: a funded lease of its own, the lender's date moved past its
// first due date (the sandbox clock; what other servicing suites do on the shared server too).
let collectionLease: Promise<string> | undefined;
const lateUuid = () =>
  (collectionLease ??= (async () => {
    const { uuid } = await fundedLease();
    await closeThrough((await accountOf(uuid)).next_payment.due_date);
    return uuid;
  })());
/** Contact attempts are refused outside the lender's contact hours: open them all day for the allowed case. */
async function contactAllDay() {
  const current = await admin.get('/staff/api/queue-config');
  const settings = current.body.data.settings;
  const res = await admin.call('PUT', '/staff/api/queue-config', {
    body: {
      ...settings,
      collections: { ...(settings.collections ?? {}), contact_hours: { start_hour: 0, end_hour: 24 } },
      v: current.body.data.v,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  await new Promise((r) => setTimeout(r, 3_500));
}
class KeyedClient extends StaffClient {
  private n = 0;
  constructor(from: StaffClient) {
    super(from.baseUrl);
    for (const [k, v] of from.cookies) this.cookies.set(k, v);
  }
  override call<T = any>(method: string, path: string, options: Parameters<StaffClient['call']>[2] = {}) {
    const headers = { 'idempotency-key': unique(`mx-${this.n++}-`), ...(options.headers ?? {}) };
    return super.call<T>(method, path, { ...options, headers });
  }
}
const accountOf = async (uuid: string) => {
  const res = await admin.get(`/staff/api/leases/${uuid}/account`);
  if (res.status !== 200) throw new Error(`account ${uuid}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as {
    today: string;
    past_due: string;
    next_payment: { amount: string; due_date: string };
    payoff: { amount: string };
  };
};

const ALLOWED: Record<string, () => Promise<Fixture>> = {
  // issue 12: CRM, marketing, push notifications, mobile slides (tests/integration/crm/matrix-fixtures.ts)
  ...crmFixtures(() => admin),
  ...networkFixtures(() => admin),
  staffLogout: async () => ({ client: await asAdmin() }),
  staffMe: async () => ({}),
  staffPasswordChange: async () => {
    const { client, password } = await makeUser(admin, { guard: 'system', permissions: [] });
    return {
      client,
      body: { current_password: password, password: 'changed-password-1', password_confirmation: 'changed-password-1' },
    };
  },
  staffStoreContext: async () => ({ body: { store_id: 'sto-main-street' } }),
  staffUsersList: async () => ({}),
  staffUsersShow: async () => ({ params: { id: 'usr-admin' } }),
  staffUsersCreate: async () => {
    const name = unique('mx_');
    return {
      body: {
        username: name,
        email: `${name}@example.com`,
        display_name: 'New',
        password: 'matrix-password-1',
        guard: 'store',
        stores: ['sto-main-street'],
      },
    };
  },
  staffUsersUpdate: async () => {
    const u = await freshUser();
    return { params: { id: u.id }, body: { display_name: 'Renamed', v: u.v } };
  },
  staffUsersUpdateForm: async () => {
    const u = await freshUser();
    return { params: { id: u.id }, body: { display_name: 'Renamed', v: u.v } };
  },
  staffUsersDelete: async () => ({ params: { id: (await freshUser()).id } }),
  staffUsersRestore: async () => {
    const u = await freshUser();
    await admin.del(`/staff/api/users/${u.id}`);
    return { params: { id: u.id } };
  },
  staffUsersBlock: async () => ({ params: { id: (await freshUser()).id } }),
  staffUsersUnblock: async () => ({ params: { id: (await freshUser()).id } }),
  staffUsersLink: async () => ({
    params: { id: (await freshUser({ guard: 'store', stores: [] })).id },
    body: { type: 'store', id: 'sto-express' },
  }),
  staffUsersUnlink: async () => ({
    params: {
      id: (await freshUser({ guard: 'store', stores: ['sto-main-street'] })).id,
      type: 'store',
      target: 'sto-main-street',
    },
  }),
  staffRolesList: async () => ({}),
  staffRolesShow: async () => ({ params: { id: 'role-store-manager' } }),
  staffRolesCreate: async () => ({
    body: { name: unique('Matrix '), guard: 'retailer', permissions: ['stores.view'] },
  }),
  staffRolesUpdate: async () => {
    const r = await freshRole();
    return { params: { id: r.id }, body: { description: 'Changed', v: r.v } };
  },
  staffRolesUpdateForm: async () => {
    const r = await freshRole();
    return { params: { id: r.id }, body: { description: 'Changed', v: r.v } };
  },
  staffRolesDelete: async () => ({ params: { id: (await freshRole()).id } }),
  staffRolePermissionsShow: async () => ({ params: { id: 'role-store-manager' } }),
  staffRolePermissionsUpdate: async () => {
    const r = await freshRole();
    return { params: { id: r.id }, body: { permissions: ['users.view', 'stores.view'], v: r.v } };
  },
  staffRolePermissionsUpdateForm: async () => {
    const r = await freshRole();
    return { params: { id: r.id }, body: { permissions: ['stores.view'], v: r.v } };
  },
  staffPermissionsList: async () => ({}),
  staffRetailersList: async () => ({}),
  staffRetailersShow: async () => ({ params: { id: 'ret-demo-electronics' } }),
  staffRetailersCreate: async () => {
    const slug = unique('mx-').toLowerCase();
    return { body: { name: 'New retailer', slug } };
  },
  staffRetailersUpdate: async () => {
    const r = await freshRetailer();
    return { params: { id: r.id }, body: { name: 'Renamed retailer', v: r.v } };
  },
  staffRetailersUpdateForm: async () => {
    const r = await freshRetailer();
    return { params: { id: r.id }, body: { active: false, v: r.v } };
  },
  staffRetailersDelete: async () => ({ params: { id: (await freshRetailer()).id } }),
  staffStoresList: async () => ({}),
  staffStoresShow: async () => ({ params: { id: 'sto-main-street' } }),
  staffStoresCreate: async () => ({
    body: { name: 'New store', slug: unique('mx-').toLowerCase(), retailer_id: 'ret-demo-electronics' },
  }),
  staffStoresUpdate: async () => {
    const s = await freshStore();
    return { params: { id: s.id }, body: { short_name: 'Short', v: s.v } };
  },
  staffStoresUpdateForm: async () => {
    const s = await freshStore();
    return { params: { id: s.id }, body: { visible: false, v: s.v } };
  },
  staffStoresDelete: async () => ({ params: { id: (await freshStore()).id } }),
  staffPicklistsList: async () => ({}),
  staffPicklistsShow: async () => ({ params: { id: 'pl-income_types' } }),
  staffPicklistsCreate: async () => ({ body: { identifier: unique('mx_').toLowerCase(), name: 'New list' } }),
  staffPicklistsUpdate: async () => {
    const p = await freshPicklist();
    return { params: { id: p.id }, body: { name: 'Renamed', v: p.v } };
  },
  staffPicklistsUpdateForm: async () => {
    const p = await freshPicklist();
    return { params: { id: p.id }, body: { description: 'Described', v: p.v } };
  },
  staffPicklistsDelete: async () => ({ params: { id: (await freshPicklist()).id } }),
  staffPicklistItemsCreate: async () => {
    const p = await freshPicklist();
    return { params: { id: p.id }, body: { identifier: 'a', label: 'A', v: p.v } };
  },
  staffPicklistItemsUpdate: async () => {
    const p = await withItem();
    return { params: { id: p.id, item: p.items[0]!.id }, body: { label: 'Renamed', v: p.v } };
  },
  staffPicklistItemsDelete: async () => {
    const p = await withItem();
    return { params: { id: p.id, item: p.items[0]!.id } };
  },
  staffPicklistItemsRestore: async () => {
    const p = await withItem();
    await admin.del(`/staff/api/picklists/${p.id}/items/${p.items[0]!.id}`);
    return { params: { id: p.id, item: p.items[0]!.id } };
  },
  staffSettingsList: async () => ({}),
  staffSettingsShow: async () => ({ params: { id: 'default_role' } }),
  staffSettingsCreate: async () => ({
    body: { key: unique('mx_').toLowerCase(), label: 'New setting', type: 'boolean', value: true },
  }),
  staffSettingsUpdate: async () => {
    const s = await freshSetting();
    return { params: { id: s.id }, body: { value: 2, v: s.v } };
  },
  staffSettingsUpdateForm: async () => {
    const s = await freshSetting();
    return { params: { id: s.id }, body: { value: 3, v: s.v } };
  },
  staffSettingsDelete: async () => ({ params: { id: (await freshSetting()).id } }),
  staffTokensList: async () => ({}),
  staffTokensShow: async () => ({ params: { id: (await freshToken()).id } }),
  staffTokensCreate: async () => ({ body: { name: 'New token', retailer_id: 'ret-demo-electronics' } }),
  staffTokensDelete: async () => ({ params: { id: (await freshToken()).id } }),
  staffMailTemplatesList: async () => ({}),
  staffMailTemplatesShow: async () => ({ params: { id: (await freshTemplate()).id } }),
  staffMailTemplatesCreate: async () => ({
    body: { name: unique('New '), subject: 'Subject', blocks: [{ name: 'FOOTER_BLOCK', content: '<p>Bye</p>' }] },
  }),
  staffMailTemplatesUpdate: async () => {
    const m = await freshTemplate();
    return { params: { id: m.id }, body: { subject: 'Changed', v: m.v } };
  },
  staffMailTemplatesUpdateForm: async () => {
    const m = await freshTemplate();
    return { params: { id: m.id }, body: { subject: 'Changed', v: m.v } };
  },
  staffMailTemplatesDelete: async () => ({ params: { id: (await freshTemplate()).id } }),
  staffAuditList: async () => ({}),
  // lease operations (functions/http/staff-leases.ts)
  staffApplicationsList: async () => ({}),
  staffApplicationsShow: async () => ({ params: { id: lease.uuid } }),
  staffApplicationsReveal: async () => ({
    params: { id: lease.uuid },
    body: { field: 'applicant.social_security_number' },
  }),
  staffWebhookReplay: async () => ({ params: { id: lease.uuid, event: await firstWebhook() } }),
  staffLeasesList: async () => ({}),
  staffLeasesShow: async () => ({ params: { id: lease.uuid } }),
  staffLeaseAction: async () => ({
    params: { id: await approvedApplication(), action: 'request-info' },
    body: { note: 'Matrix' },
  }),
  staffLeaseContract: async () => ({ params: { id: lease.uuid } }),
  // servicing of a funded lease's account (issues 22 and 23)
  staffLeaseAccount: async () => ({ params: { id: await fundedUuid() } }),
  staffCollectionsQueue: async () => ({}),
  staffCollectionWork: async () => ({ params: { id: await lateUuid() } }),
  staffCollectionClaim: async () => ({ params: { id: await lateUuid() }, body: {} }),
  staffCollectionAssign: async () => {
    const collector = await makeUser(admin, {
      guard: 'system',
      permissions: ['collections.view', 'collections.work', 'leases.view'],
    });
    return { params: { id: await lateUuid() }, body: { user_id: collector.user.id } };
  },
  staffCollectionPromise: async () => {
    const id = await lateUuid();
    const late = await accountOf(id);
    return { params: { id }, body: { date: late.today, amount: late.past_due } };
  },
  staffCollectionContact: async () => {
    await contactAllDay();
    return { params: { id: await lateUuid() }, body: { channel: 'phone', outcome: 'left_message' } };
  },
  staffAccountAction: async () => {
    const id = await fundedUuid();
    const { amount } = (await accountOf(id)).next_payment;
    return {
      params: { id, action: 'record-payment' },
      body: { amount, channel: 'phone', reference: 'Matrix call' },
      client: new KeyedClient(admin),
    };
  },
  staffAccountPayment: async () => {
    const id = await fundedUuid();
    const { amount } = (await accountOf(id)).next_payment;
    return {
      params: { id },
      body: { amount, source: { kind: 'phone', reference: 'Matrix call' } },
      client: new KeyedClient(admin),
    };
  },
  staffAccountPayoff: async () => {
    const { uuid: id } = await fundedLease();
    const { amount } = (await accountOf(id)).payoff;
    return {
      params: { id },
      body: { amount, source: { kind: 'cash', reference: 'Matrix till' } },
      client: new KeyedClient(admin),
    };
  },
  staffAccountPosting: async () => ({
    params: { id: await fundedUuid() },
    body: { kind: 'fee', fee_kind: 'late', amount: '5.00', note: 'Matrix' },
    client: new KeyedClient(admin),
  }),
  staffAccountPaymentMethod: async () => ({
    params: { id: await fundedUuid() },
    body: { kind: 'bank', routing_number: '011000015', account_number: '000111111116' },
  }),
  staffAccountAutopay: async () => {
    const id = await fundedUuid();
    // autopay needs a payment method on file
    const method = await admin.post(`/staff/api/leases/${id}/account/payment-method`, {
      kind: 'bank',
      routing_number: '011000015',
      account_number: '000111111116',
    });
    if (method.status !== 200) throw new Error(`payment method: ${method.status} ${JSON.stringify(method.body)}`);
    return { params: { id }, body: { enabled: true } };
  },
  staffContractsList: async () => ({}),
  staffLeaseQueue: async () => ({}),
  staffLeaseQueueClaim: async () => ({ params: { id: lease.uuid } }),
  staffLeaseQueueRelease: async () => {
    await admin.post(`/staff/api/lease-queue/${lease.uuid}/claim`);
    return { params: { id: lease.uuid } };
  },
  staffLeaseQueueAssign: async () => ({ params: { id: lease.uuid }, body: { user_id: 'usr-admin' } }),
  staffCheckoutsList: async () => ({}),
  staffCheckoutsShow: async () => ({ params: { id: lease.checkoutId } }),
  staffPaymentsList: async () => ({}),
  staffPaymentsShow: async () => ({ params: { id: `${lease.checkoutId}-1` } }),
  staffDashboard: async () => ({}),
  // issue 11: reports and the adverse-action notice of a denied application
  staffReport: async () => ({ params: { report: 'applications' } }),
  staffServicingDay: async () => ({}),
  staffAdverseAction: async () => ({ params: { id: (await decided('denied-with-score')).shopper.uuid } }),
  staffConsentsList: async () => ({ params: { id: (await decided('a-and-b')).shopper.uuid } }),
  staffConsentsPdf: async () => ({ params: { id: (await decided('a-and-b')).shopper.uuid } }),
  staffImportsPreview: async () => {
    const list = await freshPicklist();
    return {
      params: { table: 'picklist-items' },
      client: new UploadingClient(
        admin,
        async () => ({
          bytes: await xlsx([
            ['Identifier', 'Label'],
            ['a', 'A'],
          ]),
          name: 'items.xlsx',
        }),
        { picklist: list.id },
      ),
    };
  },
  staffImportsCommit: async () => ({ params: { id: await previewedImport() } }),
  // Issue 23 item 8: a payments file for the funded lease (previewed, then posted); the ledger export's default range
  staffPaymentImportPreview: async () => ({
    client: new UploadingClient(admin, async () => ({ bytes: await paymentsFile(), name: 'payments.csv' })),
  }),
  staffPaymentImportPost: async () => {
    const res = await upload(admin, '/staff/api/payment-imports', { bytes: await paymentsFile(), name: 'p.csv' });
    if (res.status !== 200) throw new Error(`payments preview: ${res.status} ${JSON.stringify(res.body)}`);
    return { params: { id: res.body.data.id as string } };
  },
  staffLedgerExport: async () => ({}),
  staffImportsTemplate: async () => ({ params: { table: 'retailers' } }),
  staffImportsExport: async () => ({ params: { table: 'retailers' } }),
  staffImportVersionsList: async () => ({}),
  staffImportVersionsRestore: async () => {
    const commit = await admin.post(`/staff/api/imports/${await previewedImport()}/commit`, {});
    return { params: { id: commit.body.data.version.id as string } };
  },
  // Scoring Settings (issue 11): a draft identical to the published settings, so publishing or restoring changes no decision
  staffScoringSettingsShow: async () => ({}),
  staffScoringVersionsList: async () => ({}),
  staffScoringDraftSave: async () => ({ body: await scoringDraftBody() }),
  staffScoringDraftPreview: async () => {
    await scoringDraft();
    return { body: { limit: 5 } };
  },
  staffScoringDraftPublish: async () => ({ body: { v: (await scoringDraft()).v } }),
  staffScoringVersionRestore: async () => ({
    params: { id: String((await admin.get('/staff/api/scoring-settings')).body.data.published.id) },
    body: {},
  }),
  // Underwriting rules (issue 11): each write stores what is in force already, so no decision or session changes
  staffStateRulesList: async () => ({}),
  staffStateRulesUpdate: async () => {
    const rule = ((await admin.get('/staff/api/state-rules')).body.data as { state: string }[]).find(
      (r) => r.state === 'AK',
    )!;
    const { state: _s, updated_at: _a, updated_by: _b, ...body } = rule as Record<string, unknown>;
    return { params: { state: 'AK' }, body };
  },
  staffServicingRuleShow: async () => ({ params: { state: 'AK' } }),
  staffServicingRuleUpdate: async () => {
    // The row in force saved as it is (the code's row on a fresh server): no later close charges differently.
    const {
      state: _s,
      updated_at: _a,
      updated_by: _b,
      ...body
    } = (await admin.get('/staff/api/state-rules/AK/servicing')).body.data as Record<string, unknown>;
    return { params: { state: 'AK' }, body };
  },
  staffSecuritySettingsShow: async () => ({}),
  staffSecuritySettingsUpdate: async () => {
    const { settings, v } = (await admin.get('/staff/api/security-settings')).body.data;
    return { body: { ...settings, v } };
  },
  staffQueueConfigShow: async () => ({}),
  staffQueueConfigUpdate: async () => {
    const { settings, v } = (await admin.get('/staff/api/queue-config')).body.data;
    return { body: { ...settings, v } };
  },
  // the merchant network (issue 12, functions/http/staff-merchant.ts)
  staffPosItemsList: async () => ({}),
  staffPosItemsShow: async () => ({ params: { id: 'posi-demo-tv55' } }),
  staffPosItemsCreate: async () => ({
    body: {
      retailer_id: 'ret-demo-electronics',
      sku: unique('MX-'),
      name: 'Matrix item',
      quantity_in_stock: 3,
      reorder_level: 1,
      unit_price: 500,
    },
  }),
  staffPosItemsUpdate: async () => {
    const i = await posItem(admin);
    return { params: { id: i.id }, body: { quantity_in_stock: 7, v: i.v } };
  },
  staffPosItemsUpdateForm: async () => {
    const i = await posItem(admin);
    return { params: { id: i.id }, body: { name: 'Renamed', v: i.v } };
  },
  staffPosItemsDelete: async () => ({ params: { id: (await posItem(admin)).id } }),
  staffPosOrdersList: async () => ({}),
  staffPosOrdersShow: async () => ({ params: { id: 'poso-demo-1' } }),
  staffPosOrdersCreate: async () => ({
    body: { store_id: 'sto-main-street', items: [{ item_id: 'posi-demo-tv55', quantity: 1 }] },
  }),
  staffPosOrdersUpdate: async () => {
    const o = await posOrder(admin);
    return { params: { id: o.id }, body: { status: 'submitted', v: o.v } };
  },
  staffPosOrdersUpdateForm: async () => {
    const o = await posOrder(admin);
    return { params: { id: o.id }, body: { note: 'Matrix', v: o.v } };
  },
  staffPosOrdersDelete: async () => ({ params: { id: (await posOrder(admin)).id } }),
  staffPickupsList: async () => ({}),
  staffPickupsShow: async () => ({ params: { id: (await freshPickup(admin)).id } }),
  staffPickupsCreate: async () => ({
    body: {
      lease_uuid: await approvedApplication(),
      type: 'repossession',
      scheduled_date: tomorrow(),
      window: '08:00-12:00',
    },
  }),
  staffPickupsUpdate: async () => {
    const p = await freshPickup(admin);
    return { params: { id: p.id }, body: { window: '16:00-20:00', v: p.v } };
  },
  staffPickupsUpdateForm: async () => {
    const p = await freshPickup(admin);
    return { params: { id: p.id }, body: { notes: 'Matrix', v: p.v } };
  },
  staffPickupTransactionsList: async () => ({}),
  staffPickupTransactionsShow: async () => ({
    params: { id: (await pickupTx(admin, (await freshPickup(admin)).id)).id },
  }),
  staffPickupTransactionsCreate: async () => ({
    body: { pickup_id: (await freshPickup(admin)).id, type: 'attempt', note: 'Matrix' },
  }),
  staffRetentionList: async () => ({}),
  staffRetentionShow: async () => ({ params: { id: 'sto-main-street' } }),
  staffRetentionCreate: async () => ({ body: { store_id: (await merchantStore(admin)).id, percentage: 4 } }),
  staffRetentionUpdate: async () => {
    const id = (await merchantStore(admin)).id;
    const a = (await admin.post('/staff/api/retention', { store_id: id })).body.data;
    return { params: { id }, body: { percentage: 6, v: a.v } };
  },
  staffRetentionUpdateForm: async () => {
    const id = (await merchantStore(admin)).id;
    const a = (await admin.post('/staff/api/retention', { store_id: id })).body.data;
    return { params: { id }, body: { percentage: 6.5, v: a.v } };
  },
  staffRetentionEntriesList: async () => ({}),
  staffRetentionEntriesShow: async () => ({ params: { id: (await retentionEntry(admin)).id } }),
  staffRetentionEntriesCreate: async () => ({
    body: { kind: 'withholding', store_id: 'sto-express', funded_amount: 10_000 },
  }),
  staffRetailerMap: async () => ({}),
};

/** Collection routes whose body names another tenant (the rest of the collection routes are confined by the list scope). */
const TENANT_BODIES: Record<string, () => Record<string, unknown>> = {
  staffUsersCreate: () => {
    const name = unique('mx_');
    return {
      username: name,
      email: `${name}@example.com`,
      display_name: 'Elsewhere',
      password: 'matrix-password-1',
      guard: 'store',
      stores: ['sto-hvac-central'],
    };
  },
  staffStoresCreate: () => ({ name: 'Elsewhere', slug: unique('mx-').toLowerCase(), retailer_id: 'ret-demo-comfort' }),
  staffTokensCreate: () => ({ name: 'Elsewhere', retailer_id: 'ret-demo-comfort' }),
  staffOAuthClientsCreate: () => ({ name: 'Elsewhere', retailer_id: 'ret-demo-comfort' }),
  staffPosItemsCreate: () => ({ retailer_id: 'ret-demo-comfort', sku: unique('MX-'), name: 'Elsewhere' }),
  staffPosOrdersCreate: () => ({ store_id: 'sto-hvac-central', items: [] }),
  staffPickupsCreate: () => ({
    lease_uuid: foreign['pickup-lease'],
    scheduled_date: tomorrow(),
    window: '08:00-12:00',
  }),
  staffPickupTransactionsCreate: () => ({ pickup_id: foreign.pickups, type: 'note' }),
};

beforeAll(async () => {
  admin = await asAdmin();
  const bare = await makeUser(admin, { guard: 'system', permissions: [] });
  noPermission = bare.client;
  noPermissionLogin = { username: bare.username, password: bare.password };
  storeFull = (
    await makeUser(admin, {
      guard: 'store',
      permissions: permissionsForGuard('store'),
      field_permissions: fieldPermissionsForGuard('store'),
      stores: ['sto-main-street'],
    })
  ).client;
  retailerFull = (
    await makeUser(admin, {
      guard: 'retailer',
      permissions: permissionsForGuard('retailer'),
      field_permissions: fieldPermissionsForGuard('retailer'),
      retailers: ['ret-demo-electronics'],
    })
  ).client;
  foreign.users = (await freshUser({ guard: 'store', stores: ['sto-hvac-central'] })).id;
  foreign.tokens = (await freshToken('ret-demo-comfort')).id;
  foreign['marketing-requests'] = await foreignMarketingRequest(admin);
  // an application of another store (the lease routes and the adverse-action notice)
  foreign.applications ??= (await decided('denied-with-score', 'hvac-central', 'demo-comfort')).shopper.uuid;
  // a paid lease of another store of the store user's retailer (the store-guard lease, checkout and payment routes)
  const express = await journey('completed', { store: 'express' });
  lease.uuid = express.uuid!;
  lease.checkoutId = express.checkoutId;
  for (const resource of ['leases', 'contracts', 'lease-queue', 'collections-queue']) foreign[resource] = lease.uuid;
  foreign.checkouts = lease.checkoutId;
  foreign.payments = `${lease.checkoutId}-1`;
  Object.assign(foreign, await merchantForeign(admin));
  Object.assign(foreign, await networkForeign(admin));
  for (let i = 0; i < 100 && (await admin.get(`/staff/api/leases/${lease.uuid}`)).body.data?.status !== 'Z'; i++)
    await new Promise((r) => setTimeout(r, 100));
}, 60_000);

describe('authorization matrix of every staff route', () => {
  it('covers every staff route', () => {
    expect(staffRoutes.length).toBeGreaterThan(50);
    expect(staffRoutes.filter((r) => !ALLOWED[r.name]).map((r) => r.name)).toEqual([]);
  });

  it.each(staffRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: 401 without a session',
    async (_key, route) => {
      const res = await new StaffClient().call(route.method, fill(route.path, {}), {
        body: route.method === 'GET' ? undefined : {},
      });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Your session is no longer valid. Please login again');
    },
  );

  it.each(staffRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: 403 without the permission',
    async (_key, route) => {
      const access = STAFF_ROUTE_ACCESS[route.name]!;
      // Routes for any signed-in user (logout among them) get a session of their own.
      const client = access === 'signed-in' ? new StaffClient() : noPermission;
      if (access === 'signed-in') await client.login(noPermissionLogin.username, noPermissionLogin.password);
      const res = await client.call(route.method, fill(route.path, { id: 'usr-admin' }), {
        body: route.method === 'GET' ? undefined : {},
      });
      if (access === 'signed-in') expect(res.status).not.toBe(403);
      else {
        expect(res.status).toBe(403);
        expect(res.body.message).toBe('Permission Denied');
      }
    },
  );

  it.each(staffRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: 403 for another tenant',
    async (_key, route) => {
      const access = STAFF_ROUTE_ACCESS[route.name]!;
      if (access === 'signed-in') return;
      const guards = PERMISSION_DEFS[access] as readonly string[];
      const actor = guards.includes('store') ? storeFull : guards.includes('retailer') ? retailerFull : storeFull;
      const hasId = route.path.includes('{id}');
      if (!guards.includes('store') && !guards.includes('retailer')) {
        // A system-only permission: no store or retailer role can hold it.
        expect(
          (
            await actor.call(route.method, fill(route.path, { id: 'x' }), {
              body: route.method === 'GET' ? undefined : {},
            })
          ).status,
        ).toBe(403);
        return;
      }
      if (hasId) {
        const id = foreign[resourceOf(route.path)];
        expect(id, `foreign record for ${resourceOf(route.path)}`).toBeDefined();
        // (a known lease action, so that the tenant check answers rather than the unknown-action 404; the servicing
        // actions are a catalogue of their own)
        const action = route.name === 'staffAccountAction' ? 'record-payment' : 'mark-delivered';
        const res = await actor.call(
          route.method,
          fill(route.path, { id: id!, type: 'store', target: 'sto-hvac-central', action }),
          {
            body: route.method === 'GET' ? undefined : { v: 1, type: 'store', id: 'sto-hvac-central' },
          },
        );
        expect(res.status).toBe(403);
        expect(res.body.message).toBe('Permission Denied');
      } else if (TENANT_BODIES[route.name]) {
        const res = await actor.call(route.method, route.path, { body: TENANT_BODIES[route.name]!() });
        expect(res.status).toBe(403);
      } else if (route.name === 'staffServicingDay') {
        // The servicing day of a store user counts its own stores: never the lender's due list.
        const res = await actor.get(route.path);
        expect(res.status).toBe(200);
        expect(res.body.data.due).toBeNull();
      } else {
        // Collection reads: confined to the tenant's partition.
        const res = await actor.get(fill(route.path, { report: 'applications' }) + '?limit=100');
        expect(res.status).toBe(200);
        const rows = res.body.data as Record<string, unknown>[];
        expect(rows.some((row) => row.id === foreign[resourceOf(route.path)])).toBe(false);
      }
    },
  );

  it.each(staffRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: 2xx when allowed',
    async (_key, route) => {
      const fixture = await ALLOWED[route.name]!();
      const client = fixture.client ?? admin;
      const res = await client.call(route.method, fill(route.path, fixture.params ?? {}), {
        body: route.method === 'GET' ? undefined : (fixture.body ?? {}),
      });
      expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(200);
      expect(res.status).toBeLessThan(300);
      // Documents (the contract preview, downloads) are not the JSON envelope.
      if ((res.headers.get('content-type') ?? '').includes('application/json')) expect(res.body.status).toBe(true);
    },
  );
});
