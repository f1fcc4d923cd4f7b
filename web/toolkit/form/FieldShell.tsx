// The frame around a control: label tied to the input (or legend for groups), tooltip, prepend/append add-ons,
// hint, help and the error message, all tied with aria-describedby.
import type { ReactNode } from 'react';
import { useToolkitT } from '../i18n.ts';
import type { FieldState } from './useField.ts';

export interface FieldShellProps {
  state: FieldState;
  children: ReactNode;
  /** Radio groups, checkbox groups and other multi-control fields use fieldset/legend. */
  group?: boolean;
  /** Hide the visible label (the control carries its own). */
  noLabel?: boolean;
  className?: string;
}

export function FieldShell({ state, children, group = false, noLabel = false, className }: FieldShellProps) {
  const t = useToolkitT();
  const { field, id, label, required, error } = state;
  const classes = [
    'tk-field',
    `tk-field--${field.type}`,
    field.featured ? 'tk-field--featured' : '',
    error ? 'tk-field--invalid' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  const marker = required ? (
    <span className="tk-required" aria-hidden="true">
      {' *'}
    </span>
  ) : null;
  const tooltip = field.tooltip ? (
    <span className="tk-tooltip">
      <button
        type="button"
        className="tk-tooltip__trigger"
        aria-label={t('toolkit.form.moreInfo')}
        aria-describedby={state.tooltipId}
      >
        ?
      </button>
      <span role="tooltip" id={state.tooltipId} className="tk-tooltip__text">
        {field.tooltip}
      </span>
    </span>
  ) : null;
  const control =
    field.prepend || field.append ? (
      <div className="tk-input-group">
        {field.prepend ? <span className="tk-addon">{field.prepend}</span> : null}
        {children}
        {field.append ? <span className="tk-addon">{field.append}</span> : null}
      </div>
    ) : (
      children
    );
  const after = (
    <>
      {field.hint ? (
        <p id={state.hintId} className="tk-hint">
          {field.hint}
        </p>
      ) : null}
      {field.help ? (
        <p id={state.helpId} className="tk-help">
          {field.help}
        </p>
      ) : null}
      {error ? (
        <p id={state.errorId} className="tk-error">
          {error}
        </p>
      ) : null}
    </>
  );
  const colStyle = field.cols ? { gridColumn: `span ${Math.min(12, Math.max(1, field.cols))}` } : undefined;

  if (group) {
    return (
      <fieldset className={`${classes} tk-fieldset`} style={colStyle} aria-describedby={state.describedBy}>
        {label ? (
          <legend className="tk-label">
            {label}
            {marker}
            {tooltip}
          </legend>
        ) : null}
        {control}
        {after}
      </fieldset>
    );
  }
  return (
    <div className={classes} style={colStyle}>
      {label && !noLabel ? (
        <div className="tk-label-row">
          <label htmlFor={id} className="tk-label">
            {label}
          </label>
          {marker}
          {tooltip}
        </div>
      ) : null}
      {control}
      {after}
    </div>
  );
}
