import { randomBytes } from 'node:crypto';
import { getItem, putItem, type StoredItem } from '../../data/items.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import {
  readSandboxCallback,
  sandboxCallbackSender,
  sandboxPause,
  type VerificationSandboxOptions,
} from '../bank-link/vendor-kit.ts';
import { sandboxEmployerById, searchSandboxEmployers } from './employers.ts';
import { PAYROLL_EVENT_TYPES, type PayrollPort, type PayrollResult, type PayrollSessionRequest } from './port.ts';

// The sandbox payroll vendor: the connection page /sandbox/payroll/connect/{sessionId}
// (functions/http/sandbox-vendors.ts) lets the shopper pick the employer, log in with the test credentials and choose
// the outcome. State under SANDBOX#PAYROLL#SESSION#<sessionId>.

export const SANDBOX_PAYROLL_CREDENTIALS = { username: 'user_good', password: 'pass_good' } as const;

/** Monthly income used when the applicant's stated income is not known. */
export const SANDBOX_DEFAULT_MONTHLY_INCOME_CENTS = 320_000;

/** The outcomes offered on the page and the verified income each produces from the stated one. */
export const SANDBOX_PAYROLL_OUTCOMES = [
  {
    key: 'higher',
    label: 'Income verified — higher',
    description: 'Paystubs show more than the stated income (raises the approval).',
  },
  {
    key: 'same',
    label: 'Income verified — same',
    description: 'Paystubs confirm the stated income (keeps the offer).',
  },
  { key: 'cannot', label: 'Cannot verify income', description: 'No usable paystubs (deny increase / deny).' },
] as const;
export type SandboxPayrollOutcome = (typeof SANDBOX_PAYROLL_OUTCOMES)[number]['key'];

export function sandboxVerifiedIncome(outcome: 'higher' | 'same', statedMonthlyIncomeCents?: number | null): number {
  const stated =
    statedMonthlyIncomeCents && statedMonthlyIncomeCents > 0
      ? statedMonthlyIncomeCents
      : SANDBOX_DEFAULT_MONTHLY_INCOME_CENTS;
  if (outcome === 'same') return stated;
  // Half as much again, and at least $1,500 more: enough to move any applicant up an income band.
  return Math.max(Math.round(stated * 1.5), stated + 150_000);
}

const LINK_TTL_SECONDS = 24 * 3600;
const KEEP_SECONDS = 30 * 24 * 3600;
const LATENCY_MS = 400;

const sessionKey = (id: string) => ({ pk: `SANDBOX#PAYROLL#SESSION#${id}`, sk: 'SESSION' });
const validId = (id: string) => /^pay_[A-Za-z0-9]{8,40}$/.test(id);

export interface SandboxPayrollSession extends StoredItem {
  entity: 'sandboxPayrollSession';
  sessionId: string;
  applicationId: string;
  applicantId: string;
  firstName: string;
  channel: 'sms' | 'email';
  to: string;
  employerId: string;
  employerName: string;
  statedMonthlyIncomeCents?: number;
  linkExpiresAt: string;
  createdAt: string;
  brandName?: string;
  result?: PayrollResult;
}

export function createPayrollSandbox(options: VerificationSandboxOptions) {
  const { db, clock } = options;
  const pause = sandboxPause(options.latency);
  const callback = sandboxCallbackSender(options, 'payroll');
  const urlOf = (id: string) => `${options.publicUrl()}/sandbox/payroll/connect/${id}`;
  const load = async (sessionId: string) =>
    validId(sessionId) ? getItem<SandboxPayrollSession>(db, sessionKey(sessionId), clock()) : undefined;

  const sendLink = (session: SandboxPayrollSession) => {
    const brand = session.brandName || 'Your lease-to-own provider';
    const url = urlOf(session.sessionId);
    return options.messaging.send(
      session.channel === 'sms'
        ? {
            channel: 'sms',
            to: session.to,
            purpose: 'payroll',
            body: `${brand}: connect your payroll account to verify your income: ${url}`,
          }
        : {
            channel: 'email',
            to: session.to,
            purpose: 'payroll',
            subject: `${brand}: verify your income for a higher approval`,
            body: `Hi ${session.firstName}, connect your ${session.employerName} payroll account to verify your income:\n\n${url}\n\nThe link is valid for 24 hours.`,
          },
    );
  };

  const port: PayrollPort = {
    async searchEmployers(keyword) {
      await pause(LATENCY_MS);
      return searchSandboxEmployers(keyword);
    },

    async startSession(request: PayrollSessionRequest) {
      await pause(LATENCY_MS);
      const to = request.channel === 'sms' ? (request.phone ?? '').replace(/\D/g, '') : (request.email ?? '').trim();
      if (request.channel === 'sms' && to.length < 10) throw unprocessable({ phone: ['Phone number is required'] });
      if (request.channel === 'email' && !to.includes('@')) throw unprocessable({ email: ['E-mail is required'] });
      const employer = sandboxEmployerById(request.employer.id);
      if (!employer) throw unprocessable({ employerId: ['Employer not found'] });
      if (!employer.pdSupported)
        throw unprocessable({ employerId: ['payroll.employer.notSupported'] }, 'payroll.employer.notSupported');
      const now = clock();
      const sessionId = `pay_${randomBytes(12).toString('hex')}`;
      const session: SandboxPayrollSession = {
        ...sessionKey(sessionId),
        entity: 'sandboxPayrollSession',
        v: 1,
        expiresAt: Math.floor(now.getTime() / 1000) + KEEP_SECONDS,
        sessionId,
        applicationId: request.applicationId,
        applicantId: request.applicantId,
        firstName: request.firstName,
        channel: request.channel,
        to,
        employerId: employer.id,
        employerName: employer.employerName,
        ...(request.statedMonthlyIncomeCents ? { statedMonthlyIncomeCents: request.statedMonthlyIncomeCents } : {}),
        linkExpiresAt: new Date(now.getTime() + LINK_TTL_SECONDS * 1000).toISOString(),
        createdAt: now.toISOString(),
        ...(request.brandName ? { brandName: request.brandName } : {}),
      };
      await putItem(db, session);
      await sendLink(session);
      return { sessionId, url: urlOf(sessionId) };
    },

    async getResult(sessionId) {
      await pause(LATENCY_MS);
      const session = await load(sessionId);
      if (!session) throw notFound('Payroll session not found');
      return session.result ?? { sessionId, status: 'pending' };
    },

    async resendLink(sessionId) {
      await pause(LATENCY_MS);
      const session = await load(sessionId);
      if (!session) throw notFound('Payroll session not found');
      // A restart opens the connection again: an earlier outcome is dropped, the link is valid for another 24 hours.
      const next: SandboxPayrollSession = {
        ...session,
        result: undefined,
        linkExpiresAt: new Date(clock().getTime() + LINK_TTL_SECONDS * 1000).toISOString(),
      };
      delete (next as Partial<SandboxPayrollSession>).result;
      await putItem(db, next);
      await sendLink(next);
      return { sessionId, url: urlOf(sessionId) };
    },

    async readCallback(request) {
      return readSandboxCallback(options.webhookSecret, request, PAYROLL_EVENT_TYPES);
    },
  };

  const pages = {
    load,
    linkExpired: (session: SandboxPayrollSession) => clock().getTime() > Date.parse(session.linkExpiresAt),

    /** The shopper logged in and the outcome was chosen: records the result and calls our webhook back. */
    async complete(
      session: SandboxPayrollSession,
      input: { employerId: string; username: string; password: string; outcome: string },
    ): Promise<
      { result: PayrollResult } | { error: string; field: 'employerId' | 'username' | 'outcome' | 'session' }
    > {
      if (session.result) return { error: 'This payroll connection is already finished.', field: 'session' };
      if (clock().getTime() > Date.parse(session.linkExpiresAt))
        return { error: 'This link has expired. Ask for a new one.', field: 'session' };
      const employer = sandboxEmployerById(input.employerId);
      if (!employer) return { error: 'Choose your employer.', field: 'employerId' };
      if (
        input.username !== SANDBOX_PAYROLL_CREDENTIALS.username ||
        input.password !== SANDBOX_PAYROLL_CREDENTIALS.password
      ) {
        return {
          error: 'The username or password is incorrect. Use the test credentials shown on this page.',
          field: 'username',
        };
      }
      const outcome = SANDBOX_PAYROLL_OUTCOMES.find((o) => o.key === input.outcome)?.key;
      if (!outcome) return { error: 'Choose an outcome.', field: 'outcome' };
      const now = clock();
      const result: PayrollResult =
        outcome === 'cannot'
          ? {
              sessionId: session.sessionId,
              status: 'failed',
              reason: 'income_not_verified',
              completedAt: now.toISOString(),
            }
          : {
              sessionId: session.sessionId,
              status: 'completed',
              monthlyIncomeCents: sandboxVerifiedIncome(outcome, session.statedMonthlyIncomeCents),
              employerName: employer.employerName,
              completedAt: now.toISOString(),
            };
      await putItem(db, { ...session, employerId: employer.id, employerName: employer.employerName, result });
      const { sessionId: _omit, ...data } = result;
      await callback(
        result.status === 'completed' ? 'session.completed' : 'session.failed',
        session.sessionId,
        { ...data, application_id: session.applicationId },
        now,
      );
      return { result };
    },
  };

  return { port, pages };
}

export const sandboxPayroll = (options: VerificationSandboxOptions): PayrollPort => createPayrollSandbox(options).port;
