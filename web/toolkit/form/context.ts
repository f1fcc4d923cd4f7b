// The state of one server-described form, shared with its fields through a React context. `useFormController`
// owns values and errors; ServerForm (and list filters) provide it with <FormContext.Provider>.
import { createContext, useCallback, useContext, useId, useMemo, useRef, useState } from 'react';
import type { FieldSchema } from '../../../machines/contracts/form-schema.ts';
import { defaultCaller, type Caller } from '../api/caller.ts';
import { useToolkitT } from '../i18n.ts';
import { getIn, joinName, setIn } from './path.ts';
import { validateField } from './rules.ts';

export type Values = Record<string, unknown>;
export type Errors = Record<string, string[]>;

export interface FormApi {
  formId: string;
  values: Values;
  getValue: (name: string) => unknown;
  setValue: (name: string, value: unknown) => void;
  setValues: (values: Values) => void;
  errors: Errors;
  setFieldError: (name: string, messages?: string[]) => void;
  setErrors: (errors: Errors) => void;
  /** Validates one field (with an optional value about to be set) and shows or clears its error. */
  validate: (field: FieldSchema, name: string, scope: string, value?: unknown) => string | undefined;
  /** A condition or `matches` reference: the field of the same scope first, then the root. */
  lookup: (scope: string, ref: string) => unknown;
  /** Names of overridable fields that are enabled (the model's override list). */
  overrides: string[];
  caller: Caller;
  busy: boolean;
  setBusy: (busy: boolean) => void;
}

export const FormContext = createContext<FormApi | null>(null);

export function useForm(): FormApi {
  const form = useContext(FormContext);
  if (!form) throw new Error('Form fields must be rendered inside a <ServerForm> (or a FormContext provider).');
  return form;
}

export function lookupIn(values: Values, scope: string, ref: string): unknown {
  if (scope) {
    const scoped = getIn(values, joinName(scope, ref));
    if (scoped !== undefined) return scoped;
  }
  return getIn(values, ref);
}

export interface FormControllerOptions {
  initialValues?: Values;
  caller?: Caller;
  overrides?: string[];
  onChange?: (values: Values) => void;
}

export function useFormController(options: FormControllerOptions = {}): FormApi {
  const formId = `tk-form${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const t = useToolkitT();
  const [values, setValuesState] = useState<Values>(options.initialValues ?? {});
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const valuesRef = useRef(values);
  valuesRef.current = values;
  const onChange = options.onChange;

  const setValue = useCallback(
    (name: string, value: unknown) => {
      const next = setIn(valuesRef.current, name, value);
      valuesRef.current = next;
      setValuesState(next);
      onChange?.(next);
    },
    [onChange],
  );
  const setValues = useCallback((next: Values) => {
    valuesRef.current = next;
    setValuesState(next);
  }, []);
  const setFieldError = useCallback((name: string, messages?: string[]) => {
    setErrors((current) => {
      if (!messages || messages.length === 0) {
        if (!(name in current)) return current;
        const { [name]: _removed, ...rest } = current;
        return rest;
      }
      return { ...current, [name]: messages };
    });
  }, []);
  const validate = useCallback(
    (field: FieldSchema, name: string, scope: string, ...value: unknown[]) => {
      const current = value.length > 0 ? value[0] : getIn(valuesRef.current, name);
      const message = validateField(field, current, (ref) => lookupIn(valuesRef.current, scope, ref), t);
      setFieldError(name, message ? [message] : undefined);
      return message;
    },
    [setFieldError, t],
  );

  const overrides = useMemo(() => {
    if (options.overrides) return options.overrides;
    const fromModel = values.overrides;
    return Array.isArray(fromModel) ? fromModel.map(String) : [];
  }, [options.overrides, values.overrides]);

  return useMemo(
    () => ({
      formId,
      values,
      getValue: (name: string) => getIn(valuesRef.current, name),
      setValue,
      setValues,
      errors,
      setFieldError,
      setErrors,
      validate,
      lookup: (scope: string, ref: string) => lookupIn(valuesRef.current, scope, ref),
      overrides,
      caller: options.caller ?? defaultCaller,
      busy,
      setBusy,
    }),
    [formId, values, setValue, setValues, errors, setFieldError, validate, overrides, options.caller, busy],
  );
}
