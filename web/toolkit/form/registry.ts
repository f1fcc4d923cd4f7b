// The field registry: schema `type` -> component. Every type of seed 001 section 3 is registered here; screens can
// register more with registerField. An unknown type renders the developer message (see FieldRenderer).
import { ActionButton } from './fields/ActionButton.tsx';
import { Checkbox } from './fields/Checkbox.tsx';
import { Checkboxes } from './fields/Checkboxes.tsx';
import { Collection } from './fields/Collection.tsx';
import { DateInput } from './fields/DateInput.tsx';
import { DateRange } from './fields/DateRange.tsx';
import { FileUpload } from './fields/FileUpload.tsx';
import { Hidden } from './fields/Hidden.tsx';
import { HtmlInput } from './fields/HtmlInput.tsx';
import { Column, Content, FormGroup, Row, Section } from './fields/Layout.tsx';
import { Autocomplete, Reference } from './fields/Lookup.tsx';
import { MoneyInput } from './fields/MoneyInput.tsx';
import { MultiSelect } from './fields/MultiSelect.tsx';
import { PhoneInput } from './fields/PhoneInput.tsx';
import { Radio } from './fields/Radio.tsx';
import { Recurrence } from './fields/Recurrence.tsx';
import { Repeat } from './fields/Repeat.tsx';
import { SelectInput } from './fields/SelectInput.tsx';
import { Subform } from './fields/Subform.tsx';
import { Switch } from './fields/Switch.tsx';
import { Tab, Tabs } from './fields/Tabs.tsx';
import { TagInput } from './fields/TagInput.tsx';
import { Textarea } from './fields/Textarea.tsx';
import { TextInput } from './fields/TextInput.tsx';
import { DateTimeInput, TimeInput } from './fields/TimeInput.tsx';
import type { FieldComponent } from './types.ts';

const registry = new Map<string, FieldComponent>([
  ['input', TextInput],
  ['text', TextInput],
  ['email', TextInput],
  ['url', TextInput],
  ['password', TextInput],
  ['color', TextInput],
  ['number', TextInput],
  ['textarea', Textarea],
  ['tel', PhoneInput],
  ['money', MoneyInput],
  ['date', DateInput],
  ['time', TimeInput],
  ['datetime', DateTimeInput],
  ['select', SelectInput],
  ['multi-select', MultiSelect],
  ['checkbox', Checkbox],
  ['switch', Switch],
  ['checkboxes', Checkboxes],
  ['radio', Radio],
  ['file', FileUpload],
  ['image', FileUpload],
  ['hidden', Hidden],
  ['repeat', Repeat],
  ['html', HtmlInput],
  ['reference', Reference],
  ['autocomplete', Autocomplete],
  ['collection', Collection],
  ['subform', Subform],
  ['tag', TagInput],
  ['recurrence', Recurrence],
  ['section', Section],
  ['form', FormGroup],
  ['row', Row],
  ['column', Column],
  ['content', Content],
  ['tabs', Tabs],
  ['tab', Tab],
  ['date-range', DateRange],
  ['action', ActionButton],
]);

export function registerField(type: string, component: FieldComponent): void {
  registry.set(type, component);
}

export function resolveField(type: string): FieldComponent | undefined {
  return registry.get(type);
}

export function registeredTypes(): string[] {
  return Array.from(registry.keys());
}
