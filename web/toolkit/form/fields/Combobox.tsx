// The accessible combobox used by select (searchable), reference and autocomplete: an input with role combobox,
// a listbox popup, arrow keys / Enter / Escape, and a status line (hints, no results, errors).
import { useId, useState, type ReactNode } from 'react';

export interface ComboItem {
  key: string;
  text: string;
  /** Special entries (e.g. taggable create) get a class. */
  kind?: 'option' | 'create';
}

export interface ComboboxProps {
  inputProps: Record<string, unknown> & { id: string };
  inputValue: string;
  onInputChange: (text: string) => void;
  onFocus?: () => void;
  onBlur?: () => void;
  items: ComboItem[];
  open: boolean;
  setOpen: (open: boolean) => void;
  onSelect: (item: ComboItem) => void;
  /** Status shown under the options (hint, nothing found, loading); an error block replaces it. */
  status?: ReactNode;
  errorHeading?: string;
  errorText?: string;
  placeholder?: string;
}

export function Combobox({
  inputProps,
  inputValue,
  onInputChange,
  onFocus,
  onBlur,
  items,
  open,
  setOpen,
  onSelect,
  status,
  errorHeading,
  errorText,
  placeholder,
}: ComboboxProps) {
  const listId = `${useId()}-listbox`;
  const [active, setActive] = useState(-1);
  const activeIndex = active >= items.length ? -1 : active;

  function choose(item: ComboItem) {
    onSelect(item);
    setOpen(false);
    setActive(-1);
  }

  return (
    <div className="tk-combobox">
      <input
        {...inputProps}
        className="tk-input"
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
        placeholder={placeholder}
        value={inputValue}
        onFocus={() => {
          onFocus?.();
        }}
        onBlur={() => {
          onBlur?.();
          setTimeout(() => setOpen(false), 150);
        }}
        onChange={(event) => {
          onInputChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            setOpen(true);
            setActive(items.length ? (activeIndex + 1) % items.length : -1);
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            setActive(items.length ? (activeIndex <= 0 ? items.length - 1 : activeIndex - 1) : -1);
          } else if (event.key === 'Enter' && open && activeIndex >= 0 && items[activeIndex]) {
            event.preventDefault();
            choose(items[activeIndex]);
          } else if (event.key === 'Escape' && open) {
            event.preventDefault();
            event.stopPropagation();
            setOpen(false);
          }
        }}
      />
      <div className="tk-combobox__popup" hidden={!open}>
        <ul
          role="listbox"
          id={listId}
          className="tk-listbox"
          aria-label={typeof inputProps['aria-label'] === 'string' ? inputProps['aria-label'] : undefined}
        >
          {items.map((item, index) => (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the combobox input handles the keys (arrows, Enter) for its options via aria-activedescendant
            <li
              key={item.key}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              className={`tk-listbox__option${index === activeIndex ? ' is-active' : ''}${item.kind === 'create' ? ' tk-listbox__option--create' : ''}`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(item)}
            >
              {item.text}
            </li>
          ))}
        </ul>
        {errorHeading ? (
          <div className="tk-combobox__error" role="alert">
            <strong>{errorHeading}</strong>
            {errorText ? <p>{errorText}</p> : null}
          </div>
        ) : status ? (
          <div className="tk-combobox__status" role="status">
            {status}
          </div>
        ) : null}
      </div>
    </div>
  );
}
