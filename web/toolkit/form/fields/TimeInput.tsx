// time (HH:mm) and datetime (YYYY-MM-DDTHH:mm) with min/max/step, on the browser's native controls.
import { FieldShell } from '../FieldShell.tsx';
import type { FieldProps } from '../types.ts';
import { useField } from '../useField.ts';

function NativeDateTime({ field, name, scope, type }: FieldProps & { type: 'time' | 'datetime-local' }) {
  const state = useField(field, name, scope);
  const picker = field.pickerOptions ?? {};
  const min = (field.min ?? picker.minDate) as string | undefined;
  const max = (field.max ?? picker.maxDate) as string | undefined;
  return (
    <FieldShell state={state}>
      <input
        {...state.controlProps}
        className="tk-input"
        type={type}
        min={min}
        max={max}
        step={field.step}
        value={
          state.value === null || state.value === undefined
            ? ''
            : String(state.value).slice(0, type === 'time' ? 5 : 16)
        }
        onBlur={state.onBlur}
        onChange={(event) => state.setValue(event.target.value === '' ? null : event.target.value)}
      />
    </FieldShell>
  );
}

export function TimeInput(props: FieldProps) {
  return <NativeDateTime {...props} type="time" />;
}

export function DateTimeInput(props: FieldProps) {
  return <NativeDateTime {...props} type="datetime-local" />;
}
