import { useCallback } from 'react';
import { FIELD_LABELS } from '../../../machines/domain/application-messages.ts';
import { application } from '../../../machines/i18n/application.ts';
import type { Lang } from '../../../machines/i18n/types.ts';
import { useBundledT, type Translate } from '../../lib/i18n.tsx';

// The application area's texts are bundled with this (lazily loaded) feature, so the form never flashes keys while
// POST /system/translation is on its way; other keys go through the shell's translator.

export function useAppT(): { t: Translate; lang: Lang; tError: (message: string) => string } {
  const { t, lang } = useBundledT(application);
  const tError = useCallback((message: string) => translateError(message, lang, t), [lang, t]);
  return { t, lang, tError };
}

// English message texts (the schemas' exact seed texts) -> their catalogue keys.
const BY_TEXT: Record<string, string> = Object.fromEntries(
  Object.entries(application.en)
    .filter(
      ([key]) =>
        key.startsWith('application.error.') || key === 'application.hvac.allYes' || key === 'application.saveFailed',
    )
    .map(([key, text]) => [text, key]),
);

const LABEL_KEYS: Record<string, string> = Object.fromEntries(
  Object.entries(FIELD_LABELS).map(([field, label]) => [label, `application.field.${field}`]),
);

const label = (english: string, t: Translate) => {
  const key = LABEL_KEYS[english];
  return key ? t(key) : english;
};

/** A message from the schemas or the server in the shopper's language (unknown texts pass through). */
export function translateError(message: string, lang: Lang, t: Translate): string {
  const key = BY_TEXT[message];
  if (key) return t(key);
  if (lang === 'en') return t(message);
  let m = /^Income must be over (\$[\d.,]+) per month$/.exec(message);
  if (m) return t('application.error.minimumIncome', { min: m[1]! });
  m = /^The (.+) value must be valid\.$/.exec(message);
  if (m) return t('application.error.invalid', { _field_: label(m[1]!, t) });
  m = /^The (.+) value must be a phone number\.$/.exec(message);
  if (m) return t('application.error.phone', { _field_: label(m[1]!, t) });
  m = /^The (.+) may not be greater than (\d+) characters\.$/.exec(message);
  if (m) return t('application.error.tooLong', { _field_: label(m[1]!, t), max: m[2]! });
  return t(message);
}
