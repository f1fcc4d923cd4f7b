// The servicing terms of State Rules (issue 23 item 4): the editor's form rules (every state's row survives the form
// unchanged; what staff type reaches the server as typed, the server's schema decides), and the screen against an msw
// stand-in that validates with the real schema: the terms listed with the unchecked marker, a 422 shown at its input,
// a save sent with the version read, no edit for a viewer, axe-clean in English and Spanish.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { safeParse } from 'zod/v4/core';
import {
  servicingRuleBody,
  servicingRuleOf,
  servicingRuleUpdateSchema,
} from '../../../machines/contracts/servicing-rules.ts';
import { servicingRuleFor } from '../../../machines/domain/servicing/state-servicing-rules.ts';
import { DEFAULT_STATE_RULES, STATE_CODES } from '../../../machines/domain/state-rules.ts';
import { translate } from '../../../machines/i18n/catalogue.ts';
import { LANG_STORAGE_KEY } from '../../../web/lib/i18n.tsx';
import { StateRulesScreen } from '../../../web/staff/features/state-rules/StateRulesScreen.tsx';
import {
  inputOfError,
  lateFeeSummary,
  servicingBodyOf,
  servicingFormOf,
} from '../../../web/staff/features/state-rules/servicing-form.ts';
import { invalidAnswer } from './envelopes.ts';
import { renderStaff } from './render-staff.tsx';

const en = (key: string, params?: Record<string, string | number>) => translate('en', key, params);

describe('servicing terms form rules', () => {
  it('every state row goes through the form and the schema unchanged', () => {
    for (const state of STATE_CODES) {
      const row = servicingRuleFor(state);
      const body = servicingBodyOf(servicingFormOf(servicingRuleBody(row)), 3);
      const parsed = safeParse(servicingRuleUpdateSchema, JSON.parse(JSON.stringify(body)));
      expect(parsed.success, state).toBe(true);
      expect(parsed.data!.v).toBe(3);
      expect(servicingRuleOf(state, parsed.data!), state).toEqual(row);
    }
  });

  it('converts percent to basis points and dollars to cents; grace is the days before the first day late', () => {
    const form = servicingFormOf(servicingRuleBody(servicingRuleFor('TX')));
    form.monthly = { ...form.monthly, grace: '6', percent: '5.25', flat: '$7', combine: 'greater', minimum: '' };
    form.weekly = { ...form.weekly, on: false };
    form.afterReturn = 'terms';
    form.afterReturnCount = '3';
    form.statute = '  Tex. Bus. & Com. Code 92.001  ';
    const parsed = safeParse(servicingRuleUpdateSchema, servicingBodyOf(form, 0));
    expect(parsed.success).toBe(true);
    const row = servicingRuleOf('TX', parsed.data!);
    expect(row.lateFee).toEqual({
      weekly: null,
      monthly: { fromDaysLate: 7, percentBasisPoints: 525, flatCents: 700, combine: 'greater', minimumCents: 0 },
    });
    expect(row.reinstatement).toMatchObject({ afterReturnDays: null, afterReturnLeaseTerms: 3 });
    expect(row.statute).toBe('Tex. Bus. & Com. Code 92.001');
  });

  it('sends what staff typed, so that the server names the field; its errors land on the inputs shown', () => {
    const form = servicingFormOf(servicingRuleBody(servicingRuleFor('TX')));
    form.monthly = { ...form.monthly, grace: '12abc', percent: '10.555', flat: '' };
    form.statute = 'x'.repeat(301);
    const body = servicingBodyOf(form, 0);
    expect(body.late_fee.monthly).toMatchObject({ grace_days: '12abc', percent: 10.555, flat: null });
    const parsed = safeParse(servicingRuleUpdateSchema, body);
    expect(parsed.success).toBe(false);
    const fields = Object.fromEntries(parsed.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(fields).toEqual({
      'late_fee.monthly.grace_days': 'servicingRules.validation.days',
      'late_fee.monthly.percent': 'servicingRules.validation.percent',
      statute: 'servicingRules.validation.statuteLong',
    });
    expect(inputOfError('reinstatement.after_return_days')).toBe('reinstatement.after_return_count');
    expect(inputOfError('reinstatement.after_return_lease_terms')).toBe('reinstatement.after_return_count');
    expect(inputOfError('statute')).toBe('statute');
  });

  it('refuses what a statute cannot be and what no fee can be', () => {
    const body = servicingBodyOf(servicingFormOf(servicingRuleBody(servicingRuleFor('TX'))), 0);
    const refused = (patch: Record<string, unknown>) =>
      !safeParse(servicingRuleUpdateSchema, { ...body, ...patch }).success;
    expect(refused({ statute: 'tab\tinside' })).toBe(true);
    expect(refused({ statute: '\ud800 lone' })).toBe(true);
    expect(refused({ statute: '' })).toBe(true);
    expect(refused({ statute: 'Ley 1 — art. 2 «ñ» 𝔘' })).toBe(false);
    expect(refused({ return_fee_max: '1000.01' })).toBe(true);
    expect(refused({ return_fee_max: '1000.00' })).toBe(false);
    const fee = body.late_fee.monthly!;
    expect(refused({ late_fee: { ...body.late_fee, monthly: { ...fee, percent: null, flat: null } } })).toBe(true);
    expect(refused({ late_fee: { ...body.late_fee, monthly: { ...fee, grace_days: 60 } } })).toBe(false);
    expect(refused({ late_fee: { ...body.late_fee, monthly: { ...fee, grace_days: 61 } } })).toBe(true);
  });

  it('summarises a late fee as the table shows it', () => {
    const ca = servicingRuleBody(servicingRuleFor('CA'));
    expect(lateFeeSummary(en, ca.late_fee.monthly)).toBe('Lesser of 5% or $5.00, at least $2.00; grace 6 days');
    const ak = servicingRuleBody(servicingRuleFor('AK'));
    expect(lateFeeSummary(en, ak.late_fee.weekly)).toBe('$5.00; grace 9 days');
    expect(lateFeeSummary(en, null)).toBe('No late fee');
  });
});

// ---------- the screen ----------

const viewOf = (state: (typeof STATE_CODES)[number]) => ({
  state,
  ...servicingRuleBody(servicingRuleFor(state)),
  v: 0,
  updated_at: null,
  updated_by: null,
});
const rules = DEFAULT_STATE_RULES.map((r) => ({
  ...r,
  v: 1,
  updated_at: '2026-01-05T10:00:00.000Z',
  updated_by: 'seed',
  servicing: viewOf(r.state),
}));
const puts: { state: string; body: any }[] = [];

const server = setupServer(
  http.get('/staff/api/state-rules', () => HttpResponse.json({ status: true, code: 200, data: rules })),
  http.put('/staff/api/state-rules/:state/servicing', async ({ request, params }) => {
    const body = (await request.json()) as any;
    const state = String(params.state) as (typeof STATE_CODES)[number];
    puts.push({ state, body });
    const parsed = safeParse(servicingRuleUpdateSchema, body);
    if (!parsed.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) (errors[issue.path.join('.')] ??= []).push(en(issue.message));
      return invalidAnswer(errors);
    }
    const saved = {
      state,
      ...servicingRuleBody(servicingRuleOf(state, parsed.data)),
      v: body.v + 1,
      updated_at: '2026-02-01T10:00:00.000Z',
      updated_by: 'admin',
    };
    return HttpResponse.json({ status: true, code: 200, data: saved, message: en('servicingRules.saved', { state }) });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  localStorage.removeItem(LANG_STORAGE_KEY);
});
afterAll(() => server.close());

const terms = () => screen.findByRole('table', { name: 'Servicing terms' });

describe('State Rules screen: servicing terms', () => {
  it('lists each state terms, edits CA: a 422 at the percentage, then a save with the version read', async () => {
    const user = userEvent.setup();
    renderStaff(<StateRulesScreen />, {
      path: '/state-rules',
      permissions: ['state-rules.view', 'state-rules.update'],
    });
    const table = await terms();
    expect(within(table).getAllByRole('row')).toHaveLength(52);
    const ri = within(table).getByRole('row', { name: /^RI/ });
    expect(ri).toHaveTextContent('Default (unchecked)');
    expect(ri).toHaveTextContent('After a return: 3 lease terms');
    const ca = within(table).getByRole('row', { name: /^CA/ });
    expect(ca).toHaveTextContent('Lesser of 5% or $5.00, at least $2.00; grace 6 days');
    expect(ca).not.toHaveTextContent('Default (unchecked)');

    await user.click(within(ca).getByRole('button', { name: 'Edit servicing CA' }));
    const form = screen.getByRole('form', { name: 'Servicing terms of CA' });
    expect(screen.getByRole('heading', { name: 'Servicing terms of CA' })).toHaveFocus();
    expect(form).toHaveTextContent('Defaults (never saved)');
    const monthly = within(form).getByRole('group', { name: 'Late fee, monthly terms' });
    const percent = within(monthly).getByRole('spinbutton', { name: 'Percentage of the late payment (%)' });
    await user.clear(percent);
    await user.type(percent, '10.555');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(percent).toHaveAttribute('aria-invalid', 'true'));
    expect(percent).toHaveAccessibleDescription(/at most 2 decimals/);

    await user.clear(percent);
    await user.type(percent, '7.5');
    const grace = within(monthly).getByRole('spinbutton', { name: 'Grace (days late without a fee)' });
    await user.clear(grace);
    await user.type(grace, '9');
    const weekly = within(form).getByRole('group', { name: 'Late fee, weekly terms' });
    await user.click(within(weekly).getByRole('checkbox', { name: 'A late fee may be charged' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Servicing terms of CA' })).not.toBeInTheDocument());
    const sent = puts.at(-1)!;
    expect(sent.state).toBe('CA');
    expect(sent.body).toMatchObject({
      v: 0,
      late_fee: {
        weekly: null,
        monthly: { grace_days: 9, percent: 7.5, flat: '5.00', combine: 'lesser', minimum: '2.00' },
      },
      statute: expect.stringContaining('1812.626'),
    });
    const row = within(await terms()).getByRole('row', { name: /^CA/ });
    expect(row).toHaveTextContent('Lesser of 7.5% or $5.00, at least $2.00; grace 9 days');
    expect(row).toHaveTextContent('No late fee');
  }, 30_000);

  it('edits the days of keeping the goods per term class, shown only while reinstatement is on', async () => {
    const user = userEvent.setup();
    renderStaff(<StateRulesScreen />, {
      path: '/state-rules',
      permissions: ['state-rules.view', 'state-rules.update'],
    });
    const tn = within(await terms()).getByRole('row', { name: /^TN/ });
    expect(tn).toHaveTextContent('Keeping the goods: 2 days (weekly), 5 days (monthly)');
    await user.click(within(tn).getByRole('button', { name: 'Edit servicing TN' }));
    const reinstatement = within(screen.getByRole('form', { name: 'Servicing terms of TN' })).getByRole('group', {
      name: 'Reinstatement',
    });
    const keepingOn = within(reinstatement).getByRole('checkbox', {
      name: 'Reinstatement while the lessee keeps the goods',
    });
    const weekly = within(reinstatement).getByRole('spinbutton', {
      name: 'Days after the missed due date, weekly terms',
    });
    const monthly = within(reinstatement).getByRole('spinbutton', {
      name: 'Days after the missed due date, monthly terms',
    });
    expect(weekly).toHaveValue(2);
    expect(monthly).toHaveValue(5);
    for (const input of [weekly, monthly]) {
      expect(input).toHaveAttribute('min', '0');
      expect(input).toHaveAttribute('max', '60');
    }

    await user.click(keepingOn);
    expect(within(reinstatement).queryByRole('spinbutton', { name: /weekly terms/ })).not.toBeInTheDocument();
    await user.click(keepingOn);
    const weeklyAgain = within(reinstatement).getByRole('spinbutton', { name: /weekly terms/ });
    await user.clear(weeklyAgain);
    await user.type(weeklyAgain, '3');
    const monthlyAgain = within(reinstatement).getByRole('spinbutton', { name: /monthly terms/ });
    await user.clear(monthlyAgain);
    await user.type(monthlyAgain, '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Servicing terms of TN' })).not.toBeInTheDocument());
    expect(puts.at(-1)).toMatchObject({
      state: 'TN',
      body: { reinstatement: { keeping_goods_days: { weekly: 3, monthly: 10 } } },
    });
    expect(within(await terms()).getByRole('row', { name: /^TN/ })).toHaveTextContent(
      'Keeping the goods: 3 days (weekly), 10 days (monthly)',
    );
  }, 30_000);

  it('shows the terms but no edit to a viewer', async () => {
    renderStaff(<StateRulesScreen />, { path: '/state-rules', permissions: ['state-rules.view'] });
    await terms();
    expect(screen.queryByRole('button', { name: /^Edit servicing/ })).not.toBeInTheDocument();
  }, 15_000);

  for (const lang of ['en', 'es'] as const) {
    it(`passes axe with the editor open (${lang})`, async () => {
      localStorage.setItem(LANG_STORAGE_KEY, lang);
      const user = userEvent.setup();
      const { container } = renderStaff(<StateRulesScreen />, {
        path: '/state-rules',
        permissions: ['state-rules.view', 'state-rules.update'],
      });
      const name = lang === 'en' ? 'Edit servicing NY' : 'Editar cobranza NY';
      await user.click(await screen.findByRole('button', { name }));
      const results = await axe.run(container, {
        rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
      });
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
    }, 30_000);
  }
});
