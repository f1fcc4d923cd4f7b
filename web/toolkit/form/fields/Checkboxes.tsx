// checkboxes: a group of checkboxes whose value is the array of checked option values.
import { FieldShell } from '../FieldShell.tsx';
import type { FieldProps } from '../types.ts';
import { useField } from '../useField.ts';
import { asArray, optionText, optionValue, sameValue } from './options.ts';

export function Checkboxes({ field, name, scope }: FieldProps) {
  const state = useField(field, name, scope);
  const selected = asArray(state.value);
  const toggle = (value: unknown, on: boolean) =>
    state.setValue(
      on ? [...selected.filter((v) => !sameValue(v, value)), value] : selected.filter((v) => !sameValue(v, value)),
    );
  return (
    <FieldShell state={state} group>
      <div className="tk-choices">
        {(field.options ?? []).map((option, index) => {
          const value = optionValue(field, option);
          const id = `${state.id}-${index}`;
          return (
            <div className="tk-check" key={id}>
              <input
                id={id}
                type="checkbox"
                className="tk-check__input"
                name={name}
                checked={selected.some((v) => sameValue(v, value))}
                disabled={state.disabled}
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
    </FieldShell>
  );
}
