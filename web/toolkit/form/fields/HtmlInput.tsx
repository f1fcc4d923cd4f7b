// html: HTML source edited as text (mail templates) with a preview in a sandboxed frame (no scripts run).
import { useState } from 'react';
import { useToolkitT } from '../../i18n.ts';
import { FieldShell } from '../FieldShell.tsx';
import type { FieldProps } from '../types.ts';
import { useField } from '../useField.ts';

export function HtmlInput({ field, name, scope }: FieldProps) {
  const t = useToolkitT();
  const state = useField(field, name, scope);
  const [preview, setPreview] = useState(false);
  const html = state.value === null || state.value === undefined ? '' : String(state.value);
  return (
    <FieldShell state={state}>
      <div className="tk-html">
        <button
          type="button"
          className="tk-btn tk-btn--small"
          aria-pressed={preview}
          onClick={() => setPreview((p) => !p)}
        >
          {preview ? t('toolkit.html.edit') : t('toolkit.html.preview')}
        </button>
        {preview ? (
          <iframe
            className="tk-html__preview"
            title={`${t('toolkit.html.preview')}: ${state.label}`}
            sandbox=""
            srcDoc={html}
          />
        ) : (
          <textarea
            {...state.controlProps}
            {...state.clipboardProps}
            className="tk-input tk-textarea tk-textarea--code"
            rows={10}
            spellCheck={false}
            value={html}
            onBlur={state.onBlur}
            onChange={(event) => state.setValue(event.target.value)}
          />
        )}
      </div>
    </FieldShell>
  );
}
