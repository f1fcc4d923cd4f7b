// Validation rules of seed 001 section 5, with their exact messages; {_field_} (and {field}) become the label.
// Rules come from the schema as 'required|number|regex:^a+$', an array, or an object { rule: argument }.
import type { FieldRules, FieldSchema } from '../../../machines/contracts/form-schema.ts';
import { isPhoneNumber } from '../../../machines/domain/phone.ts';
import type { Translate } from '../i18n.ts';
import { dateAllowed, isValidDate, type DateLimits } from './dates.ts';
import { isEmptyValue } from './path.ts';

export const MAX_FILE_SIZE_MB = 9;

export interface ParsedRule {
  name: string;
  arg?: string;
}

export interface RuleContext {
  label: string;
  field?: FieldSchema;
  /** Reads another field's value (for `matches`). */
  lookup: (ref: string) => unknown;
  t: Translate;
}

interface RuleDefinition {
  /** Whether the (non-empty) value passes. */
  test: (value: unknown, arg: string | undefined, ctx: RuleContext) => boolean;
  message: (arg: string | undefined, ctx: RuleContext) => string;
}

const fieldParams = (ctx: RuleContext) => ({ _field_: ctx.label, field: ctx.label });

const NUMBER = /^[0-9.-]+$/;
const ALPHA_NUM = /^\w+$/;
const URL_PATTERN =
  /^(https?:\/\/)?(localhost|(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63})(:\d{1,5})?([/?#]\S*)?$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

function toRegExp(arg: string | undefined): RegExp | undefined {
  if (!arg) return undefined;
  const literal = /^\/(.*)\/([gimsuy]*)$/.exec(arg);
  try {
    return literal ? new RegExp(literal[1] ?? '', (literal[2] ?? '').replace('g', '')) : new RegExp(arg);
  } catch {
    return undefined;
  }
}

const pass = (): boolean => true;
const dateMessage = (_arg: string | undefined, ctx: RuleContext) => ctx.t('toolkit.rule.date', fieldParams(ctx));
const numberRule: RuleDefinition = {
  test: (value) => NUMBER.test(String(value)),
  message: (_arg, ctx) => ctx.t('toolkit.rule.number', fieldParams(ctx)),
};
const phoneRule: RuleDefinition = {
  // Shared with the server's rule: a stored '(404) 555-0140' is the number the mask shows, so it passes.
  test: (value) => isPhoneNumber(String(value)),
  message: (_arg, ctx) => ctx.t('toolkit.rule.phone', fieldParams(ctx)),
};
const alphaNumRule: RuleDefinition = {
  test: (value) => ALPHA_NUM.test(String(value)),
  message: (_arg, ctx) => ctx.t('toolkit.rule.alphaNum', fieldParams(ctx)),
};
const dateRule: RuleDefinition = { test: (value) => isValidDate(String(value)), message: dateMessage };
const serverOnly: RuleDefinition = { test: pass, message: () => '' };

const RULES: Record<string, RuleDefinition> = {
  required: { test: pass, message: (_arg, ctx) => ctx.t('toolkit.rule.required') },
  number: numberRule,
  numeric: numberRule,
  phone: phoneRule,
  telephone: phoneRule,
  alpha_num: alphaNumRule,
  alpha_numeric: alphaNumRule,
  alphanumeric: alphaNumRule,
  url: {
    test: (value) => URL_PATTERN.test(String(value).trim()),
    message: (_arg, ctx) => ctx.t('toolkit.rule.url', { ...fieldParams(ctx), host: 'https://' }),
  },
  regex: {
    test: (value, arg) => toRegExp(arg)?.test(String(value)) ?? true,
    message: (_arg, ctx) => ctx.t('toolkit.rule.regex', fieldParams(ctx)),
  },
  date: dateRule,
  valid_date: dateRule,
  date_format: dateRule,
  /** The field's calendar limits (min/max date, allowed weekdays, list of valid dates). */
  date_allowed: {
    test: (value, _arg, ctx) => {
      const limits = limitsOf(ctx.field);
      return !limits || dateAllowed(String(value).slice(0, 10), limits);
    },
    message: dateMessage,
  },
  in: {
    test: (value, arg) => {
      const allowed = (arg ?? '').split(',').map((v) => v.trim());
      return Array.isArray(value) ? value.every((v) => allowed.includes(String(v))) : allowed.includes(String(value));
    },
    message: (_arg, ctx) => ctx.t('toolkit.rule.in', fieldParams(ctx)),
  },
  matches: {
    test: (value, arg, ctx) => (arg ? String(value) === String(ctx.lookup(arg) ?? '') : true),
    message: (_arg, ctx) => ctx.t('toolkit.rule.matches', fieldParams(ctx)),
  },
  email: {
    test: (value) => EMAIL.test(String(value).trim()),
    message: (_arg, ctx) => ctx.t('toolkit.rule.email', fieldParams(ctx)),
  },
  min_value: {
    test: (value, arg) => arg === undefined || Number(value) >= Number(arg),
    message: (arg, ctx) => ctx.t('toolkit.rule.min', { ...fieldParams(ctx), min: arg ?? '' }),
  },
  max_value: {
    test: (value, arg) => arg === undefined || Number(value) <= Number(arg),
    message: (arg, ctx) => ctx.t('toolkit.rule.max', { ...fieldParams(ctx), max: arg ?? '' }),
  },
  /** Files (Blob or an array of them) under the size in MB (default 9). */
  max_size: {
    test: (value, arg) => {
      const files = (Array.isArray(value) ? value : [value]).filter(
        (v): v is Blob => typeof Blob !== 'undefined' && v instanceof Blob,
      );
      return files.every((file) => fileSizeOk(file, Number(arg ?? MAX_FILE_SIZE_MB)));
    },
    message: (arg, ctx) => ctx.t('toolkit.rule.fileSize', { size: arg ?? MAX_FILE_SIZE_MB }),
  },
  // Registered by name in seed 001; their checks run on the server.
  exists: serverOnly,
  file_exists: serverOnly,
  nullable: serverOnly,
  unique: serverOnly,
  username: serverOnly,
};

/** Adds or replaces a rule (screens can register their own). */
export function registerRule(name: string, definition: RuleDefinition): void {
  RULES[name] = definition;
}

export function hasRule(name: string): boolean {
  return name in RULES;
}

export function fileSizeOk(file: Blob, maxMb: number = MAX_FILE_SIZE_MB): boolean {
  return file.size < maxMb * 1024 * 1024;
}

function limitsOf(field: FieldSchema | undefined): DateLimits | undefined {
  if (!field) return undefined;
  const picker = field.pickerOptions ?? {};
  const limits: DateLimits = {
    minDate: picker.minDate ?? (typeof field.min === 'string' ? field.min : undefined),
    maxDate: picker.maxDate ?? (typeof field.max === 'string' ? field.max : undefined),
    weekdays: picker.weekdays,
    dates: picker.dates,
  };
  return limits.minDate || limits.maxDate || limits.weekdays?.length || limits.dates?.length ? limits : undefined;
}

export function parseRules(rules: FieldRules | undefined): ParsedRule[] {
  if (!rules) return [];
  if (typeof rules === 'string' || Array.isArray(rules)) {
    const list = typeof rules === 'string' ? rules.split('|') : rules;
    return list
      .map((rule) => rule.trim())
      .filter(Boolean)
      .map((rule) => {
        const colon = rule.indexOf(':');
        return colon === -1 ? { name: rule } : { name: rule.slice(0, colon), arg: rule.slice(colon + 1) };
      });
  }
  return Object.entries(rules)
    .filter(([, arg]) => arg !== false && arg !== null && arg !== undefined)
    .map(([name, arg]) => (arg === true ? { name } : { name, arg: Array.isArray(arg) ? arg.join(',') : String(arg) }));
}

/** A field's rules: its own, `required`, and those implied by its type (email, url, tel, number, date). */
export function rulesFor(field: FieldSchema): ParsedRule[] {
  const rules = parseRules(field.rules);
  const names = new Set(rules.map((rule) => rule.name));
  const add = (rule: ParsedRule) => {
    if (!names.has(rule.name)) {
      rules.push(rule);
      names.add(rule.name);
    }
  };
  if (field.required) add({ name: 'required' });
  const type = field.type === 'input' ? (field.inputType ?? 'text') : field.type;
  if (type === 'email') add({ name: 'email' });
  if (type === 'url') add({ name: 'url' });
  if (type === 'tel' && !names.has('telephone')) add({ name: 'phone' });
  if (type === 'number') {
    if (!names.has('numeric')) add({ name: 'number' });
    if (field.min !== undefined && field.min !== '') add({ name: 'min_value', arg: String(field.min) });
    if (field.max !== undefined && field.max !== '') add({ name: 'max_value', arg: String(field.max) });
  }
  if (type === 'date') {
    if (!names.has('valid_date') && !names.has('date_format')) add({ name: 'date' });
    add({ name: 'date_allowed' });
  }
  // Required goes first so an empty field reports 'This field is required!'.
  return rules.sort((a, b) => Number(b.name === 'required') - Number(a.name === 'required'));
}

/** The first failing rule's message, or undefined when the value passes. Empty values only fail `required`. */
export function validateValue(value: unknown, rules: ParsedRule[], ctx: RuleContext): string | undefined {
  const checkboxEmpty =
    ctx.field?.type === 'checkbox' && (value === false || value === (ctx.field.uncheckedValue ?? false));
  const empty = isEmptyValue(value) || checkboxEmpty;
  for (const rule of rules) {
    const definition = RULES[rule.name];
    if (!definition) continue;
    if (rule.name === 'required') {
      if (empty) return definition.message(rule.arg, ctx);
      continue;
    }
    if (empty) continue;
    if (!definition.test(value, rule.arg, ctx)) return definition.message(rule.arg, ctx);
  }
  return undefined;
}

/** Validates a field's value with its rules; the label fills {_field_}. */
export function validateField(
  field: FieldSchema,
  value: unknown,
  lookup: (ref: string) => unknown,
  t: Translate,
): string | undefined {
  const label = field.label ?? field.name ?? t('toolkit.field.fallbackLabel');
  return validateValue(value, rulesFor(field), { label, field, lookup, t });
}
