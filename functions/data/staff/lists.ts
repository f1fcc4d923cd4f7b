import { GetCommand, PutCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../client.ts';
import { batchWriteItems, isConditionFailure, queryPages, type BatchWrite, type StoredItem } from '../items.ts';
import {
  anchorSpacing,
  anchorsFromRun,
  applyInsert,
  applyRemove,
  entrySortKey,
  mergeAnchors,
  planPage,
  type Anchor,
  type ListIndexState,
} from './list-anchors.ts';

// Staff lists without Scan (named access pattern of gsi2 in table.ts):
//   entry  pk <row pk>, sk LIST#<sortField>#<scope>; gsi2pk LIST#<entity>#<sortField>#<scope>, gsi2sk <value>\u0001<id>;
//          holds the list row, so a page is one Query.
//   index  pk LISTINDEX#<entity>#<sortField>#<scope>, sk INDEX: the row count (meta.total) and rank anchors.
// A scope is a filter partition: `*` (every row), or `<filter>=<value>` (active=true, retailer=<id>, store=<id>, ...).
// Every row is written to each (sort field x scope) it belongs to; the tenant of a non-system user and a single
// filter are therefore each one partition, read exactly like the full list.

export type ListRow = Record<string, unknown> & { id: string };

export interface ListSnapshot {
  row: ListRow;
  scopes: string[];
}

export interface ListDef {
  entity: string;
  sortFields: readonly string[];
}

const partitionOf = (entity: string, field: string, scope: string) => `LIST#${entity}#${field}#${scope}`;
const indexKey = (entity: string, field: string, scope: string) => ({
  pk: `LISTINDEX#${entity}#${field}#${scope}`,
  sk: 'INDEX',
});
const entrySk = (field: string, scope: string) => `LIST#${field}#${scope}`;

interface IndexItem extends StoredItem {
  total: number;
  anchors: [string, number][];
}

const toState = (item: IndexItem): ListIndexState => ({
  total: item.total,
  anchors: item.anchors.map(([k, r]) => ({ k, r })),
});
const fromAnchors = (anchors: Anchor[]): [string, number][] => anchors.map((a) => [a.k, a.r]);

async function getIndex(db: Db, entity: string, field: string, scope: string): Promise<IndexItem | undefined> {
  const out = await db.doc.send(
    new GetCommand({ TableName: db.tableName, Key: indexKey(entity, field, scope), ConsistentRead: true }),
  );
  return out.Item as IndexItem | undefined;
}

async function queryAll(db: Db, input: QueryCommandInput, max = Infinity): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for await (const page of queryPages(db, input, max)) items.push(...page);
  return items;
}

/** Recounts a partition and lays anchors every `spacing` rows (a new list, a bulk load, or a detected drift). */
export async function rebuildListIndex(db: Db, entity: string, field: string, scope: string): Promise<ListIndexState> {
  const keys = (
    await queryAll(db, {
      TableName: db.tableName,
      IndexName: 'gsi2',
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': 'gsi2pk', '#sk': 'gsi2sk' },
      ExpressionAttributeValues: { ':pk': partitionOf(entity, field, scope) },
      ProjectionExpression: '#sk',
    })
  ).map((item) => item.gsi2sk as string);
  const spacing = anchorSpacing(keys.length);
  const anchors = anchorsFromRun(keys, 0, false, spacing);
  const state: ListIndexState = { total: keys.length, anchors };
  const previous = await getIndex(db, entity, field, scope);
  await db.doc.send(
    new PutCommand({
      TableName: db.tableName,
      Item: {
        ...indexKey(entity, field, scope),
        entity: 'listIndex',
        v: (previous?.v ?? 0) + 1,
        total: state.total,
        anchors: fromAnchors(anchors),
      },
    }),
  );
  return state;
}

/** Applies a change to an index with optimistic locking; a missing index is built from the partition instead. */
async function updateIndex(
  db: Db,
  entity: string,
  field: string,
  scope: string,
  change: (s: ListIndexState) => ListIndexState,
) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const item = await getIndex(db, entity, field, scope);
    if (!item) {
      // Entries are written before the index: the rebuild already counts this change.
      await rebuildListIndex(db, entity, field, scope);
      return;
    }
    const next = change(toState(item));
    try {
      await db.doc.send(
        new PutCommand({
          TableName: db.tableName,
          Item: { ...item, v: item.v + 1, total: next.total, anchors: fromAnchors(next.anchors) },
          ConditionExpression: '#v = :v',
          ExpressionAttributeNames: { '#v': 'v' },
          ExpressionAttributeValues: { ':v': item.v },
        }),
      );
      return;
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      await new Promise((r) => setTimeout(r, Math.random() * 10 * (attempt + 1)));
    }
  }
  // Heavy contention: recount rather than drift.
  await rebuildListIndex(db, entity, field, scope);
}

/**
 * Keeps a row's list entries in line with its new state (`after` undefined = the row is gone). Entries are written
 * first (in one batch: a row has an entry per sort field and scope) and indexes second; a crash in between leaves a
 * count one off, which the next read of that page detects and repairs by recounting.
 */
export async function syncListEntries(
  db: Db,
  def: ListDef,
  rowPk: string,
  before: ListSnapshot | undefined,
  after: ListSnapshot | undefined,
) {
  const scopes = new Set([...(before?.scopes ?? []), ...(after?.scopes ?? [])]);
  const id = (after ?? before)!.row.id;
  const writes: BatchWrite[] = [];
  const moves: { field: string; scope: string; oldKey?: string; newKey?: string }[] = [];
  for (const field of def.sortFields) {
    for (const scope of scopes) {
      const oldKey = before && before.scopes.includes(scope) ? entrySortKey(before.row[field], id) : undefined;
      const newKey = after && after.scopes.includes(scope) ? entrySortKey(after.row[field], id) : undefined;
      const key = { pk: rowPk, sk: entrySk(field, scope) };
      if (newKey)
        writes.push({
          put: {
            ...key,
            entity: 'listEntry',
            v: 1,
            gsi2pk: partitionOf(def.entity, field, scope),
            gsi2sk: newKey,
            row: after!.row,
          },
        });
      else if (oldKey) writes.push({ delete: key });
      if (oldKey !== newKey) moves.push({ field, scope, oldKey, newKey });
    }
  }
  await batchWriteItems(db, writes);
  await Promise.all(
    moves.map(({ field, scope, oldKey, newKey }) =>
      updateIndex(db, def.entity, field, scope, (s) => {
        let next = s;
        if (oldKey) next = applyRemove(next, oldKey);
        if (newKey) next = applyInsert(next, newKey);
        return next;
      }),
    ),
  );
}

export interface ListPage {
  rows: ListRow[];
  total: number;
}

/** One page of a list partition: a Query from the nearest anchor, never the rows of the earlier pages. */
export async function readListPage(
  db: Db,
  options: {
    entity: string;
    field: string;
    scope: string;
    page: number;
    limit: number;
    descending: boolean;
    /** Where the page starts, when it is not a whole number of pages from the start (a key range's page). */
    offset?: number;
  },
  healed = false,
): Promise<ListPage> {
  const { entity, field, scope, limit, descending } = options;
  const offset = options.offset ?? (options.page - 1) * limit;
  const item = await getIndex(db, entity, field, scope);
  const state = item ? toState(item) : await rebuildListIndex(db, entity, field, scope);
  const plan = planPage(state, offset, limit, descending);
  if (plan.expected === 0 && offset > 0) return { rows: [], total: state.total };
  const names: Record<string, string> = { '#pk': 'gsi2pk' };
  const values: Record<string, unknown> = { ':pk': partitionOf(entity, field, scope) };
  let condition = '#pk = :pk';
  if (plan.from) {
    names['#sk'] = 'gsi2sk';
    values[':from'] = plan.from.key;
    condition += ` AND #sk ${plan.from.op} :from`;
  }
  const query = {
    TableName: db.tableName,
    IndexName: 'gsi2',
    KeyConditionExpression: condition,
    ExpressionAttributeValues: values,
    ScanIndexForward: !descending,
  };
  // The entries between the anchor and the page are skipped reading their keys only (not their rows); the page then
  // starts after the last of them.
  const skipped = plan.skip
    ? await queryAll(
        db,
        {
          ...query,
          ExpressionAttributeNames: { ...names, '#gsk': 'gsi2sk', '#tpk': 'pk', '#tsk': 'sk' },
          ProjectionExpression: '#pk, #gsk, #tpk, #tsk',
        },
        plan.skip,
      )
    : [];
  const last = skipped[skipped.length - 1];
  // One extra entry tells a stale count on the last page.
  const pageEntries =
    skipped.length < plan.skip
      ? []
      : await queryAll(
          db,
          {
            ...query,
            ExpressionAttributeNames: names,
            ...(last
              ? { ExclusiveStartKey: { pk: last.pk, sk: last.sk, gsi2pk: last.gsi2pk, gsi2sk: last.gsi2sk } }
              : {}),
          },
          limit + 1,
        );
  const entries = [...skipped, ...pageEntries];
  const rows = pageEntries.slice(0, limit).map((e) => e.row as ListRow);
  const stale = rows.length !== plan.expected || (offset + limit >= state.total && pageEntries.length > limit);
  if (stale && !healed) {
    await rebuildListIndex(db, entity, field, scope);
    return readListPage(db, options, true);
  }
  if (item && plan.skip > 2 * anchorSpacing(state.total))
    await learnAnchors(db, item, state, [
      {
        keys: entries.map((e) => e.gsi2sk as string),
        firstRank: plan.firstRank,
        descending,
      },
    ]);
  return { rows, total: state.total };
}

interface KeyRun {
  keys: readonly string[];
  firstRank: number;
  descending: boolean;
}

/** Records anchors from runs of keys read in order (see anchorsFromRun); a concurrent write wins, learnt next time. */
async function learnAnchors(db: Db, item: IndexItem, state: ListIndexState, runs: readonly KeyRun[]) {
  const spacing = anchorSpacing(state.total);
  const learned = runs.flatMap((run) => anchorsFromRun(run.keys, run.firstRank, run.descending, spacing));
  if (!learned.length) return;
  try {
    await db.doc.send(
      new PutCommand({
        TableName: db.tableName,
        Item: { ...item, v: item.v + 1, anchors: fromAnchors(mergeAnchors(state.anchors, learned, spacing)) },
        ConditionExpression: '#v = :v',
        ExpressionAttributeNames: { '#v': 'v' },
        ExpressionAttributeValues: { ':v': item.v },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error; // someone wrote meanwhile: learn next time
  }
}

/** Sort-key bounds of a key range: `''` is the partition's start, KEY_RANGE_END its end. */
export const KEY_RANGE_END = '\uffff';

/**
 * How many entries of the partition sort before `key` (a bound that is never an entry's own key), read from the
 * nearest anchor: the keys between the anchor below and `key`, or, past the last anchor (where new rows land), the
 * keys from `key` to the partition's end. A long run read teaches the index new anchors, so the next count is short.
 */
async function rankOf(
  db: Db,
  partition: string,
  state: ListIndexState,
  key: string,
): Promise<{ rank: number; long?: KeyRun }> {
  if (key === '') return { rank: 0 };
  if (key === KEY_RANGE_END) return { rank: state.total };
  let below: Anchor | undefined;
  let above: Anchor | undefined;
  for (const a of state.anchors) {
    if (a.k <= key && (!below || a.k > below.k)) below = a;
    if (a.k > key && (!above || a.k < above.k)) above = a;
  }
  const fromEnd = !above && state.total - (below?.r ?? 0) > 0;
  // (DynamoDB takes no empty string in a key condition: with no anchor below, the count starts at the first key.)
  const condition = fromEnd ? '#sk > :key' : below ? '#sk BETWEEN :from AND :key' : '#sk < :key';
  const keys = (
    await queryAll(db, {
      TableName: db.tableName,
      IndexName: 'gsi2',
      KeyConditionExpression: `#pk = :pk AND ${condition}`,
      ExpressionAttributeNames: { '#pk': 'gsi2pk', '#sk': 'gsi2sk' },
      ExpressionAttributeValues: {
        ':pk': partition,
        ':key': key,
        ...(!fromEnd && below ? { ':from': below.k } : {}),
      },
      ProjectionExpression: '#sk',
      ScanIndexForward: !fromEnd,
    })
  ).map((e) => e.gsi2sk as string);
  const firstRank = fromEnd ? state.total - 1 : (below?.r ?? 0);
  return {
    rank: fromEnd ? state.total - keys.length : firstRank + keys.length,
    ...(keys.length > 2 * anchorSpacing(state.total) ? { long: { keys, firstRank, descending: fromEnd } } : {}),
  };
}

/** The Query of a partition's entries with sort keys in [lo, hi) (neither bound is ever an entry's own key). */
function rangeQuery(partition: string, lo: string, hi: string, descending: boolean) {
  const condition =
    lo === '' && hi === KEY_RANGE_END
      ? ''
      : lo === ''
        ? ' AND #sk < :hi'
        : hi === KEY_RANGE_END
          ? ' AND #sk > :lo'
          : ' AND #sk BETWEEN :lo AND :hi';
  return {
    IndexName: 'gsi2',
    KeyConditionExpression: `#pk = :pk${condition}`,
    ExpressionAttributeNames: { '#pk': 'gsi2pk', ...(condition ? { '#sk': 'gsi2sk' } : {}) },
    ExpressionAttributeValues: {
      ':pk': partition,
      ...(condition.includes(':lo') ? { ':lo': lo } : {}),
      ...(condition.includes(':hi') ? { ':hi': hi } : {}),
    },
    ScanIndexForward: !descending,
  };
}

/** The keys of a range in page order when it holds at most `max` entries; undefined when it holds more. */
async function readShortRange(db: Db, partition: string, lo: string, hi: string, descending: boolean, max: number) {
  const query = rangeQuery(partition, lo, hi, descending);
  const keys = await queryAll(
    db,
    {
      TableName: db.tableName,
      ...query,
      ExpressionAttributeNames: {
        ...query.ExpressionAttributeNames,
        '#tpk': 'pk',
        '#tsk': 'sk',
        '#gpk': 'gsi2pk',
        '#gsk': 'gsi2sk',
      },
      ProjectionExpression: '#tpk, #tsk, #gpk, #gsk',
    },
    max + 1,
  );
  return keys.length > max ? undefined : keys;
}

/**
 * A page of the partition's entries whose sort keys lie in [lo, hi), with the exact count of that range, reading
 * neither the range nor the pages before: the count is rank(hi) - rank(lo) (two short reads from the nearest anchors,
 * side by side) and the page is the partition's own page at the matching offset (readListPage).
 */
export async function readKeyRangePage(
  db: Db,
  options: {
    entity: string;
    field: string;
    scope: string;
    lo: string;
    hi: string;
    offset: number;
    limit: number;
    descending: boolean;
  },
): Promise<ListPage> {
  const { entity, field, scope, lo, hi, offset, limit, descending } = options;
  const partition = partitionOf(entity, field, scope);
  let item = await getIndex(db, entity, field, scope);
  if (!item) {
    await rebuildListIndex(db, entity, field, scope);
    item = await getIndex(db, entity, field, scope);
  }
  const state = toState(item!);
  const spacing = anchorSpacing(state.total);
  // A short range (fewer than two anchors inside) is read directly, keys only, when it proves short: cheaper than
  // two counts from the anchors around it.
  if (state.anchors.filter((a) => a.k > lo && a.k < hi).length < 2) {
    const short = await readShortRange(db, partition, lo, hi, descending, 2 * spacing);
    if (short) {
      const before = offset > 0 ? short[offset - 1] : undefined;
      if (offset >= short.length) return { rows: [], total: short.length };
      const page = await queryAll(
        db,
        {
          TableName: db.tableName,
          ...rangeQuery(partition, lo, hi, descending),
          ...(before
            ? { ExclusiveStartKey: { pk: before.pk, sk: before.sk, gsi2pk: before.gsi2pk, gsi2sk: before.gsi2sk } }
            : {}),
        },
        Math.min(limit, short.length - offset),
      );
      return { rows: page.map((e) => e.row as ListRow), total: short.length };
    }
  }
  const [atLo, atHi] = await Promise.all([rankOf(db, partition, state, lo), rankOf(db, partition, state, hi)]);
  const long = [atLo.long, atHi.long].filter((run): run is KeyRun => Boolean(run));
  // one write for both counts' runs (two would race on the index's version)
  if (long.length) await learnAnchors(db, item!, state, long);
  const rankLo = atLo.rank;
  const rankHi = atHi.rank;
  const total = Math.max(0, rankHi - rankLo);
  const count = Math.min(limit, total - offset);
  if (count <= 0) return { rows: [], total };
  const page = await readListPage(db, {
    entity,
    field,
    scope,
    page: 1,
    limit: count,
    descending,
    offset: descending ? state.total - rankHi + offset : rankLo + offset,
  });
  return { rows: page.rows, total };
}

/**
 * A page of a partition filtered by a predicate the partitions do not cover (two filters at once): reads the whole
 * partition (the smallest one that applies, usually a tenant's), so it costs the partition's size, not the table's.
 */
export async function readFilteredPage(
  db: Db,
  options: {
    entity: string;
    field: string;
    scope: string;
    page: number;
    limit: number;
    descending: boolean;
    keep: (row: ListRow) => boolean;
  },
): Promise<ListPage> {
  const entries = await queryAll(db, {
    TableName: db.tableName,
    IndexName: 'gsi2',
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': 'gsi2pk' },
    ExpressionAttributeValues: { ':pk': partitionOf(options.entity, options.field, options.scope) },
    ScanIndexForward: !options.descending,
  });
  const rows = entries.map((e) => e.row as ListRow).filter(options.keep);
  const offset = (options.page - 1) * options.limit;
  return { rows: rows.slice(offset, offset + options.limit), total: rows.length };
}

export const listPartitionName = partitionOf;
export const listEntrySk = entrySk;
