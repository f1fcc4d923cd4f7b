import { describe, expect, it } from 'vitest';
import {
  adjustLease,
  cancelledShare,
  deliveredShare,
  fundingFacts,
  lineStates,
  pickTranches,
  takeUndelivered,
  trancheFor,
  undeliveredUnits,
  type DeliveryLine,
  type DeliveryRecordLike,
  type LineQuantity,
} from '../../../machines/domain/partial-delivery.ts';

// The rules of partial delivery and funding per tranche: which units a delivery may take, what each tranche is, and
// the lease after a cancellation.

const LINES: DeliveryLine[] = [
  { sku: 'TV', description: 'Television', quantity: 1, totalCents: 54_899 }, // 499.99 + a 49.00 mount
  { sku: 'SB', description: 'Sound bar', quantity: 3, totalCents: 44_700 },
  { sku: 'CB', description: 'Cable', quantity: 7, totalCents: 1_001 }, // 1.43 each: thirds and sevenths do not divide evenly
];
const FINANCED = 104_598; // the lines plus a 49.99 delivery charge

/** Delivers in steps, each tranche computed from the ones before, as the server stores them. */
function deliverInSteps(steps: LineQuantity[][], financed = FINANCED, lines = LINES): DeliveryRecordLike[] {
  const out: DeliveryRecordLike[] = [];
  steps.forEach((items, n) => out.push({ id: `d${n}`, items, amountCents: trancheFor(financed, lines, out, items) }));
  return out;
}

describe('which units a delivery takes', () => {
  const none = lineStates(LINES, [], []);
  it('no items means every undelivered unit; named items are taken as asked', () => {
    expect(takeUndelivered(none, undefined)).toEqual({
      ok: true,
      items: [
        { sku: 'TV', quantity: 1 },
        { sku: 'SB', quantity: 3 },
        { sku: 'CB', quantity: 7 },
      ],
    });
    const after = lineStates(
      LINES,
      [{ items: [{ sku: 'SB', quantity: 2 }] }],
      [{ items: [{ sku: 'CB', quantity: 7 }] }],
    );
    expect(after.map((l) => [l.sku, l.delivered, l.cancelled, l.undelivered])).toEqual([
      ['TV', 0, 0, 1],
      ['SB', 2, 0, 1],
      ['CB', 0, 7, 0],
    ]);
    expect(takeUndelivered(after, [])).toEqual({
      ok: true,
      items: [
        { sku: 'TV', quantity: 1 },
        { sku: 'SB', quantity: 1 },
      ],
    });
    expect(undeliveredUnits(after)).toBe(2);
  });
  it('refuses an unknown sku, a repeated line and more than is undelivered, naming each', () => {
    const after = lineStates(LINES, [{ items: [{ sku: 'SB', quantity: 2 }] }], []);
    expect(
      takeUndelivered(after, [
        { sku: 'SB', quantity: 2 },
        { sku: 'XX', quantity: 1 },
        { sku: 'TV', quantity: 1 },
        { sku: 'TV', quantity: 1 },
      ]),
    ).toEqual({
      ok: false,
      problems: [
        { code: 'tooMany', sku: 'SB', index: 0, asked: 2, undelivered: 1 },
        { code: 'unknownSku', sku: 'XX', index: 1 },
        { code: 'duplicateSku', sku: 'TV', index: 3 },
      ],
    });
  });
  it('nothing left to deliver is refused', () => {
    const all = lineStates(
      LINES,
      [
        {
          items: [
            { sku: 'TV', quantity: 1 },
            { sku: 'SB', quantity: 3 },
          ],
        },
      ],
      [{ items: [{ sku: 'CB', quantity: 7 }] }],
    );
    expect(takeUndelivered(all, undefined)).toEqual({ ok: false, problems: [{ code: 'nothingUndelivered' }] });
  });
});

describe('funding tranches', () => {
  it('the tranches of any order of deliveries add up to the financed amount to the cent', () => {
    const orders: LineQuantity[][][] = [
      [
        [{ sku: 'SB', quantity: 1 }],
        [{ sku: 'CB', quantity: 3 }],
        [{ sku: 'SB', quantity: 1 }],
        [
          { sku: 'TV', quantity: 1 },
          { sku: 'SB', quantity: 1 },
          { sku: 'CB', quantity: 4 },
        ],
      ],
      [
        [{ sku: 'CB', quantity: 1 }],
        [{ sku: 'CB', quantity: 1 }],
        [{ sku: 'CB', quantity: 1 }],
        [{ sku: 'CB', quantity: 1 }],
        [{ sku: 'CB', quantity: 1 }],
        [{ sku: 'CB', quantity: 1 }],
        [{ sku: 'CB', quantity: 1 }],
        [
          { sku: 'TV', quantity: 1 },
          { sku: 'SB', quantity: 3 },
        ],
      ],
      [
        [
          { sku: 'TV', quantity: 1 },
          { sku: 'SB', quantity: 3 },
          { sku: 'CB', quantity: 7 },
        ],
      ],
    ];
    for (const steps of orders) {
      const tranches = deliverInSteps(steps);
      expect(tranches.reduce((n, t) => n + t.amountCents, 0)).toBe(FINANCED);
      expect(tranches.every((t) => Number.isInteger(t.amountCents) && t.amountCents >= 0)).toBe(true);
    }
    // over many random financed amounts and splits too
    for (let seed = 1; seed < 300; seed++) {
      const financed = ((seed * 7919) % 500_000) + 1;
      const split = seed % 3;
      const tranches = deliverInSteps(
        [
          [{ sku: 'SB', quantity: 1 + (split % 2) }],
          [{ sku: 'CB', quantity: 1 + split }],
          [{ sku: 'TV', quantity: 1 }],
          [
            { sku: 'SB', quantity: 2 - (split % 2) },
            { sku: 'CB', quantity: 6 - split },
          ],
        ],
        financed,
      );
      expect(
        tranches.reduce((n, t) => n + t.amountCents, 0),
        `financed ${financed}`,
      ).toBe(financed);
    }
  });
  it('a tranche is its lines’ share of the financed amount (delivery charge and parts pro rata)', () => {
    const [first] = deliverInSteps([[{ sku: 'SB', quantity: 2 }]]);
    const contract = 54_899 + 44_700 + 1_001;
    expect(first!.amountCents).toBe(Math.round((FINANCED * ((44_700 * 2) / 3)) / contract));
    expect(deliveredShare(FINANCED, LINES, [first!])).toBe(first!.amountCents);
  });
  it('the same units in any order give the same total, and each tranche differs from its exact share by less than a cent', () => {
    const a = deliverInSteps([
      [{ sku: 'CB', quantity: 1 }],
      [{ sku: 'CB', quantity: 1 }],
      [{ sku: 'CB', quantity: 1 }],
    ]);
    const b = deliverInSteps([[{ sku: 'CB', quantity: 3 }]]);
    expect(a.reduce((n, t) => n + t.amountCents, 0)).toBe(b[0]!.amountCents);
    const exact = (FINANCED * 143) / 100_600;
    for (const t of a) expect(Math.abs(t.amountCents - exact)).toBeLessThan(1);
  });
  it('after a cancellation the tranches add up to the delivered share, and the cancelled share is the rest', () => {
    const tranches = deliverInSteps([[{ sku: 'TV', quantity: 1 }], [{ sku: 'SB', quantity: 1 }]]);
    const cancelled = [
      {
        items: [
          { sku: 'SB', quantity: 2 },
          { sku: 'CB', quantity: 7 },
        ],
      },
    ];
    const delivered = tranches.reduce((n, t) => n + t.amountCents, 0);
    expect(delivered + cancelledShare(FINANCED, LINES, cancelled)).toBe(FINANCED);
    expect(cancelledShare(FINANCED, LINES, [])).toBe(0);
  });
});

describe('funding per tranche', () => {
  const tranches = [
    { id: 'd1', amountCents: 29_800, funded: true },
    { id: 'd2', amountCents: 10_000, funded: false },
    { id: 'd3', amountCents: 5_000, funded: false },
  ];
  it('funds the tranche named, or every tranche due', () => {
    expect(pickTranches(tranches, 'd2')).toEqual({ ok: true, ids: ['d2'], cents: 10_000 });
    expect(pickTranches(tranches, undefined)).toEqual({ ok: true, ids: ['d2', 'd3'], cents: 15_000 });
    expect(pickTranches(tranches, 'd1')).toEqual({ ok: false, code: 'alreadyFunded' });
    expect(pickTranches(tranches, 'dx')).toEqual({ ok: false, code: 'unknownTranche' });
    expect(pickTranches([tranches[0]!], undefined)).toEqual({ ok: false, code: 'nothingDue' });
  });
  it('the status machine’s facts: a tranche due, units undelivered', () => {
    expect(fundingFacts(tranches, 0)).toEqual({ fundingDue: true, undelivered: false });
    expect(fundingFacts([tranches[0]!], 2)).toEqual({ fundingDue: false, undelivered: true });
    expect(fundingFacts([tranches[0]!], 0)).toEqual({ fundingDue: false, undelivered: false });
  });
});

describe('the lease after a cancellation', () => {
  const lease = {
    cashPrice: 69_799,
    effectiveCashPrice: 64_899,
    numPayments: 26,
    paymentAmount: 5_210,
    waiver: 299,
    totalPayment: 135_460,
    prePaidPayments: 1,
  };
  it('the cancelled cash price comes off the leased amount; the rent scales with it, the number of payments stays', () => {
    const a = adjustLease(lease, 14_900);
    expect(a).toMatchObject({ leasedBefore: 64_899, leasedAfter: 49_999, paymentBefore: 5_210, totalBefore: 135_460 });
    expect(a.paymentAfter).toBe(Math.round((5_210 * 49_999) / 64_899));
    expect(a.totalAfter).toBe(a.paymentAfter * 26);
    expect(a.prepaidCredit).toBe(5_210 - a.paymentAfter);
    expect(a.refundCents).toBe(0);
  });
  it('cancelling more than is leased zeroes the rent and owes the shopper the rest', () => {
    const a = adjustLease(lease, 70_000);
    expect(a).toMatchObject({ leasedAfter: 0, paymentAfter: 0, totalAfter: 0, refundCents: 70_000 - 64_899 });
  });
  it('nothing cancelled changes nothing', () => {
    const a = adjustLease(lease, 0);
    expect(a).toMatchObject({ paymentAfter: 5_210, totalAfter: 5_210 * 26, prepaidCredit: 0, refundCents: 0 });
  });
});
