// Dotted names ('contacts.0.email') into nested values, without mutation.

export function joinName(scope: string, name: string | undefined): string {
  if (!name) return scope;
  return scope ? `${scope}.${name}` : name;
}

export function getIn(source: unknown, path: string): unknown {
  if (!path) return source;
  let current: unknown = source;
  for (const key of path.split('.')) {
    if (current === null || current === undefined || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

export function setIn<T>(source: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.');
  if (head === undefined || head === '') return value as T;
  const isIndex = /^\d+$/.test(head);
  const container: Record<string, unknown> | unknown[] =
    source !== null && typeof source === 'object'
      ? Array.isArray(source)
        ? [...source]
        : { ...(source as Record<string, unknown>) }
      : isIndex
        ? []
        : {};
  const key = isIndex && Array.isArray(container) ? Number(head) : head;
  const child = (container as Record<string | number, unknown>)[key];
  (container as Record<string | number, unknown>)[key] = rest.length ? setIn(child, rest.join('.'), value) : value;
  return container as T;
}

/** A DOM id for a dotted name inside a form. */
export function domId(formId: string, name: string): string {
  return `${formId}-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

export function isEmptyValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}
