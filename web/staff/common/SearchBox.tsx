// The search box of a list (`q`): a labelled search input with its hint; the value is handed on after a short pause
// so that typing does not fire a request per key.
import { useEffect, useId, useRef, useState } from 'react';

export function SearchBox({
  label,
  hint,
  onSearch,
  testId,
  delayMs = 500,
}: {
  label: string;
  hint?: string;
  onSearch: (q: string) => void;
  testId?: string;
  delayMs?: number;
}) {
  const id = useId();
  const [value, setValue] = useState('');
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return undefined;
    }
    const timer = setTimeout(() => onSearchRef.current(value.trim()), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);

  return (
    <form
      role="search"
      aria-label={label}
      className="staff-search tk-field"
      onSubmit={(event) => {
        event.preventDefault();
        onSearchRef.current(value.trim());
      }}
    >
      <label htmlFor={`${id}-q`} className="tk-label">
        {label}
      </label>
      <input
        id={`${id}-q`}
        name="q"
        type="search"
        className="tk-input"
        value={value}
        autoComplete="off"
        aria-describedby={hint ? `${id}-hint` : undefined}
        data-testid={testId}
        onChange={(event) => setValue(event.target.value)}
      />
      {hint ? (
        <p id={`${id}-hint`} className="tk-hint">
          {hint}
        </p>
      ) : null}
    </form>
  );
}
