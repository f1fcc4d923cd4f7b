import type {
  IdentitySendBody,
  IdentitySendOutput,
  IdentityVerifyBody,
  IdentityVerifyOutput,
} from '../../../machines/identity-check/identity-check.machine.ts';
import type { StoreView } from '../../../machines/contracts/store.ts';
import type { Lang } from '../../../machines/i18n/types.ts';
import { api } from '../../lib/api.ts';

// The identity-check calls of seed 000 section 7 (`/apply-v2/intellicheck/...`). send and verify answer the whole
// envelope: the machine reads its code (208 already sent; 202 not finished yet).

/** The envelope as the machine reads it: status, code and data, and the message when there is one. */
function machineAnswer<T>(envelope: { status: boolean; code: number; data: T; message?: string }) {
  return {
    status: envelope.status,
    code: envelope.code,
    data: envelope.data,
    ...(envelope.message ? { message: envelope.message } : {}),
  };
}

export async function sendLink(body: IdentitySendBody, lang: Lang): Promise<IdentitySendOutput> {
  const envelope = await api<{ id: string | null }>('POST', '/apply-v2/intellicheck/send', {
    body: { ...(body.phone ? { phone: body.phone } : {}), ...(body.check_id ? { check_id: body.check_id } : {}) },
    query: { lang },
  });
  return machineAnswer(envelope);
}

export async function verifyCheck(body: IdentityVerifyBody, lang: Lang): Promise<IdentityVerifyOutput> {
  const envelope = await api<{ completed: boolean }>('POST', '/apply-v2/intellicheck/verify', {
    body,
    query: { lang },
  });
  return machineAnswer(envelope);
}

export interface ExchangeAnswer {
  token: string;
  expiresAt: number;
  store: StoreView;
  lease: { application_uuid: string; checkout_id: string | null; intellicheck_completed: boolean };
}

/** GET /apply-v2/intellicheck/exchange with the mobile link's token (instead of a session token). */
export async function exchange(token: string, signal?: AbortSignal): Promise<ExchangeAnswer> {
  return (await api<ExchangeAnswer>('GET', '/apply-v2/intellicheck/exchange', { token, ...(signal ? { signal } : {}) }))
    .data;
}

/** The applicant's mobile phone, to prefill the step (null when the application cannot be read). */
export async function applicantPhone(signal?: AbortSignal): Promise<string | null> {
  try {
    const answer = await api<{ applicant?: { cell?: string | null } | null }>(
      'GET',
      '/apply-v2/application',
      signal ? { signal } : {},
    );
    return answer.data.applicant?.cell ?? null;
  } catch {
    return null;
  }
}
