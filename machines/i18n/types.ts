export type Lang = 'en' | 'es';
export const LANGS: readonly Lang[] = ['en', 'es'];

/** One area's messages in both languages; every key of `en` must exist in `es` (a unit test checks). */
export interface MessageArea {
  en: Record<string, string>;
  es: Record<string, string>;
}
