// money: keeps digits and one decimal point while typing, shows '$0,0.00' otherwise; the value is integer cents.
import { useState } from 'react';
import { FieldShell } from '../FieldShell.tsx';
import { centsToEditable, formatMoney, moneyKeep, moneyToCents } from '../masks.ts';
import type { FieldProps } from '../types.ts';
import { useField } from '../useField.ts';

function asCents(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value !== '') return moneyToCents(value);
  return null;
}

export function MoneyInput({ field, name, scope }: FieldProps) {
  const state = useField(field, name, scope);
  const cents = asCents(state.value);
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <FieldShell state={state}>
      <input
        {...state.controlProps}
        {...state.clipboardProps}
        className="tk-input tk-input--money"
        type="text"
        inputMode="decimal"
        placeholder={field.placeholder ?? '$0.00'}
        value={editing ?? formatMoney(cents)}
        onFocus={() => setEditing(centsToEditable(cents))}
        onBlur={() => {
          setEditing(null);
          state.onBlur();
        }}
        onChange={(event) => {
          const kept = moneyKeep(event.target.value);
          setEditing(kept);
          state.setValue(moneyToCents(kept));
        }}
      />
    </FieldShell>
  );
}
