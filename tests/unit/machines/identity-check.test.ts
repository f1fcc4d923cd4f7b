import { describe, expect, it } from 'vitest';
import { type AnyEventObject, createActor, fromPromise, initialTransition, transition } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import {
  IDENTITY_EXCHANGE_PATHS,
  type IdentityCheckInput,
  type IdentitySendBody,
  type IdentitySendOutput,
  type IdentityVerifyBody,
  type IdentityVerifyOutput,
  canContinue,
  identityCheckMachine,
  identityExchangeRoute,
  identityPhoneSchema,
  identitySendBody,
  maskPhone,
} from '../../../machines/identity-check/identity-check.machine.ts';
import { translate } from '../../../machines/i18n/catalogue.ts';
import {
  eventsOfVariants,
  expectFullCoverage,
  expectReachedValues,
  pendingEffect,
  replayOnActor,
} from '../../support/machine-coverage.ts';

const input: IdentityCheckInput = { position: 'confirmation', phone: '(555) 201-3344' };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(
  script: {
    send?: (body: IdentitySendBody) => Promise<IdentitySendOutput>;
    verify?: () => Promise<IdentityVerifyOutput>;
  } = {},
  machineInput: IdentityCheckInput = input,
) {
  const calls = { send: [] as IdentitySendBody[], verify: [] as IdentityVerifyBody[] };
  const machine = identityCheckMachine.provide({
    actors: {
      sendLink: fromPromise(async ({ input: body }) => {
        calls.send.push(body);
        return (script.send ?? (async () => ({ status: true, code: 200, data: { id: 'check-1' } })))(body);
      }),
      verifyCheck: fromPromise(async ({ input: body }) => {
        calls.verify.push(body);
        return (script.verify ?? (async () => ({ status: true, code: 200, data: { completed: true } })))();
      }),
    },
  });
  const actor = createActor(machine, { input: machineInput });
  actor.start();
  const notice = () => {
    const n = actor.getSnapshot().context.notice;
    return n ? translate('en', n.key, n.params) : null;
  };
  return { actor, calls, notice };
}

/** Sends the link, then asks to verify it; the vendor's verify call answers with `verify`. */
async function verifyAfterLink(verify: () => Promise<IdentityVerifyOutput>) {
  const run = start({ verify });
  run.actor.send({ type: 'identity.link.send' });
  await flush();
  run.actor.send({ type: 'identity.verify' });
  await flush();
  return run;
}

/** The vendor's answer that the check is not completed, with the envelope's status and code. */
const notCompleted = (status: boolean, code: number) => async () => ({ status, code, data: { completed: false } });

describe('identity check: phone', () => {
  it('requires a phone in the (###) ###-#### format, at most 14 characters', () => {
    expect(identityPhoneSchema.safeParse('(555) 201-3344').success).toBe(true);
    expect(identityPhoneSchema.safeParse('').error?.issues[0]?.message).toBe('validation.required');
    expect(identityPhoneSchema.safeParse('555-201-3344').error?.issues[0]?.message).toBe('identity.phone.invalid');
    expect(identityPhoneSchema.safeParse('(155) 201-3344').success).toBe(false);
    expect(identityPhoneSchema.safeParse('(555) 201-33445').success).toBe(false);
    expect(translate('en', 'validation.required')).toBe('This field is required!');
    expect(translate('en', 'identity.phone.invalid')).toContain('(###) ###-####');
  });

  it('masks typed digits as they come', () => {
    expect(maskPhone('')).toBe('');
    expect(maskPhone('55')).toBe('(55');
    expect(maskPhone('5552')).toBe('(555) 2');
    expect(maskPhone('5552013344')).toBe('(555) 201-3344');
    expect(maskPhone('+1 555 201 3344 99')).toBe('(555) 201-3344');
    expect(maskPhone('555.201.3344').length).toBe(14);
  });

  it('validates the send body', () => {
    expect(identitySendBody.safeParse({ phone: '(555) 201-3344' }).success).toBe(true);
    expect(identitySendBody.safeParse({ check_id: 'c-1' }).success).toBe(true);
    expect(identitySendBody.safeParse({ phone: '5552013344' }).success).toBe(false);
  });
});

describe('identity check: behaviour', () => {
  it('keeps Continue disabled until a link was sent', async () => {
    const { actor, notice, calls } = start();
    expect(canContinue(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().can({ type: 'identity.verify' })).toBe(false);
    actor.send({ type: 'identity.link.send' });
    expect(canContinue(actor.getSnapshot())).toBe(false);
    await flush();
    expect(calls.send).toEqual([{ phone: '(555) 201-3344', check_id: null }]);
    expect(actor.getSnapshot().value).toBe('linkSent');
    expect(canContinue(actor.getSnapshot())).toBe(true);
    expect(notice()).toBe('Link sent to your Mobile phone.');
    expect(actor.getSnapshot().context.checkId).toBe('check-1');
  });

  it('does not send to an invalid phone', () => {
    const { actor, calls } = start({}, { position: 'applicantInfo' });
    actor.send({ type: 'identity.link.send' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'identity.phone.change', phone: '555201' });
    actor.send({ type: 'identity.link.send' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'identity.phone.change', phone: '5552013344' });
    expect(actor.getSnapshot().context.phone).toBe('(555) 201-3344');
    actor.send({ type: 'identity.link.send' });
    expect(actor.getSnapshot().value).toBe('sending');
    expect(calls.send).toHaveLength(1);
  });

  it('goes straight to verify when the link was already sent (code 208)', async () => {
    const { actor, calls } = start({ send: async () => ({ status: true, code: 208, data: { id: 'check-7' } }) });
    actor.send({ type: 'identity.link.send' });
    await flush();
    expect(calls.verify).toEqual([{ check_id: 'check-7' }]);
    expect(actor.getSnapshot().value).toBe('completed');
  });

  it('says the link could not be sent when the service refuses it', async () => {
    const { actor, notice } = start({ send: async () => ({ status: false, code: 200 }) });
    actor.send({ type: 'identity.link.send' });
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(notice()).toBe('Link could not be sent.');
    const withMessage = start({ send: async () => ({ status: false, code: 200, message: 'Phone is a landline' }) });
    withMessage.actor.send({ type: 'identity.link.send' });
    await flush();
    expect(withMessage.notice()).toBe('Phone is a landline');
  });

  it('shows the server error, or the generic text, when sending fails', async () => {
    const server = start({ send: async () => Promise.reject({ code: 422, message: 'Too many links' }) });
    server.actor.send({ type: 'identity.link.send' });
    await flush();
    expect(server.actor.getSnapshot().value).toBe('idle');
    expect(server.notice()).toBe('Too many links');
    const generic = start({ send: async () => Promise.reject({ code: 0 }) });
    generic.actor.send({ type: 'identity.link.send' });
    await flush();
    expect(generic.notice()).toBe('Unable to complete process. Please wait a few seconds and try again.');
  });

  it('keeps Continue enabled when a resend fails after a link went out', async () => {
    let sends = 0;
    const { actor } = start({
      send: async () => {
        sends += 1;
        if (sends === 2) throw { code: 500, message: 'down' };
        return { status: true, code: 200, data: { id: 'check-1' } };
      },
    });
    actor.send({ type: 'identity.link.send' });
    await flush();
    actor.send({ type: 'identity.link.send' });
    await flush();
    expect(actor.getSnapshot().value).toBe('linkSent');
    expect(actor.getSnapshot().context.notice?.key).toBe('down');
  });

  it('finishes when the check is completed and outputs the check and the position', async () => {
    for (const position of ['applicantInfo', 'confirmation', 'checkout'] as const) {
      const { actor, calls } = start({}, { position, phone: '(555) 201-3344' });
      actor.send({ type: 'identity.link.send' });
      await flush();
      actor.send({ type: 'identity.verify' });
      expect(canContinue(actor.getSnapshot())).toBe(false);
      await flush();
      expect(calls.verify).toEqual([{ check_id: 'check-1' }]);
      expect(actor.getSnapshot().status).toBe('done');
      expect(actor.getSnapshot().output).toEqual({ position, checkId: 'check-1' });
    }
  });

  it('says it is unable to complete when not completed; code 202 re-enables Continue', async () => {
    const { actor, notice } = await verifyAfterLink(notCompleted(true, 202));
    expect(notice()).toBe('Unable to complete process. Please wait a few seconds and try again.');
    expect(canContinue(actor.getSnapshot())).toBe(true);
  });

  it('keeps Continue disabled when not completed with another code, until a link is sent again', async () => {
    const { actor, notice } = await verifyAfterLink(notCompleted(false, 200));
    expect(notice()).toBe('Unable to complete process. Please wait a few seconds and try again.');
    expect(canContinue(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().can({ type: 'identity.link.send' })).toBe(true);
  });

  it('re-enables Continue after a network failure (code 0), not after a server error', async () => {
    const network = await verifyAfterLink(async () => Promise.reject({ code: 0 }));
    expect(canContinue(network.actor.getSnapshot())).toBe(true);
    expect(network.notice()).toBe('Unable to complete process. Please wait a few seconds and try again.');
    const server = await verifyAfterLink(async () => Promise.reject({ code: 500, message: 'Vendor unavailable' }));
    expect(canContinue(server.actor.getSnapshot())).toBe(false);
    expect(server.notice()).toBe('Vendor unavailable');
  });

  it('refuses events the state does not accept (the server answers 409)', () => {
    const [first] = initialTransition(identityCheckMachine, input);
    expect(first.can({ type: 'identity.verify' })).toBe(false);
    const [sending] = transition(identityCheckMachine, first, { type: 'identity.link.send' });
    expect(sending.value).toBe('sending');
    expect(sending.can({ type: 'identity.link.send' })).toBe(false);
    expect(sending.can({ type: 'identity.phone.change', phone: '1' })).toBe(false);
  });

  it('routes the exchange: success to the identity check, 403 to the 403 page, others to the unknown-error page', () => {
    expect(identityExchangeRoute(200)).toBe('identityCheck');
    expect(identityExchangeRoute(403)).toBe('forbidden');
    expect(identityExchangeRoute(404)).toBe('unknown');
    expect(identityExchangeRoute(500)).toBe('unknown');
    expect(identityExchangeRoute(0)).toBe('unknown');
    expect(IDENTITY_EXCHANGE_PATHS).toEqual({ identityCheck: '/intellicheck', forbidden: '/403', unknown: '/unknown' });
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Model-based: every state node and transition is reached; shortest and simple paths replay on a live actor.

const modelEvents: AnyEventObject[] = [
  { type: 'identity.phone.change', phone: '555' },
  { type: 'identity.phone.change', phone: '5552013344' },
  { type: 'xstate.done.actor.sendLink', output: { status: true, code: 200, data: { id: 'c-1' } } },
  { type: 'xstate.done.actor.sendLink', output: { status: true, code: 208 } },
  { type: 'xstate.done.actor.sendLink', output: { status: false, code: 200 } },
  { type: 'xstate.error.actor.sendLink', error: { code: 500 } },
  { type: 'xstate.done.actor.verifyCheck', output: { code: 200, data: { completed: true } } },
  { type: 'xstate.done.actor.verifyCheck', output: { code: 202, data: { completed: false } } },
  { type: 'xstate.done.actor.verifyCheck', output: { code: 200, data: { completed: false } } },
  { type: 'xstate.error.actor.verifyCheck', error: { code: 0 } },
  { type: 'xstate.error.actor.verifyCheck', error: { code: 500 } },
];

const eventsFor = eventsOfVariants(modelEvents);

// Notices are display only; the phone, the check and whether a link went out decide the guards.
const serializeState = (snapshot: {
  value: unknown;
  context: { phone: string; checkId: string | null; linkSent: boolean };
}) => JSON.stringify([snapshot.value, snapshot.context.phone, snapshot.context.checkId, snapshot.context.linkSent]);

function replay(paths: ReturnType<typeof getShortestPaths>, machineInput: IdentityCheckInput) {
  const machine = identityCheckMachine.provide({
    actors: {
      sendLink: pendingEffect<IdentitySendOutput, IdentitySendBody>(),
      verifyCheck: pendingEffect<IdentityVerifyOutput, IdentityVerifyBody>(),
    },
  });
  return new Set(replayOnActor(machine, paths, { input: machineInput }));
}

describe('identity check: model', () => {
  for (const machineInput of [input, { position: 'checkout' as const }]) {
    it(`reaches every state and takes every transition (${machineInput.position})`, () => {
      expectFullCoverage(identityCheckMachine, machineInput, { events: eventsFor, serializeState });
    });
  }

  it('replays the shortest path to every state on a live actor', () => {
    const valueOnly = ((snapshot: { value: unknown }) => JSON.stringify(snapshot.value)) as never;
    const reached = replay(
      getShortestPaths(identityCheckMachine, { input, events: eventsFor as never, serializeState: valueOnly }),
      input,
    );
    expectReachedValues(reached, ['completed', 'idle', 'linkSent', 'sending', 'verifying']);
  });

  it('replays every simple path to completion on a live actor', () => {
    const valueOnly = ((snapshot: { value: unknown }) => JSON.stringify(snapshot.value)) as never;
    const paths = getSimplePaths(identityCheckMachine, {
      input,
      events: eventsFor as never,
      serializeState: valueOnly,
      toState: (snapshot) => snapshot.status === 'done',
    });
    // Straight to verify on 208, and through 'linkSent' otherwise.
    expect(paths.map((path) => path.steps.map((step) => JSON.stringify(step.state.value)).join(' > ')).sort()).toEqual([
      '"idle" > "sending" > "linkSent" > "verifying" > "completed"',
      '"idle" > "sending" > "verifying" > "completed"',
    ]);
    const reached = replay(paths, input);
    expect([...reached]).toEqual(['"completed"']);
  });
});
