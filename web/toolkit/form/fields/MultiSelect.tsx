// multi-select: a checkbox list with Select All; `max` limits the choices (Select All is then hidden and the other
// options are disabled once the limit is reached).
import { useToolkitT } from '../../i18n.ts';
import { FieldShell } from '../FieldShell.tsx';
import type { FieldProps } from '../types.ts';
import { useField } from '../useField.ts';
import { ChoiceList } from './CheckOption.tsx';
import { asArray, optionValue, sameValue } from './options.ts';

export function MultiSelect({ field, name, scope }: FieldProps) {
  const t = useToolkitT();
  const state = useField(field, name, scope);
  const options = field.options ?? [];
  const selected = asArray(state.value);
  const max = field.max === undefined || field.max === '' ? undefined : Number(field.max);
  const atMax = max !== undefined && selected.length >= max;
  const allValues = options.map((option) => optionValue(field, option));
  const allSelected = allValues.length > 0 && allValues.every((v) => selected.some((s) => sameValue(s, v)));

  function toggle(value: unknown, on: boolean) {
    const rest = selected.filter((v) => !sameValue(v, value));
    if (on && max !== undefined && rest.length >= max) return;
    state.setValue(on ? [...rest, value] : rest);
  }

  return (
    <FieldShell state={state} group>
      {max === undefined ? (
        <div className="tk-check tk-check--all">
          <input
            id={`${state.id}-all`}
            type="checkbox"
            className="tk-check__input"
            checked={allSelected}
            disabled={state.disabled}
            onChange={(event) => state.setValue(event.target.checked ? allValues : [])}
          />
          <label htmlFor={`${state.id}-all`} className="tk-check__label">
            {t('toolkit.select.selectAll')}
          </label>
        </div>
      ) : null}
      <ChoiceList
        state={state}
        type="checkbox"
        isChecked={(value) => selected.some((v) => sameValue(v, value))}
        onCheck={toggle}
        isBlocked={(checked) => !checked && atMax}
      />
      {max !== undefined ? (
        <p className="tk-hint" aria-live="polite">
          {t('toolkit.select.maxReached', { max })}
        </p>
      ) : null}
    </FieldShell>
  );
}
