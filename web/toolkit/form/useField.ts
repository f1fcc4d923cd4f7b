// What every field component needs: its id, value, error, accessible attributes, disabled/readonly state (with the
// overridable rule), and the paste/copy/cut blocking of seed 001 section 5.
import { useCallback, type ClipboardEvent } from 'react';
import type { FieldSchema } from '../../../machines/contracts/form-schema.ts';
import { useNotifyOptional } from '../dialogs/DialogsProvider.tsx';
import { useForm, type FormApi } from './context.ts';
import { domId } from './path.ts';
import { rulesFor } from './rules.ts';

export interface FieldState {
  form: FormApi;
  id: string;
  name: string;
  scope: string;
  field: FieldSchema;
  label: string;
  value: unknown;
  setValue: (value: unknown) => void;
  onBlur: () => void;
  error: string | undefined;
  required: boolean;
  disabled: boolean;
  readOnly: boolean;
  hintId: string;
  helpId: string;
  errorId: string;
  tooltipId: string;
  describedBy: string | undefined;
  /** id, aria-invalid, aria-describedby, aria-required, disabled, readOnly for the control. */
  controlProps: {
    id: string;
    name: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
    'aria-required': true | undefined;
    disabled: boolean;
    readOnly: boolean;
  };
  /** onPaste/onCopy/onCut handlers that block when the schema says so (and show its alert text). */
  clipboardProps: {
    onPaste?: (event: ClipboardEvent<HTMLElement>) => void;
    onCopy?: (event: ClipboardEvent<HTMLElement>) => void;
    onCut?: (event: ClipboardEvent<HTMLElement>) => void;
  };
}

/** Whether an overridable field is locked (its name is not in the model's override list). */
export function isOverrideLocked(field: FieldSchema, name: string, overrides: string[]): boolean {
  if (!field.overridable) return false;
  return !overrides.includes(name) && !(field.name !== undefined && overrides.includes(field.name));
}

export function useField(field: FieldSchema, name: string, scope: string): FieldState {
  const form = useForm();
  const notify = useNotifyOptional();
  const id = field.id ?? domId(form.formId, name || field.type);
  const raw = form.getValue(name);
  const value = raw === undefined ? field.value : raw;
  const error = form.errors[name]?.[0];
  const required = field.required === true || rulesFor(field).some((rule) => rule.name === 'required');
  const disabled = field.disabled === true || isOverrideLocked(field, name, form.overrides) || form.busy;
  const readOnly = field.readonly === true;
  const hintId = `${id}-hint`;
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const tooltipId = `${id}-tooltip`;
  const describedBy =
    [field.hint ? hintId : '', field.help ? helpId : '', field.tooltip ? tooltipId : '', error ? errorId : '']
      .filter(Boolean)
      .join(' ') || undefined;

  const { setValue: setFormValue, validate } = form;
  const hasError = error !== undefined;
  const setValue = useCallback(
    (next: unknown) => {
      setFormValue(name, next);
      if (hasError) validate(field, name, scope, next);
    },
    [setFormValue, validate, field, name, scope, hasError],
  );
  const onBlur = useCallback(() => {
    validate(field, name, scope);
  }, [validate, field, name, scope]);

  const blocker = (setting: boolean | string | undefined) =>
    setting
      ? (event: ClipboardEvent<HTMLElement>) => {
          event.preventDefault();
          if (typeof setting === 'string' && setting.trim() !== '') notify?.({ type: 'warning', message: setting });
        }
      : undefined;

  return {
    form,
    id,
    name,
    scope,
    field,
    label: field.label ?? '',
    value,
    setValue,
    onBlur,
    error,
    required,
    disabled,
    readOnly,
    hintId,
    helpId,
    errorId,
    tooltipId,
    describedBy,
    controlProps: {
      id,
      name,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy,
      'aria-required': required ? true : undefined,
      disabled,
      readOnly,
    },
    clipboardProps: {
      onPaste: blocker(field.blockPaste),
      onCopy: blocker(field.blockCopy),
      onCut: blocker(field.blockCut),
    },
  };
}
