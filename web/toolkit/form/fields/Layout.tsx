// Layout types: section (titled group), form (a nested group), row (12-column grid), column (cols 1..12) and
// content (static text from the schema, rendered as text).
import { useId } from 'react';
import { childrenOf } from '../../../../machines/contracts/form-schema.ts';
import { NestedFields } from '../nested-fields.tsx';
import type { FieldProps } from '../types.ts';

export function Section({ field, scope }: FieldProps) {
  const headingId = useId();
  return (
    <section className="tk-section" aria-labelledby={field.label ? headingId : undefined}>
      {field.label ? (
        <h3 id={headingId} className="tk-section__title">
          {field.label}
        </h3>
      ) : null}
      {field.help ? <p className="tk-help">{field.help}</p> : null}
      <NestedFields fields={childrenOf(field)} scope={scope} />
    </section>
  );
}

export function FormGroup({ field, scope }: FieldProps) {
  return (
    <div className="tk-group" role="group" aria-label={field.label}>
      <NestedFields fields={childrenOf(field)} scope={scope} />
    </div>
  );
}

export function Row({ field, scope }: FieldProps) {
  return (
    <div className="tk-row">
      <NestedFields fields={childrenOf(field)} scope={scope} />
    </div>
  );
}

export function Column({ field, scope }: FieldProps) {
  const span = Math.min(12, Math.max(1, field.cols ?? 12));
  return (
    <div className={`tk-col tk-col--${span}`} style={{ gridColumn: `span ${span}` }}>
      <NestedFields fields={childrenOf(field)} scope={scope} />
    </div>
  );
}

export function Content({ field }: FieldProps) {
  const text = field.content ?? (typeof field.value === 'string' ? field.value : '') ?? '';
  return (
    <div className="tk-content">
      {field.label ? <h4 className="tk-content__title">{field.label}</h4> : null}
      {text
        .split(/\n{2,}/)
        .filter(Boolean)
        .map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
    </div>
  );
}
