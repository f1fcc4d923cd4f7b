// subform: a nested object; its children are named inside the field's name ('address.line1').
import { childrenOf } from '../../../../machines/contracts/form-schema.ts';
import { NestedFields } from '../nested-fields.tsx';
import type { FieldProps } from '../types.ts';

export function Subform({ field, name }: FieldProps) {
  return (
    <fieldset className="tk-subform tk-fieldset">
      {field.label ? <legend className="tk-label">{field.label}</legend> : null}
      <NestedFields fields={childrenOf(field)} scope={name} />
    </fieldset>
  );
}
