// Page N of a DynamoDB list without reading the N-1 pages before it.
//
// A list partition (gsi2pk = LIST#<entity>#<sortField>#<scope>) holds one small entry per row, sorted by
// gsi2sk = <sortable value>#<id>. Its index item keeps the row count and a sparse set of anchors: a sort key `k` and
// its rank `r` = how many entries sort before `k`. Inserting or removing an entry shifts the ranks of the anchors
// after it by one (one conditional write of the index item), so ranks stay exact. To read the page at offset o the
// reader starts a Query at the nearest anchor (KeyCondition gsi2sk >= k, or < k descending) and skips fewer than
// about `spacing` entries. Anchors thin out as rows are inserted between them; every read that had to skip more than
// twice the spacing records new anchors from the rows it read, so the index repairs itself where people page.
//
// Pure functions only: the DynamoDB side is in lists.ts.

export interface Anchor {
  k: string;
  r: number;
}

export interface ListIndexState {
  total: number;
  anchors: Anchor[];
}

/** Anchor spacing: 200 rows, growing with the list so the index item stays small (about 1,500 anchors at most). */
export const anchorSpacing = (total: number) => Math.max(200, Math.ceil(total / 1500));

const byKey = (a: Anchor, b: Anchor) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0);

export function applyInsert(state: ListIndexState, key: string): ListIndexState {
  return { total: state.total + 1, anchors: state.anchors.map((a) => (a.k > key ? { k: a.k, r: a.r + 1 } : a)) };
}

export function applyRemove(state: ListIndexState, key: string): ListIndexState {
  return {
    total: Math.max(0, state.total - 1),
    anchors: state.anchors.map((a) => (a.k > key ? { k: a.k, r: Math.max(0, a.r - 1) } : a)),
  };
}

/** Where a page's Query starts: a key condition (or none, from the list's end) and how many entries to skip. */
export interface PagePlan {
  descending: boolean;
  from?: { op: '>=' | '<'; key: string };
  skip: number;
  /** The rank of the first entry the Query returns (ascending position), to record anchors from what is read. */
  firstRank: number;
  /** Number of rows the page should hold when the index is right. */
  expected: number;
}

export function planPage(state: ListIndexState, offset: number, limit: number, descending: boolean): PagePlan {
  const expected = Math.max(0, Math.min(limit, state.total - offset));
  if (!descending) {
    let best: Anchor | undefined;
    for (const a of state.anchors)
      if (a.r <= offset && (!best || a.r > best.r || (a.r === best.r && a.k < best.k))) best = a;
    if (!best) return { descending, skip: offset, firstRank: 0, expected };
    return { descending, from: { op: '>=', key: best.k }, skip: offset - best.r, firstRank: best.r, expected };
  }
  // Descending: the page starts at ascending position p and goes down.
  const p = state.total - 1 - offset;
  let best: Anchor | undefined;
  for (const a of state.anchors)
    if (a.r >= p + 1 && (!best || a.r < best.r || (a.r === best.r && a.k > best.k))) best = a;
  if (!best) return { descending, skip: offset, firstRank: state.total - 1, expected };
  return { descending, from: { op: '<', key: best.k }, skip: best.r - 1 - p, firstRank: best.r - 1, expected };
}

/**
 * Anchors learned from a run of entries read in order: `keys[i]` has ascending rank firstRank + i (ascending read)
 * or firstRank - i (descending read). Every `spacing`-th rank becomes an anchor.
 */
export function anchorsFromRun(
  keys: readonly string[],
  firstRank: number,
  descending: boolean,
  spacing: number,
): Anchor[] {
  const out: Anchor[] = [];
  keys.forEach((k, i) => {
    const r = descending ? firstRank - i : firstRank + i;
    if (r > 0 && r % spacing === 0) out.push({ k, r });
  });
  return out;
}

/** Adds anchors, keeping them sorted, unique by key, and not closer than a quarter of the spacing. */
export function mergeAnchors(existing: readonly Anchor[], added: readonly Anchor[], spacing: number): Anchor[] {
  const map = new Map<string, Anchor>();
  for (const a of existing) map.set(a.k, a);
  for (const a of added) map.set(a.k, a);
  const sorted = [...map.values()].sort(byKey);
  const minGap = Math.max(1, Math.floor(spacing / 4));
  const out: Anchor[] = [];
  for (const a of sorted) {
    const last = out[out.length - 1];
    if (last && a.r - last.r < minGap) continue;
    out.push(a);
  }
  return out;
}

/** The largest number of entries a read from this state may have to skip (a measure of the index's health). */
export function largestGap(state: ListIndexState): number {
  const ranks = [0, ...state.anchors.map((a) => a.r).sort((a, b) => a - b), state.total];
  let gap = 0;
  for (let i = 1; i < ranks.length; i++) gap = Math.max(gap, ranks[i]! - ranks[i - 1]!);
  return gap;
}

/** A sortable key part: case-insensitive text, fixed-width numbers (negative ones sort first), ISO dates as given. */
export function sortableValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'number' && Number.isFinite(value)) {
    // Offset so that every value is positive, then pad: sorts numerically as text.
    const shifted = Math.round(value * 100) + 1e15;
    return String(Math.max(0, shifted)).padStart(16, '0');
  }
  const text = String(value)
    .replace(/\p{Cs}/gu, '\uFFFD')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u0000-\u001f]/g, ' ');
  // Sort keys are at most 1,024 bytes; 100 characters (code points, never half a pair) are plenty to order by.
  return Array.from(text).slice(0, 100).join('');
}

/** The entry's sort key: the value, a separator below every printable character, then the id (unique). */
export const SORT_SEPARATOR = '\u0001';
export const entrySortKey = (value: unknown, id: string) => `${sortableValue(value)}${SORT_SEPARATOR}${id}`;
