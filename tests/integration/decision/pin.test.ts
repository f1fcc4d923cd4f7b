import { describe, expect, it } from 'vitest';
import { api } from '../../support/api.ts';
import { applicant, confirmPin, readPin, sendPin, submit, wrongCode } from './support.ts';

describe('PIN verification', () => {
  it('after 5 wrong PINs even the right one is refused and the generic denial (code G) is the result', async () => {
    const shopper = await applicant('option-a');
    expect((await sendPin(shopper)).status).toBe(200);
    const code = await readPin(shopper.body.applicant.email);
    for (let attempt = 1; attempt <= 4; attempt++) {
      const res = await confirmPin(shopper, wrongCode(code));
      expect(res.status).toBe(422);
      expect(res.body.message).toBe('PIN verification failed.');
      expect(res.body.data).toMatchObject({ maxed: false, attemptsLeft: 5 - attempt });
    }
    const fifth = await confirmPin(shopper, wrongCode(code));
    expect(fifth.status).toBe(422);
    expect(fifth.body.data.maxed).toBe(true);
    expect(fifth.body.data.result).toMatchObject({ code: 'G', score: 0, reason: 'PIN_ATTEMPTS_EXCEEDED' });

    const right = await confirmPin(shopper, code);
    expect(right.status).toBe(422);
    expect(right.body.data.maxed).toBe(true);

    // The generic denial is the application's result: submitting answers it, the application shows it.
    const submitted = await submit(shopper);
    expect(submitted.status).toBe(200);
    expect(submitted.body.data).toMatchObject({
      code: 'G',
      score: 0,
      offerAmounts: { A: '0.00', B: '0.00', C: '0.00', D: '0.00' },
    });
    expect(submitted.body.data.message.sub_title1).toContain(
      'Unfortunately, we were unable to approve you at this time.',
    );
    const app = await api('GET', '/apply-v2/application', { headers: shopper.headers });
    expect(app.body.data).toMatchObject({
      status: 'denied',
      verified: false,
      submitted: true,
      hasApprovedApplication: false,
    });
    expect(app.body.data.result.code).toBe('G');
    // No more PINs for a maxed-out application.
    expect((await sendPin(shopper)).body.data.maxed).toBe(true);
  });

  it('a code works once: reusing it fails', async () => {
    const shopper = await applicant('option-a');
    await sendPin(shopper);
    const code = await readPin(shopper.body.applicant.email);
    expect((await confirmPin(shopper, code)).status).toBe(200);
    const again = await confirmPin(shopper, code);
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('PIN verification failed.');
  });

  it('a resend replaces the code: the earlier one no longer works', async () => {
    const shopper = await applicant('option-a');
    await sendPin(shopper);
    const first = await readPin(shopper.body.applicant.email);
    await sendPin(shopper);
    const second = await readPin(shopper.body.applicant.email);
    if (first !== second) expect((await confirmPin(shopper, first)).status).toBe(422);
    expect((await confirmPin(shopper, second)).status).toBe(200);
  });

  it('sends at most 3 PINs per 15 minutes (then 429 with a clear message), in Spanish too', async () => {
    const shopper = await applicant('option-a');
    for (let i = 0; i < 3; i++) expect((await sendPin(shopper, i % 2 ? 'sms' : 'email')).status).toBe(200);
    const fourth = await sendPin(shopper);
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toBe('Too many PINs were requested. Please wait 15 minutes and try again.');
    const es = await api('POST', '/apply-v2/application/verify/send', {
      body: { uuid: shopper.uuid, mode: 'sms' },
      headers: { ...shopper.headers, 'x-lang': 'es' },
    });
    expect(es.status).toBe(429);
    expect(es.body.message).toBe('Se solicitaron demasiados PIN. Espere 15 minutos e inténtelo de nuevo.');
  });

  it('two concurrent confirmations of one code: exactly one succeeds', async () => {
    const shopper = await applicant('a-and-b');
    await sendPin(shopper);
    const code = await readPin(shopper.body.applicant.email);
    const answers = await Promise.all([
      confirmPin(shopper, code),
      confirmPin(shopper, code),
      confirmPin(shopper, code),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422, 422]);
  });

  it('refuses a malformed code (422), another store (403) and an application not bound to the session (404)', async () => {
    const shopper = await applicant('option-a');
    const malformed = await confirmPin(shopper, '12a45');
    expect(malformed.status).toBe(422);
    expect(Object.keys(malformed.body.errors ?? {})).toContain('code');
    expect((await confirmPin(shopper, '12345', { store_id: 'sto-express' })).status).toBe(403);
    const other = await applicant('option-a');
    expect((await confirmPin({ ...shopper, uuid: other.uuid }, '12345')).status).toBe(404);
    expect((await sendPin({ ...shopper, uuid: other.uuid })).status).toBe(404);
    // The edge reads the named application with the session; naming another's gets nothing of it.
    const foreignSubmit = await api('POST', '/apply-v2/application/confirm', {
      body: { uuid: other.uuid, submitted: true, terms_accepted: true },
      headers: shopper.headers,
    });
    expect(foreignSubmit.status).toBe(404);
    expect(JSON.stringify(foreignSubmit.body)).not.toContain(other.uuid);
    expect(
      (
        await api('POST', '/apply-v2/application/verify/send', {
          body: { uuid: shopper.uuid, mode: 'fax' },
          headers: shopper.headers,
        })
      ).status,
    ).toBe(422);
  });

  it('stores only a hash: the mailbox has the code, the API never shows it', async () => {
    const shopper = await applicant('option-a');
    const sent = await sendPin(shopper);
    const code = await readPin(shopper.body.applicant.email);
    expect(JSON.stringify(sent.body)).not.toContain(code);
    const app = await api('GET', '/apply-v2/application', { headers: shopper.headers });
    expect(JSON.stringify(app.body)).not.toContain(code);
  });
});
