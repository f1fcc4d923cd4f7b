// The server-described form: fetches `GET url?_form=true` (schema in data) or takes a schema, renders its fields
// through the registry, validates, and submits the model with POST to the schema action (params in the path or the
// query). Status true with code 200 is success; otherwise an alert, and on 422 the field errors land on the
// matching fields (dotted names). Cancelling with changes asks first (Discard, Keep).
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { childrenOf, type FieldButton, type FormSchema } from '../../../machines/contracts/form-schema.ts';
import { defaultCaller, fillPath, withQuery, type Caller, type CallResult } from '../api/caller.ts';
import { useConfirm, useNotifyOptional } from '../dialogs/DialogsProvider.tsx';
import { useToolkitT } from '../i18n.ts';
import { FormContext, lookupIn, useFormController, type Errors, type Values } from './context.ts';
import { ActionButton } from './fields/ActionButton.tsx';
import { Fields } from './FieldRenderer.tsx';
import { formButtons, offersSave } from './buttons.ts';
import { getIn } from './path.ts';
import { validateField } from './rules.ts';
import { collectInputs, withDefaults } from './walk.ts';

export interface ServerFormProps {
  /** The resource url: the schema is read from `GET url?_form=true`. */
  url?: string;
  /** A schema given directly (no fetch). */
  schema?: FormSchema;
  /** Extra parameters: sent with the schema fetch and merged into the schema's params on submit. */
  params?: Record<string, unknown>;
  caller?: Caller;
  /** The model's override list (default: `values.overrides`). */
  overrides?: string[];
  onSuccess?: (result: CallResult, values: Values) => void;
  onCancel?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
  /** Hide the schema title (when a surrounding panel already shows it). */
  hideTitle?: boolean;
}

/** Server errors ({ name: message | messages }) as arrays of messages per dotted name. */
export function normalizeErrors(errors: Record<string, unknown> | undefined): Errors {
  const result: Errors = {};
  for (const [name, messages] of Object.entries(errors ?? {})) {
    const list = (Array.isArray(messages) ? messages : [messages])
      .filter((m) => m !== null && m !== undefined && m !== '')
      .map(String);
    if (list.length) result[name] = list;
  }
  return result;
}

export function ServerForm(props: ServerFormProps) {
  const t = useToolkitT();
  const caller = props.caller ?? defaultCaller;
  const [loaded, setLoaded] = useState<FormSchema | undefined>(props.schema);
  const [loadError, setLoadError] = useState<string | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);
  const paramsKey = JSON.stringify(props.params ?? {});

  useEffect(() => {
    if (props.schema) {
      setLoaded(props.schema);
      return undefined;
    }
    if (!props.url) return undefined;
    let live = true;
    setLoaded(undefined);
    setLoadError(undefined);
    void caller
      .get<FormSchema>(props.url, { ...(JSON.parse(paramsKey) as Record<string, unknown>), _form: true })
      .then((result) => {
        if (!live) return;
        if (result.status && result.data && typeof result.data === 'object') setLoaded(result.data);
        else setLoadError(result.message ?? result.error ?? t('toolkit.form.unknownError'));
      });
    return () => {
      live = false;
    };
  }, [props.url, props.schema, paramsKey, caller, attempt, t]);

  if (loadError) {
    return (
      <div className="tk-form tk-form--error">
        <div className="tk-alert tk-alert--error" role="alert">
          {loadError}
        </div>
        <button type="button" className="tk-btn" onClick={() => setAttempt((n) => n + 1)}>
          {t('toolkit.list.retry')}
        </button>
      </div>
    );
  }
  if (!loaded) {
    return (
      <p className="tk-loading" role="status">
        {t('toolkit.form.loading')}
      </p>
    );
  }
  return (
    <SchemaForm key={JSON.stringify(loaded.values ?? {}) + loaded.action} {...props} schema={loaded} caller={caller} />
  );
}

function SchemaForm({
  schema,
  params,
  caller,
  overrides,
  onSuccess,
  onCancel,
  onDirtyChange,
  hideTitle,
}: ServerFormProps & { schema: FormSchema; caller: Caller }) {
  const t = useToolkitT();
  const confirm = useConfirm();
  const notify = useNotifyOptional();
  const titleId = useId();
  const fields = childrenOf(schema);
  const startValues = useMemo(() => withDefaults(fields, schema.values ?? {}), [fields, schema.values]);
  const form = useFormController({ initialValues: startValues, caller, overrides });
  const [initial, setInitial] = useState<Values>(startValues);
  const [alert, setAlert] = useState<string | undefined>(undefined);
  const [focusErrors, setFocusErrors] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = JSON.stringify(form.values) !== JSON.stringify(initial);

  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);

  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  useEffect(() => {
    if (focusErrors === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusErrors]);

  const { values, setErrors, setBusy, setValues } = form;

  const submit = useCallback(
    async (event?: FormEvent) => {
      event?.preventDefault();
      if (!offersSave(schema)) return;
      const errors: Errors = {};
      for (const input of collectInputs(fields, values)) {
        const message = validateField(
          input.field,
          getIn(values, input.name),
          (ref) => lookupIn(values, input.scope, ref),
          t,
        );
        if (message) errors[input.name] = [message];
      }
      setErrors(errors);
      if (Object.keys(errors).length > 0) {
        setAlert(t('toolkit.form.fixErrors'));
        setFocusErrors((n) => n + 1);
        return;
      }
      const { path, rest } = fillPath(schema.action, { ...(schema.params ?? {}), ...(params ?? {}) });
      setBusy(true);
      setAlert(undefined);
      const result = await caller.post(withQuery(path, rest), values);
      setBusy(false);
      if (result.status && result.code === 200) {
        setInitial(values);
        if (result.message) notify?.({ type: 'success', message: result.message });
        onSuccess?.(result, values);
        return;
      }
      setAlert(result.message ?? result.error ?? t('toolkit.form.unknownError'));
      if (result.code === 422 && result.errors) {
        setErrors(normalizeErrors(result.errors));
        setFocusErrors((n) => n + 1);
      }
    },
    [fields, values, t, setErrors, schema, params, setBusy, caller, notify, onSuccess],
  );

  async function cancel() {
    if (dirty && !(await confirm({ preset: 'unsaved' }))) return;
    setValues(initial);
    setErrors({});
    setAlert(undefined);
    onCancel?.();
  }

  const buttons: FieldButton[] = formButtons(schema, Boolean(onCancel));

  return (
    <FormContext.Provider value={form}>
      <form
        ref={formRef}
        className="tk-form"
        noValidate
        aria-labelledby={schema.title && !hideTitle ? titleId : undefined}
        aria-busy={form.busy || undefined}
        onSubmit={(event) => void submit(event)}
      >
        {schema.title && !hideTitle ? (
          <h2 id={titleId} className="tk-form__title">
            {schema.title}
          </h2>
        ) : null}
        {alert ? (
          <div className="tk-alert tk-alert--error" role="alert">
            {alert}
          </div>
        ) : null}
        <div className="tk-form__body">
          <Fields fields={fields} scope="" />
        </div>
        <div className="tk-form__actions">
          {buttons.map((button, index) => {
            if (button.type === 'submit') {
              return (
                <button key={index} type="submit" className="tk-btn tk-btn--primary" disabled={form.busy}>
                  {form.busy ? t('toolkit.form.saving') : (button.label ?? t('toolkit.form.save'))}
                </button>
              );
            }
            if (button.type === 'cancel') {
              return (
                <button key={index} type="button" className="tk-btn" disabled={form.busy} onClick={() => void cancel()}>
                  {button.label ?? t('toolkit.form.cancel')}
                </button>
              );
            }
            return <ActionButton key={index} field={{ ...button, type: 'action' }} name="" scope="" />;
          })}
        </div>
      </form>
    </FormContext.Provider>
  );
}
