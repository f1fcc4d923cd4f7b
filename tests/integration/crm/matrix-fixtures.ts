import type { StaffClient } from '../staff/client.ts';
import { unique } from '../staff/client.ts';

// The 'allowed' fixtures of the issue 12 staff routes for tests/integration/staff/matrix.test.ts: a fresh record per
// call (so that deletes and versioned updates do not collide).
type Fixture = { params?: Record<string, string>; body?: unknown; client?: StaffClient };

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const BODIES: Record<string, () => Record<string, unknown>> = {
  leads: () => ({ name: unique('Matrix lead ') }),
  contacts: () => ({ name: unique('Matrix contact ') }),
  tasks: () => ({ title: unique('Matrix task '), due_at: day(1), assignee_id: 'usr-admin' }),
  campaigns: () => ({ name: unique('Matrix campaign ') }),
  'marketing-requests': () => ({ store_id: 'sto-main-street', material: 'flyers', quantity: 10 }),
  'marketing-guide': () => ({ title: unique('Matrix guide '), kind: 'guide' }),
  'resources-library': () => ({ title: unique('Matrix resource '), category: 'forms' }),
  'push-notifications': () => ({ title: 'Matrix', body: 'Later', target: 'all', send_at: `${day(10)}T10:00` }),
  'mobile-slides': () => ({ title: unique('Matrix slide '), active: false }),
};

const PREFIXES: Record<string, string> = {
  leads: 'staffLeads',
  contacts: 'staffContacts',
  tasks: 'staffTasks',
  campaigns: 'staffCampaigns',
  'marketing-requests': 'staffMarketingRequests',
  'marketing-guide': 'staffMarketingGuide',
  'resources-library': 'staffResourcesLibrary',
  'push-notifications': 'staffPushNotifications',
  'mobile-slides': 'staffMobileSlides',
};

export function crmFixtures(admin: () => StaffClient): Record<string, () => Promise<Fixture>> {
  const out: Record<string, () => Promise<Fixture>> = {};
  for (const [path, prefix] of Object.entries(PREFIXES)) {
    const fresh = async () => {
      const res = await admin().post(`/staff/api/${path}`, BODIES[path]!());
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data as { id: string; v: number };
    };
    out[`${prefix}List`] = async () => ({});
    out[`${prefix}Show`] = async () => ({ params: { id: (await fresh()).id } });
    out[`${prefix}Create`] = async () => ({ body: BODIES[path]!() });
    out[`${prefix}Update`] = async () => {
      const r = await fresh();
      return { params: { id: r.id }, body: { v: r.v } };
    };
    out[`${prefix}UpdateForm`] = out[`${prefix}Update`]!;
    out[`${prefix}Delete`] = async () => ({ params: { id: (await fresh()).id } });
  }
  out.staffPaymentCalculatorOptions = async () => ({});
  out.staffPaymentCalculator = async () => ({ body: { amount: 1200, option: 'A', frequency: 'monthly' } });
  return out;
}

/** A marketing request of another tenant (demo-comfort's store), for the matrix's '403 for another tenant' case. */
export async function foreignMarketingRequest(admin: StaffClient): Promise<string> {
  const res = await admin.post('/staff/api/marketing-requests', {
    store_id: 'sto-hvac-central',
    material: 'banner',
    quantity: 1,
  });
  if (res.status !== 200) throw new Error(`foreign marketing request: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as string;
}
