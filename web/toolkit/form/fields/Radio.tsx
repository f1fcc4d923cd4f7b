// radio: a radio group (native radios: arrow keys move the choice).
import { FieldShell } from '../FieldShell.tsx';
import type { FieldProps } from '../types.ts';
import { useField } from '../useField.ts';
import { ChoiceList } from './CheckOption.tsx';
import { sameValue } from './options.ts';

export function Radio({ field, name, scope }: FieldProps) {
  const state = useField(field, name, scope);
  return (
    <FieldShell state={state} group>
      <ChoiceList
        state={state}
        type="radio"
        name={state.id}
        isChecked={(value) => sameValue(state.value, value)}
        onCheck={(value) => state.setValue(value)}
      />
    </FieldShell>
  );
}
