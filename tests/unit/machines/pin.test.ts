import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromPromise, initialTransition, transition } from 'xstate';

import {
  verifyConfirmBody,
  verifySendBody,
  type VerifyConfirmBody,
  type VerifyConfirmData,
  type VerifySendBody,
} from '../../../machines/contracts/verify.ts';
import { translate } from '../../../machines/i18n/catalogue.ts';
import {
  MAX_FAILED_ATTEMPTS,
  MAX_SENDS,
  MAXED_DENIAL_RESULT,
  PIN_LENGTH,
  PIN_TTL_MS,
  SEND_WINDOW_MS,
  attemptsLeft,
  canSend,
  isExpired,
  isMaxed,
  isPinFormat,
  nextSendAllowedAt,
  pinFromRandom,
  registerFailure,
  registerSend,
} from '../../../machines/pin/pin-rules.ts';
import {
  type PinInput,
  pinLeaveLabelKey,
  pinMachine,
  pinModeToggleLabelKey,
} from '../../../machines/pin/pin.machine.ts';
import {
  eventsOfVariants,
  expectFullCoverage,
  expectReachedValues,
  pendingEffect,
  replayShortestPaths,
} from '../../support/machine-coverage.ts';

const input: PinInput = { uuid: 'app-1', storeId: 'store-1', checkoutId: 'co-1', iframe: true };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const text = (key: string | undefined) => (key ? translate('en', key) : undefined);

/** A deferred promise, so that a test decides when an effect settles. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function start(
  options: {
    input?: PinInput;
    send?: () => Promise<unknown>;
    confirm?: (body: VerifyConfirmBody) => Promise<VerifyConfirmData>;
  } = {},
) {
  const sends: unknown[] = [];
  const confirms: VerifyConfirmBody[] = [];
  const machine = pinMachine.provide({
    actors: {
      sendPin: fromPromise(async ({ input: body }) => {
        sends.push(body);
        return (options.send ?? (async () => ({})))();
      }),
      confirmPin: fromPromise(async ({ input: body }) => {
        confirms.push(body);
        return (options.confirm ?? (async () => ({ application: { uuid: 'app-1' } })))(body);
      }),
    },
  });
  const actor = createActor(machine, { input: options.input ?? input });
  actor.start();
  return { actor, sends, confirms };
}

describe('pin machine: behaviour', () => {
  it('starts waiting for the code by SMS and toggles to e-mail and back', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('entering');
    expect(actor.getSnapshot().context.mode).toBe('sms');
    actor.send({ type: 'pin.mode.toggle' });
    expect(actor.getSnapshot().context.mode).toBe('email');
    expect(pinModeToggleLabelKey(actor.getSnapshot().context)).toBe('pin.mode.useSms');
    actor.send({ type: 'pin.mode.toggle' });
    expect(actor.getSnapshot().context.mode).toBe('sms');
  });

  it('sends (and resends) the PIN by the chosen mode and says it was sent', async () => {
    const { actor, sends } = start();
    actor.send({ type: 'pin.mode.toggle' });
    actor.send({ type: 'pin.send' });
    expect(actor.getSnapshot().value).toBe('sending');
    await flush();
    expect(sends).toEqual([{ uuid: 'app-1', mode: 'email' }]);
    expect(actor.getSnapshot().value).toBe('entering');
    expect(text(actor.getSnapshot().context.notice?.key)).toBe('PIN has been sent to you for verification.');
    expect(actor.getSnapshot().context.notice?.kind).toBe('success');
    actor.send({ type: 'pin.send' });
    await flush();
    expect(sends).toHaveLength(2);
  });

  it('says the PIN could not be sent when sending fails', async () => {
    const { actor } = start({ send: async () => Promise.reject({ code: 429, message: 'slow down' }) });
    actor.send({ type: 'pin.send' });
    await flush();
    expect(actor.getSnapshot().value).toBe('entering');
    expect(text(actor.getSnapshot().context.notice?.key)).toBe('PIN could not be sent. Please try again later.');
    expect(actor.getSnapshot().context.notice?.kind).toBe('error');
  });

  it('keeps what is typed while the PIN is being sent, without submitting', () => {
    const pending = deferred<unknown>();
    const { actor, confirms } = start({ send: () => pending.promise });
    actor.send({ type: 'pin.send' });
    actor.send({ type: 'pin.code.change', code: '12345' });
    expect(actor.getSnapshot().value).toBe('sending');
    expect(actor.getSnapshot().context.code).toBe('12345');
    expect(confirms).toHaveLength(0);
  });

  it('submits by itself when the fifth character is typed, and says the PIN was verified', async () => {
    const { actor, confirms } = start();
    actor.send({ type: 'pin.code.change', code: '1' });
    actor.send({ type: 'pin.code.change', code: '12 34' });
    expect(actor.getSnapshot().value).toBe('entering');
    expect(actor.getSnapshot().context.code).toBe('1234');
    actor.send({ type: 'pin.code.change', code: '123456' });
    expect(actor.getSnapshot().value).toBe('confirming');
    await flush();
    expect(confirms).toEqual([
      { uuid: 'app-1', checkout_id: 'co-1', store_id: 'store-1', code: '12345', retrieval: false, iframe: true },
    ]);
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().value).toBe('verified');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'verified', application: { uuid: 'app-1' } });
    expect(text(actor.getSnapshot().context.notice?.key)).toBe('PIN verification successful.');
  });

  it('submits with Continue only once the code is complete', () => {
    const { actor } = start();
    actor.send({ type: 'pin.submit' });
    expect(actor.getSnapshot().value).toBe('entering');
    const done = transition(pinMachine, initialTransition(pinMachine, input)[0], { type: 'pin.submit' })[0];
    expect(done.value).toBe('entering');
    const sending = deferred<unknown>();
    const second = start({ send: () => sending.promise });
    second.actor.send({ type: 'pin.send' });
    second.actor.send({ type: 'pin.code.change', code: '54321' });
    sending.resolve({});
    return flush().then(() => {
      expect(second.actor.getSnapshot().value).toBe('entering');
      expect(second.actor.getSnapshot().can({ type: 'pin.submit' })).toBe(true);
      second.actor.send({ type: 'pin.submit' });
      expect(second.actor.getSnapshot().value).toBe('confirming');
    });
  });

  it('says the verification failed, clears the code and lets the shopper try again', async () => {
    let calls = 0;
    const { actor } = start({
      confirm: async () => {
        calls += 1;
        if (calls === 1) throw { code: 422, message: 'Invalid PIN', data: { attemptsLeft: 4 } };
        return { application: { uuid: 'app-1' } };
      },
    });
    actor.send({ type: 'pin.code.change', code: '11111' });
    await flush();
    expect(actor.getSnapshot().value).toBe('entering');
    expect(actor.getSnapshot().context.code).toBe('');
    expect(text(actor.getSnapshot().context.notice?.key)).toBe('PIN verification failed.');
    actor.send({ type: 'pin.code.change', code: '22222' });
    await flush();
    expect(actor.getSnapshot().value).toBe('verified');
  });

  it('gives the generic denial when the attempts are maxed out', async () => {
    const { actor } = start({ confirm: async () => Promise.reject({ code: 422, data: { maxed: true } }) });
    actor.send({ type: 'pin.code.change', code: '99999' });
    await flush();
    expect(actor.getSnapshot().value).toBe('maxed');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'maxed', result: MAXED_DENIAL_RESULT });
    expect(MAXED_DENIAL_RESULT).toEqual({ code: 'G', score: 0, determination: 'denial' });
  });

  it('passes on the denial result the server sends with maxed', async () => {
    const result = { code: 'G', score: 0, determination: 'denial', message: { title: 'x' } };
    const { actor } = start({ confirm: async () => Promise.reject({ code: 422, data: { maxed: true, result } }) });
    actor.send({ type: 'pin.code.change', code: '99999' });
    await flush();
    expect(actor.getSnapshot().output).toEqual({ outcome: 'maxed', result });
  });

  it('asks for a new application when the server says so', async () => {
    const { actor } = start({ confirm: async () => ({ requiresNewApp: true }) });
    actor.send({ type: 'pin.code.change', code: '12345' });
    await flush();
    expect(actor.getSnapshot().value).toBe('requiresNewApp');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'requiresNewApp' });
  });

  it('shows old and new checkout items and confirms them with keep_checkout_items false', async () => {
    const oldItems = [{ sku: 'TV-1', quantity: 1, description: 'TV', unit_price: 50_000 }];
    const newItems = [{ sku: 'TV-2', quantity: 2, description: 'Bigger TV', unit_price: 70_000 }];
    const { actor, confirms } = start({
      confirm: async (body) =>
        body.keep_checkout_items === false
          ? { application: { uuid: 'app-1' } }
          : { confirmDifferentCheckoutItems: true, oldItems, newItems },
    });
    actor.send({ type: 'pin.code.change', code: '12345' });
    await flush();
    expect(actor.getSnapshot().value).toBe('confirmingItems');
    expect(actor.getSnapshot().context.oldItems).toEqual(oldItems);
    expect(actor.getSnapshot().context.newItems).toEqual(newItems);
    expect(translate('en', 'pin.items.title')).toBe('Checkout Items Confirmation');
    actor.send({ type: 'pin.items.confirm' });
    expect(actor.getSnapshot().value).toBe('confirmingNewItems');
    await flush();
    expect(confirms[1]).toMatchObject({ code: '12345', keep_checkout_items: false });
    expect(confirms[0]).not.toHaveProperty('keep_checkout_items');
    expect(actor.getSnapshot().value).toBe('verified');
  });

  it('leaves with Edit Application, or New Application in retrieval mode', () => {
    const edit = start();
    expect(translate('en', pinLeaveLabelKey(edit.actor.getSnapshot().context))).toBe('Edit Application');
    edit.actor.send({ type: 'pin.edit' });
    expect(edit.actor.getSnapshot().output).toEqual({ outcome: 'edit' });
    const retrieval = start({ input: { ...input, retrieval: true } });
    expect(translate('en', pinLeaveLabelKey(retrieval.actor.getSnapshot().context))).toBe('New Application');
    retrieval.actor.send({ type: 'pin.edit' });
    expect(retrieval.actor.getSnapshot().output).toEqual({ outcome: 'newApplication' });
  });

  it('refuses events the state does not accept (the server answers 409)', () => {
    const [first] = initialTransition(pinMachine, input);
    const [confirming] = transition(pinMachine, first, { type: 'pin.code.change', code: '12345' });
    expect(confirming.value).toBe('confirming');
    expect(confirming.can({ type: 'pin.send' })).toBe(false);
    expect(confirming.can({ type: 'pin.edit' })).toBe(false);
    expect(first.can({ type: 'pin.items.confirm' })).toBe(false);
  });

  it('survives persistence: a restored snapshot continues where it stopped', () => {
    const [first] = initialTransition(pinMachine, input);
    const persisted = JSON.parse(JSON.stringify(pinMachine.getPersistedSnapshot(first)));
    const restored = pinMachine.resolveState(persisted);
    const [next] = transition(pinMachine, restored, { type: 'pin.mode.toggle' });
    expect(next.context.mode).toBe('email');
  });

  it('has every text in English and Spanish', () => {
    for (const key of ['pin.title', 'pin.resend', 'pin.failed', 'pin.sendFailed', 'pin.verified', 'pin.sent']) {
      expect(translate('en', key)).not.toBe(key);
      expect(translate('es', key)).not.toBe(translate('en', key));
    }
    expect(translate('en', 'pin.title')).toBe('Text Message Verification');
  });
});

describe('pin rules', () => {
  it('has the constants of the seed and the design', () => {
    expect(PIN_LENGTH).toBe(5);
    expect(PIN_TTL_MS).toBe(600_000);
    expect(MAX_FAILED_ATTEMPTS).toBe(5);
    expect(MAX_SENDS).toBe(3);
    expect(SEND_WINDOW_MS).toBe(900_000);
  });

  it('allows 3 sends per 15 minutes', () => {
    const t0 = 1_700_000_000_000;
    let history: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      expect(canSend(history, t0 + i * 60_000)).toBe(true);
      history = registerSend(history, t0 + i * 60_000);
    }
    expect(canSend(history, t0 + 3 * 60_000)).toBe(false);
    expect(nextSendAllowedAt(history, t0 + 3 * 60_000)).toBe(t0 + SEND_WINDOW_MS);
    expect(canSend(history, t0 + SEND_WINDOW_MS - 1)).toBe(false);
    expect(canSend(history, t0 + SEND_WINDOW_MS)).toBe(true);
    expect(nextSendAllowedAt([], t0)).toBe(t0);
  });

  it('ignores sends outside the window and keeps the stored history short', () => {
    const now = 1_700_000_000_000;
    const old = [now - SEND_WINDOW_MS - 1, now - SEND_WINDOW_MS, now - 20 * 60_000];
    expect(canSend(old, now)).toBe(true);
    expect(registerSend(old, now)).toEqual([now]);
  });

  it('maxes out after 5 failures', () => {
    let state = { failedAttempts: 0, issuedAt: 0, applicationId: 'a' };
    for (let i = 1; i < MAX_FAILED_ATTEMPTS; i += 1) {
      state = registerFailure(state);
      expect(isMaxed(state)).toBe(false);
    }
    expect(attemptsLeft(state)).toBe(1);
    state = registerFailure(state);
    expect(isMaxed(state)).toBe(true);
    expect(attemptsLeft(state)).toBe(0);
    expect(state.applicationId).toBe('a');
  });

  it('expires a PIN after 10 minutes', () => {
    expect(isExpired({ issuedAt: 1000 }, 1000 + PIN_TTL_MS - 1)).toBe(false);
    expect(isExpired({ issuedAt: 1000 }, 1000 + PIN_TTL_MS)).toBe(true);
    expect(isExpired({ issuedAt: null }, 1000)).toBe(true);
  });

  it('checks the PIN format and builds PINs from random values', () => {
    expect(isPinFormat('12345')).toBe(true);
    expect(isPinFormat(' 123 45 ')).toBe(true);
    expect(isPinFormat('1234')).toBe(false);
    expect(isPinFormat('12a45')).toBe(false);
    expect(pinFromRandom([1, 22, 3, 44, 255])).toBe('12345');
    expect(pinFromRandom([])).toBe('00000');
  });

  it('validates the /verify/send and /verify/confirm bodies', () => {
    expect(verifySendBody.safeParse({ uuid: 'u', mode: 'sms' }).success).toBe(true);
    expect(verifySendBody.safeParse({ uuid: 'u', mode: 'fax' }).success).toBe(false);
    expect(verifySendBody.safeParse({ uuid: '', mode: 'email' }).success).toBe(false);
    const body = {
      uuid: 'u',
      checkout_id: null,
      store_id: 7,
      code: '12345',
      retrieval: false,
      iframe: true,
      keep_checkout_items: false,
    };
    expect(verifyConfirmBody.safeParse(body).success).toBe(true);
    expect(verifyConfirmBody.safeParse({ uuid: 'u', store_id: 's', code: '12345' }).success).toBe(true);
    const short = verifyConfirmBody.safeParse({ ...body, code: '1234' });
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toBe('pin.code.invalid');
    expect(verifyConfirmBody.safeParse({ ...body, code: 'abcde' }).success).toBe(false);
    expect(verifyConfirmBody.safeParse({ ...body, store_id: undefined }).success).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Model-based: explore the machine with every event (effects' results included) and check that every state node
// and every transition of the definition is reached; then replay the shortest path to each state on a live actor.

const modelEvents: AnyEventObject[] = [
  { type: 'pin.code.change', code: '12' },
  { type: 'pin.code.change', code: '12345' },
  { type: 'xstate.done.actor.sendPin', output: {} },
  { type: 'xstate.error.actor.sendPin', error: { code: 500 } },
  { type: 'xstate.done.actor.confirmPin', output: { application: {} } },
  { type: 'xstate.done.actor.confirmPin', output: { requiresNewApp: true } },
  { type: 'xstate.done.actor.confirmPin', output: { confirmDifferentCheckoutItems: true, oldItems: [], newItems: [] } },
  { type: 'xstate.error.actor.confirmPin', error: { code: 422, data: { maxed: true } } },
  { type: 'xstate.error.actor.confirmPin', error: { code: 422 } },
];

const eventsFor = eventsOfVariants(modelEvents);

const serializeState = (snapshot: { value: unknown; context: unknown }) =>
  JSON.stringify({ value: snapshot.value, context: snapshot.context });

describe('pin machine: model', () => {
  for (const [name, machineInput] of [
    ['edit mode', input],
    ['retrieval mode', { ...input, retrieval: true }],
  ] as const) {
    it(`reaches every state and takes every transition (${name})`, () => {
      const result = expectFullCoverage(pinMachine, machineInput, { events: eventsFor, serializeState });
      expect(result.definedStates.length).toBeGreaterThan(5);
    });
  }

  it('replays the shortest path to every state on a live actor', () => {
    const reached = replayShortestPaths(pinMachine, {
      input,
      events: eventsFor,
      serializeState,
      actors: {
        sendPin: pendingEffect<unknown, VerifySendBody>(),
        confirmPin: pendingEffect<VerifyConfirmData, VerifyConfirmBody>(),
      },
    });
    expectReachedValues(reached, [
      'confirming',
      'confirmingItems',
      'confirmingNewItems',
      'entering',
      'left',
      'maxed',
      'requiresNewApp',
      'sending',
      'verified',
    ]);
  });
});
