// tel: keeps only digits and +, shown as (###) ###-####; the value is the digits. Concealment and blocking apply.
import { useState } from 'react';
import { FieldShell } from '../FieldShell.tsx';
import { conceal, formatPhone, phoneKeep } from '../masks.ts';
import type { FieldProps } from '../types.ts';
import { useField } from '../useField.ts';

export function PhoneInput({ field, name, scope }: FieldProps) {
  const state = useField(field, name, scope);
  const [focused, setFocused] = useState(false);
  const digits = state.value === null || state.value === undefined ? '' : phoneKeep(String(state.value));
  const formatted = formatPhone(digits);
  return (
    <FieldShell state={state}>
      <input
        {...state.controlProps}
        {...state.clipboardProps}
        className="tk-input"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder={field.placeholder ?? '(555) 555-5555'}
        value={field.conceal && !focused ? conceal(formatted) : formatted}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          state.onBlur();
        }}
        onChange={(event) => {
          const next = phoneKeep(event.target.value);
          // Deleting a formatting character must still remove a digit.
          const removedFormatting = event.target.value.length < formatted.length && next === digits;
          state.setValue(removedFormatting ? digits.slice(0, -1) : next);
        }}
      />
    </FieldShell>
  );
}
