import type { ComponentType } from 'react';
import type { FieldSchema } from '../../../machines/contracts/form-schema.ts';

/** What the renderer gives every registered field component. */
export interface FieldProps {
  field: FieldSchema;
  /** The full dotted name of the field's value ('contacts.0.email'); for layouts, their scope. */
  name: string;
  /** The scope the field lives in ('' at the root, 'contacts.0' inside a collection item). */
  scope: string;
}

export type FieldComponent = ComponentType<FieldProps>;
