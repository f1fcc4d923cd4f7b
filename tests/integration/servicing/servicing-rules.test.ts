import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../machines/domain/payment-frequency.ts';
import { makeUser } from '../staff/client.ts';
import { account, cents, closeThrough, fundedLease, staff } from './support.ts';

// Issue 23 item 4: the servicing rules of a state are State Rules data. Staff read them with the state rules and edit
// them (PUT /staff/api/state-rules/{state}/servicing, versioned); the next close of business charges the late fee the
// edited row gives, after its grace; a stale version is refused; bad figures and naughty statutes never save a broken
// row. The server is shared: every row changed here is put back.

const blns: string[] = JSON.parse(readFileSync(new URL('../../fixtures/blns.json', import.meta.url), 'utf8'));

type Body = Record<string, any>;
const touched = new Map<string, Body>();

const read = async (state: string) => {
  const res = await (await staff()).get(`/staff/api/state-rules/${state}/servicing`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as Body;
};
const bodyOf = (view: Body): Body => {
  const { state: _s, updated_at: _a, updated_by: _b, ...body } = view;
  return body;
};
const put = async (state: string, body: Body, lang?: string) => {
  if (!touched.has(state)) touched.set(state, bodyOf(await read(state)));
  return (await staff()).call('PUT', `/staff/api/state-rules/${state}/servicing`, {
    body,
    headers: lang ? { 'accept-language': lang } : {},
  });
};

afterAll(async () => {
  for (const [state, original] of touched) {
    const current = await read(state);
    const res = await (await staff()).put(`/staff/api/state-rules/${state}/servicing`, { ...original, v: current.v });
    expect(res.status, `${state} put back: ${JSON.stringify(res.body)}`).toBe(200);
  }
});

describe('servicing rules in State Rules', () => {
  it('are listed with each state rule: the code rows with their statute and the unchecked marker', async () => {
    const list = (await (await staff()).get('/staff/api/state-rules')).body.data as Body[];
    expect(list).toHaveLength(51);
    const ca = list.find((r) => r.state === 'CA')!.servicing;
    expect(ca).toMatchObject({
      state: 'CA',
      late_fee: {
        weekly: { grace_days: 2, percent: 5, flat: '5.00', combine: 'lesser', minimum: '2.00' },
        monthly: { grace_days: 6, percent: 5, flat: '5.00', combine: 'lesser', minimum: '2.00' },
      },
      reinstatement: { keeping_goods_days: { weekly: 7, monthly: 10 }, after_return_days: 365 },
      statute: expect.stringContaining('1812.626'),
      is_default: false,
    });
    expect(list.find((r) => r.state === 'RI')!.servicing).toMatchObject({
      is_default: true,
      reinstatement: { after_return_lease_terms: 3, after_return_days: null },
    });
    expect(await read('CA')).toEqual(ca);
  });

  it('bad figures are refused field by field (en and es) and nothing is saved', async () => {
    const before = await read('ND');
    const good = bodyOf(before);
    const monthly = { ...good.late_fee.monthly };
    const cases: [Body, string, RegExp][] = [
      [
        { late_fee: { ...good.late_fee, monthly: { ...monthly, percent: 10.555 } } },
        'late_fee.monthly.percent',
        /2 decimals/,
      ],
      [
        { late_fee: { ...good.late_fee, monthly: { ...monthly, percent: 101 } } },
        'late_fee.monthly.percent',
        /0 to 100/,
      ],
      [
        { late_fee: { ...good.late_fee, monthly: { ...monthly, grace_days: 61 } } },
        'late_fee.monthly.grace_days',
        /days/,
      ],
      [{ late_fee: { ...good.late_fee, monthly: { ...monthly, flat: '1.234' } } }, 'late_fee.monthly.flat', /dollars/],
      [
        { late_fee: { ...good.late_fee, monthly: { ...monthly, percent: null, flat: null } } },
        'late_fee.monthly.percent',
        /switch the late fee off/,
      ],
      [{ return_fee_max: '-1' }, 'return_fee_max', /dollars/],
      [{ statute: '   ' }, 'statute', /Name the statute/],
      [{ statute: 'x'.repeat(301) }, 'statute', /300/],
      [{ statute: 'line\u0000break' }, 'statute', /control/],
      [
        { reinstatement: { ...good.reinstatement, after_return_days: 30, after_return_lease_terms: 3 } },
        'reinstatement.after_return_lease_terms',
        /not both/,
      ],
      [{ receipt_required: 'yes' }, 'receipt_required', /yes or no/],
    ];
    for (const [patch, field, message] of cases) {
      const res = await put('ND', { ...good, ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(422);
      expect(res.body.errors?.[field], JSON.stringify(res.body.errors)).toEqual([expect.stringMatching(message)]);
    }
    const es = await put('ND', { ...good, statute: '' }, 'es');
    expect(es.status).toBe(422);
    expect(es.body.errors?.statute).toEqual([expect.stringMatching(/Indique la ley/)]);
    expect(await read('ND')).toEqual(before);
  });

  it(
    'the next close of business charges the late fee of the edited row, after its grace; a stale version is a 409',
    { timeout: 240_000 },
    async () => {
      const { uuid } = await fundedLease();
      const opened = await account(uuid);
      const state = opened.state as string;
      const current = await read(state);
      // A fixed $7.77 from the 5th day late (4 days of grace), whatever the term class: no state's code row says that.
      const terms = { grace_days: 4, percent: null, flat: '7.77', combine: 'lesser', minimum: '0.00' };
      const edited = { ...bodyOf(current), late_fee: { weekly: terms, monthly: terms }, statute: 'Edited by the test' };
      const saved = await put(state, edited);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.message).toMatch(new RegExp(`servicing rules of ${state} were saved`));
      expect(saved.body.data).toMatchObject({
        state,
        v: current.v + 1,
        late_fee: { monthly: terms },
        updated_by: 'admin',
      });

      // The version the editor read is out of date now: refused, and the saved row stands.
      const stale = await put(state, { ...edited, late_fee: { weekly: null, monthly: null }, v: current.v });
      expect(stale.status).toBe(409);
      expect(stale.body.message).toMatch(/changed by someone else/);
      expect((await read(state)).late_fee.monthly).toEqual(terms);

      // Installment 2 is not paid (no autopay): through its grace no fee, the day after one fee of $7.77, once.
      const due = opened.next_payment.due_date as string;
      await closeThrough(addDays(due, 3));
      const inGrace = await account(uuid);
      expect(inGrace.status).toBe('pastDue');
      expect(inGrace.ledger.filter((e: Body) => e.kind === 'fee')).toEqual([]);
      await closeThrough(addDays(due, 4));
      const charged = await account(uuid);
      const fees = charged.ledger.filter((e: Body) => e.kind === 'fee');
      expect(fees).toEqual([expect.objectContaining({ fee_kind: 'late', amount: '7.77' })]);
      expect(cents(charged.fees_owed)).toBe(777);
      await closeThrough(addDays(due, 12));
      expect((await account(uuid)).ledger.filter((e: Body) => e.kind === 'fee')).toHaveLength(1);
    },
  );

  it('a viewer reads the servicing terms but may not change them', async () => {
    const admin = await staff();
    const viewer = (await makeUser(admin, { guard: 'system', permissions: ['state-rules.view'] })).client;
    expect((await viewer.get('/staff/api/state-rules/TX/servicing')).status).toBe(200);
    const refused = await viewer.put('/staff/api/state-rules/TX/servicing', bodyOf(await read('TX')));
    expect(refused.status).toBe(403);
    expect((await admin.get('/staff/api/state-rules/XX/servicing')).status).toBe(422);
  });

  it('every naughty string as the statute is stored as given (trimmed) or refused with a 422, never a 5xx', async () => {
    const failures: string[] = [];
    let current = await read('SD');
    for (const text of blns) {
      const res = await put('SD', { ...bodyOf(current), statute: text, v: current.v });
      if (res.status >= 500) failures.push(`${res.status} ${JSON.stringify(text)}`);
      else if (res.status === 200) {
        current = res.body.data;
        if (current.statute !== text.trim()) failures.push(`changed ${JSON.stringify(text)}`);
      } else if (res.status !== 422) failures.push(`unexpected ${res.status} ${JSON.stringify(text)}`);
    }
    expect(failures).toEqual([]);
    expect((await read('SD')).statute).toBe(current.statute);
  }, 120_000);
});
