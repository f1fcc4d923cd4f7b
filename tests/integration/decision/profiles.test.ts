import { describe, expect, it } from 'vitest';
import { api } from '../../support/api.ts';
import { applicant, decided, readPin, sendPin, confirmPin, submit } from './support.ts';

// Every Fill profile reaches its outcome end to end: initiate, Fill, save, send the PIN, read it from the sandbox
// mailbox, confirm it, submit. The expected offers follow from the default scoring settings (see
// tests/unit/domain/decision.test.ts for the arithmetic).

const offered = (offerAmounts: Record<string, string>) =>
  Object.keys(offerAmounts).filter((k) => offerAmounts[k] !== '0.00');

describe('Fill profiles end to end', () => {
  it('option-a at main-street: approved for option A only', async () => {
    const { result } = await decided('option-a');
    expect(result.code).toBe('A');
    expect(offered(result.offerAmounts)).toEqual(['A']);
    expect(result.score).toBe(760);
    expect(result.message.options.map((o: { option: string }) => o.option)).toEqual(['A']);
  });

  it('a-max at main-street: option A at the $8,000 merchandise cap', async () => {
    const { result } = await decided('a-max');
    expect(result.code).toBe('A');
    expect(result.offerAmounts).toEqual({ A: '8000.00', B: '0.00', C: '0.00', D: '0.00' });
    expect(result.message.sub_title1).toBe('You are approved for up to $8,000.00.');
    // At the cap the payroll check cannot raise the offer.
    expect(result.payroll).toEqual({ is_eligible: false, type: 'async' });
  });

  it('option-b at main-street: option B only ($49.95 to start)', async () => {
    const { result } = await decided('option-b');
    expect(result.code).toBe('A');
    expect(offered(result.offerAmounts)).toEqual(['B']);
    expect(result.message.options[0].note).toBe('Start with a $49.95 initial payment');
  });

  it('a-and-b at main-street: options A and B', async () => {
    const { result } = await decided('a-and-b');
    expect(result.code).toBe('A');
    expect(offered(result.offerAmounts)).toEqual(['A', 'B']);
    expect(Number(result.offerAmounts.B)).toBeLessThan(Number(result.offerAmounts.A));
  });

  it('option-c at express (option C enabled): options A and C', async () => {
    const { result } = await decided('option-c', 'express');
    expect(result.code).toBe('A');
    expect(offered(result.offerAmounts)).toEqual(['A', 'C']);
  });

  it('denied-no-score: denied NO_SCORE, with the brand phone and no offers', async () => {
    const { result } = await decided('denied-no-score');
    expect(result).toMatchObject({
      code: 'D',
      reason: 'NO_SCORE',
      score: 0,
      offerAmounts: { A: '0.00', B: '0.00', C: '0.00', D: '0.00' },
    });
    expect(result.message.sub_title1).toBe(
      'Unfortunately, we were unable to approve you at this time. Please contact (800) 555-0142, if you have any questions regarding your application.',
    );
  });

  it('denied-with-score: denied SCORE_TOO_LOW', async () => {
    const { result } = await decided('denied-with-score');
    expect(result).toMatchObject({ code: 'D', reason: 'SCORE_TOO_LOW', score: 420 });
  });

  it('the HVAC store (second brand) approves option-a with its own phone in the result', async () => {
    const { result } = await decided('option-a', 'hvac-central', 'demo-comfort');
    expect(result.code).toBe('A');
    expect(result.message.sub_title4).toBe('Questions? Call (888) 555-0178.');
  });

  it('reads the PIN by SMS too (sent to the applicant\u2019s cell, naming the brand)', async () => {
    const shopper = await applicant('option-a');
    const sent = await sendPin(shopper, 'sms');
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe('PIN has been sent to you for verification.');
    const messages = await api('GET', '/sandbox/messages');
    const sms = messages.body.data.find(
      (m: { to: string; purpose: string }) => m.to === shopper.body.applicant.cell && m.purpose === 'pin',
    );
    expect(sms.channel).toBe('sms');
    expect(sms.body).toContain('Keystone Lease-to-Own');
    const confirmed = await confirmPin(shopper, await readPin(shopper.body.applicant.cell));
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.message).toBe('PIN verification successful.');
    expect((await submit(shopper)).body.data.code).toBe('A');
  });
});
