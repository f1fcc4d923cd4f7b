import * as z from 'zod/mini';
import type { ReportColumn, ReportName, ReportRow } from '../domain/reports.ts';

// GET /staff/api/reports/{report}?from=&to=&group=&by=&format=json|csv|xlsx (issue 11 part 4). The query's shape is
// checked here (422 per field); from <= to and the longest range are checked by the service.
const day = z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'staff.reports.invalid.date')));

export const reportQuery = z.object({
  from: day,
  to: day,
  group: z.optional(z.enum(['day', 'week', 'month'], 'staff.reports.invalid.group')),
  by: z.optional(z.enum(['all', 'store', 'retailer'], 'staff.reports.invalid.by')),
  format: z.optional(z.enum(['json', 'csv', 'xlsx'], 'staff.reports.invalid.format')),
  lang: z.optional(z.string().check(z.maxLength(5))),
});
export type ReportQuery = z.infer<typeof reportQuery>;

/** The JSON answer: `data` is the rows (each with an `id`), `meta` describes them. */
export interface ReportMeta {
  report: ReportName;
  title: string;
  from: string;
  to: string;
  group: 'day' | 'week' | 'month';
  by: 'all' | 'store' | 'retailer';
  columns: (ReportColumn & { text: string })[];
  /** Texts to show above the table (the high first-payment-default alert, the definition). */
  notes: string[];
  alert: string | null;
}
export interface ReportAnswer {
  data: ReportRow[];
  meta: ReportMeta;
}

/** GET /staff/api/dashboard/servicing (issue 23): the servicing day on the lender's date, for the dashboard. */
export interface ServicingDayView {
  date: string;
  /** Installments (and retries) due today; null for a user who sees only some stores (not kept per store). */
  due: { count: number; amount: string } | null;
  collected: { count: number; amount: string };
  failed: number;
  queues: { bucket: string; count: number }[];
  /** ACH return rates over the last 60 days at or near NACHA's thresholds, worst first, as texts to show. */
  ach_alerts: { measure: string; level: 'near' | 'over'; rate: number; threshold: number; text: string }[];
}
