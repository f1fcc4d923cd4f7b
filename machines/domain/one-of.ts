// The type guard of a fixed list of names (an `as const` list): whether a value from outside (a route parameter, a
// stored code, a request field) is one of them.
export const isOneOf =
  <T extends string>(names: readonly T[]) =>
  (value: unknown): value is T =>
    typeof value === 'string' && (names as readonly string[]).includes(value);
