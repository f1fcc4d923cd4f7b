import { describe, expect, it } from 'vitest';
import { RecentValues } from '../../../functions/platform/recent-values.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function loader(values: (string | Error)[]) {
  let calls = 0;
  const load = () => {
    const next = values[Math.min(calls++, values.length - 1)]!;
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  };
  return { load, calls: () => calls };
}

describe('values kept per process (settings, rules, stores)', () => {
  it('answers a fresh value without reading; a stale one at once while one refresh runs; then the refreshed one', async () => {
    const cache = new RecentValues<string, string>({ freshMs: 1000, staleMs: 1000 });
    const source = loader(['v1', 'v2']);
    expect(await cache.get('k', source.load, 0)).toBe('v1');
    expect(await cache.get('k', source.load, 999)).toBe('v1');
    expect(source.calls()).toBe(1);
    // stale: the old value, and a single refresh however many ask
    expect(await Promise.all([cache.get('k', source.load, 1500), cache.get('k', source.load, 1501)])).toEqual([
      'v1',
      'v1',
    ]);
    expect(source.calls()).toBe(2);
    await settle();
    expect(await cache.get('k', source.load, 1600)).toBe('v2');
    expect(source.calls()).toBe(2);
  });

  it('waits for a read when the value is too old, or was never read', async () => {
    const cache = new RecentValues<string, string>({ freshMs: 1000, staleMs: 1000 });
    const source = loader(['v1', 'v2']);
    expect(await cache.get('k', source.load, 0)).toBe('v1');
    expect(await cache.get('k', source.load, 2000)).toBe('v2');
    expect(await cache.get('other', source.load, 2000)).toBe('v2');
    expect(source.calls()).toBe(3);
  });

  it('keeps the old value when a refresh fails and tries again; forgets a failed first read', async () => {
    const cache = new RecentValues<string, string>({ freshMs: 1000, staleMs: 1000 });
    const source = loader([new Error('down'), 'v1', new Error('down again'), 'v2']);
    await expect(cache.get('k', source.load, 0)).rejects.toThrow('down');
    expect(await cache.get('k', source.load, 1)).toBe('v1');
    expect(await cache.get('k', source.load, 1200)).toBe('v1'); // refresh fails
    await settle();
    expect(await cache.get('k', source.load, 1300)).toBe('v1'); // tried again, succeeds
    await settle();
    expect(await cache.get('k', source.load, 1400)).toBe('v2');
    expect(source.calls()).toBe(4);
  });

  it('clear() forgets everything, also what a refresh under way would have kept (a save in this process)', async () => {
    const cache = new RecentValues<string, string>({ freshMs: 1000, staleMs: 1000 });
    let release!: (v: string) => void;
    const loads = [
      () => Promise.resolve('v1'),
      () => new Promise<string>((resolve) => (release = resolve)),
      () => Promise.resolve('v3'),
    ];
    let n = 0;
    const load = () => loads[n++]!();
    expect(await cache.get('k', load, 0)).toBe('v1');
    expect(await cache.get('k', load, 1500)).toBe('v1'); // refresh under way
    cache.clear();
    release('v2 read before the save');
    await settle();
    expect(await cache.get('k', load, 1600)).toBe('v3');
  });

  it('delete() forgets one key only (this process wrote it)', async () => {
    const cache = new RecentValues<string, string>({ freshMs: 1000, staleMs: 1000 });
    const a = loader(['a1', 'a2']);
    const b = loader(['b1', 'b2']);
    expect(await cache.get('a', a.load, 0)).toBe('a1');
    expect(await cache.get('b', b.load, 0)).toBe('b1');
    cache.delete('a');
    expect(await cache.get('a', a.load, 10)).toBe('a2');
    expect(await cache.get('b', b.load, 10)).toBe('b1');
    expect([a.calls(), b.calls()]).toEqual([2, 1]);
  });
});
