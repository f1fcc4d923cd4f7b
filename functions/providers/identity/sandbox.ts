import { randomBytes } from 'node:crypto';
import { getItem, putItem, type StoredItem } from '../../data/items.ts';
import { notFound, unprocessable } from '../../platform/errors.ts';
import {
  readSandboxCallback,
  sandboxCallbackSender,
  sandboxPause,
  type VerificationSandboxOptions,
} from '../bank-link/vendor-kit.ts';
import {
  IDENTITY_EVENT_TYPES,
  type IdentityCheckPort,
  type IdentityCheckResult,
  type IdentityCheckStatus,
} from './port.ts';

// The sandbox identity-check vendor: the mobile page /sandbox/identity/{checkId} (functions/http/sandbox-vendors.ts)
// offers three test documents; the one scanned decides the outcome. State under SANDBOX#IDCHECK#<checkId>.

/** The test documents of the mobile page, in page order, and the outcome each produces. */
export const SANDBOX_DOCUMENTS: readonly {
  key: string;
  label: string;
  status: Exclude<IdentityCheckStatus, 'pending'>;
}[] = [
  { key: 'valid', label: 'Scan a valid license', status: 'passed' },
  { key: 'mismatch', label: 'Scan a license that does not match', status: 'failed' },
  { key: 'expired', label: 'Scan an expired license', status: 'expired-document' },
];

const LINK_TTL_SECONDS = 24 * 3600;
const KEEP_SECONDS = 30 * 24 * 3600;
const LATENCY_MS = 300;

const checkKey = (id: string) => ({ pk: `SANDBOX#IDCHECK#${id}`, sk: 'CHECK' });
const validId = (id: string) => /^idv_[A-Za-z0-9]{8,40}$/.test(id);

export interface SandboxIdentityCheck extends StoredItem {
  entity: 'sandboxIdentityCheck';
  checkId: string;
  reference: string;
  phone: string;
  status: IdentityCheckStatus;
  linkExpiresAt: string;
  createdAt: string;
  completedAt?: string;
  document?: string;
}

export function createIdentitySandbox(options: VerificationSandboxOptions) {
  const { db, clock } = options;
  const pause = sandboxPause(options.latency);
  const callback = sandboxCallbackSender(options, 'identity');
  const urlOf = (checkId: string) => `${options.publicUrl()}/sandbox/identity/${checkId}`;
  const load = async (checkId: string) =>
    validId(checkId) ? getItem<SandboxIdentityCheck>(db, checkKey(checkId), clock()) : undefined;

  const sms = (to: string, checkId: string, brandName?: string | null) =>
    options.messaging.send({
      channel: 'sms',
      to,
      purpose: 'identity-check',
      body: `${brandName || 'Your lease-to-own provider'}: verify your identity with your driver's license on this phone: ${urlOf(checkId)}`,
    });

  const port: IdentityCheckPort = {
    async sendLink(request) {
      await pause(LATENCY_MS);
      const digits = request.phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
      if (!/^[2-9]\d{9}$/.test(digits)) throw unprocessable({ phone: ['identity.phone.invalid'] });
      const now = clock();
      const existing = request.checkId ? await load(request.checkId) : undefined;
      if (existing && existing.status !== 'pending')
        return { checkId: existing.checkId, url: urlOf(existing.checkId), state: 'already-completed' };
      if (existing) {
        const next: SandboxIdentityCheck = {
          ...existing,
          phone: digits,
          linkExpiresAt: new Date(now.getTime() + LINK_TTL_SECONDS * 1000).toISOString(),
        };
        await putItem(db, next);
        await sms(digits, existing.checkId, request.brandName);
        return { checkId: existing.checkId, url: urlOf(existing.checkId), state: 'resent' };
      }
      const checkId = `idv_${randomBytes(12).toString('hex')}`;
      const check: SandboxIdentityCheck = {
        ...checkKey(checkId),
        entity: 'sandboxIdentityCheck',
        v: 1,
        expiresAt: Math.floor(now.getTime() / 1000) + KEEP_SECONDS,
        checkId,
        reference: request.reference,
        phone: digits,
        status: 'pending',
        linkExpiresAt: new Date(now.getTime() + LINK_TTL_SECONDS * 1000).toISOString(),
        createdAt: now.toISOString(),
      };
      await putItem(db, check);
      await sms(digits, checkId, request.brandName);
      return { checkId, url: urlOf(checkId), state: 'sent' };
    },

    async getStatus(checkId): Promise<IdentityCheckResult> {
      await pause(LATENCY_MS);
      const check = await load(checkId);
      if (!check) throw notFound('Identity check not found');
      return { checkId, status: check.status, ...(check.completedAt ? { completedAt: check.completedAt } : {}) };
    },

    async readCallback(request) {
      return readSandboxCallback(options.webhookSecret, request, IDENTITY_EVENT_TYPES);
    },
  };

  const pages = {
    load,
    linkExpired: (check: SandboxIdentityCheck) => clock().getTime() > Date.parse(check.linkExpiresAt),

    /** The shopper scanned a test document: records the outcome and calls our webhook back. */
    async scan(
      check: SandboxIdentityCheck,
      documentKey: string,
    ): Promise<{ check: SandboxIdentityCheck } | { error: string }> {
      const document = SANDBOX_DOCUMENTS.find((d) => d.key === documentKey);
      if (!document) return { error: 'Choose one of the test documents.' };
      if (check.status !== 'pending') return { error: 'This identity check is already finished.' };
      if (clock().getTime() > Date.parse(check.linkExpiresAt))
        return { error: 'This link has expired. Ask for a new one.' };
      const now = clock();
      const next: SandboxIdentityCheck = {
        ...check,
        status: document.status,
        document: document.key,
        completedAt: now.toISOString(),
      };
      await putItem(db, next);
      await callback('check.completed', check.checkId, { status: document.status, reference: check.reference }, now);
      return { check: next };
    },
  };

  return { port, pages };
}

export const sandboxIdentity = (options: VerificationSandboxOptions): IdentityCheckPort =>
  createIdentitySandbox(options).port;
