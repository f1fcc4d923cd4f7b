// The sandbox vault's test cards: Stripe's published test numbers (all pass Luhn), with the outcome each produces.
// Any other Luhn-valid number is a US credit card of the brand its prefix says and is charged successfully.
// Expiry: any future month; CVC: any 3 digits (4 for American Express).
import type { CardBrand, CardFunding } from './port.ts';

export type TestCardOutcome =
  | { kind: 'success' }
  | { kind: 'decline'; declineCode: string; message: string }
  | { kind: 'error'; code: string; message: string };

export interface TestCard {
  number: string;
  brand: CardBrand;
  funding: CardFunding;
  country: string;
  outcome: TestCardOutcome;
  /** What a tester picks it for. */
  purpose: string;
}

const ok = { kind: 'success' } as const;

export const TEST_CARDS: readonly TestCard[] = [
  {
    number: '4242424242424242',
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    outcome: ok,
    purpose: 'Success (Visa credit)',
  },
  {
    number: '5555555555554444',
    brand: 'mastercard',
    funding: 'credit',
    country: 'US',
    outcome: ok,
    purpose: 'Success (Mastercard credit)',
  },
  {
    number: '4000056655665556',
    brand: 'visa',
    funding: 'debit',
    country: 'US',
    outcome: ok,
    purpose: 'Success (Visa debit)',
  },
  {
    number: '5105105105105100',
    brand: 'mastercard',
    funding: 'prepaid',
    country: 'US',
    outcome: ok,
    purpose: 'Prepaid (Mastercard prepaid)',
  },
  {
    number: '4000000760000002',
    brand: 'visa',
    funding: 'credit',
    country: 'BR',
    outcome: ok,
    purpose: 'Foreign-issued (Brazil, Visa credit)',
  },
  {
    number: '378282246310005',
    brand: 'amex',
    funding: 'credit',
    country: 'US',
    outcome: ok,
    purpose: 'Success (American Express)',
  },
  {
    number: '4000000000000002',
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    outcome: { kind: 'decline', declineCode: 'generic_decline', message: 'Your card was declined.' },
    purpose: 'Declined (generic)',
  },
  {
    number: '4000000000009995',
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    outcome: { kind: 'decline', declineCode: 'insufficient_funds', message: 'Your card has insufficient funds.' },
    purpose: 'Declined (insufficient funds)',
  },
  {
    number: '4000000000000069',
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    outcome: { kind: 'decline', declineCode: 'expired_card', message: 'Your card has expired.' },
    purpose: 'Declined (expired card)',
  },
  {
    number: '4000000000000127',
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    outcome: { kind: 'decline', declineCode: 'incorrect_cvc', message: "Your card's security code is incorrect." },
    purpose: 'Declined (incorrect CVC)',
  },
  {
    number: '4000000000000341',
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    outcome: { kind: 'decline', declineCode: 'card_declined', message: 'Your card was declined.' },
    purpose: 'Attaches (saved for autopay), then declines on every charge',
  },
  {
    number: '4000000000000119',
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    outcome: {
      kind: 'error',
      code: 'processing_error',
      message: 'An error occurred while processing your card. Try again in a little bit.',
    },
    purpose: 'Processing error',
  },
];

const byNumber = new Map(TEST_CARDS.map((c) => [c.number, c]));

export function brandOf(number: string): CardBrand {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(number)) return 'discover';
  if (/^3(0[0-5]|[68])/.test(number)) return 'diners';
  if (/^35(2[89]|[3-8])/.test(number)) return 'jcb';
  if (/^62/.test(number)) return 'unionpay';
  return 'unknown';
}

/** The sandbox's card for a (Luhn-valid) number: a listed test card, else a successful US credit card. */
export function testCardFor(number: string): TestCard {
  return (
    byNumber.get(number) ?? {
      number,
      brand: brandOf(number),
      funding: 'credit',
      country: 'US',
      outcome: ok,
      purpose: 'Success',
    }
  );
}
