// date: typed as MM/DD/YYYY (digit keystrokes only), stored as YYYY-MM-DD. Calendar limits (min/max date, allowed
// weekdays, a list of valid dates) are checked by the date_allowed rule.
import type { KeyboardEvent } from 'react';
import { useToolkitT } from '../../i18n.ts';
import { FieldShell } from '../FieldShell.tsx';
import { formatDateDigits, isAllowedDigitKey, isoToMaskedDate, maskedDateToIso } from '../masks.ts';
import type { FieldProps } from '../types.ts';
import { useField } from '../useField.ts';

export function onlyDigitKeys(event: KeyboardEvent<HTMLInputElement>) {
  if (!isAllowedDigitKey(event.key, event.ctrlKey || event.metaKey || event.altKey)) event.preventDefault();
}

export function DateInput({ field, name, scope }: FieldProps) {
  const t = useToolkitT();
  const state = useField(field, name, scope);
  const raw = state.value === null || state.value === undefined ? '' : String(state.value);
  const shown = /^\d{4}-\d{2}-\d{2}/.test(raw) ? isoToMaskedDate(raw) : raw;
  return (
    <FieldShell state={state}>
      <input
        {...state.controlProps}
        {...state.clipboardProps}
        className="tk-input tk-input--date"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={field.placeholder ?? t('toolkit.date.placeholder')}
        value={shown}
        onKeyDown={onlyDigitKeys}
        onBlur={state.onBlur}
        onChange={(event) => {
          const masked = formatDateDigits(event.target.value);
          state.setValue(masked === '' ? null : (maskedDateToIso(masked) ?? masked));
        }}
      />
    </FieldShell>
  );
}
