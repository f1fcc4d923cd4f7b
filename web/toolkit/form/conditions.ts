// Field conditions of seed 001 section 4: operators in, !in, ==, !=, >=, <=, <, >. A field is visible only when all
// of its conditions hold (and it is not marked `visible: false`).
import type { ConditionOperator, FieldCondition, FieldSchema } from '../../../machines/contracts/form-schema.ts';

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value);
}

function compare(value: unknown, other: unknown): number {
  const a = typeof value === 'number' ? value : Number(text(value));
  const b = typeof other === 'number' ? other : Number(text(other));
  if (text(value) !== '' && text(other) !== '' && !Number.isNaN(a) && !Number.isNaN(b)) return a - b;
  return text(value).localeCompare(text(other));
}

function isIn(value: unknown, values: unknown[]): boolean {
  const allowed = values.map(text);
  if (Array.isArray(value)) return value.some((item) => allowed.includes(text(item)));
  return allowed.includes(text(value));
}

/** Whether one condition holds for the referenced field's value. */
export function conditionHolds(operator: ConditionOperator, value: unknown, values: unknown[]): boolean {
  const first = values[0];
  switch (operator) {
    case 'in':
      return isIn(value, values);
    case '!in':
      return !isIn(value, values);
    case '==':
      return text(value) === text(first);
    case '!=':
      return text(value) !== text(first);
    case '>=':
      return text(value) !== '' && compare(value, first) >= 0;
    case '<=':
      return text(value) !== '' && compare(value, first) <= 0;
    case '>':
      return text(value) !== '' && compare(value, first) > 0;
    case '<':
      return text(value) !== '' && compare(value, first) < 0;
    default:
      return false;
  }
}

/** All conditions hold; `lookup(ref)` reads the referenced field's current value. */
export function conditionsHold(conditions: FieldCondition[] | undefined, lookup: (ref: string) => unknown): boolean {
  return (conditions ?? []).every((condition) =>
    conditionHolds(condition.operator, lookup(condition.ref), condition.values ?? []),
  );
}

export function isFieldVisible(field: FieldSchema, lookup: (ref: string) => unknown): boolean {
  if (field.visible === false) return false;
  return conditionsHold(field.conditions, lookup);
}
