import { expect } from 'vitest';
import { SANDBOX_VERIFICATION_SECRETS } from '../../../functions/platform/config.ts';
import { api } from '../../support/api.ts';
import { postCallback, submitForm } from '../vendors/support.ts';
import type { Headers } from '../decision/support.ts';

// Helpers of the flow tests: the sandbox mailbox read as a tester would (GET /sandbox/messages), the sandbox vendors'
// pages driven with their POST forms, and the flow state kept on the application (GET /apply-v2/flows/{flow}).

export interface SandboxMessage {
  to: string;
  purpose: string;
  body: string;
  subject?: string;
}

/** The path of the newest link of `purpose` sent to `to` (e-mail or phone digits). */
export async function linkFromMailbox(purpose: string, to: string, pathPrefix: string): Promise<string> {
  const res = await api('GET', '/sandbox/messages');
  expect(res.status).toBe(200);
  const message = (res.body.data as SandboxMessage[]).find((m) => m.purpose === purpose && m.to === to);
  expect(message, `no ${purpose} message to ${to}`).toBeDefined();
  const url = new RegExp(`https?://[^\\s]+${pathPrefix.replace(/\//g, '\\/')}[A-Za-z0-9_]+`).exec(message!.body)?.[0];
  expect(url, `no ${pathPrefix} link in: ${message!.body}`).toBeDefined();
  return new URL(url!).pathname;
}

/** The shopper connects a bank on the sandbox connection page: institution, test login, accounts. */
export async function connectBank(path: string, institution: string, accounts: string[] = []) {
  expect(
    (
      await submitForm(path, [
        ['step', 'institution'],
        ['institution', institution],
      ])
    ).status,
  ).toBe(200);
  expect(
    (
      await submitForm(path, [
        ['step', 'login'],
        ['username', 'user_good'],
        ['password', 'pass_good'],
      ])
    ).status,
  ).toBe(200);
  const done = await submitForm(path, [
    ['step', 'accounts'],
    ...accounts.map((a): [string, string] => ['accounts', a]),
  ]);
  expect(done.status, done.html.slice(0, 300)).toBe(200);
  return done;
}

export async function flowState(headers: Headers, flow: 'bank-link' | 'identity-check' | 'payroll') {
  const res = await api('GET', `/apply-v2/flows/${flow}`, { headers });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as {
    v: number;
    rev: number;
    updatedAt: string;
    state: unknown;
    status: string | null;
    context: any;
    extra?: any;
  };
}

export const secrets = SANDBOX_VERIFICATION_SECRETS;

export const eventId = () => `evt_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
export const callbackBody = (
  type: string,
  objectId: string,
  data: Record<string, unknown>,
  id = eventId(),
  createdAt = new Date(),
) => ({
  id,
  type,
  object_id: objectId,
  created_at: createdAt.toISOString(),
  data,
});

/**
 * Posts forged, stale, unsigned, malformed and replayed versions of a callback about `objectId` and checks that the
 * application's flow did not move (same application version, same state).
 */
export async function expectBadCallbacksChangeNothing(
  headers: Headers,
  flow: 'bank-link' | 'identity-check' | 'payroll',
  vendor: 'bank-link' | 'identity' | 'payroll',
  secret: string,
  body: ReturnType<typeof callbackBody>,
  replay?: ReturnType<typeof callbackBody>,
) {
  const before = await flowState(headers, flow);
  expect((await postCallback(vendor, body, { secret: 'whsec_forged' })).status).toBe(401);
  expect((await postCallback(vendor, body, { secret, timestamp: Math.floor(Date.now() / 1000) - 600 })).status).toBe(
    401,
  );
  expect((await postCallback(vendor, body, { secret, signature: null })).status).toBe(401);
  expect(
    (await postCallback(vendor, undefined, { secret, raw: JSON.stringify({ ...body, id: undefined }) })).status,
  ).toBe(400);
  expect((await postCallback(vendor, undefined, { secret, raw: '{"id":"evt_broken", nope' })).status).toBe(400);
  if (replay) {
    const res = await postCallback(vendor, replay, { secret });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('duplicate ignored');
  }
  const after = await flowState(headers, flow);
  expect(after.v).toBe(before.v);
  expect(after.rev).toBe(before.rev);
  expect(after.updatedAt).toBe(before.updatedAt);
  expect(after.state).toEqual(before.state);
  expect(after.context).toEqual(before.context);
}
