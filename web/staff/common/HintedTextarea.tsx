// A labelled textarea of a settings form with a hint under it that the textarea is described by.
import { useId } from 'react';

export function HintedTextarea({
  label,
  hint,
  rows,
  value,
  invalid,
  disabled,
  maxLength,
  onChange,
}: {
  label: string;
  hint: string;
  rows: number;
  value: string;
  invalid: boolean;
  disabled?: boolean;
  maxLength?: number;
  onChange: (value: string) => void;
}) {
  const hintId = `${useId()}-hint`;
  return (
    <>
      <label className="tk-field">
        <span className="tk-label">{label}</span>
        <textarea
          className="tk-input"
          rows={rows}
          maxLength={maxLength}
          disabled={disabled}
          value={value}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={hintId}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
      <small className="staff-muted" id={hintId}>
        {hint}
      </small>
    </>
  );
}
