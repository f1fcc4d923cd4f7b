// The collections screens' labelled controls: the queue's filters and the account's work forms.
import type { InputHTMLAttributes, ReactNode } from 'react';

/** A labelled select; `className` adds to `tk-field` (the queue's filters are `staff-filter`). */
export function LabelledSelect({
  id,
  label,
  value,
  onValue,
  testId,
  className,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  testId?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ? `tk-field ${className}` : 'tk-field'}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="tk-input"
        value={value}
        data-testid={testId}
        onChange={(event) => onValue(event.target.value)}
      >
        {children}
      </select>
    </div>
  );
}

/** A labelled input of a work form; the server's 422 for its field shows under it and describes it. */
export function WorkInput({
  id,
  label,
  errors,
  onValue,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'onChange'> & {
  id: string;
  label: string;
  errors?: string[];
  onValue: (value: string) => void;
}) {
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div className="tk-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="tk-input"
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        onChange={(event) => onValue(event.target.value)}
        {...input}
      />
      {errorId ? (
        <p id={errorId} className="tk-field__error">
          {errors?.join(' ')}
        </p>
      ) : null}
    </div>
  );
}
