import { calculator } from '../../../machines/i18n/calculator.ts';
import { decision } from '../../../machines/i18n/decision.ts';
import { flows } from '../../../machines/i18n/flows.ts';
import type { MessageArea } from '../../../machines/i18n/types.ts';
import { useBundledT } from '../../lib/i18n.tsx';

// The texts of the verification, welcome, result, calculator and checkpoint screens are bundled with these lazily
// loaded screens (flows, decision and calculator areas), so they never flash keys while POST /system/translation
// is on its way; other keys go through the shell's translator.

const OWN: MessageArea = {
  en: { ...flows.en, ...decision.en, ...calculator.en },
  es: { ...flows.es, ...decision.es, ...calculator.es },
};

export const useDecisionT = () => useBundledT(OWN);
