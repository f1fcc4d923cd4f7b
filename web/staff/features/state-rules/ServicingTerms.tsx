// The servicing terms of State Rules (issue 23 item 4): each state's late fee by term class, returned-payment fee,
// reinstatement, receipt and statute, with the marker of a row nobody checked; and their editor, in the same form
// style as the state rule's. A save answers 422 field errors shown at their inputs, and a 409 when someone saved the
// row in between; the next close of business and servicing action use what is saved.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
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

type Errors = Record<string, string[]>;

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
    <table className="tk-table">
      <caption className="staff-muted">{t('servicingRules.ui.title')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('staff.ui.stateRules.state')}</th>
          <th scope="col">{t('servicingRules.ui.lateFeeWeekly')}</th>
          <th scope="col">{t('servicingRules.ui.lateFeeMonthly')}</th>
          <th scope="col">{t('servicingRules.ui.returnFee')}</th>
          <th scope="col">{t('servicingRules.ui.reinstatement')}</th>
          <th scope="col">{t('servicingRules.ui.receipt')}</th>
          <th scope="col">{t('servicingRules.ui.statute')}</th>
          {mayEdit ? (
            <th scope="col">
              <span className="staff-muted">{t('servicingRules.ui.edit')}</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {rules.map((r) => {
          const [keeping, afterReturn] = reinstatementSummary(t, r);
          return (
            <tr key={r.state}>
              <th scope="row">{r.state}</th>
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
              {mayEdit ? (
                <td>
                  <button
                    type="button"
                    className="tk-btn"
                    onClick={() => onEdit(r)}
                    aria-label={`${t('servicingRules.ui.edit')} ${r.state}`}
                  >
                    {t('servicingRules.ui.edit')}
                  </button>
                </td>
              ) : null}
            </tr>
          );
        })}
      </tbody>
    </table>
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
  const title = useRef<HTMLHeadingElement>(null);
  const [form, setForm] = useState<ServicingForm>(() => servicingFormOf(rule));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  // The editor opens above the tables: move the keyboard there so the form is where the user is.
  useEffect(() => title.current?.focus(), []);

  const set = <K extends keyof ServicingForm>(key: K, value: ServicingForm[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const setFee = (term: TermClass, patch: Partial<LateFeeForm>) =>
    setForm((f) => ({ ...f, [term]: { ...f[term], ...patch } }));

  async function save(event: React.FormEvent) {
    event.preventDefault();
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
  const err = (name: string) =>
    errors[name]?.length ? (
      <p className="tk-error" id={errorId(name)}>
        {errors[name].join(' ')}
      </p>
    ) : null;
  const shown = new Set<string>();
  const field = (name: string, label: string, input: (a11y: Record<string, unknown>) => ReactNode, hint?: string) => {
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
        <legend className="tk-label">
          {t(term === 'weekly' ? 'servicingRules.ui.lateFeeWeekly' : 'servicingRules.ui.lateFeeMonthly')}
        </legend>
        {check(base, t('servicingRules.ui.lateFeeOn'), f.on, (on) => setFee(term, { on }))}
        {f.on ? (
          <>
            {field(`${base}.grace_days`, t('servicingRules.ui.graceDays'), (a11y) => (
              <input
                className="tk-input"
                type="number"
                inputMode="numeric"
                min={0}
                max={GRACE_DAYS_MAX}
                step={1}
                value={f.grace}
                {...a11y}
                onChange={(e) => setFee(term, { grace: e.target.value })}
              />
            ))}
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
              (a11y) => (
                <input
                  className="tk-input"
                  inputMode="decimal"
                  value={f.flat}
                  {...a11y}
                  onChange={(e) => setFee(term, { flat: e.target.value })}
                />
              ),
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
            {field(`${base}.minimum`, t('servicingRules.ui.minimum'), (a11y) => (
              <input
                className="tk-input"
                inputMode="decimal"
                value={f.minimum}
                {...a11y}
                onChange={(e) => setFee(term, { minimum: e.target.value })}
              />
            ))}
          </>
        ) : null}
      </fieldset>
    );
  };

  const body = (
    <>
      {feeFields('weekly')}
      {feeFields('monthly')}
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
        {field('return_fee_max', t('servicingRules.ui.returnFeeMax'), (a11y) => (
          <input
            className="tk-input"
            inputMode="decimal"
            value={form.returnFeeMax}
            {...a11y}
            onChange={(e) => set('returnFeeMax', e.target.value)}
          />
        ))}
      </fieldset>
      <fieldset className="tk-fieldset">
        <legend className="tk-label">{t('servicingRules.ui.reinstatement')}</legend>
        {check('reinstatement.keeping_goods_days', t('servicingRules.ui.keepingOn'), form.keepingOn, (v) =>
          set('keepingOn', v),
        )}
        {form.keepingOn ? (
          <>
            {field('reinstatement.keeping_goods_days.weekly', t('servicingRules.ui.keepingWeekly'), (a11y) => (
              <input
                className="tk-input"
                type="number"
                inputMode="numeric"
                min={0}
                max={KEEPING_GOODS_DAYS_MAX}
                step={1}
                value={form.keepingWeekly}
                {...a11y}
                onChange={(e) => set('keepingWeekly', e.target.value)}
              />
            ))}
            {field('reinstatement.keeping_goods_days.monthly', t('servicingRules.ui.keepingMonthly'), (a11y) => (
              <input
                className="tk-input"
                type="number"
                inputMode="numeric"
                min={0}
                max={KEEPING_GOODS_DAYS_MAX}
                step={1}
                value={form.keepingMonthly}
                {...a11y}
                onChange={(e) => set('keepingMonthly', e.target.value)}
              />
            ))}
          </>
        ) : null}
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
          ? field('reinstatement.after_return_count', t('servicingRules.ui.afterReturnCount'), (a11y) => (
              <input
                className="tk-input"
                type="number"
                inputMode="numeric"
                min={form.afterReturn === 'terms' ? 1 : 0}
                step={1}
                value={form.afterReturnCount}
                {...a11y}
                onChange={(e) => set('afterReturnCount', e.target.value)}
              />
            ))
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
    <form className="staff-card" noValidate onSubmit={(e) => void save(e)} aria-labelledby={`${id}-title`}>
      <h2 className="staff-section__title" id={`${id}-title`} ref={title} tabIndex={-1}>
        {t('servicingRules.ui.editTitle', { state: rule.state })}
      </h2>
      <SavedBy view={rule} />
      {body}
      {others.length ? (
        <ul className="tk-error">
          {others.map(([name, messages]) => (
            <li key={name}>{messages.join(' ')}</li>
          ))}
        </ul>
      ) : null}
      <div className="staff-actions">
        <button type="submit" className="tk-btn tk-btn--primary" disabled={busy}>
          {busy ? t('staff.ui.rules.saving') : t('staff.ui.rules.save')}
        </button>
        <button type="button" className="tk-btn" onClick={onCancel} disabled={busy}>
          {t('staff.ui.rules.cancel')}
        </button>
      </div>
    </form>
  );
}
