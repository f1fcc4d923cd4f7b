import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { conceal, isConcealed } from '../../../machines/contracts/application.ts';
import { formatDate, maskPhone } from '../../lib/format.ts';
import { useAppT } from './text.ts';
import { PlaceholderOptions } from '../../lib/PlaceholderOptions.tsx';

// Inputs of the application forms (seed 001 section 5 input behaviour): phone keeps digits (mask (###) ###-####,
// max 14), money keeps digits and one decimal point, dates take digit keystrokes only (shown MM/DD/YYYY), concealed
// fields show only the last 4 characters when not focused. Every input has its label, its hint and its error tied
// with aria-describedby, and aria-invalid while it has an error.

/** What a form needs to show and track errors: keyed by the field's dotted path (`applicant.first_name`). */
export interface Binding {
  error: (path: string) => string | undefined;
  touch: (path: string) => void;
  edit: (path: string) => void;
}

export const idOf = (path: string) => `f-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`;

interface BaseProps {
  path: string;
  label: string;
  b: Binding;
  required?: boolean;
  hint?: string;
  extraError?: string;
  status?: string;
}

function RequiredMark({ required }: { required: boolean | undefined }) {
  return required ? (
    <span aria-hidden="true" className="field__required">
      *
    </span>
  ) : null;
}

/** The field's error under it, `${id}-error` for the control's aria-describedby. */
function FieldError({ id, error }: { id: string; error: string | undefined }) {
  const { tError } = useAppT();
  return error ? (
    <p id={`${id}-error`} className="field__error">
      {tError(error)}
    </p>
  ) : null;
}

function FieldShell({
  path,
  label,
  b,
  required,
  hint,
  extraError,
  status,
  children,
}: BaseProps & { children: (aria: AriaProps) => ReactNode }) {
  const id = idOf(path);
  const error = extraError ?? b.error(path);
  const describedBy =
    [hint ? `${id}-hint` : '', error ? `${id}-error` : '', status ? `${id}-status` : ''].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <span className="field__label">
        <label htmlFor={id}>{label}</label>
        <RequiredMark required={required} />
      </span>
      {hint && (
        <span id={`${id}-hint`} className="field__hint">
          {hint}
        </span>
      )}
      {children({
        id,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
        'aria-required': required || undefined,
      })}
      {status && (
        <span id={`${id}-status`} className="field__hint" role="status">
          {status}
        </span>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}

interface AriaProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
}

interface TextProps extends BaseProps {
  value: string | null | undefined;
  onChange: (value: string) => void;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'tel' | 'email';
  type?: 'text' | 'email' | 'tel';
  maxLength?: number;
  filter?: (value: string) => string;
  readOnly?: boolean;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
}

export function TextField(props: TextProps) {
  const { path, b, value, onChange, filter, readOnly } = props;
  return (
    <FieldShell {...props}>
      {(aria) => (
        <input
          {...aria}
          className="input"
          type={props.type ?? 'text'}
          name={path}
          value={value ?? ''}
          autoComplete={props.autoComplete ?? 'off'}
          inputMode={props.inputMode}
          maxLength={props.maxLength}
          readOnly={readOnly}
          onKeyDown={props.onKeyDown}
          onChange={(e) => {
            b.edit(path);
            onChange(filter ? filter(e.target.value) : e.target.value);
          }}
          onBlur={() => b.touch(path)}
        />
      )}
    </FieldShell>
  );
}

/** Phone: digits only, shown as (###) ###-#### (14 characters at most). */
export const PhoneField = (props: Omit<TextProps, 'filter' | 'maxLength' | 'inputMode' | 'type'>) => (
  <TextField
    {...props}
    value={maskPhone(props.value ?? '')}
    type="tel"
    inputMode="tel"
    maxLength={14}
    filter={(v) => maskPhone(v.replace(/[^\d+]/g, ''))}
  />
);

/** Money: digits and one decimal point, at most 2 decimals. */
export function moneyFilter(value: string): string {
  const kept = value.replace(/[^\d.]/g, '');
  const [whole = '', ...rest] = kept.split('.');
  return rest.length ? `${whole}.${rest.join('').slice(0, 2)}` : whole;
}
export const MoneyField = (props: Omit<TextProps, 'filter' | 'inputMode'>) => (
  <TextField {...props} inputMode="decimal" maxLength={props.maxLength ?? 12} filter={moneyFilter} />
);

export const DigitsField = (props: Omit<TextProps, 'filter' | 'inputMode'>) => (
  <TextField {...props} inputMode="numeric" filter={(v) => v.replace(/\D/g, '')} />
);

const NAV_KEYS = new Set(['Backspace', 'Delete', 'Tab', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'Enter', 'Escape']);

/** Blocks every keystroke but digits and editing keys (seed 001: a date accepts digit keystrokes only). */
export function digitKeysOnly(event: KeyboardEvent<HTMLInputElement>) {
  if (event.ctrlKey || event.metaKey || event.altKey || NAV_KEYS.has(event.key)) return;
  if (!/^\d$/.test(event.key)) event.preventDefault();
}

/** The date typed by digits as the shopper sees it: MM/DD/YYYY. */
function dateDisplay(digits: string): string {
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4, 8)}`;
}

/** Date: typed as digits, shown MM/DD/YYYY; the value is YYYY-MM-DD once complete, else the partial text. */
export function DateField(
  props: Omit<TextProps, 'filter' | 'inputMode' | 'value' | 'onChange'> & {
    value: string | null | undefined;
    onChange: (iso: string) => void;
  },
) {
  const { t } = useAppT();
  const shown = /^\d{4}-\d{2}-\d{2}$/.test(props.value ?? '') ? formatDate(props.value) : (props.value ?? '');
  return (
    <TextField
      {...props}
      hint={props.hint ?? t('application.date.hint')}
      value={shown}
      inputMode="numeric"
      maxLength={10}
      autoComplete={props.autoComplete ?? 'off'}
      onKeyDown={digitKeysOnly}
      filter={(v) => v}
      onChange={(text) => {
        const digits = text.replace(/\D/g, '').slice(0, 8);
        props.onChange(
          digits.length === 8 ? `${digits.slice(4)}-${digits.slice(0, 2)}-${digits.slice(2, 4)}` : dateDisplay(digits),
        );
      }}
    />
  );
}

/** SSN, identification, checking account: the whole value while focused, only the last 4 characters otherwise. */
export function ConcealedField(props: TextProps) {
  const { t } = useAppT();
  const [focused, setFocused] = useState(false);
  const { path, b, value, onChange, filter } = props;
  const shown = focused ? (value ?? '') : (conceal(value ?? '') ?? '');
  return (
    <FieldShell {...props} hint={props.hint ?? t('application.concealed.hint')}>
      {(aria) => (
        <input
          {...aria}
          className="input"
          type="text"
          name={path}
          value={shown}
          // the first step's picture conceals it the same way before the form arrives (shell/picture-fields.ts)
          data-concealed=""
          autoComplete="off"
          spellCheck={false}
          inputMode={props.inputMode}
          maxLength={props.maxLength}
          onFocus={(e) => {
            setFocused(true);
            // a value loaded back concealed cannot be edited: typing replaces it
            if (isConcealed(value)) e.target.select();
          }}
          onChange={(e) => {
            b.edit(path);
            const raw = isConcealed(value)
              ? e.target.value.replace(/\*/g, '').replace(String(value).replace(/\*/g, ''), '')
              : e.target.value;
            onChange(filter ? filter(raw) : raw);
          }}
          onBlur={() => {
            setFocused(false);
            b.touch(path);
          }}
        />
      )}
    </FieldShell>
  );
}

export interface Option {
  value: string;
  label: string;
}

export function SelectField(
  props: BaseProps & {
    value: string | null | undefined;
    onChange: (value: string) => void;
    options: Option[];
    autoComplete?: string;
  },
) {
  const { t } = useAppT();
  const { path, b, value, onChange, options } = props;
  return (
    <FieldShell {...props}>
      {(aria) => (
        <select
          {...aria}
          className="input"
          name={path}
          value={value ?? ''}
          autoComplete={props.autoComplete ?? 'off'}
          onChange={(e) => {
            b.edit(path);
            onChange(e.target.value);
          }}
          onBlur={() => b.touch(path)}
        >
          <PlaceholderOptions placeholder={t('application.select.placeholder')} choices={options} />
        </select>
      )}
    </FieldShell>
  );
}

export function CheckboxField({
  path,
  label,
  b,
  checked,
  onChange,
  required,
}: {
  path: string;
  label: string;
  b: Binding;
  checked: boolean;
  onChange: (v: boolean) => void;
  required?: boolean;
}) {
  const id = idOf(path);
  const error = b.error(path);
  return (
    <div className={`field field--check${error ? ' field--invalid' : ''}`}>
      <span className="check">
        <input
          id={id}
          type="checkbox"
          name={path}
          checked={checked}
          aria-describedby={error ? `${id}-error` : undefined}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          onChange={(e) => {
            b.edit(path);
            b.touch(path);
            onChange(e.target.checked);
          }}
        />
        <label htmlFor={id}>{label}</label>
        <RequiredMark required={required} />
      </span>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A YES/NO question as a radio group in a fieldset. */
export function YesNoField({
  path,
  legend,
  b,
  value,
  onChange,
  yes,
  no,
  required,
  error: extraError,
}: {
  path: string;
  legend: string;
  b?: Binding;
  value: boolean | null | undefined;
  onChange: (v: boolean) => void;
  yes: string;
  no: string;
  required?: boolean;
  error?: string;
}) {
  const id = idOf(path);
  const error = extraError ?? b?.error(path);
  return (
    <fieldset
      className={`field yesno${error ? ' field--invalid' : ''}`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>
        {legend}
        {required && <span aria-hidden="true"> *</span>}
      </legend>
      <div className="yesno__options">
        {([true, false] as const).map((option) => (
          <span className="check" key={String(option)}>
            {/* eslint-disable-next-line jsx-a11y/role-supports-aria-props -- each radio says it is invalid so that the option in focus announces the error (tied by aria-describedby) */}
            <input
              id={`${id}-${option ? 'yes' : 'no'}`}
              type="radio"
              name={path}
              checked={value === option}
              aria-invalid={error ? true : undefined}
              onChange={() => {
                b?.edit(path);
                b?.touch(path);
                onChange(option);
              }}
            />
            <label htmlFor={`${id}-${option ? 'yes' : 'no'}`}>{option ? yes : no}</label>
          </span>
        ))}
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
