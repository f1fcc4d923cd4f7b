import { formatCents } from '../../../machines/domain/money.ts';
import { formatDate } from '../../lib/format.ts';

// Display of the API's integer cents and ISO dates on the account pages.

export const money = (cents: number): string => formatCents(cents);

/** `YYYY-MM-DD` (a lender day) or an ISO instant, as MM/DD/YYYY. */
export const day = (value: string | null | undefined): string => formatDate(value ?? '');

/** The lender day of an ISO instant or day, for date inputs (`YYYY-MM-DD`). */
export const isoDay = (value: string): string => value.slice(0, 10);
