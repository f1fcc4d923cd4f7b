import { consentTexts } from '../../../machines/i18n/disclosures.ts';
import { useI18n } from '../../lib/i18n.tsx';

// The consent texts (ESIGN on the confirm screen, the PIN message's consent on the PIN screen), bundled with the
// screens that show them: the server records the same catalogue text (and its version) when the shopper acts.

export function useConsentText(): (key: 'consent.esign.text' | 'consent.pin.sms' | 'consent.pin.email') => string {
  const { lang } = useI18n();
  return (key) => consentTexts[lang][key] ?? consentTexts.en[key] ?? key;
}
