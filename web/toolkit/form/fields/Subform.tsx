// subform: a nested object; its children are named inside the field's name ('address.line1').
import { childrenOf } from '../../../../machines/contracts/form-schema.ts';
import { Fields } from '../FieldRenderer.tsx';
import type { FieldProps } from '../types.ts';

export function Subform({ field, name }: FieldProps) {
  return (
    <fieldset className="tk-subform tk-fieldset">
      {field.label ? <legend className="tk-label">{field.label}</legend> : null}
      <Fields fields={childrenOf(field)} scope={name} />
    </fieldset>
  );
}
