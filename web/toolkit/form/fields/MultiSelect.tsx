// multi-select: a checkbox list with Select All; `max` limits the choices (Select All is then hidden and the other
// options are disabled once the limit is reached).
import { useToolkitT } from '../../i18n.ts';
import { FieldShell } from '../FieldShell.tsx';
import type { FieldProps } from '../types.ts';
import { useField } from '../useField.ts';
import { asArray, optionText, optionValue, sameValue } from './options.ts';

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
      <div className="tk-choices">
        {options.map((option, index) => {
          const value = optionValue(field, option);
          const checked = selected.some((v) => sameValue(v, value));
          const id = `${state.id}-${index}`;
          return (
            <div className="tk-check" key={id}>
              <input
                id={id}
                type="checkbox"
                className="tk-check__input"
                checked={checked}
                disabled={state.disabled || (!checked && atMax)}
                aria-invalid={state.error ? true : undefined}
                onBlur={state.onBlur}
                onChange={(event) => toggle(value, event.target.checked)}
              />
              <label htmlFor={id} className="tk-check__label">
                {optionText(field, option)}
              </label>
            </div>
          );
        })}
      </div>
      {max !== undefined ? (
        <p className="tk-hint" aria-live="polite">
          {t('toolkit.select.maxReached', { max })}
        </p>
      ) : null}
    </FieldShell>
  );
}
