// checkboxes: a group of checkboxes whose value is the array of checked option values.
import { FieldShell } from '../FieldShell.tsx';
import type { FieldProps } from '../types.ts';
import { useField } from '../useField.ts';
import { ChoiceList } from './CheckOption.tsx';
import { asArray, sameValue } from './options.ts';

export function Checkboxes({ field, name, scope }: FieldProps) {
  const state = useField(field, name, scope);
  const selected = asArray(state.value);
  const toggle = (value: unknown, on: boolean) =>
    state.setValue(
      on ? [...selected.filter((v) => !sameValue(v, value)), value] : selected.filter((v) => !sameValue(v, value)),
    );
  return (
    <FieldShell state={state} group>
      <ChoiceList
        state={state}
        type="checkbox"
        name={name}
        isChecked={(value) => selected.some((v) => sameValue(v, value))}
        onCheck={toggle}
      />
    </FieldShell>
  );
}
