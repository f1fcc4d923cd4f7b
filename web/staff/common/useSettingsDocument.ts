// A settings document of the staff portal (Security Settings, Queue Management): read once, edited in a form, saved
// whole with the version it was read at (a stale version is the server's 409), 422 field errors kept for the inputs.
import { useCallback, useEffect, useState } from 'react';
import type { StoredSettingsView } from '../../../machines/contracts/staff-rules.ts';
import { useT } from '../../lib/i18n.tsx';
import { useNotify } from '../../toolkit/dialogs/DialogsProvider.tsx';
import { useSession } from './session.tsx';

export type FieldErrors = Record<string, string[]>;

export function useSettingsDocument<T>(
  api: string,
  options: {
    /** The form's first value from the stored settings (defaults filled in for parts saved before they existed). */
    toForm?: (settings: T) => T;
    /** Runs after each load (a screen keeping a part of the form in its own shape, e.g. a list as text). */
    onLoaded?: (view: StoredSettingsView<T>) => Promise<void> | void;
  } = {},
) {
  const t = useT();
  const { caller } = useSession();
  const notify = useNotify();
  const [view, setView] = useState<StoredSettingsView<T> | undefined>(undefined);
  const [form, setForm] = useState<T | undefined>(undefined);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const { toForm, onLoaded } = options;

  const load = useCallback(async () => {
    const result = await caller.get<StoredSettingsView<T>>(api);
    if (!result.status) return notify({ type: 'error', message: result.message ?? t('error.unknown') });
    setView(result.data);
    const settings = structuredClone(result.data.settings);
    setForm(toForm ? toForm(settings) : settings);
    await onLoaded?.(result.data);
  }, [api, caller, notify, t, toForm, onLoaded]);

  useEffect(() => {
    void load();
  }, [load]);

  /** Saves the form (with `extra` fields the screen keeps apart) at the version it was read. */
  const save = async (event: React.FormEvent, extra: Record<string, unknown> = {}) => {
    event.preventDefault();
    if (!form || !view) return;
    setBusy(true);
    const result = await caller.call<StoredSettingsView<T>>('PUT', api, { ...form, ...extra, v: view.v });
    setBusy(false);
    if (result.status) {
      setErrors({});
      setView(result.data);
      notify({ type: 'success', message: result.message ?? t('staff.rules.saved') });
      return;
    }
    setErrors(result.errors ?? {});
    notify({ type: 'error', message: result.message ?? t('error.unknown') });
  };

  /** The messages of a field and of the fields below it (`throttle` holds `throttle.ip_limit`'s). */
  const errorsUnder = (prefix: string) =>
    Object.entries(errors)
      .filter(([k]) => k === prefix || k.startsWith(`${prefix}.`))
      .flatMap(([, v]) => v);

  return { view, form, setForm, errors, busy, save, errorsUnder };
}
