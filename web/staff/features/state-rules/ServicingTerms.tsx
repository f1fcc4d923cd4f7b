// The servicing terms of State Rules (issue 23 item 4): each state's late fee by term class, returned-payment fee,
// reinstatement, receipt and statute, with the marker of a row nobody checked; and their editor, in the same form
// style as the state rule's. A save answers 422 field errors shown at their inputs, and a 409 when someone saved the
// row in between; the next close of business and servicing action use what is saved.
import { Fragment, useId, useState, type ReactNode } from 'react';
import {
  GRACE_DAYS_MAX,
  KEEPING_GOODS_DAYS_MAX,
  STATUTE_MAX,
  type ServicingRuleView,
} from '../../../../machines/contracts/servicing-rules.ts';
import type { TermClass } from '../../../../machines/domain/servicing/state-servicing-rules.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useNotify } from '../../../toolkit/dialogs/DialogsProvider.tsx';
import { SavedBy } from '../../common/SavedBy.tsx';
import { YesNo } from '../../common/Screen.tsx';
import { useSession } from '../../common/session.tsx';
import { FieldError, RuleEditorForm, StateRowsTable, type Errors } from './RuleParts.tsx';
import {
  AFTER_RETURN_MODES,
  inputOfError,
  lateFeeSummary,
  reinstatementSummary,
  returnFeeSummary,
  servicingBodyOf,
  servicingFormOf,
  type AfterReturnMode,
  type LateFeeForm,
  type ServicingForm,
} from './servicing-form.ts';

const TERM_CLASSES: readonly TermClass[] = ['weekly', 'monthly'];
const LATE_FEE_LABEL: Record<TermClass, string> = {
  weekly: 'servicingRules.ui.lateFeeWeekly',
  monthly: 'servicingRules.ui.lateFeeMonthly',
};
const KEEPING: Record<TermClass, { label: string; input: 'keepingWeekly' | 'keepingMonthly' }> = {
  weekly: { label: 'servicingRules.ui.keepingWeekly', input: 'keepingWeekly' },
  monthly: { label: 'servicingRules.ui.keepingMonthly', input: 'keepingMonthly' },
};

/** The accessible wiring `field` hands its input: aria-invalid and aria-describedby. */
type A11y = Record<string, unknown>;

/** A whole number of days (or terms) from `min`. */
const daysInput = (a11y: A11y, value: string, onChange: (value: string) => void, max?: number, min = 0) => (
  <input
    className="tk-input"
    type="number"
    inputMode="numeric"
    min={min}
    max={max}
    step={1}
    value={value}
    {...a11y}
    onChange={(e) => onChange(e.target.value)}
  />
);

/** A dollar amount as typed ("25" or "25.00"); the server reads and checks it. */
const amountInput = (a11y: A11y, value: string, onChange: (value: string) => void) => (
  <input className="tk-input" inputMode="decimal" value={value} {...a11y} onChange={(e) => onChange(e.target.value)} />
);

export function ServicingTermsTable({
  rules,
  mayEdit,
  onEdit,
}: {
  rules: readonly ServicingRuleView[];
  mayEdit: boolean;
  onEdit: (rule: ServicingRuleView) => void;
}) {
  const t = useT();
  return (
    <StateRowsTable
      caption={t('servicingRules.ui.title')}
      headers={[
        t('servicingRules.ui.lateFeeWeekly'),
        t('servicingRules.ui.lateFeeMonthly'),
        t('servicingRules.ui.returnFee'),
        t('servicingRules.ui.reinstatement'),
        t('servicingRules.ui.receipt'),
        t('servicingRules.ui.statute'),
      ]}
      editLabel={t('servicingRules.ui.edit')}
      mayEdit={mayEdit}
      rows={rules}
      cells={(r) => {
        const [keeping, afterReturn] = reinstatementSummary(t, r);
        return (
          <>
            <td>{lateFeeSummary(t, r.late_fee.weekly)}</td>
            <td>{lateFeeSummary(t, r.late_fee.monthly)}</td>
            <td>{returnFeeSummary(t, r)}</td>
            <td>
              {keeping}
              <br />
              {afterReturn}
            </td>
            <td>
              <YesNo value={r.receipt_required} />
            </td>
            <td>
              {r.statute}
              {r.is_default ? (
                <>
                  {' '}
                  <strong>({t('servicingRules.ui.unchecked')})</strong>
                </>
              ) : null}
            </td>
          </>
        );
      }}
      onEdit={onEdit}
    />
  );
}

export function ServicingRuleEditor({
  rule,
  onCancel,
  onSaved,
}: {
  rule: ServicingRuleView;
  onCancel: () => void;
  onSaved: (rule: ServicingRuleView) => void;
}) {
  const t = useT();
  const { caller } = useSession();
  const notify = useNotify();
  const id = useId();
  const [form, setForm] = useState<ServicingForm>(() => servicingFormOf(rule));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof ServicingForm>(key: K, value: ServicingForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const setFee = (term: TermClass, patch: Partial<LateFeeForm>) =>
    setForm((f) => ({ ...f, [term]: { ...f[term], ...patch } }));

  async function save() {
    setBusy(true);
    const result = await caller.call<ServicingRuleView>(
      'PUT',
      `/staff/api/state-rules/${rule.state}/servicing`,
      servicingBodyOf(form, rule.v),
    );
    setBusy(false);
    if (result.status) {
      notify({ type: 'success', message: result.message ?? t('staff.rules.saved') });
      onSaved(result.data);
      return;
    }
    const byInput: Errors = {};
    for (const [key, messages] of Object.entries(result.errors ?? {}))
      (byInput[inputOfError(key)] ??= []).push(...messages);
    setErrors(byInput);
    notify({ type: 'error', message: result.message ?? t('error.unknown') });
  }

  const errorId = (name: string) => `${id}-${name.replace(/\./g, '-')}-error`;
  const invalid = (name: string) => (errors[name]?.length ? true : undefined);
  const describedBy = (name: string, hint?: string) =>
    [hint, errors[name]?.length ? errorId(name) : undefined].filter(Boolean).join(' ') || undefined;
  const err = (name: string) => <FieldError id={errorId(name)} messages={errors[name]} />;
  const shown = new Set<string>();
  const field = (name: string, label: string, input: (a11y: A11y) => ReactNode, hint?: string) => {
    shown.add(name);
    return (
      <>
        <label className="tk-field">
          <span className="tk-label">{label}</span>
          {input({ 'aria-invalid': invalid(name), 'aria-describedby': describedBy(name, hint) })}
        </label>
        {err(name)}
      </>
    );
  };
  const check = (name: string, label: string, checked: boolean, onChange: (value: boolean) => void) => {
    shown.add(name);
    return (
      <>
        <label className="tk-check">
          <input
            className="tk-check__input"
            type="checkbox"
            checked={checked}
            aria-invalid={invalid(name)}
            aria-describedby={describedBy(name)}
            onChange={(e) => onChange(e.target.checked)}
          />
          {label}
        </label>
        {err(name)}
      </>
    );
  };

  const feeFields = (term: TermClass) => {
    const f = form[term];
    const base = `late_fee.${term}`;
    const hint = `${id}-${term}-parts-hint`;
    return (
      <fieldset className="tk-fieldset">
        <legend className="tk-label">{t(LATE_FEE_LABEL[term])}</legend>
        {check(base, t('servicingRules.ui.lateFeeOn'), f.on, (on) => setFee(term, { on }))}
        {f.on ? (
          <>
            {field(`${base}.grace_days`, t('servicingRules.ui.graceDays'), (a11y) =>
              daysInput(a11y, f.grace, (grace) => setFee(term, { grace }), GRACE_DAYS_MAX),
            )}
            {field(
              `${base}.percent`,
              t('servicingRules.ui.percent'),
              (a11y) => (
                <input
                  className="tk-input"
                  type="number"
                  inputMode="decimal"
                  min={0}
                  max={100}
                  step="0.01"
                  value={f.percent}
                  {...a11y}
                  onChange={(e) => setFee(term, { percent: e.target.value })}
                />
              ),
              hint,
            )}
            {field(
              `${base}.flat`,
              t('servicingRules.ui.flat'),
              (a11y) => amountInput(a11y, f.flat, (flat) => setFee(term, { flat })),
              hint,
            )}
            <small id={hint} className="staff-muted">
              {t('servicingRules.ui.partsHint')}
            </small>
            {field(`${base}.combine`, t('servicingRules.ui.combine'), (a11y) => (
              <select
                className="tk-input"
                value={f.combine}
                {...a11y}
                onChange={(e) => setFee(term, { combine: e.target.value as LateFeeForm['combine'] })}
              >
                <option value="lesser">{t('servicingRules.ui.combineLesser')}</option>
                <option value="greater">{t('servicingRules.ui.combineGreater')}</option>
              </select>
            ))}
            {field(`${base}.minimum`, t('servicingRules.ui.minimum'), (a11y) =>
              amountInput(a11y, f.minimum, (minimum) => setFee(term, { minimum })),
            )}
          </>
        ) : null}
      </fieldset>
    );
  };

  const body = (
    <>
      {TERM_CLASSES.map((term) => (
        <Fragment key={term}>{feeFields(term)}</Fragment>
      ))}
      {field('biweekly_class', t('servicingRules.ui.biweeklyClass'), (a11y) => (
        <select
          className="tk-input"
          value={form.biweeklyClass}
          {...a11y}
          onChange={(e) => set('biweeklyClass', e.target.value as TermClass)}
        >
          <option value="weekly">{t('servicingRules.ui.weekly')}</option>
          <option value="monthly">{t('servicingRules.ui.monthly')}</option>
        </select>
      ))}
      <fieldset className="tk-fieldset">
        <legend className="tk-label">{t('servicingRules.ui.returnFee')}</legend>
        {check('return_fee_allowed', t('servicingRules.ui.returnFeeAllowed'), form.returnFeeAllowed, (v) =>
          set('returnFeeAllowed', v),
        )}
        {field('return_fee_max', t('servicingRules.ui.returnFeeMax'), (a11y) =>
          amountInput(a11y, form.returnFeeMax, (v) => set('returnFeeMax', v)),
        )}
      </fieldset>
      <fieldset className="tk-fieldset">
        <legend className="tk-label">{t('servicingRules.ui.reinstatement')}</legend>
        {check('reinstatement.keeping_goods_days', t('servicingRules.ui.keepingOn'), form.keepingOn, (v) =>
          set('keepingOn', v),
        )}
        {form.keepingOn
          ? TERM_CLASSES.map((term) => (
              <Fragment key={term}>
                {field(`reinstatement.keeping_goods_days.${term}`, t(KEEPING[term].label), (a11y) =>
                  daysInput(
                    a11y,
                    form[KEEPING[term].input],
                    (v) => set(KEEPING[term].input, v),
                    KEEPING_GOODS_DAYS_MAX,
                  ),
                )}
              </Fragment>
            ))
          : null}
        {field('reinstatement.after_return_mode', t('servicingRules.ui.afterReturn'), (a11y) => (
          <select
            className="tk-input"
            value={form.afterReturn}
            {...a11y}
            onChange={(e) => set('afterReturn', e.target.value as AfterReturnMode)}
          >
            {AFTER_RETURN_MODES.map((m) => (
              <option key={m} value={m}>
                {t(`servicingRules.ui.afterReturn.${m}`)}
              </option>
            ))}
          </select>
        ))}
        {form.afterReturn !== 'none'
          ? field('reinstatement.after_return_count', t('servicingRules.ui.afterReturnCount'), (a11y) =>
              daysInput(
                a11y,
                form.afterReturnCount,
                (v) => set('afterReturnCount', v),
                undefined,
                form.afterReturn === 'terms' ? 1 : 0,
              ),
            )
          : null}
      </fieldset>
      {check('receipt_required', t('servicingRules.ui.receiptRequired'), form.receiptRequired, (v) =>
        set('receiptRequired', v),
      )}
      {field(
        'statute',
        t('servicingRules.ui.statute'),
        (a11y) => (
          <input
            className="tk-input"
            maxLength={STATUTE_MAX}
            value={form.statute}
            {...a11y}
            onChange={(e) => set('statute', e.target.value)}
          />
        ),
        `${id}-statute-hint`,
      )}
      <small id={`${id}-statute-hint`} className="staff-muted">
        {t('servicingRules.ui.statuteHint')}
      </small>
      {check('is_default', t('servicingRules.ui.isDefault'), form.isDefault, (v) => set('isDefault', v))}
    </>
  );
  // Errors of fields not shown (the state, a part switched off meanwhile) are listed rather than lost.
  const others = Object.entries(errors).filter(([name]) => !shown.has(name));

  return (
    // The editor opens above the tables: it takes the keyboard so the form is where the user is.
    <RuleEditorForm
      title={t('servicingRules.ui.editTitle', { state: rule.state })}
      busy={busy}
      takeFocus
      onSave={save}
      onCancel={onCancel}
    >
      <SavedBy view={rule} />
      {body}
      {others.length ? (
        <ul className="tk-error">
          {others.map(([name, messages]) => (
            <li key={name}>{messages.join(' ')}</li>
          ))}
        </ul>
      ) : null}
    </RuleEditorForm>
  );
}
