import type { Employer, PayrollDecisionResult } from '../../../machines/payroll/payroll.machine.ts';
import type { Lang } from '../../../machines/i18n/types.ts';
import { api } from '../../lib/api.ts';

// The payroll calls of seed 000 section 7 (`/api/v1/payroll/...`); failures reject with the ApiError (code, message)
// the machine reads (code 0: the network failed).

export async function searchEmployers(keyword: string, lang: Lang): Promise<Employer[]> {
  return (await api<Employer[]>('GET', '/api/v1/payroll/employers', { query: { keyword, fullSearch: 0, lang } })).data;
}

export async function startAffordability(
  applicationId: string,
  employerId: string | number,
  employerName: string,
  lang: Lang,
): Promise<unknown> {
  return (
    await api<unknown>('POST', `/api/v1/payroll/${encodeURIComponent(applicationId)}`, {
      body: { employerId, employerName },
      query: { lang },
    })
  ).data;
}

export async function refreshAffordability(
  applicationId: string,
  lang: Lang,
): Promise<{ result?: PayrollDecisionResult | null }> {
  return (
    await api<{ result?: PayrollDecisionResult | null }>(
      'POST',
      `/api/v1/payroll/${encodeURIComponent(applicationId)}/refresh`,
      { body: {}, query: { lang } },
    )
  ).data;
}

export async function restartAffordability(applicationId: string, lang: Lang): Promise<unknown> {
  return (
    await api<unknown>('POST', `/api/v1/payroll/${encodeURIComponent(applicationId)}/restart`, {
      body: {},
      query: { lang },
    })
  ).data;
}
