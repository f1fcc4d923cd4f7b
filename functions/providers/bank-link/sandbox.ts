import { randomBytes } from 'node:crypto';
import { getItem, putItem, type StoredItem } from '../../data/items.ts';
import { notFound } from '../../platform/errors.ts';
import { ROUTING_NUMBERS } from '../routing/routing-numbers.ts';
import {
  BANK_LINK_EVENT_TYPES,
  type BankAccount,
  type BankLinkPort,
  type BankLinkSessionRequest,
  type BankLinkSessionResult,
} from './port.ts';
import {
  hashInt,
  readSandboxCallback,
  sandboxCallbackSender,
  sandboxPause,
  type VerificationSandboxOptions,
} from './vendor-kit.ts';

// The sandbox bank-link vendor: its hosted connection page is /sandbox/bank/connect/{sessionId}
// (functions/http/sandbox-vendors.ts). Its state lives in the table under SANDBOX#BANKLINK#... so that every function
// instance sees the same vendor. Outcomes are chosen by input: the test institution picked on the page, and the
// applicant's contact details when the link is requested (see SANDBOX_CONTACT_RULES).

export const SANDBOX_BANK_CREDENTIALS = { username: 'user_good', password: 'pass_good' } as const;

export interface SandboxInstitution {
  key: string;
  name: string;
  description: string;
  /** A real routing number (functions/providers/routing/routing-numbers.ts) used for its accounts. */
  routing: string;
  accounts: readonly { key: string; name: string; type: 'checking' | 'savings' }[];
  /** ACH numbers stay pending this long after the connection (longer than the shopper's 30 s). */
  achDelaySeconds?: number;
  /** Login always fails with this message. */
  loginError?: string;
}

const routingOf = (bankName: string) => ROUTING_NUMBERS.find(([, name]) => name.startsWith(bankName))![0];

export const SANDBOX_INSTITUTIONS: readonly SandboxInstitution[] = [
  {
    key: 'single',
    name: 'Single Account Bank',
    description: 'One checking account.',
    routing: routingOf('JPMorgan Chase'),
    accounts: [{ key: 'checking', name: 'Everyday Checking', type: 'checking' }],
  },
  {
    key: 'multi',
    name: 'Multi Account Bank',
    description: 'A checking account, a savings account and a second checking account.',
    routing: routingOf('Wells Fargo'),
    accounts: [
      { key: 'checking', name: 'Everyday Checking', type: 'checking' },
      { key: 'savings', name: 'Way2Save Savings', type: 'savings' },
      { key: 'checking2', name: 'Bills Checking', type: 'checking' },
    ],
  },
  {
    key: 'empty',
    name: 'Empty Bank',
    description: 'Logs in, but has no accounts to share.',
    routing: routingOf('Bank of America'),
    accounts: [],
  },
  {
    key: 'slow-ach',
    name: 'Slow ACH Bank',
    description: 'ACH numbers stay pending for 40 seconds after connecting.',
    routing: routingOf('PNC Bank'),
    accounts: [{ key: 'checking', name: 'Standard Checking', type: 'checking' }],
    achDelaySeconds: 40,
  },
  {
    key: 'failing',
    name: 'Failing Bank',
    description: 'Login always fails with an error.',
    routing: routingOf('Citibank'),
    accounts: [{ key: 'checking', name: 'Checking', type: 'checking' }],
    loginError:
      'Failing Bank is not responding right now (INSTITUTION_NOT_RESPONDING). Please try again later or choose another bank.',
  },
];

export const institutionByKey = (key: string) => SANDBOX_INSTITUTIONS.find((i) => i.key === key);

/**
 * How the sandbox answers a link request, by contact details:
 * - an e-mail whose local part ends in `+deleting`, or a phone ending in 0000 -> profile_deleting;
 * - no phone for an SMS link, no e-mail for an e-mail link, or an e-mail at `example.invalid` -> missing_data;
 * - anything else -> the link is sent.
 */
export const SANDBOX_CONTACT_RULES = {
  deletingEmail: /\+deleting@/i,
  deletingPhone: /0000$/,
  refusedEmailDomain: /@example\.invalid$/i,
} as const;

const SESSION_TTL_SECONDS = 4 * 3600;
const KEEP_SECONDS = 30 * 24 * 3600;
const LATENCY_MS = 350;

const key = {
  session: (id: string) => ({ pk: `SANDBOX#BANKLINK#SESSION#${id}`, sk: 'SESSION' }),
  applicant: (id: string) => ({ pk: `SANDBOX#BANKLINK#APPLICANT#${id}`, sk: 'APPLICANT' }),
  profile: (id: string) => ({ pk: `SANDBOX#BANKLINK#PROFILE#${id}`, sk: 'PROFILE' }),
  account: (id: string) => ({ pk: `SANDBOX#BANKLINK#ACCOUNT#${id}`, sk: 'ACCOUNT' }),
};

export interface SandboxBankSession extends StoredItem {
  entity: 'sandboxBankSession';
  sessionId: string;
  applicantId: string;
  status: 'open' | 'connected';
  institution?: string;
  loggedIn?: boolean;
  profileId?: string;
  createdAt: string;
}

interface SandboxBankProfile extends StoredItem {
  entity: 'sandboxBankProfile';
  profileId: string;
  applicantId: string;
  sessionId: string;
  institution: string;
  accountIds: string[];
  connectedAt: string;
  deletedAt?: string;
}

interface SandboxBankAccount extends StoredItem {
  entity: 'sandboxBankAccount';
  accountId: string;
  profileId: string;
  institution: string;
  name: string;
  type: string;
  achReadyAt: string;
}

const randomId = (prefix: string, bytes = 12) =>
  `${prefix}_${randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'x')}`;

/** A realistic account number (10 to 12 digits, not starting with 0), derived from the account id. */
export function sandboxAccountNumber(accountId: string): string {
  const length = 10 + hashInt(`len:${accountId}`, 3);
  let digits = String(1 + hashInt(`d0:${accountId}`, 9));
  for (let i = 1; digits.length < length; i++) digits += String(hashInt(`d${i}:${accountId}`, 10));
  return digits;
}

export function createBankLinkSandbox(options: VerificationSandboxOptions) {
  const { db, clock } = options;
  const pause = sandboxPause(options.latency);
  const ttl = (now: Date, seconds: number) => Math.floor(now.getTime() / 1000) + seconds;

  const callback = sandboxCallbackSender(options, 'bank-link');

  const loadSession = async (sessionId: string) =>
    /^[A-Za-z0-9_]{8,64}$/.test(sessionId)
      ? getItem<SandboxBankSession>(db, key.session(sessionId), clock())
      : undefined;

  const port: BankLinkPort = {
    async createLinkSession(request: BankLinkSessionRequest): Promise<BankLinkSessionResult> {
      await pause(LATENCY_MS);
      const email = request.email?.trim() || '';
      const phone = request.phone?.replace(/\D/g, '') || '';
      if ((email && SANDBOX_CONTACT_RULES.deletingEmail.test(email)) || (phone && phone.endsWith('0000'))) {
        return { status: 'profile_deleting' };
      }
      const missing: string[] = [];
      if (request.channel === 'sms' && phone.length < 10) missing.push('phone');
      if (request.channel === 'email' && (!email || SANDBOX_CONTACT_RULES.refusedEmailDomain.test(email)))
        missing.push('email');
      if (missing.length) return { status: 'missing_data', fields: missing };

      const now = clock();
      const sessionId = randomId('link', 15);
      const session: SandboxBankSession = {
        ...key.session(sessionId),
        entity: 'sandboxBankSession',
        v: 1,
        expiresAt: ttl(now, SESSION_TTL_SECONDS),
        sessionId,
        applicantId: request.applicantId,
        status: 'open',
        createdAt: now.toISOString(),
      };
      await putItem(db, session);
      // A new session replaces the applicant's earlier connection (as a new Link session would).
      await putItem(db, {
        ...key.applicant(request.applicantId),
        entity: 'sandboxBankApplicant',
        v: 1,
        expiresAt: ttl(now, KEEP_SECONDS),
        sessionId,
      });
      const url = `${options.publicUrl()}/sandbox/bank/connect/${sessionId}`;
      const brand = request.brandName || 'Your lease-to-own provider';
      const greeting = request.firstName ? `Hi ${request.firstName}, ` : '';
      await options.messaging.send(
        request.channel === 'sms'
          ? {
              channel: 'sms',
              to: phone,
              purpose: 'bank-link',
              body: `${greeting}${brand}: connect your bank account securely here: ${url}`,
            }
          : {
              channel: 'email',
              to: email,
              purpose: 'bank-link',
              subject: `${brand}: connect your bank account`,
              body: `${greeting}please connect your checking account securely so we can fill in your banking details:\n\n${url}\n\nThe link is valid for 4 hours.`,
            },
      );
      return {
        status: 'sent',
        sessionId,
        url,
        expiresAt: new Date(session.expiresAt! * 1000).toISOString(),
        channel: request.channel,
      };
    },

    async checkProfile(applicantId) {
      await pause(LATENCY_MS);
      const pointer = await getItem<StoredItem & { sessionId: string }>(db, key.applicant(applicantId), clock());
      if (!pointer) return { profileFound: false };
      const session = await getItem<SandboxBankSession>(db, key.session(pointer.sessionId), clock());
      if (!session?.profileId) return { profileFound: false };
      const profile = await getItem<SandboxBankProfile>(db, key.profile(session.profileId), clock());
      if (!profile || profile.deletedAt) return { profileFound: false };
      return { profileFound: true, profileId: profile.profileId };
    },

    async listAccounts(profileId) {
      await pause(LATENCY_MS);
      const profile = /^[A-Za-z0-9_]{4,80}$/.test(profileId)
        ? await getItem<SandboxBankProfile>(db, key.profile(profileId), clock())
        : undefined;
      if (!profile || profile.deletedAt) throw notFound('Bank profile not found');
      const accounts: BankAccount[] = [];
      for (const accountId of profile.accountIds) {
        const account = await getItem<SandboxBankAccount>(db, key.account(accountId), clock());
        if (!account) continue;
        accounts.push({
          id: account.accountId,
          name: account.name,
          type: account.type,
          mask: sandboxAccountNumber(account.accountId).slice(-4),
          institution: { name: account.institution },
        });
      }
      return accounts;
    },

    async getAchNumbers(accountId) {
      await pause(LATENCY_MS);
      const account = /^[A-Za-z0-9_]{4,80}$/.test(accountId)
        ? await getItem<SandboxBankAccount>(db, key.account(accountId), clock())
        : undefined;
      if (!account) throw notFound('Bank account not found');
      const profile = await getItem<SandboxBankProfile>(db, key.profile(account.profileId), clock());
      if (!profile || profile.deletedAt) throw notFound('Bank account not found');
      if (clock().getTime() < Date.parse(account.achReadyAt)) return { status: 'pending' };
      const institution = institutionByKey(profile.institution)!;
      return {
        status: 'ready',
        achNumbers: { routing: institution.routing, number: sandboxAccountNumber(accountId), accountId },
      };
    },

    async deleteProfile(profileId) {
      await pause(LATENCY_MS);
      const profile = /^[A-Za-z0-9_]{4,80}$/.test(profileId)
        ? await getItem<SandboxBankProfile>(db, key.profile(profileId), clock())
        : undefined;
      if (!profile || profile.deletedAt) return;
      await putItem(db, { ...profile, deletedAt: clock().toISOString() });
    },

    async readCallback(request) {
      return readSandboxCallback(options.webhookSecret, request, BANK_LINK_EVENT_TYPES);
    },
  };

  /** What the hosted connection page does (the vendor's side of the sandbox). */
  const pages = {
    loadSession,

    async chooseInstitution(
      session: SandboxBankSession,
      institutionKey: string,
    ): Promise<SandboxBankSession | undefined> {
      const institution = institutionByKey(institutionKey);
      if (!institution || session.status !== 'open') return undefined;
      const next = { ...session, institution: institution.key, loggedIn: false };
      await putItem(db, next);
      return next;
    },

    /** "Choose another bank": back to the institution list, the login dropped. */
    async restart(session: SandboxBankSession): Promise<SandboxBankSession> {
      if (session.status !== 'open') return session;
      const next: SandboxBankSession = { ...session, loggedIn: false };
      delete next.institution;
      await putItem(db, next);
      return next;
    },

    /** undefined on success, else the error the bank's login page shows. */
    async login(session: SandboxBankSession, username: string, password: string): Promise<string | undefined> {
      const institution = session.institution ? institutionByKey(session.institution) : undefined;
      if (!institution || session.status !== 'open') return 'Choose your bank first.';
      if (institution.loginError) return institution.loginError;
      if (username !== SANDBOX_BANK_CREDENTIALS.username || password !== SANDBOX_BANK_CREDENTIALS.password) {
        return 'The username or password is incorrect. Use the test credentials shown on this page.';
      }
      await putItem(db, { ...session, loggedIn: true });
      return undefined;
    },

    /** Shares the chosen accounts: creates the profile and calls our webhook back. */
    async connect(
      session: SandboxBankSession,
      accountKeys: readonly string[],
    ): Promise<{ profileId: string } | { error: string }> {
      const institution = session.institution ? institutionByKey(session.institution) : undefined;
      if (!institution || session.status !== 'open' || !session.loggedIn)
        return { error: 'Log in to your bank first.' };
      const chosen = institution.accounts.filter((a) => accountKeys.includes(a.key));
      if (institution.accounts.length > 0 && chosen.length === 0)
        return { error: 'Select at least one account to share.' };
      const now = clock();
      const profileId = randomId('item', 15);
      const achReadyAt = new Date(now.getTime() + (institution.achDelaySeconds ?? 0) * 1000).toISOString();
      const accountIds: string[] = [];
      for (const account of chosen) {
        const accountId = randomId('acc', 15);
        accountIds.push(accountId);
        const item: SandboxBankAccount = {
          ...key.account(accountId),
          entity: 'sandboxBankAccount',
          v: 1,
          expiresAt: ttl(now, KEEP_SECONDS),
          accountId,
          profileId,
          institution: institution.name,
          name: account.name,
          type: account.type,
          achReadyAt,
        };
        await putItem(db, item);
      }
      const profile: SandboxBankProfile = {
        ...key.profile(profileId),
        entity: 'sandboxBankProfile',
        v: 1,
        expiresAt: ttl(now, KEEP_SECONDS),
        profileId,
        applicantId: session.applicantId,
        sessionId: session.sessionId,
        institution: institution.key,
        accountIds,
        connectedAt: now.toISOString(),
      };
      await putItem(db, profile);
      await putItem(db, { ...session, status: 'connected', profileId });
      await callback('profile.connected', profileId, {
        applicant_id: session.applicantId,
        session_id: session.sessionId,
        institution: institution.name,
        accounts: accountIds.length,
        ach_pending: (institution.achDelaySeconds ?? 0) > 0,
      });
      return { profileId };
    },
  };

  return { port, pages };
}

export const sandboxBankLink = (options: VerificationSandboxOptions): BankLinkPort =>
  createBankLinkSandbox(options).port;
