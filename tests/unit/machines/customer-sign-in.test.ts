// The lessee's sign-in machine (machines/customer-sign-in): the address is checked before a code is asked for; the
// code step waits out the resend pause the server gives; a wrong code keeps the lessee on the code step with the
// server's words; an expired code (10 minutes after it was sent) is refused without a call; a spent code lifts the
// pause; the body sent for a phone or an e-mail.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  addressError,
  codeRequestBody,
  customerSignInMachine,
  RESEND_PAUSE_MS,
} from '../../../machines/customer-sign-in/customer-sign-in.machine.ts';
import { translate } from '../../../machines/i18n/catalogue.ts';
import { PIN_TTL_MS } from '../../../machines/pin/pin-rules.ts';

const rejection = (code: number, message: string) => Object.assign(new Error(message), { code });

function start(options: { request?: () => Promise<unknown>; verify?: (code: string) => Promise<unknown> } = {}) {
  const requests: unknown[] = [];
  const machine = customerSignInMachine.provide({
    actors: {
      requestCode: fromPromise(async ({ input }) => {
        requests.push(input);
        return options.request ? options.request() : { channel: 'sms', expires_in: 600, resend_in: 45 };
      }),
      verifyCode: fromPromise(async ({ input }) => (options.verify ? options.verify(input.code) : { ok: true })),
    },
  });
  const actor = createActor(machine, { input: { channel: 'phone' } }).start();
  return { actor, requests };
}

describe('customer sign-in machine', () => {
  it('checks the phone or e-mail before asking for a code, and sends it in the API shape', () => {
    expect(addressError('phone', '')).toBe('account.signin.phone.required');
    expect(addressError('phone', '(555) 555-01')).toBe('account.signin.phone.invalid');
    expect(addressError('phone', '1 (555) 555-0100')).toBeNull();
    expect(addressError('email', 'jane@')).toBe('account.signin.email.invalid');
    expect(addressError('email', ' jane@example.com ')).toBeNull();
    expect(codeRequestBody({ channel: 'phone', address: '(555) 555-0100' })).toEqual({ phone: '5555550100' });
    expect(codeRequestBody({ channel: 'email', address: ' jane@example.com ' })).toEqual({
      email: 'jane@example.com',
    });
    for (const key of ['account.signin.phone.invalid', 'account.signin.email.invalid']) {
      expect(translate('es', key)).not.toBe(translate('en', key));
    }
  });

  it('refuses a bad address without a call, then sends and waits out the server pause', async () => {
    const { actor, requests } = start();
    actor.send({ type: 'signin.address', value: '555' });
    actor.send({ type: 'signin.request', now: 1_000 });
    expect(actor.getSnapshot().value).toBe('address');
    expect(actor.getSnapshot().context.errors.address).toBe('account.signin.phone.invalid');
    expect(requests).toEqual([]);

    actor.send({ type: 'signin.address', value: '5555550100' });
    actor.send({ type: 'signin.request', now: 1_000 });
    await waitFor(actor, (s) => s.matches('code'));
    expect(requests).toEqual([{ channel: 'phone', address: '5555550100' }]);
    expect(actor.getSnapshot().context.resendAt).toBe(1_000 + 45_000);
    expect(actor.getSnapshot().context.notice?.key).toBe('account.signin.sent.phone');

    actor.send({ type: 'signin.resend', now: 30_000 });
    expect(actor.getSnapshot().context.errors.code).toBe('account.signin.resend.wait');
    expect(requests).toHaveLength(1);
    actor.send({ type: 'signin.resend', now: 46_000 });
    await waitFor(actor, (s) => s.matches('code') && requests.length === 2);
  });

  it('keeps a wrong code on the code step with the server words; refuses an expired code without a call', async () => {
    const codes: string[] = [];
    const { actor } = start({
      verify: async (code) => {
        codes.push(code);
        throw rejection(422, 'That code is not right. 4 attempts left.');
      },
    });
    actor.send({ type: 'signin.address', value: '5555550100' });
    actor.send({ type: 'signin.request', now: 0 });
    await waitFor(actor, (s) => s.matches('code'));
    actor.send({ type: 'signin.code', value: '12 3a45 6' });
    expect(actor.getSnapshot().context.code).toBe('12345');
    actor.send({ type: 'signin.verify', now: 1_000 });
    await waitFor(actor, (s) => s.matches('code') && Boolean(s.context.errors.code));
    expect(actor.getSnapshot().context.errors.code).toBe('That code is not right. 4 attempts left.');
    expect(actor.getSnapshot().context.code).toBe('');

    actor.send({ type: 'signin.code', value: '54321' });
    actor.send({ type: 'signin.verify', now: PIN_TTL_MS });
    expect(actor.getSnapshot().context.errors.code).toBe('account.signin.code.expired');
    expect(codes).toEqual(['12345']);
  });

  it('signs in with the right code; a spent code lifts the resend pause; a network failure says so', async () => {
    let answer: 'ok' | 'maxed' = 'maxed';
    const { actor } = start({
      request: async () => ({}),
      verify: async () => {
        if (answer === 'maxed') throw rejection(429, 'Too many wrong codes. Ask for a new code.');
        return { csrf_token: 'x' };
      },
    });
    actor.send({ type: 'signin.channel', channel: 'email' });
    actor.send({ type: 'signin.address', value: 'jane@example.com' });
    actor.send({ type: 'signin.request', now: 0 });
    await waitFor(actor, (s) => s.matches('code'));
    expect(actor.getSnapshot().context.resendAt).toBe(RESEND_PAUSE_MS);
    actor.send({ type: 'signin.code', value: '12345' });
    actor.send({ type: 'signin.verify', now: 1 });
    await waitFor(actor, (s) => s.matches('code') && Boolean(s.context.errors.code));
    expect(actor.getSnapshot().context.resendAt).toBe(0);
    answer = 'ok';
    actor.send({ type: 'signin.code', value: '12345' });
    actor.send({ type: 'signin.verify', now: 2 });
    await waitFor(actor, (s) => s.status === 'done');

    const offline = start({ request: async () => Promise.reject(rejection(0, 'error.network')) }).actor;
    offline.send({ type: 'signin.address', value: '5555550100' });
    offline.send({ type: 'signin.request', now: 0 });
    await waitFor(offline, (s) => s.matches('address') && Boolean(s.context.errors.address));
    expect(offline.getSnapshot().context.errors.address).toBe('error.network');
  });
});
