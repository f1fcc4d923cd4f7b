/** A select field or list filter as the server describes it, its options given as value: text (in that order). */
export function selectField(name: string, label: string, options: Record<string, string>) {
  return {
    type: 'select' as const,
    name,
    label,
    options: Object.entries(options).map(([value, text]) => ({ value, text })),
  };
}
