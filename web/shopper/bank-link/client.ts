import type {
  CheckProfileOutput,
  FetchAccountsOutput,
  FetchAchNumbersOutput,
  SendLinkOutput,
} from '../../../machines/bank-link/bank-link.machine.ts';
import type { Lang } from '../../../machines/i18n/types.ts';
import { api } from '../../lib/api.ts';

// The bank-link calls of seed 000 section 7 (`/api/v1/bank-link/...`). Each rejects with the ApiError (code, message)
// the machine reads; `lang` makes the server answer its texts in the shopper's language.

const BASE = '/api/v1/bank-link';

export async function sendLink(applicantId: string, lang: Lang): Promise<SendLinkOutput> {
  return (await api<SendLinkOutput>('POST', `${BASE}/send-email`, { body: { applicantId }, query: { lang } })).data;
}

export async function checkProfile(applicantId: string, lang: Lang): Promise<CheckProfileOutput> {
  return (await api<CheckProfileOutput>('GET', `${BASE}/check-profile`, { query: { applicantId, lang } })).data;
}

export async function fetchAccounts(profileId: string, lang: Lang): Promise<FetchAccountsOutput> {
  return (await api<FetchAccountsOutput>('GET', `${BASE}/fetch-accounts`, { query: { profileId, lang } })).data;
}

export type AchAnswer = FetchAchNumbersOutput & {
  pending?: boolean;
  secondsLeft?: number;
  failed?: boolean;
  bankName?: string | null;
};

export async function fetchAchNumbers(accountId: string, lang: Lang): Promise<AchAnswer> {
  return (await api<AchAnswer>('GET', `${BASE}/fetch-ach-numbers`, { query: { accountId, lang } })).data;
}

export async function abandon(profileId: string | null, lang: Lang): Promise<unknown> {
  return (await api<unknown>('GET', `${BASE}/abandon`, { query: { profileId: profileId ?? undefined, lang } })).data;
}
