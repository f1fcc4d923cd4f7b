// input, text, email, url, password, color and number fields: one text control, with the server mask, concealment
// (only the last 4 characters while not focused) and paste/copy/cut blocking.
import { useState } from 'react';
import { FieldShell } from '../FieldShell.tsx';
import { applyMask, conceal } from '../masks.ts';
import type { FieldProps } from '../types.ts';
import { useField } from '../useField.ts';

const HTML_TYPES: Record<string, string> = {
  email: 'email',
  url: 'url',
  password: 'password',
  color: 'color',
  number: 'text',
};

export function TextInput({ field, name, scope }: FieldProps) {
  const state = useField(field, name, scope);
  const [focused, setFocused] = useState(false);
  const type =
    field.type === 'input' || field.type === 'text' ? (field.inputType ?? 'text') : (HTML_TYPES[field.type] ?? 'text');
  const text = state.value === null || state.value === undefined ? '' : String(state.value);
  const shown = field.conceal && !focused ? conceal(text) : text;
  return (
    <FieldShell state={state}>
      <input
        {...state.controlProps}
        {...state.clipboardProps}
        className="tk-input"
        type={type === 'number' ? 'text' : type}
        inputMode={field.type === 'number' || type === 'number' ? 'decimal' : undefined}
        value={shown}
        placeholder={field.placeholder}
        min={field.min}
        max={field.max}
        step={field.step}
        autoComplete={field.conceal || type === 'password' ? 'off' : undefined}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          state.onBlur();
        }}
        onChange={(event) =>
          state.setValue(field.mask ? applyMask(field.mask, event.target.value) : event.target.value)
        }
      />
    </FieldShell>
  );
}
