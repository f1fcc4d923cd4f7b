// The buttons a server form shows: its own list when it sends one (an empty list is a read-only form, such as the
// Admin role's), else Save (and Cancel when the page can cancel).
import type { FieldButton, FormSchema } from '../../../machines/contracts/form-schema.ts';

export function formButtons(schema: Pick<FormSchema, 'buttons'>, canCancel: boolean): FieldButton[] {
  if (schema.buttons) return schema.buttons;
  return [{ type: 'submit' }, ...(canCancel ? [{ type: 'cancel' } as FieldButton] : [])];
}

/** Whether the form can be saved at all (Enter in a read-only form sends nothing). */
export const offersSave = (schema: Pick<FormSchema, 'buttons'>) =>
  formButtons(schema, false).some((button) => button.type === 'submit');
