// A credential shown once, right after it is made (an API token, an OAuth client's id and secret): read-only fields,
// a copy button for the one to copy, and a button that closes it for good.
import { useId, useState } from 'react';
import { useT } from '../../lib/i18n.tsx';
import { Dialog } from '../../toolkit/dialogs/Dialog.tsx';

export interface ShownOnceField {
  /** Catalogue key of the field's label. */
  label: string;
  value: string;
  /** The field the copy button copies (at most one per dialog). */
  copy?: boolean;
}

export function ShownOnceDialog({
  title,
  message,
  fields,
  onClose,
}: {
  title: string;
  message: string;
  fields: ShownOnceField[];
  onClose: () => void;
}) {
  const t = useT();
  const base = useId();
  const [copied, setCopied] = useState(false);
  const copyIndex = fields.findIndex((f) => f.copy);
  const fieldId = (i: number) => `${base}-field-${i}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(fields[copyIndex]!.value);
      setCopied(true);
    } catch {
      // clipboard refused (permissions): the field is selected so the user can copy it by hand
      (document.getElementById(fieldId(copyIndex)) as HTMLInputElement | null)?.select();
    }
  };
  return (
    <Dialog
      open
      role="alertdialog"
      labelledBy={`${base}-title`}
      describedBy={`${base}-text`}
      onClose={onClose}
      // an attribute selector: React's ids hold characters a # selector would need escaped
      initialFocus={`[id="${base}-${copyIndex >= 0 ? 'copy' : 'done'}"]`}
    >
      <h2 id={`${base}-title`} className="tk-dialog__title">
        {t(title)}
      </h2>
      <p id={`${base}-text`} className="tk-dialog__message">
        {t(message)}
      </p>
      {fields.map((field, i) => (
        <div key={field.label}>
          <label htmlFor={fieldId(i)} className="tk-label">
            {t(field.label)}
          </label>
          <input
            id={fieldId(i)}
            className="tk-input staff-code"
            readOnly
            value={field.value}
            onFocus={(event) => event.target.select()}
          />
        </div>
      ))}
      {copyIndex >= 0 && (
        <p className="staff-copy-status" role="status">
          {copied ? t('staff.ui.token.copied') : ''}
        </p>
      )}
      <div className="tk-dialog__actions">
        {copyIndex >= 0 && (
          <button id={`${base}-copy`} type="button" className="tk-btn" onClick={() => void copy()}>
            {t('staff.ui.token.copy')}
          </button>
        )}
        <button id={`${base}-done`} type="button" className="tk-btn tk-btn--primary" onClick={onClose}>
          {t('staff.ui.token.done')}
        </button>
      </div>
    </Dialog>
  );
}
