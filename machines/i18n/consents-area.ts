import { consentStaffTexts } from './consents-staff.ts';
import { consentTexts, disclosureTexts } from './disclosures.ts';
import type { MessageArea } from './types.ts';

// The catalogue area of the disclosures and the consent record (registered in machines/i18n/areas.ts): the shopper
// texts (disclosures.ts) and the staff labels (consents-staff.ts), joined here so shopper chunks import only theirs.
export const consentsArea: MessageArea = {
  en: { ...disclosureTexts.en, ...consentTexts.en, ...consentStaffTexts.en },
  es: { ...disclosureTexts.es, ...consentTexts.es, ...consentStaffTexts.es },
};
