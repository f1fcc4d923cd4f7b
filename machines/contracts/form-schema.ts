// The server form schema of seed 001 section 3 (what `GET <action>?_form=true` answers in `data`), the paged list
// response, the uploaded file record and the recurrence value. Types for the toolkit, plus a zod/mini schema that
// tests (and the server, when it builds schemas) use to check a schema is well formed.
import * as z from 'zod/mini';
import type { Envelope, PageMeta } from './envelope.ts';

/** Input field types of seed 001 section 3 (plus `recurrence`, the toolkit's recurrence input). */
export const FIELD_TYPES = [
  'input',
  'text',
  'textarea',
  'number',
  'email',
  'url',
  'password',
  'color',
  'tel',
  'money',
  'date',
  'time',
  'datetime',
  'select',
  'multi-select',
  'checkbox',
  'switch',
  'checkboxes',
  'radio',
  'file',
  'image',
  'hidden',
  'repeat',
  'html',
  'reference',
  'collection',
  'subform',
  'autocomplete',
  'tag',
  'recurrence',
] as const;

/** Layout types: they hold `children` and have no value of their own (date-range and action excepted). */
export const LAYOUT_TYPES = [
  'section',
  'form',
  'row',
  'column',
  'content',
  'tab',
  'tabs',
  'date-range',
  'action',
] as const;

export type InputFieldType = (typeof FIELD_TYPES)[number];
export type LayoutFieldType = (typeof LAYOUT_TYPES)[number];
export type FieldType = InputFieldType | LayoutFieldType;

export const CONDITION_OPERATORS = ['in', '!in', '==', '!=', '>=', '<=', '<', '>'] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

/** A field is visible only when all of its conditions hold. `ref` names another field of the same scope (or the root). */
export interface FieldCondition {
  ref: string;
  operator: ConditionOperator;
  values: unknown[];
}

/** An option of a select, radio, checkboxes or multi-select: read through valueKey/textKey (default value/text). */
export type FieldOption = Record<string, unknown>;

/** Buttons of reference/autocomplete (add, edit, unset) and collection (add, remove) fields. */
export interface FieldButton {
  type: 'add' | 'edit' | 'unset' | 'remove' | 'submit' | 'cancel' | 'action' | (string & {});
  label?: string;
  /** Action uri called with the current entity and `params`; the answer's data becomes the field value. */
  url?: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  params?: Record<string, unknown>;
  /** Ask for confirmation first: true for the default text, or the text itself. */
  confirm?: boolean | string;
}

/** Validation rules: 'required|number|regex:^a+$', an array of such names, or an object name -> argument. */
export type FieldRules = string | string[] | Record<string, unknown>;

export interface FieldSchema {
  type: FieldType | (string & {});
  name?: string;
  id?: string;
  label?: string;
  placeholder?: string;
  rules?: FieldRules;
  required?: boolean;
  readonly?: boolean;
  disabled?: boolean;
  hint?: string;
  help?: string;
  tooltip?: string;
  prepend?: string;
  append?: string;
  /** false hides the field whatever its conditions say. */
  visible?: boolean;
  featured?: boolean;
  /** Enabled only when the field's name is in the model's override list (`values.overrides`). */
  overridable?: boolean;
  /** Shows only the last 4 characters while the input does not have the focus. */
  conceal?: boolean;
  list?: boolean;
  multiple?: boolean;
  multiline?: boolean;
  /** The HTML input type of a generic `input` field (text, email, ...). */
  inputType?: string;
  min?: number | string;
  max?: number | string;
  step?: number | string;
  mask?: string;
  options?: FieldOption[];
  /** The option key holding the value (default 'value'). */
  valueKey?: string;
  /** The option key holding the text (default 'text'). */
  textKey?: string;
  groupKey?: string;
  taggable?: boolean;
  taggableUrl?: string;
  url?: string;
  /** The search query parameter (default 'q'). */
  query?: string;
  /** Extra parameters sent with searches and taggable creates. */
  params?: Record<string, unknown>;
  conditions?: FieldCondition[];
  dateFormat?: string;
  maskFormat?: string;
  /** Calendar limits: minDate, maxDate (YYYY-MM-DD), weekdays (0 = Sunday .. 6), dates (allowed YYYY-MM-DD list). */
  pickerOptions?: {
    minDate?: string;
    maxDate?: string;
    weekdays?: number[];
    dates?: string[];
    [key: string]: unknown;
  };
  switch?: boolean;
  checkedValue?: unknown;
  uncheckedValue?: unknown;
  /** Column width in a row, 1..12. */
  cols?: number;
  buttons?: FieldButton[];
  /** Collection item heading; `{index}` is replaced by the item's 1-based position. */
  item_label?: string;
  no_content_text?: string;
  allowMove?: boolean;
  maxFiles?: number;
  /** Allowed file extensions, e.g. ['pdf', 'png'] or 'pdf,png'. */
  accept?: string[] | string;
  maxSizeMb?: number;
  /** Path that deletes an uploaded file (called with model = file id, force = true and the file token). */
  deleteUrl?: string;
  /** Block paste/copy/cut; a string is also shown as an alert when the user tries. */
  blockPaste?: boolean | string;
  blockCopy?: boolean | string;
  blockCut?: boolean | string;
  /** Static text of a `content` layout. */
  content?: string;
  /** Nested fields of layouts, subforms, collections and repeats. */
  children?: FieldSchema[];
  inputs?: FieldSchema[];
  /** Default value when the model has none. */
  value?: unknown;
  /** `action` layout: ask first (true for the default text, or the text). */
  confirm?: boolean | string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  [extra: string]: unknown;
}

export interface FormSchema {
  title?: string;
  /** Where the form is submitted (POST); `{param}` placeholders are filled from `params`, the rest go to the query. */
  action: string;
  params?: Record<string, string | number | boolean>;
  values?: Record<string, unknown>;
  buttons?: FieldButton[];
  children?: FieldSchema[];
  inputs?: FieldSchema[];
}

/** Uploaded file record (seed 001 section 3). */
export interface UploadedFile {
  id: string | number;
  token?: string;
  original_name: string;
  url?: string;
  [extra: string]: unknown;
}

/** Recurrence value: rrule's options with ISO date strings. freq uses rrule's numbers (0 yearly .. 3 daily). */
export interface RecurrenceValue {
  freq: number;
  interval?: number;
  dtstart: string;
  until?: string | null;
  count?: number | null;
  /** rrule weekday numbers, 0 = Monday .. 6 = Sunday. */
  byweekday?: number[] | null;
  bymonthday?: number[] | null;
  bysetpos?: number[] | null;
}

/** The paged list response of seed 001: `data` rows and `meta`. */
export interface PagedResponse<T = Record<string, unknown>> {
  data: T[];
  meta: PageMeta & { filters?: FieldSchema[] };
}

export type PagedResult<T = Record<string, unknown>> = Envelope<PagedResponse<T>>;

// ---- zod/mini schemas (validation of what a server sends) ----

const conditionSchema = z.object({
  ref: z.string().check(z.minLength(1)),
  operator: z.enum(CONDITION_OPERATORS),
  values: z.array(z.unknown()),
});

const buttonSchema = z.looseObject({
  type: z.string(),
  label: z.optional(z.string()),
  url: z.optional(z.string()),
  method: z.optional(z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])),
  params: z.optional(z.record(z.string(), z.unknown())),
  confirm: z.optional(z.union([z.boolean(), z.string()])),
});

const blockSchema = z.optional(z.union([z.boolean(), z.string()]));
const numberish = z.optional(z.union([z.number(), z.string()]));
const KNOWN_TYPES: readonly string[] = [...FIELD_TYPES, ...LAYOUT_TYPES];

export const fieldSchemaSchema = z.looseObject({
  type: z.string().check(z.refine((t) => KNOWN_TYPES.includes(t), 'Unknown field type')),
  name: z.optional(z.string()),
  id: z.optional(z.string()),
  label: z.optional(z.string()),
  placeholder: z.optional(z.string()),
  rules: z.optional(z.union([z.string(), z.array(z.string()), z.record(z.string(), z.unknown())])),
  required: z.optional(z.boolean()),
  readonly: z.optional(z.boolean()),
  disabled: z.optional(z.boolean()),
  hint: z.optional(z.string()),
  help: z.optional(z.string()),
  tooltip: z.optional(z.string()),
  prepend: z.optional(z.string()),
  append: z.optional(z.string()),
  visible: z.optional(z.boolean()),
  featured: z.optional(z.boolean()),
  overridable: z.optional(z.boolean()),
  conceal: z.optional(z.boolean()),
  list: z.optional(z.boolean()),
  multiple: z.optional(z.boolean()),
  multiline: z.optional(z.boolean()),
  inputType: z.optional(z.string()),
  min: numberish,
  max: numberish,
  step: numberish,
  mask: z.optional(z.string()),
  options: z.optional(z.array(z.record(z.string(), z.unknown()))),
  valueKey: z.optional(z.string()),
  textKey: z.optional(z.string()),
  groupKey: z.optional(z.string()),
  taggable: z.optional(z.boolean()),
  taggableUrl: z.optional(z.string()),
  url: z.optional(z.string()),
  query: z.optional(z.string()),
  params: z.optional(z.record(z.string(), z.unknown())),
  conditions: z.optional(z.array(conditionSchema)),
  dateFormat: z.optional(z.string()),
  maskFormat: z.optional(z.string()),
  pickerOptions: z.optional(z.record(z.string(), z.unknown())),
  switch: z.optional(z.boolean()),
  checkedValue: z.optional(z.unknown()),
  uncheckedValue: z.optional(z.unknown()),
  cols: z.optional(z.number()),
  buttons: z.optional(z.array(buttonSchema)),
  item_label: z.optional(z.string()),
  no_content_text: z.optional(z.string()),
  allowMove: z.optional(z.boolean()),
  maxFiles: z.optional(z.number()),
  accept: z.optional(z.union([z.string(), z.array(z.string())])),
  maxSizeMb: z.optional(z.number()),
  deleteUrl: z.optional(z.string()),
  blockPaste: blockSchema,
  blockCopy: blockSchema,
  blockCut: blockSchema,
  content: z.optional(z.string()),
  get children() {
    return z.optional(z.array(fieldSchemaSchema));
  },
  get inputs() {
    return z.optional(z.array(fieldSchemaSchema));
  },
});

export const formSchemaSchema = z.looseObject({
  title: z.optional(z.string()),
  action: z.string(),
  params: z.optional(z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))),
  values: z.optional(z.record(z.string(), z.unknown())),
  buttons: z.optional(z.array(buttonSchema)),
  children: z.optional(z.array(fieldSchemaSchema)),
  inputs: z.optional(z.array(fieldSchemaSchema)),
});

export const pageMetaSchema = z.looseObject({
  current_page: z.number(),
  last_page: z.number(),
  per_page: z.number(),
  from: z.nullable(z.number()),
  to: z.nullable(z.number()),
  total: z.number(),
  filters: z.optional(z.array(fieldSchemaSchema)),
});

export const pagedResponseSchema = z.object({
  data: z.array(z.record(z.string(), z.unknown())),
  meta: pageMetaSchema,
});

/** A field's children: `children` first, `inputs` as the alternative spelling. */
export function childrenOf(field: { children?: FieldSchema[]; inputs?: FieldSchema[] }): FieldSchema[] {
  return field.children ?? field.inputs ?? [];
}
