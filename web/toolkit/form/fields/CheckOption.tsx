// check-option: one checkbox or radio with its label after it, the markup every choice of the toolkit's fields uses;
// ChoiceList: a field's options as such choices (radio, checkboxes, multi-select), wired to the field's state.
import type { InputHTMLAttributes, ReactNode } from 'react';
import type { FieldState } from '../useField.ts';
import { optionText, optionValue } from './options.ts';

type CheckOptionProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'id'> & {
  id: string;
  label: ReactNode;
  type: 'checkbox' | 'radio';
};

export function CheckOption({ id, label, ...input }: CheckOptionProps) {
  return (
    <div className="tk-check">
      <input id={id} className="tk-check__input" {...input} />
      <label htmlFor={id} className="tk-check__label">
        {label}
      </label>
    </div>
  );
}

interface ChoiceListProps {
  state: FieldState;
  type: 'checkbox' | 'radio';
  /** The inputs' shared name (a radio group needs one). */
  name?: string;
  isChecked: (value: unknown) => boolean;
  onCheck: (value: unknown, checked: boolean) => void;
  /** An option that may not be chosen now (besides the whole field being disabled). */
  isBlocked?: (checked: boolean) => boolean;
}

export function ChoiceList({ state, type, name, isChecked, onCheck, isBlocked }: ChoiceListProps) {
  const { field } = state;
  return (
    <div className="tk-choices">
      {(field.options ?? []).map((option, index) => {
        const value = optionValue(field, option);
        const checked = isChecked(value);
        const id = `${state.id}-${index}`;
        // Each input says it is invalid, so that the option in focus announces the error (tied by aria-describedby).
        return (
          <CheckOption
            key={id}
            id={id}
            type={type}
            label={optionText(field, option)}
            name={name}
            checked={checked}
            disabled={state.disabled || (isBlocked?.(checked) ?? false)}
            aria-invalid={state.error ? true : undefined}
            onBlur={state.onBlur}
            onChange={(event) => onCheck(value, event.target.checked)}
          />
        );
      })}
    </div>
  );
}
