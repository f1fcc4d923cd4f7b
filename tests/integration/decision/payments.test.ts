import { describe, expect, it } from 'vitest';
import { addDays } from '../../../machines/domain/payment-frequency.ts';
import { lenderToday } from '../../../functions/services/store-rules.ts';
import { api } from '../../support/api.ts';
import { applicant, decided } from './support.ts';

const quote = (headers: Record<string, string>, body: Record<string, unknown>) =>
  api('POST', '/api/v1/score/payments', {
    body: {
      modelVersion: null,
      rating: 15,
      score: 640,
      additionalDown: 0,
      incomeFrequency: 'bi-weekly',
      companyState: 'OH',
      zipCode: '43215',
      ...body,
    },
    headers,
  });

describe('POST /api/v1/score/payments', () => {
  it('prices a $1,000 option A lease on 28-day payments to the cent (a-and-b: decile 6, Ohio, no state cap)', async () => {
    const { shopper, result } = await decided('a-and-b');
    expect(result.offerAmounts).toMatchObject({ A: '4000.00', B: '3600.00' });
    const res = await quote(shopper.headers, {
      leaseAmount: '1,000',
      option: 'a',
      paymentFrequency: '28-day',
      application_id: shopper.uuid,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // $1,000 leases 12 months only (18 from $1,500). Decile 6 at 12 months: 1.86x -> total $1,860.00.
    // 12 months of 28-day payments = ceil(12 x 13 / 12) = 13 payments: 186,000 / 13 = 14,307.69 -> $143.08.
    // Total of payments 14,308 x 13 = $1,860.04. EPO window 90 days (sac_days 90), EPO fee $25.00, after it 60%.
    //  3 months: 1 prepaid + floor(3 x 13 / 12) = 4 paid = $572.32; inside 90 days: 1,000 + 25 - 572.32 = $452.68
    //            -> total $1,025.00
    //  6 months: 1 + 6 = 7 paid = $1,001.56; remaining 1,860.04 - 1,001.56 = 858.48 x 60% = $515.09 -> $1,516.65
    //  9 months: 1 + 9 = 10 paid = $1,430.80; remaining 429.24 x 60% = $257.54 -> $1,688.34
    expect(res.body.data).toMatchObject({
      term: 12,
      paymentAmount: '143.08',
      firstPaymentDate: addDays(lenderToday(new Date()), 28),
      express_pay_3_month_total: '1025.00',
      express_pay_6_month_total: '1516.65',
      express_pay_9_month_total: '1688.34',
    });

    // OCP adds $2.99 a week: 4 weeks = $11.96 per 28-day payment.
    const ocp = await quote(shopper.headers, {
      leaseAmount: 1000,
      option: 'A',
      paymentFrequency: '28-day',
      ocpIncluded: true,
    });
    expect(ocp.body.data.paymentAmount).toBe('155.04');
  });

  it('prices from the stored decision, not from the score the page sends', async () => {
    const { shopper } = await decided('a-and-b');
    const honest = await quote(shopper.headers, { leaseAmount: '1000', option: 'A', paymentFrequency: '28-day' });
    const forged = await quote(shopper.headers, {
      leaseAmount: '1000',
      option: 'A',
      paymentFrequency: '28-day',
      score: 850,
      decile: 10,
    });
    expect(forged.body.data).toEqual(honest.body.data);
  });

  it('refuses amounts above the option offer, options not offered, frequencies the income does not allow', async () => {
    const { shopper } = await decided('a-and-b');
    const over = await quote(shopper.headers, { leaseAmount: '4,000.01', option: 'A', paymentFrequency: '28-day' });
    expect(over.status).toBe(422);
    expect(over.body.errors?.leaseAmount).toEqual(['Maximum allowed lease for the chosen option is $4000']);
    const c = await quote(shopper.headers, { leaseAmount: '1000', option: 'C', paymentFrequency: '28-day' });
    expect(c.status).toBe(422);
    expect(c.body.errors?.option).toEqual(['This option is not offered for your application.']);
    const monthly = await quote(shopper.headers, { leaseAmount: '1000', option: 'A', paymentFrequency: 'monthly' });
    expect(monthly.status).toBe(422);
    expect(Object.keys(monthly.body.errors ?? {})).toContain('paymentFrequency');
  });

  it('raises an amount below the minimum to the $300 minimum before calculating', async () => {
    const { shopper } = await decided('a-and-b');
    const low = await quote(shopper.headers, { leaseAmount: '100', option: 'A', paymentFrequency: '14-day' });
    const min = await quote(shopper.headers, { leaseAmount: '300', option: 'A', paymentFrequency: '14-day' });
    expect(low.status).toBe(200);
    expect(low.body.data).toEqual(min.body.data);
  });

  it('is only for an approved application (409 before the decision)', async () => {
    const shopper = await applicant('a-and-b');
    const res = await quote(shopper.headers, { leaseAmount: '1000', option: 'A', paymentFrequency: '28-day' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('The payment calculator is available once the application is approved.');
  });
});
