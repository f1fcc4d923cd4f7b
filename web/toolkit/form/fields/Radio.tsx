// radio: a radio group (native radios: arrow keys move the choice).
import { FieldShell } from '../FieldShell.tsx';
import type { FieldProps } from '../types.ts';
import { useField } from '../useField.ts';
import { optionText, optionValue, sameValue } from './options.ts';

export function Radio({ field, name, scope }: FieldProps) {
  const state = useField(field, name, scope);
  return (
    <FieldShell state={state} group>
      <div className="tk-choices">
        {(field.options ?? []).map((option, index) => {
          const value = optionValue(field, option);
          const id = `${state.id}-${index}`;
          return (
            <div className="tk-check" key={id}>
              {/* eslint-disable-next-line jsx-a11y/role-supports-aria-props -- each radio says it is invalid so that the option in focus announces the error (tied by aria-describedby) */}
              <input
                id={id}
                type="radio"
                className="tk-check__input"
                name={state.id}
                checked={sameValue(state.value, value)}
                disabled={state.disabled}
                aria-invalid={state.error ? true : undefined}
                onBlur={state.onBlur}
                onChange={() => state.setValue(value)}
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
