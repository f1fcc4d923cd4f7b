// Walks a schema with the current values and lists the visible inputs with their full names (collections and
// repeats expanded per item): what the form validates before submitting.
import { childrenOf, type FieldSchema } from '../../../machines/contracts/form-schema.ts';
import { isFieldVisible } from './conditions.ts';
import { lookupIn, type Values } from './context.ts';
import { getIn, joinName, setIn } from './path.ts';

export interface InputRef {
  field: FieldSchema;
  name: string;
  scope: string;
}

const PASS_THROUGH = new Set(['section', 'form', 'row', 'column', 'tab', 'tabs', 'date-range']);
const NO_VALUE = new Set(['content', 'action', 'html-content']);

export function collectInputs(fields: FieldSchema[] | undefined, values: Values, scope = ''): InputRef[] {
  const found: InputRef[] = [];
  for (const field of fields ?? []) {
    if (!isFieldVisible(field, (ref) => lookupIn(values, scope, ref))) continue;
    if (PASS_THROUGH.has(field.type)) {
      found.push(...collectInputs(childrenOf(field), values, scope));
      continue;
    }
    if (NO_VALUE.has(field.type)) continue;
    const name = joinName(scope, field.name);
    if (field.type === 'subform') {
      found.push(...collectInputs(childrenOf(field), values, name));
      continue;
    }
    if (field.type === 'collection') {
      const items = getIn(values, name);
      if (Array.isArray(items))
        items.forEach((_, i) => found.push(...collectInputs(childrenOf(field), values, `${name}.${i}`)));
      continue;
    }
    if (field.type === 'repeat') {
      const items = getIn(values, name);
      const child = childrenOf(field)[0] ?? { type: field.inputType ?? 'text', label: field.label };
      if (Array.isArray(items))
        items.forEach((_, i) =>
          found.push({ field: { ...child, label: child.label ?? field.label }, name: `${name}.${i}`, scope: name }),
        );
      continue;
    }
    found.push({ field, name, scope });
  }
  return found;
}

/** Default values of the schema's inputs (their `value`) under the model's values. */
export function withDefaults(fields: FieldSchema[] | undefined, values: Values, scope = ''): Values {
  let result = values;
  for (const field of fields ?? []) {
    if (PASS_THROUGH.has(field.type)) {
      result = withDefaults(childrenOf(field), result, scope);
      continue;
    }
    if (!field.name) continue;
    const name = joinName(scope, field.name);
    if (field.type === 'subform') {
      result = withDefaults(childrenOf(field), result, name);
      continue;
    }
    if (field.value !== undefined && getIn(result, name) === undefined) {
      result = setIn(result, name, field.value);
    }
  }
  return result;
}
