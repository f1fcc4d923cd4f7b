// State rules (issue 11 "Underwriting as data"): per state, whether leasing is offered, the cap on the total cost,
// whether the protection plan may be offered and the disclosures printed in the agreement. One state is edited at a
// time; a save answers 422 field errors shown at their inputs and applies to the next decision. Below, each state's
// servicing terms (issue 23: late fees, return fee, reinstatement, receipt, statute), edited apart (ServicingTerms.tsx).
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { ServicingRuleView } from '../../../../machines/contracts/servicing-rules.ts';
import type { StateRuleView } from '../../../../machines/contracts/staff-rules.ts';
import { CAP_MAX, CAP_MIN, DISCLOSURES_MAX } from '../../../../machines/domain/state-rules.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useNotify } from '../../../toolkit/dialogs/DialogsProvider.tsx';
import { HintedTextarea } from '../../common/HintedTextarea.tsx';
import { DateTime, Screen, YesNo } from '../../common/Screen.tsx';
import { useSession } from '../../common/session.tsx';
import { FieldError, RuleEditorForm, StateRowsTable, type Errors } from './RuleParts.tsx';
import { ServicingRuleEditor, ServicingTermsTable } from './ServicingTerms.tsx';

export function StateRulesScreen() {
  const t = useT();
  const { caller, can } = useSession();
  const notify = useNotify();
  const [rules, setRules] = useState<StateRuleView[] | undefined>(undefined);
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<StateRuleView | undefined>(undefined);
  const [editingServicing, setEditingServicing] = useState<ServicingRuleView | undefined>(undefined);
  const mayEdit = can('state-rules.update');
  const sectionId = useId();

  const load = useCallback(async () => {
    const result = await caller.get<StateRuleView[]>('/staff/api/state-rules');
    if (result.status) setRules(result.data);
    else notify({ type: 'error', message: result.message ?? t('error.unknown') });
  }, [caller, notify, t]);

  useEffect(() => {
    void load();
  }, [load]);

  const shown = useMemo(() => {
    const q = filter.trim().toUpperCase();
    return (rules ?? []).filter((r) => !q || r.state.includes(q));
  }, [rules, filter]);

  return (
    <Screen title={t('staff.ui.nav.stateRules')} intro={<p>{t('staff.ui.stateRules.intro')}</p>}>
      {!mayEdit ? <p className="staff-muted">{t('staff.ui.rules.readOnly')}</p> : null}
      {editing ? (
        <StateRuleEditor
          key={editing.state}
          rule={editing}
          onCancel={() => setEditing(undefined)}
          onSaved={(saved) => {
            setRules((all) => all?.map((r) => (r.state === saved.state ? saved : r)));
            setEditing(undefined);
          }}
        />
      ) : null}
      {editingServicing ? (
        <ServicingRuleEditor
          key={`servicing-${editingServicing.state}`}
          rule={editingServicing}
          onCancel={() => setEditingServicing(undefined)}
          onSaved={(saved) => {
            setRules((all) => all?.map((r) => (r.state === saved.state ? { ...r, servicing: saved } : r)));
            setEditingServicing(undefined);
          }}
        />
      ) : null}
      <div className="staff-list-controls">
        <label className="tk-field">
          <span className="tk-label">{t('staff.ui.stateRules.filter')}</span>
          <input className="tk-input" value={filter} maxLength={2} onChange={(e) => setFilter(e.target.value)} />
        </label>
      </div>
      {!rules ? (
        <p className="staff-loading">{t('staff.ui.rules.loading')}</p>
      ) : (
        <StateRowsTable
          caption={t('staff.ui.nav.stateRules')}
          headers={[
            t('staff.ui.stateRules.offered'),
            t('staff.ui.stateRules.cap'),
            t('staff.ui.stateRules.ocp'),
            t('staff.ui.stateRules.disclosures'),
            t('staff.ui.stateRules.updated'),
          ]}
          editLabel={t('staff.ui.stateRules.edit')}
          mayEdit={mayEdit}
          rows={shown}
          cells={(r) => (
            <>
              <td>{r.offered ? <YesNo value /> : <strong>{t('staff.ui.stateRules.notOffered')}</strong>}</td>
              <td className="staff-num">
                {r.cost_cap_multiplier === null ? t('staff.ui.stateRules.noCap') : `${r.cost_cap_multiplier}x`}
              </td>
              <td>
                <YesNo value={r.ocp_allowed} />
              </td>
              <td>{r.disclosures.length > 80 ? `${r.disclosures.slice(0, 80)}…` : r.disclosures}</td>
              <td>
                {r.updated_at ? (
                  <DateTime value={r.updated_at} />
                ) : (
                  <span className="staff-muted">{t('staff.ui.rules.defaults')}</span>
                )}
              </td>
            </>
          )}
          onEdit={(r) => {
            setEditingServicing(undefined);
            setEditing(r);
          }}
        />
      )}
      {rules ? (
        <section aria-labelledby={`${sectionId}-servicing`}>
          <h2 className="staff-section__title" id={`${sectionId}-servicing`}>
            {t('servicingRules.ui.title')}
          </h2>
          <p>{t('servicingRules.ui.intro')}</p>
          <ServicingTermsTable
            rules={shown.map((r) => r.servicing)}
            mayEdit={mayEdit}
            onEdit={(servicing) => {
              setEditing(undefined);
              setEditingServicing(servicing);
            }}
          />
        </section>
      ) : null}
    </Screen>
  );
}

function StateRuleEditor({
  rule,
  onCancel,
  onSaved,
}: {
  rule: StateRuleView;
  onCancel: () => void;
  onSaved: (rule: StateRuleView) => void;
}) {
  const t = useT();
  const { caller } = useSession();
  const notify = useNotify();
  const id = useId();
  const [offered, setOffered] = useState(rule.offered);
  const [cap, setCap] = useState(rule.cost_cap_multiplier === null ? '' : String(rule.cost_cap_multiplier));
  const [ocp, setOcp] = useState(rule.ocp_allowed);
  const [disclosures, setDisclosures] = useState(rule.disclosures);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function save() {
    setBusy(true);
    const capValue = cap.trim() === '' ? null : Number(cap);
    const result = await caller.call<StateRuleView>('PUT', `/staff/api/state-rules/${rule.state}`, {
      offered,
      cost_cap_multiplier: capValue !== null && Number.isNaN(capValue) ? cap : capValue,
      ocp_allowed: ocp,
      disclosures,
      v: rule.v,
    });
    setBusy(false);
    if (result.status) {
      notify({ type: 'success', message: result.message ?? t('staff.rules.saved') });
      onSaved(result.data);
      return;
    }
    setErrors(result.errors ?? {});
    notify({ type: 'error', message: result.message ?? t('error.unknown') });
  }

  const err = (name: string) => <FieldError id={`${id}-${name}-error`} messages={errors[name]} />;

  return (
    <RuleEditorForm
      title={t('staff.ui.stateRules.editTitle', { state: rule.state })}
      busy={busy}
      onSave={save}
      onCancel={onCancel}
    >
      <label className="tk-check">
        <input
          className="tk-check__input"
          type="checkbox"
          checked={offered}
          onChange={(e) => setOffered(e.target.checked)}
        />
        {t('staff.ui.stateRules.offered')}
      </label>
      {err('offered')}
      <label className="tk-field">
        <span className="tk-label">{t('staff.ui.stateRules.cap')}</span>
        <input
          className="tk-input"
          type="number"
          inputMode="decimal"
          min={CAP_MIN}
          max={CAP_MAX}
          step="0.01"
          value={cap}
          placeholder={t('staff.ui.stateRules.noCap')}
          aria-invalid={errors.cost_cap_multiplier ? true : undefined}
          aria-describedby={errors.cost_cap_multiplier ? `${id}-cost_cap_multiplier-error` : undefined}
          onChange={(e) => setCap(e.target.value)}
        />
      </label>
      {err('cost_cap_multiplier')}
      <label className="tk-check">
        <input className="tk-check__input" type="checkbox" checked={ocp} onChange={(e) => setOcp(e.target.checked)} />
        {t('staff.ui.stateRules.ocp')}
      </label>
      <HintedTextarea
        label={t('staff.ui.stateRules.disclosures')}
        hint={t('staff.ui.stateRules.disclosuresHint')}
        rows={6}
        maxLength={DISCLOSURES_MAX}
        value={disclosures}
        invalid={Boolean(errors.disclosures)}
        onChange={setDisclosures}
      />
      {err('disclosures')}
      {err('state')}
    </RuleEditorForm>
  );
}
