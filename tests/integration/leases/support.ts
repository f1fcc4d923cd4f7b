import { expect } from 'vitest';
import type { StaffClient, StaffResponse } from '../staff/client.ts';

// Helpers of the staff lease tests: reading a lease record until it reaches a status (the detail catches up with the
// shopper's side on read), polling a list until a row shows (the list rows follow events through the relay), and
// running an action while checking that a refusal changes nothing.

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function detail(client: StaffClient, uuid: string) {
  const res = await client.get(`/staff/api/leases/${uuid}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

export async function waitForLease(
  client: StaffClient,
  uuid: string,
  status: string,
  timeoutMs = 10_000,
  delivered?: boolean,
) {
  const until = Date.now() + timeoutMs;
  let last: any;
  while (Date.now() < until) {
    last = await client.get(`/staff/api/leases/${uuid}`);
    if (
      last.status === 200 &&
      last.body.data.status === status &&
      (delivered === undefined || last.body.data.delivered === delivered)
    )
      return last.body.data;
    await pause(100);
  }
  throw new Error(`lease ${uuid} did not reach ${status}: ${JSON.stringify(last?.body?.data?.status ?? last?.body)}`);
}

/** Polls a list path until `match` finds a row (the list rows follow within the relay's period). */
export async function pollRow(
  client: StaffClient,
  path: string,
  match: (row: any) => boolean,
  timeoutMs = 6_000,
): Promise<any> {
  const until = Date.now() + timeoutMs;
  let last: StaffResponse | undefined;
  while (Date.now() < until) {
    last = await client.get(path);
    if (last.status === 200) {
      const row = (last.body.data as any[]).find(match);
      if (row) return row;
    }
    await pause(100);
  }
  throw new Error(`no matching row at ${path}: ${last?.status} ${JSON.stringify(last?.body).slice(0, 500)}`);
}

/** Polls until `check` returns true for a list response. */
export async function pollList(
  client: StaffClient,
  path: string,
  check: (res: StaffResponse) => boolean,
  timeoutMs = 6_000,
): Promise<StaffResponse> {
  const until = Date.now() + timeoutMs;
  let last!: StaffResponse;
  while (Date.now() < until) {
    last = await client.get(path);
    if (check(last)) return last;
    await pause(100);
  }
  return last;
}

export const act = (client: StaffClient, uuid: string, action: string, body: Record<string, unknown> = {}) =>
  client.post(`/staff/api/leases/${uuid}/actions/${action}`, body);

/** Runs an action that must succeed and returns the detail it answers with. */
export async function done(
  client: StaffClient,
  uuid: string,
  action: string,
  body: Record<string, unknown> = {},
  status?: string,
) {
  const res = await act(client, uuid, action, body);
  expect(res.status, `${action}: ${JSON.stringify(res.body).slice(0, 400)}`).toBe(200);
  if (status) expect(res.body.data.status, action).toBe(status);
  return res;
}

/** An action the status (or a guard) does not allow: 409 with `message`, and the record is exactly as before. */
export async function refused(
  client: StaffClient,
  uuid: string,
  action: string,
  message: string | RegExp,
  body: Record<string, unknown> = {},
) {
  const before = await detail(client, uuid);
  const res = await act(client, uuid, action, body);
  expect(res.status, `${action} in ${before.status}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(409);
  if (typeof message === 'string') expect(res.body.message, action).toBe(message);
  else expect(res.body.message, action).toMatch(message);
  const after = await detail(client, uuid);
  expect(
    { status: after.status, delivered: after.delivered, v: after.v, timeline: after.timeline.length },
    action,
  ).toEqual({
    status: before.status,
    delivered: before.delivered,
    v: before.v,
    timeline: before.timeline.length,
  });
  return res;
}

/** Several actions the status does not allow: each a 409 with its message; the record is unchanged after all of them. */
export async function refusedMany(
  client: StaffClient,
  uuid: string,
  cases: [action: string, message: string | RegExp, body?: Record<string, unknown>][],
) {
  const before = await detail(client, uuid);
  for (const [action, message, body] of cases) {
    const res = await act(client, uuid, action, body ?? {});
    expect(res.status, `${action} in ${before.status}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(409);
    if (typeof message === 'string') expect(res.body.message, action).toBe(message);
    else expect(res.body.message, action).toMatch(message);
  }
  const after = await detail(client, uuid);
  expect({ status: after.status, delivered: after.delivered, v: after.v, timeline: after.timeline.length }).toEqual({
    status: before.status,
    delivered: before.delivered,
    v: before.v,
    timeline: before.timeline.length,
  });
}

/** The seed's refusal: '"Fund" is not allowed while the lease is in "(V) Approved/Pending Contract" state.' */
export const notAllowed = (label: string, state: string) =>
  `"${label}" is not allowed while the lease is in "${state}" state.`;

export const ACTION_LABELS: Record<string, string> = {
  'reset-to-approved': 'Reset to Approved',
  'cancel-delivery-authorization': 'Cancel Delivery Authorization',
  'cancel-delivered': 'Cancel Delivered',
  'discard-contract': 'Discard Contract',
  'set-contract-signed': 'Set Contract Signed',
  'remote-esign': 'Remote E-Sign',
  revoke: 'Revoke',
  recalculate: 'Recalculate',
  rescore: 'Re-score',
  'switch-store': 'Switch Store',
  'update-delivery-date': 'Update Delivery Date',
  'cancel-delivery-date': 'Cancel Delivery Date',
  'authorize-delivery': 'Authorize Delivery',
  'mark-delivered': 'Mark Delivered',
  fund: 'Fund',
  'complete-funding': 'Funding Completed',
  'reject-funding': 'Funding Rejected',
  'changed-mind': 'Changed Mind',
  'request-info': 'More Info Required',
  'info-received': 'Info Received',
};

export const STATE_LABELS: Record<string, string> = {
  S: '(S) Awaiting Review',
  I: '(I) More Info Required',
  N: '(N) Did Not Qualify',
  V: '(V) Approved/Pending Contract',
  Z: '(Z) Awaiting Docs and/or Payment',
  Y: '(Y) Delivery/Install Authorized',
  Ydelivered: '(Y) Delivered / Awaiting Funding',
  G: '(G) Funding in Process',
  L: '(L) Funded / Closed',
  C: '(C) Changed Mind',
};

/** A body that satisfies an action's inputs (so that a refusal is the status's, not the input's). */
export function bodyFor(action: string): Record<string, unknown> {
  if (action === 'switch-store') return { store_id: 'sto-express' };
  if (action === 'update-delivery-date') return { delivery_date: futureDate(30) };
  return {};
}

export function futureDate(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
