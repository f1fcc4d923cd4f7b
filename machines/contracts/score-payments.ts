import * as z from 'zod/mini';
import { INCOME_FREQUENCIES } from '../domain/income.ts';
import { PAYMENT_FREQUENCIES } from '../domain/payment-frequency.ts';
import type { CostDisclosure } from '../domain/disclosures.ts';

// POST /api/v1/score/payments (seed 000 section 7): the payment calculator's call, debounced 1 s by the page.
// Amounts arrive as typed ('1,500', '1500.00' or 1500); machines/domain/payment-calculation.ts turns them into
// cents with `toPaymentCalculationInput`.

const required = 'validation.required';
const amount = z.union([
  z.number().check(z.minimum(0, 'calculator.amount.invalid')),
  z.string().check(z.trim(), z.regex(/^\$?\d[\d,]*(\.\d{0,2})?$|^\.\d{1,2}$/, 'calculator.amount.invalid')),
]);

/** Lower-case letters are accepted: the page's default option is written 'a' (seed 000 section 9). */
export const LEASE_OPTION_INPUTS = ['A', 'B', 'C', 'D', 'a', 'b', 'c', 'd'] as const;

export const scorePaymentsRequestSchema = z
  .object({
    modelVersion: z.optional(z.nullable(z.string())),
    leaseAmount: amount,
    option: z.enum(LEASE_OPTION_INPUTS, 'calculator.option.invalid'),
    paymentFrequency: z.enum(PAYMENT_FREQUENCIES, 'calculator.frequency.invalid'),
    /** The store's rating (17 shows express pay). */
    rating: z.optional(z.nullable(z.number())),
    /** The bureau score from the result; `decile` wins when both are sent. */
    score: z.optional(z.nullable(z.number())),
    decile: z.optional(z.nullable(z.int().check(z.minimum(1), z.maximum(10)))),
    additionalDown: z.optional(amount),
    incomeFrequency: z.enum(INCOME_FREQUENCIES, 'calculator.frequency.invalid'),
    companyState: z.string().check(z.trim(), z.regex(/^[A-Za-z]{2}$/, required)),
    zipCode: z.optional(z.nullable(z.string().check(z.regex(/^\d{5}$/, 'calculator.zip.invalid')))),
    application_id: z.optional(z.nullable(z.union([z.string(), z.number()]))),
    ocpIncluded: z.optional(z.boolean()),
  })
  .check(
    z.refine((body) => body.decile != null || body.score != null, {
      message: required,
      path: ['score'],
    }),
  );
export type ScorePaymentsRequest = z.infer<typeof scorePaymentsRequestSchema>;

/** `data` of the answer: amounts in dollars with two decimals, dates 'YYYY-MM-DD'. */
export const scorePaymentsResponseSchema = z.object({
  term: z.int(),
  paymentAmount: z.string(),
  firstPaymentDate: z.string(),
  express_pay_3_month_total: z.string(),
  express_pay_6_month_total: z.string(),
  express_pay_9_month_total: z.string(),
});
/** The answer also carries the cost disclosure of the choice (the calculator's disclosure table; issue: disclosures). */
export type ScorePaymentsResponse = z.infer<typeof scorePaymentsResponseSchema> & {
  disclosure?: CostDisclosure;
  /** The applicant's state's required disclosures (state rules as data), paragraphs. */
  state_disclosures?: string[];
};
