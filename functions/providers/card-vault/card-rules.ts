// The store's card flags applied to a tokenized card (seed 000 sections 5 and 8). Used by the sandbox vault when it
// tokenizes (a vault that validates the BIN refuses at once) and by the checkout service before it charges a token
// from any vault. Messages are the seed's exact texts.
import type { CardFacts, CardFlags } from './port.ts';

export const CARD_MESSAGES = {
  invalid: 'One or more values you entered are invalid: date, card number or CVV...',
  processing: 'An error occurred while processing your card. Please try again later.',
  tokenFailed: 'Error creating card token. Please try again.',
  prepaid: "Prepaid cards can't be used for payment at the moment!",
  creditOnlyDebit: "Credit cards can't be used for payment at the moment only debit cards are allowed!",
  debitOnlyCredit: "Debit cards can't be used for payment at the moment only credit cards are allowed!",
  none: "Credit/Debit cards can't be used for payment at the moment",
  foreign: "Foreign issued cards can't be used for payment at the moment!",
} as const;

/** Why the store refuses this card, or null when it may be charged. */
export function cardRefusal(card: Pick<CardFacts, 'funding' | 'country'>, flags: CardFlags): string | null {
  if (!flags.are_credit_cards_allowed && !flags.are_debit_cards_allowed) return CARD_MESSAGES.none;
  if (card.funding === 'prepaid' && !flags.is_prepaid_cards_allowed) return CARD_MESSAGES.prepaid;
  if (card.funding === 'credit' && !flags.are_credit_cards_allowed) return CARD_MESSAGES.creditOnlyDebit;
  if (card.funding === 'debit' && !flags.are_debit_cards_allowed) return CARD_MESSAGES.debitOnlyCredit;
  if (card.country.toUpperCase() !== 'US' && !flags.is_foreign_cards_allowed) return CARD_MESSAGES.foreign;
  return null;
}

/** The Luhn checksum every real card number passes. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}
