// Security Settings (seed 001 section 2; issue 11): the staff portal's password policy, session lengths, sign-in
// throttling and IP allow-list. Saved as one versioned document; 422 field errors are shown at their inputs (an
// allow-list that would shut out the editor's own address is refused by the server).
import { useCallback, useId, useState } from 'react';
import type { SecuritySettings, StoredSettingsView } from '../../../../machines/contracts/staff-rules.ts';
import { useT } from '../../../lib/i18n.tsx';
import { Screen } from '../../common/Screen.tsx';
import { useSession } from '../../common/session.tsx';
import { SavedBy } from '../../common/SavedBy.tsx';
import { useSettingsDocument } from '../../common/useSettingsDocument.ts';
import { SaveActions } from '../../common/SaveActions.tsx';
import { HintedTextarea } from '../../common/HintedTextarea.tsx';

type NumberPath =
  | ['password', 'min_length']
  | ['session', 'idle_minutes' | 'absolute_hours']
  | ['throttle', 'user_limit' | 'ip_limit' | 'window_minutes'];
type FlagName = 'require_upper' | 'require_lower' | 'require_digit' | 'require_symbol';

export function SecuritySettingsScreen() {
  const t = useT();
  const { can } = useSession();
  const id = useId();
  // The allow-list is edited as text, one address or range a line, and sent as a list.
  const [allowList, setAllowList] = useState('');
  const showAllowList = useCallback(
    (view: StoredSettingsView<SecuritySettings>) => setAllowList(view.settings.ip_allow_list.join('\n')),
    [],
  );
  const { view, form, setForm, errors, busy, save, errorsUnder } = useSettingsDocument<SecuritySettings>(
    '/staff/api/security-settings',
    { onLoaded: showAllowList },
  );
  const mayEdit = can('security.update');

  if (!form || !view)
    return (
      <Screen title={t('staff.ui.nav.securitySettings')}>
        <p className="staff-loading">{t('staff.ui.rules.loading')}</p>
      </Screen>
    );

  const setNumber = (path: NumberPath, raw: string) =>
    setForm((f) => {
      if (!f) return f;
      const next = structuredClone(f);
      (next[path[0]] as Record<string, number>)[path[1]] = raw === '' ? Number.NaN : Number(raw);
      return next;
    });
  const setFlag = (name: FlagName, value: boolean) =>
    setForm((f) => (f ? { ...f, password: { ...f.password, [name]: value } } : f));

  const err = (name: string) => {
    const list = errorsUnder(name);
    return list.length ? (
      <p className="tk-error" id={`${id}-${name}`}>
        {list.join(' ')}
      </p>
    ) : null;
  };
  const numberField = (path: NumberPath, label: string) => {
    const name = path.join('.');
    const value = (form[path[0]] as Record<string, number>)[path[1]]!;
    return (
      <>
        <label className="tk-field">
          <span className="tk-label">{label}</span>
          <input
            className="tk-input"
            type="number"
            inputMode="numeric"
            step={1}
            disabled={!mayEdit}
            value={Number.isNaN(value) ? '' : value}
            aria-invalid={errors[name] ? true : undefined}
            aria-describedby={errors[name] ? `${id}-${name}` : undefined}
            onChange={(e) => setNumber(path, e.target.value)}
          />
        </label>
        {err(name)}
      </>
    );
  };
  const flag = (name: FlagName, label: string) => (
    <label className="tk-check">
      <input
        className="tk-check__input"
        type="checkbox"
        disabled={!mayEdit}
        checked={form.password[name]}
        onChange={(e) => setFlag(name, e.target.checked)}
      />
      {label}
    </label>
  );

  return (
    <Screen title={t('staff.ui.nav.securitySettings')} intro={<p>{t('staff.ui.security.intro')}</p>}>
      {!mayEdit ? <p className="staff-muted">{t('staff.ui.rules.readOnly')}</p> : null}
      <SavedBy view={view} />
      <form
        className="staff-card"
        noValidate
        onSubmit={(e) =>
          void save(e, {
            ip_allow_list: allowList
              .split(/[\s,]+/)
              .map((s) => s.trim())
              .filter(Boolean),
          })
        }
      >
        <fieldset className="tk-fieldset">
          <legend className="tk-label">{t('staff.ui.security.password')}</legend>
          {numberField(['password', 'min_length'], t('staff.ui.security.minLength'))}
          {flag('require_upper', t('staff.ui.security.requireUpper'))}
          {flag('require_lower', t('staff.ui.security.requireLower'))}
          {flag('require_digit', t('staff.ui.security.requireDigit'))}
          {flag('require_symbol', t('staff.ui.security.requireSymbol'))}
        </fieldset>
        <fieldset className="tk-fieldset">
          <legend className="tk-label">{t('staff.ui.security.session')}</legend>
          {numberField(['session', 'idle_minutes'], t('staff.ui.security.idleMinutes'))}
          {numberField(['session', 'absolute_hours'], t('staff.ui.security.absoluteHours'))}
        </fieldset>
        <fieldset className="tk-fieldset">
          <legend className="tk-label">{t('staff.ui.security.throttle')}</legend>
          {numberField(['throttle', 'user_limit'], t('staff.ui.security.userLimit'))}
          {numberField(['throttle', 'ip_limit'], t('staff.ui.security.ipLimit'))}
          {numberField(['throttle', 'window_minutes'], t('staff.ui.security.windowMinutes'))}
        </fieldset>
        <HintedTextarea
          label={t('staff.ui.security.allowList')}
          hint={t('staff.ui.security.allowListHint')}
          rows={5}
          disabled={!mayEdit}
          value={allowList}
          invalid={errorsUnder('ip_allow_list').length > 0}
          onChange={setAllowList}
        />
        {err('ip_allow_list')}
        {mayEdit ? <SaveActions busy={busy} /> : null}
      </form>
    </Screen>
  );
}
