import { FieldShell } from '../FieldShell.tsx';
import type { FieldProps } from '../types.ts';
import { useField } from '../useField.ts';

export function Textarea({ field, name, scope }: FieldProps) {
  const state = useField(field, name, scope);
  return (
    <FieldShell state={state}>
      <textarea
        {...state.controlProps}
        {...state.clipboardProps}
        className="tk-input tk-textarea"
        rows={4}
        value={state.value === null || state.value === undefined ? '' : String(state.value)}
        placeholder={field.placeholder}
        maxLength={typeof field.max === 'number' ? field.max : undefined}
        onBlur={state.onBlur}
        onChange={(event) => state.setValue(event.target.value)}
      />
    </FieldShell>
  );
}
