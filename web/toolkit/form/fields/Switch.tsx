// switch: a checkbox with role="switch" and the Yes/No labels of seed 001 section 9.
import { useToolkitT } from '../../i18n.ts';
import { FieldShell } from '../FieldShell.tsx';
import type { FieldProps } from '../types.ts';
import { useField } from '../useField.ts';

export function Switch({ field, name, scope }: FieldProps) {
  const t = useToolkitT();
  const state = useField(field, name, scope);
  const checkedValue = field.checkedValue ?? true;
  const uncheckedValue = field.uncheckedValue ?? false;
  const checked = state.value === checkedValue || String(state.value) === String(checkedValue);
  return (
    <FieldShell state={state}>
      <span className="tk-switch">
        <input
          {...state.controlProps}
          className="tk-switch__input"
          type="checkbox"
          role="switch"
          checked={checked}
          aria-checked={checked}
          onBlur={state.onBlur}
          onChange={(event) => state.setValue(event.target.checked ? checkedValue : uncheckedValue)}
        />
        <span className="tk-switch__track" aria-hidden="true" />
        <span className="tk-switch__text" aria-hidden="true">
          {checked ? t('toolkit.switch.yes') : t('toolkit.switch.no')}
        </span>
      </span>
    </FieldShell>
  );
}
