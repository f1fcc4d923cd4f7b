// checkbox: checkedValue/uncheckedValue (default true/false). With `switch: true` it renders as the Switch.
import { FieldShell } from '../FieldShell.tsx';
import type { FieldProps } from '../types.ts';
import { useField } from '../useField.ts';
import { Switch } from './Switch.tsx';

export function Checkbox(props: FieldProps) {
  if (props.field.switch) return <Switch {...props} />;
  return <PlainCheckbox {...props} />;
}

function PlainCheckbox({ field, name, scope }: FieldProps) {
  const state = useField(field, name, scope);
  const checkedValue = field.checkedValue ?? true;
  const uncheckedValue = field.uncheckedValue ?? false;
  const checked = state.value === checkedValue || String(state.value) === String(checkedValue);
  return (
    <FieldShell state={state} noLabel>
      <div className="tk-check">
        <input
          {...state.controlProps}
          className="tk-check__input"
          type="checkbox"
          checked={checked}
          onBlur={state.onBlur}
          onChange={(event) => state.setValue(event.target.checked ? checkedValue : uncheckedValue)}
        />
        <label htmlFor={state.id} className="tk-check__label">
          {state.label}
        </label>
      </div>
    </FieldShell>
  );
}
