// A section's fields wired by their names: each field's path in the form, its label, the error binding, its value
// as the input's text and its change. The sections spread it into a field and add what is particular to it.
import type { Binding } from '../fields.tsx';

export function fieldWiring<T extends object>({
  prefix,
  b,
  value,
  set,
  label,
}: {
  prefix: string;
  b: Binding;
  value: T;
  set: (name: keyof T) => (v: string) => void;
  label: (name: string) => string;
}) {
  return (name: keyof T & string) => ({
    path: `${prefix}.${name}`,
    label: label(name),
    b,
    value: value[name] == null ? '' : String(value[name]),
    onChange: set(name),
  });
}
