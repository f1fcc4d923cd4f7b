import { saveVersioned } from '../../data/items.ts';
import { readListPage, syncListEntries } from '../../data/staff/lists.ts';
import type { Deps } from '../../platform/deps.ts';
import type { ResourceDef } from '../staff/resource.ts';
import type { CrmRecord } from './factory.ts';

// Sending push notifications: a notification whose time has come is marked sent (a conditional write on its
// version, so two readers never both send it) and handed to the messaging provider with purpose 'push' (the
// sandbox records it at /sandbox/messages). Due ones are found on read (the staff list and the mobile API) from
// the `status=scheduled` list partition sorted by send time; in AWS a schedule can call `sendDuePush` too.

export interface PushLike extends CrmRecord {
  title: string;
  body: string;
  target: string;
  retailer_id: string | null;
  store_id: string | null;
  send_at: string;
  status: string;
  sent_at: string | null;
}

const nowWall = (deps: Deps) => deps.clock().toISOString().slice(0, 16);

export async function sendIfDue<R extends PushLike>(deps: Deps, def: ResourceDef<R>, record: R): Promise<R> {
  if (record.status !== 'scheduled' || record.send_at > nowWall(deps)) return record;
  let sent: R;
  try {
    sent = await saveVersioned(deps.db, record, { ...record, status: 'sent', sent_at: deps.clock().toISOString() });
  } catch {
    return record; // someone else sent (or changed) it meanwhile
  }
  await syncListEntries(
    deps.db,
    def,
    def.rowPk(record.id),
    { row: def.row(record), scopes: def.scopes(record) },
    { row: def.row(sent), scopes: def.scopes(sent) },
  );
  const audience =
    record.target === 'store'
      ? `store:${record.store_id}`
      : record.target === 'retailer'
        ? `retailer:${record.retailer_id}`
        : 'all';
  try {
    await deps.providers.messaging.send({
      channel: 'sms',
      to: `push:${audience}`,
      subject: record.title,
      body: record.body,
      purpose: 'push',
    });
  } catch (error) {
    deps.log.error('push send failed', { id: record.id, error: String(error) });
  }
  return sent;
}

/** Sends every scheduled notification whose time has come (oldest first, at most `max` per call). */
export async function sendDuePush<R extends PushLike>(deps: Deps, def: ResourceDef<R>, max = 25): Promise<number> {
  const page = await readListPage(deps.db, {
    entity: def.entity,
    field: 'send_at',
    scope: 'status=scheduled',
    page: 1,
    limit: max,
    descending: false,
  });
  const now = nowWall(deps);
  let count = 0;
  for (const row of page.rows) {
    if (String(row.send_at) > now) break;
    const record = await def.load({ deps } as never, row.id);
    if (record && (await sendIfDue(deps, def, record)).status === 'sent') count++;
  }
  return count;
}
