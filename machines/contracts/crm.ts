import * as z from 'zod/mini';
import { PAYMENT_FREQUENCIES } from '../domain/payment-frequency.ts';
import { LEASE_OPTIONS } from '../domain/scoring-settings.ts';

// Issue 12 contracts: the staff Payment Calculator and the mobile client API.

/** POST /staff/api/payment-calculator: any amount, option and frequency, priced with the shopper calculator's rules. */
export const staffCalculatorRequest = z.object({
  amount: z.union([
    z
      .number('crm.calculator.amount')
      .check(z.gte(0, 'crm.calculator.amount'), z.lte(1_000_000, 'crm.calculator.amount')),
    z
      .string('crm.calculator.amount')
      .check(z.trim(), z.regex(/^\$?\d[\d,]{0,9}(\.\d{0,2})?$/, 'crm.calculator.amount')),
  ]),
  option: z.enum(LEASE_OPTIONS, 'crm.calculator.option'),
  frequency: z.enum(PAYMENT_FREQUENCIES, 'crm.calculator.frequency'),
  decile: z.optional(
    z.nullable(
      z.int('crm.calculator.decile').check(z.gte(1, 'crm.calculator.decile'), z.lte(10, 'crm.calculator.decile')),
    ),
  ),
  state: z.optional(
    z.nullable(z.string('staff.validation.state').check(z.regex(/^[A-Za-z]{2}$/, 'staff.validation.state'))),
  ),
  ocp: z.optional(z.nullable(z.boolean('staff.validation.boolean'))),
});
export type StaffCalculatorRequest = z.infer<typeof staffCalculatorRequest>;

export interface StaffCalculatorResult {
  lease_amount: string;
  term: number;
  num_payments: number;
  payment_amount: string;
  first_payment_date: string;
  express_pay_3_month_total: string;
  express_pay_6_month_total: string;
  express_pay_9_month_total: string;
  disclosure: unknown;
}

/** GET /mobile/v1/notifications: what the app shows a device of a retailer or store (public; see docs/decisions.md). */
export const mobileNotificationsQuery = z.object({
  retailer: z.optional(z.string().check(z.regex(/^[\w-]{1,100}$/, 'crm.validation.retailerParam'))),
  store: z.optional(z.string().check(z.regex(/^[\w-]{1,100}$/, 'crm.validation.storeParam'))),
  limit: z.optional(z.string().check(z.regex(/^\d{1,2}$/, 'staff.validation.limit'))),
});

export interface MobileNotification {
  id: string;
  title: string;
  body: string;
  sent_at: string;
}

export interface MobileSlide {
  id: string;
  title: string;
  body: string;
  image_id: string | null;
  image_url: string | null;
  position: number;
}
