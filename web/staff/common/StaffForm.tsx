// A server-described form for the staff portal: ServerForm with the session's caller. With `prepare`, the schema
// is fetched here first (GET url?_form=true) and adjusted before it is rendered, e.g. to fill the options of a
// multi-select the server describes by url.
import { useEffect, useState } from 'react';
import type { FieldSchema, FormSchema } from '../../../machines/contracts/form-schema.ts';
import type { Caller, CallResult } from '../../toolkit/api/caller.ts';
import { ServerForm } from '../../toolkit/form/ServerForm.tsx';
import type { Values } from '../../toolkit/form/context.ts';
import { useT } from '../../lib/i18n.tsx';
import { useSession } from './session.tsx';

export type PrepareSchema = (schema: FormSchema, caller: Caller) => Promise<FormSchema>;

export interface StaffFormProps {
  url?: string;
  schema?: FormSchema;
  prepare?: PrepareSchema;
  caller?: Caller;
  onSuccess?: (result: CallResult, values: Values) => void;
  onCancel?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
  hideTitle?: boolean;
}

/** Header that tells the portal's caller a failed lookup is not a screen of its own (no Permission Denied page). */
export const LOOKUP = { headers: { 'X-Staff-Lookup': '1' } };

/** Fills the options of choice fields that name a `url` but have no options (the toolkit's multi-select needs them). */
export const fillRemoteOptions: PrepareSchema = async (schema, caller) => {
  const cache = new Map<string, Promise<Record<string, unknown>[]>>();
  const load = (url: string) => {
    if (!cache.has(url)) {
      cache.set(
        url,
        caller
          .get<Record<string, unknown>[]>(url, { limit: 100 }, LOOKUP)
          .then((r) => (r.status && Array.isArray(r.data) ? r.data : [])),
      );
    }
    return cache.get(url)!;
  };
  const walk = async (fields: FieldSchema[] | undefined): Promise<FieldSchema[] | undefined> =>
    fields &&
    Promise.all(
      fields.map(async (f) => {
        const next: FieldSchema = { ...f };
        if (
          (f.type === 'multi-select' || f.type === 'checkboxes' || f.type === 'radio') &&
          f.url &&
          !f.options?.length
        ) {
          next.options = await load(f.url);
        }
        if (f.children) next.children = await walk(f.children);
        if (f.inputs) next.inputs = await walk(f.inputs);
        return next;
      }),
    );
  return { ...schema, children: await walk(schema.children), inputs: await walk(schema.inputs) };
};

export function StaffForm({ url, schema, prepare, caller, ...rest }: StaffFormProps) {
  const session = useSession();
  const t = useT();
  const use = caller ?? session.caller;
  const [prepared, setPrepared] = useState<FormSchema | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!prepare) return undefined;
    let live = true;
    setPrepared(undefined);
    setError(undefined);
    void (async () => {
      let base = schema;
      if (!base && url) {
        const result = await use.get<FormSchema>(url, { _form: true });
        if (!live) return;
        if (!result.status || !result.data) {
          setError(result.message ?? t('error.unknown'));
          return;
        }
        base = result.data;
      }
      if (!base) return;
      const next = await prepare(base, use);
      if (live) setPrepared(next);
    })();
    return () => {
      live = false;
    };
  }, [prepare, schema, url, use, attempt, t]);

  if (!prepare) return <ServerForm url={url} schema={schema} caller={use} {...rest} />;
  if (error) {
    return (
      <div className="tk-form tk-form--error">
        <div className="tk-alert tk-alert--error" role="alert">
          {error}
        </div>
        <button type="button" className="tk-btn" onClick={() => setAttempt((n) => n + 1)}>
          {t('app.retry')}
        </button>
      </div>
    );
  }
  if (!prepared) {
    return (
      <p className="tk-loading" role="status">
        {t('app.loading')}
      </p>
    );
  }
  return <ServerForm schema={prepared} caller={use} {...rest} />;
}
