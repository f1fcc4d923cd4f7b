import { describe, expect, it } from 'vitest';
import {
  anchorSpacing,
  anchorsFromRun,
  applyInsert,
  applyRemove,
  entrySortKey,
  largestGap,
  mergeAnchors,
  planPage,
  sortableValue,
  type ListIndexState,
} from '../../../functions/data/staff/list-anchors.ts';

// A model list: sorted keys; the plan must land exactly on the rows a full sort would give.
function model(n: number) {
  return Array.from({ length: n }, (_, i) => `k${String(i * 2).padStart(6, '0')}`);
}

function pageByPlan(keys: string[], state: ListIndexState, page: number, limit: number, descending: boolean) {
  const plan = planPage(state, (page - 1) * limit, limit, descending);
  let run = descending ? [...keys].reverse() : keys;
  if (plan.from) run = run.filter((k) => (plan.from!.op === '>=' ? k >= plan.from!.key : k < plan.from!.key));
  return run.slice(plan.skip, plan.skip + limit);
}

function truth(keys: string[], page: number, limit: number, descending: boolean) {
  const run = descending ? [...keys].reverse() : keys;
  return run.slice((page - 1) * limit, page * limit);
}

describe('list anchors (page N without reading earlier pages)', () => {
  it('plans every page of a list exactly, ascending and descending, with and without anchors', () => {
    const keys = model(1000);
    const spacing = 200;
    const withAnchors: ListIndexState = { total: keys.length, anchors: anchorsFromRun(keys, 0, false, spacing) };
    const bare: ListIndexState = { total: keys.length, anchors: [] };
    for (const state of [withAnchors, bare]) {
      for (const descending of [false, true]) {
        for (let page = 1; page <= 41; page++) {
          expect(pageByPlan(keys, state, page, 25, descending)).toEqual(truth(keys, page, 25, descending));
        }
      }
    }
    // With anchors no page skips more than the spacing.
    for (let page = 1; page <= 40; page++) {
      expect(planPage(withAnchors, (page - 1) * 25, 25, false).skip).toBeLessThan(spacing);
      expect(planPage(withAnchors, (page - 1) * 25, 25, true).skip).toBeLessThan(spacing);
    }
  });

  it('keeps ranks exact through inserts and removals', () => {
    let keys = model(600);
    let state: ListIndexState = { total: keys.length, anchors: anchorsFromRun(keys, 0, false, 100) };
    const inserts = ['k000001', 'k000301', 'k000999', 'k001199', 'a', 'z'];
    for (const k of inserts) {
      state = applyInsert(state, k);
      keys = [...keys, k].sort();
    }
    for (const k of ['k000100', 'k000700', 'k000002']) {
      state = applyRemove(state, k);
      keys = keys.filter((x) => x !== k);
    }
    expect(state.total).toBe(keys.length);
    for (const a of state.anchors) expect(a.r).toBe(keys.filter((k) => k < a.k).length);
    for (let page = 1; page <= 25; page++) {
      expect(pageByPlan(keys, state, page, 25, false)).toEqual(truth(keys, page, 25, false));
      expect(pageByPlan(keys, state, page, 25, true)).toEqual(truth(keys, page, 25, true));
    }
  });

  it('learns anchors from a descending run and merges them without crowding', () => {
    const keys = model(1000);
    const run = [...keys].reverse().slice(0, 500);
    const learned = anchorsFromRun(run, 999, true, 100);
    for (const a of learned) expect(keys.indexOf(a.k)).toBe(a.r);
    const merged = mergeAnchors(learned, [{ k: keys[601]!, r: 601 }], 100);
    for (let i = 1; i < merged.length; i++) expect(merged[i]!.r - merged[i - 1]!.r).toBeGreaterThanOrEqual(25);
    expect(largestGap({ total: 1000, anchors: merged })).toBeLessThanOrEqual(500);
  });

  it('grows the spacing with the list so the index item stays small', () => {
    expect(anchorSpacing(10)).toBe(200);
    expect(anchorSpacing(100_000)).toBe(200);
    expect(Math.ceil(1_000_000 / anchorSpacing(1_000_000))).toBeLessThanOrEqual(1500);
  });

  it('makes sortable keys: case-insensitive text, numbers in numeric order, unique by id', () => {
    expect(sortableValue('Zebra') > sortableValue('apple')).toBe(true);
    const nums = [-5, 0, 3, 20, 100, 1e6].map(sortableValue);
    expect([...nums].sort()).toEqual(nums);
    expect(entrySortKey('same', 'a') < entrySortKey('same', 'b')).toBe(true);
    expect(entrySortKey('abc', 'x') < entrySortKey('abc d', 'x')).toBe(true);
    expect(Array.from(sortableValue('😀'.repeat(300))).length).toBe(100);
  });
});
