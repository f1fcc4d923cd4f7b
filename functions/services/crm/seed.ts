import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { crmKey, type CrmKind } from '../../data/crm.ts';
import { getItem, putItem } from '../../data/items.ts';
import { listEntrySk, syncListEntries } from '../../data/staff/lists.ts';
import type { Deps } from '../../platform/deps.ts';
import type { ResourceDef } from '../staff/resource.ts';
import type { CrmRecord } from './factory.ts';
import { nextOccurrences, ruleLine, type Recurrence } from './recurrence.ts';
import { campaignsDef, guideDef, libraryDef, marketingRequestsDef } from './marketing.ts';
import { pushDef, slidesDef } from './mobile.ts';
import { contactsDef, leadsDef, tasksDef } from './resources.ts';

// Demo records of issue 12 (idempotent, stable ids): written once, then they belong to staff; their list entries are
// kept in step on every start. Dates are relative to the first start.

const DAY = 86_400_000;

async function seedOne<R extends CrmRecord>(
  deps: Deps,
  kind: CrmKind,
  def: ResourceDef<R>,
  fields: Record<string, unknown> & { id: string },
) {
  const now = deps.clock();
  const key = crmKey(kind, fields.id);
  let item = await getItem<R>(deps.db, key, now);
  if (!item) {
    const at = now.toISOString();
    item = {
      ...key,
      entity: def.entity,
      v: 1,
      created_at: at,
      updated_at: at,
      created_by: 'usr-admin',
      ...fields,
    } as unknown as R;
    await putItem(deps.db, item);
  }
  const pk = def.rowPk(item.id);
  const existing = await deps.db.doc.send(
    new GetCommand({ TableName: deps.db.tableName, Key: { pk, sk: listEntrySk(def.defaultSort, '*') } }),
  );
  const snapshot = { row: def.row(item), scopes: def.scopes(item) };
  await syncListEntries(
    deps.db,
    def,
    pk,
    existing.Item ? { row: existing.Item.row as typeof snapshot.row, scopes: def.scopes(item) } : undefined,
    snapshot,
  );
}

export async function seedCrm(deps: Deps): Promise<void> {
  const now = deps.clock();
  const day = (offset: number) => new Date(now.getTime() + offset * DAY).toISOString().slice(0, 10);
  const admin = { id: 'usr-admin', name: 'Administrator' };

  const leads = [
    {
      id: 'lead-demo-sunrise',
      name: 'Maria Lopez',
      company: 'Sunrise Appliances',
      email: 'maria@sunrise.example.com',
      phone: '5125550142',
      source: 'website',
      status: 'new',
      notes: 'Asked about lease-to-own for washers and dryers.',
    },
    {
      id: 'lead-demo-coastal',
      name: 'James Carter',
      company: 'Coastal HVAC',
      email: 'james@coastalhvac.example.com',
      phone: '9045550177',
      source: 'event',
      status: 'contacted',
      notes: 'Met at the home show; 3 locations.',
    },
    {
      id: 'lead-demo-oak',
      name: 'Priya Shah',
      company: 'Oak & Pine Furniture',
      email: 'priya@oakpine.example.com',
      phone: null,
      source: 'referral',
      status: 'qualified',
      notes: 'Referred by Demo Electronics.',
    },
  ];
  for (const l of leads) await seedOne(deps, 'LEAD', leadsDef, { ...l, owner_id: admin.id, owner_name: admin.name });

  await seedOne(deps, 'CONTACT', contactsDef, {
    id: 'con-demo-maria',
    name: 'Maria Lopez',
    email: 'maria@sunrise.example.com',
    phone: '5125550142',
    company: 'Sunrise Appliances',
    title: 'Owner',
    lead_id: 'lead-demo-sunrise',
    lead_name: 'Maria Lopez',
    notes: '',
  });
  await seedOne(deps, 'CONTACT', contactsDef, {
    id: 'con-demo-james',
    name: 'James Carter',
    email: 'james@coastalhvac.example.com',
    phone: '9045550177',
    company: 'Coastal HVAC',
    title: 'Operations manager',
    lead_id: 'lead-demo-coastal',
    lead_name: 'James Carter',
    notes: '',
  });

  const weekly: Recurrence = {
    freq: 2,
    interval: 1,
    dtstart: day(2),
    until: null,
    count: null,
    byweekday: [(new Date(`${day(2)}T00:00:00Z`).getUTCDay() + 6) % 7],
    bymonthday: null,
    bysetpos: null,
  };
  const task = (id: string, title: string, due: string, recurrence: Recurrence | null, leadId: string | null) => ({
    id,
    title,
    description: '',
    due_at: due,
    status: 'open',
    assignee_id: admin.id,
    assignee_name: admin.name,
    repeats: !!recurrence,
    recurrence,
    rrule: recurrence ? ruleLine(recurrence) : null,
    next_occurrences: recurrence ? nextOccurrences(recurrence, `${due}T00:00`, 5) : [],
    completions: 0,
    lead_id: leadId,
  });
  await seedOne(
    deps,
    'TASK',
    tasksDef,
    task('task-demo-call-sunrise', 'Call Sunrise Appliances back', day(1), null, 'lead-demo-sunrise'),
  );
  await seedOne(deps, 'TASK', tasksDef, task('task-demo-pipeline', 'Weekly pipeline review', day(2), weekly, null));

  await seedOne(deps, 'CAMPAIGN', campaignsDef, {
    id: 'cmp-demo-spring',
    name: 'Spring appliance event',
    channel: 'email',
    status: 'active',
    starts_on: day(-7),
    ends_on: day(21),
    budget: 2500,
    description: 'E-mail to past customers of demo stores.',
  });
  await seedOne(deps, 'CAMPAIGN', campaignsDef, {
    id: 'cmp-demo-hvac',
    name: 'Summer HVAC tune-up',
    channel: 'in-store',
    status: 'draft',
    starts_on: day(30),
    ends_on: day(60),
    budget: 1200,
    description: '',
  });

  await seedOne(deps, 'MKTREQUEST', marketingRequestsDef, {
    id: 'mkr-demo-main-street',
    store_id: 'sto-main-street',
    store_name: 'Main Street',
    retailer_id: 'ret-demo-electronics',
    retailer_name: 'Demo Electronics',
    material: 'brochures',
    quantity: 200,
    needed_by: day(14),
    notes: 'For the spring event.',
    status: 'submitted',
  });

  await seedOne(deps, 'GUIDE', guideDef, {
    id: 'gde-demo-pitch',
    title: 'Presenting lease-to-own at the counter',
    kind: 'guide',
    video_url: null,
    body: 'Offer the lease when a shopper hesitates on price: the payment, the term, and the early purchase option.',
    position: 1,
  });
  await seedOne(deps, 'GUIDE', guideDef, {
    id: 'gde-demo-video',
    title: 'How the application works (video)',
    kind: 'video',
    video_url: 'https://videos.example.com/how-it-works',
    body: 'Three minutes, for new sales staff.',
    position: 2,
  });

  await seedOne(deps, 'RESOURCE', libraryDef, {
    id: 'res-demo-brochure',
    title: 'Lease-to-own brochure',
    category: 'brochures',
    description: 'The tri-fold brochure for counters.',
    file_id: null,
    file_name: null,
  });
  await seedOne(deps, 'RESOURCE', libraryDef, {
    id: 'res-demo-training',
    title: 'Store staff training checklist',
    category: 'training',
    description: 'What a new store covers in its first week.',
    file_id: null,
    file_name: null,
  });

  await seedOne(deps, 'PUSH', pushDef, {
    id: 'psh-demo-welcome',
    title: 'Welcome to the app',
    body: 'See your lease, payments and early purchase options in one place.',
    target: 'all',
    retailer_id: null,
    retailer_name: null,
    store_id: null,
    store_name: null,
    send_at: now.toISOString().slice(0, 16),
    status: 'sent',
    sent_at: now.toISOString(),
  });
  await seedOne(deps, 'PUSH', pushDef, {
    id: 'psh-demo-spring',
    title: 'Spring event at Demo Electronics',
    body: 'Lease the appliances you need this weekend.',
    target: 'retailer',
    retailer_id: 'ret-demo-electronics',
    retailer_name: 'Demo Electronics',
    store_id: null,
    store_name: null,
    send_at: `${day(30)}T15:00`,
    status: 'scheduled',
    sent_at: null,
  });

  const slides = [
    ['sld-demo-1', 'Welcome', 'Your lease in your pocket.'],
    ['sld-demo-2', 'Pay your way', 'Pay on your payday, every 2 weeks, twice a month or monthly.'],
    ['sld-demo-3', 'Own it sooner', 'Early purchase options save you money.'],
  ] as const;
  for (const [i, [id, title, body]] of slides.entries())
    await seedOne(deps, 'SLIDE', slidesDef, {
      id,
      title,
      body,
      image_id: null,
      image_name: null,
      position: i + 1,
      active: true,
    });
}
