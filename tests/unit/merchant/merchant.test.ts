import { describe, expect, it } from 'vitest';
import { isLowStock, orderTotalCents, pickupStatusAfter, withheldCents } from '../../../machines/domain/merchant.ts';
import { merchant } from '../../../machines/i18n/merchant.ts';
import {
  FRAMES,
  frameSize,
  MAP_HEIGHT,
  MAP_WIDTH,
  project,
  spread,
} from '../../../web/staff/features/retailer-map/projection.ts';
import { CONUS_OUTLINE } from '../../../web/staff/features/retailer-map/us-outline.ts';

describe('POS stock', () => {
  it('is low at or below the reorder level', () => {
    expect(isLowStock({ quantity_in_stock: 3, reorder_level: 5 })).toBe(true);
    expect(isLowStock({ quantity_in_stock: 5, reorder_level: 5 })).toBe(true);
    expect(isLowStock({ quantity_in_stock: 6, reorder_level: 5 })).toBe(false);
    expect(isLowStock({ quantity_in_stock: 0, reorder_level: 0 })).toBe(true);
  });
  it('totals an order in cents', () => {
    expect(
      orderTotalCents([
        { quantity: 2, unit_price: 1999 },
        { quantity: 1, unit_price: 1 },
      ]),
    ).toBe(3999);
    expect(orderTotalCents([])).toBe(0);
  });
});

describe('pick-up transactions', () => {
  it('completes on collection and cancels on cancellation', () => {
    expect(pickupStatusAfter('scheduled', 'collected')).toBe('completed');
    expect(pickupStatusAfter('scheduled', 'cancelled')).toBe('cancelled');
    expect(pickupStatusAfter('scheduled', 'attempt')).toBe('scheduled');
    expect(pickupStatusAfter('scheduled', 'fee')).toBe('scheduled');
  });
  it('takes only notes once closed', () => {
    expect(pickupStatusAfter('completed', 'note')).toBe('completed');
    expect(pickupStatusAfter('completed', 'collected')).toBeUndefined();
    expect(pickupStatusAfter('cancelled', 'fee')).toBeUndefined();
  });
});

describe('retention money', () => {
  it('withholds the percentage of a funding, rounded to the cent', () => {
    expect(withheldCents(100_000, 500)).toBe(5000);
    expect(withheldCents(129_900, 500)).toBe(6495);
    expect(withheldCents(64_999, 750)).toBe(4875);
    expect(withheldCents(1, 500)).toBe(0);
  });
});

describe('Retailer Map projection', () => {
  it('places the contiguous US inside the map, west left of east and north above south', () => {
    const columbus = project(39.96, -83.0)!;
    const austin = project(30.27, -97.74)!;
    const seattle = project(47.6, -122.3)!;
    const miami = project(25.77, -80.19)!;
    for (const p of [columbus, austin, seattle, miami]) {
      expect(p.region).toBe('conus');
      expect(p.x).toBeGreaterThan(0);
      expect(p.x).toBeLessThan(MAP_WIDTH);
      expect(p.y).toBeGreaterThan(0);
      expect(p.y).toBeLessThan(MAP_HEIGHT);
    }
    expect(seattle.x).toBeLessThan(austin.x);
    expect(austin.x).toBeLessThan(columbus.x);
    expect(seattle.y).toBeLessThan(columbus.y);
    expect(columbus.y).toBeLessThan(miami.y);
  });
  it('draws Alaska and Hawaii in their insets, and leaves out points outside the US', () => {
    expect(project(61.2, -149.9)?.region).toBe('ak');
    expect(project(21.3, -157.85)?.region).toBe('hi');
    expect(project(51.5, -0.12)).toBeUndefined();
    expect(project(Number.NaN, -90)).toBeUndefined();
  });
  it('keeps every frame and the outline on the canvas, insets clear of each other', () => {
    for (const f of FRAMES) {
      const size = frameSize(f);
      expect(f.x + size.width).toBeLessThanOrEqual(MAP_WIDTH);
      expect(f.y + size.height).toBeLessThanOrEqual(MAP_HEIGHT);
    }
    const [, ak, hi] = FRAMES;
    expect(ak!.x + frameSize(ak!).width).toBeLessThan(hi!.x);
    for (const [lon, lat] of CONUS_OUTLINE) expect(project(lat, lon)?.region).toBe('conus');
  });
  it('fans out markers on the same spot so that each stays visible', () => {
    const out = spread([
      { x: 100, y: 100 },
      { x: 100, y: 100 },
      { x: 101, y: 100 },
    ]);
    for (let i = 0; i < out.length; i++)
      for (let j = i + 1; j < out.length; j++)
        expect(Math.hypot(out[i]!.x - out[j]!.x, out[i]!.y - out[j]!.y)).toBeGreaterThanOrEqual(7.9);
    expect(out[0]).toEqual({ x: 100, y: 100 });
  });
});

describe('merchant messages', () => {
  it('has every text in en and es', () => {
    expect(Object.keys(merchant.es).sort()).toEqual(Object.keys(merchant.en).sort());
  });
});
