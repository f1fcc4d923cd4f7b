// Reading options through valueKey/textKey (defaults 'value'/'text'), with label/name/id as fallbacks.
import type { FieldOption, FieldSchema } from '../../../../machines/contracts/form-schema.ts';

export function optionValue(field: FieldSchema, option: FieldOption): unknown {
  const key = field.valueKey ?? 'value';
  return option[key] ?? option.id ?? option.value;
}

export function optionText(field: FieldSchema, option: FieldOption): string {
  const key = field.textKey ?? 'text';
  const text = option[key] ?? option.label ?? option.name ?? option.text ?? optionValue(field, option);
  return text === null || text === undefined ? '' : String(text);
}

export function sameValue(a: unknown, b: unknown): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return a === b;
  return String(a) === String(b);
}

export function asArray(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value === null || value === undefined || value === '') return [];
  return [value];
}
