// A labelled input with its hint under the label and its error (already worded) under it: the hint, and the error
// when there is one, describe the input.
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

export function HintedInput({
  id,
  label,
  hint,
  error,
  errorIsAlert = false,
  className = 'input',
  ref,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'aria-invalid' | 'aria-describedby'> & {
  id: string;
  label: ReactNode;
  hint: ReactNode;
  /** Nothing (null, '') while the input is valid. */
  error?: ReactNode;
  /** The error is announced as it appears (the sign-in code's). */
  errorIsAlert?: boolean;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <p id={`${id}-hint`} className="field__hint">
        {hint}
      </p>
      <input
        ref={ref}
        id={id}
        className={className}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="field__error" role={errorIsAlert ? 'alert' : undefined}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
