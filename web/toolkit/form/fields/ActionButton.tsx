// action layout: a button that calls its url (POST by default) with its params and the form values, after an
// optional confirmation; errors become error notifications.
import { useState } from 'react';
import { useConfirm, useNotify } from '../../dialogs/DialogsProvider.tsx';
import { useForm } from '../context.ts';
import type { FieldProps } from '../types.ts';

export function ActionButton({ field }: FieldProps) {
  const form = useForm();
  const confirm = useConfirm();
  const notify = useNotify();
  const [running, setRunning] = useState(false);

  async function run() {
    if (field.confirm && !(await confirm(typeof field.confirm === 'string' ? { message: field.confirm } : {}))) return;
    if (!field.url) return;
    setRunning(true);
    const result = await form.caller.call(field.method ?? 'POST', field.url, {
      ...form.values,
      ...(field.params ?? {}),
    });
    setRunning(false);
    if (result.status) {
      if (result.message) notify({ type: 'success', message: result.message });
    } else {
      notify({ type: 'error', message: result.message ?? result.error ?? '' });
    }
  }

  return (
    <button
      type="button"
      className="tk-btn"
      disabled={running || field.disabled === true}
      aria-busy={running || undefined}
      onClick={() => void run()}
    >
      {field.label}
    </button>
  );
}
