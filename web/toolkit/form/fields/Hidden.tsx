import type { FieldProps } from '../types.ts';
import { useField } from '../useField.ts';

export function Hidden({ field, name, scope }: FieldProps) {
  const state = useField(field, name, scope);
  return (
    <input
      type="hidden"
      id={state.id}
      name={name}
      value={state.value === null || state.value === undefined ? '' : String(state.value)}
    />
  );
}
