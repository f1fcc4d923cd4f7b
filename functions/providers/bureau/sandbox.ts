import { createHash } from 'node:crypto';
import type { FillProfile } from '../../../machines/contracts/application.ts';
import type { BureauPort, BureauReport } from './port.ts';

// The sandbox bureau decides by SSN, like a bureau's test mode: the group digits (4th and 5th) of a test SSN select
// a profile that the Fill menu uses; any other SSN gets a stable score derived from its hash.

export const PROFILE_GROUP: Record<FillProfile, string> = {
  'option-a': '71',
  'a-max': '72',
  'option-b': '73',
  'option-c': '74',
  'a-and-b': '75',
  'denied-no-score': '76',
  'denied-with-score': '77',
};

/** The score each test profile gets (null: no file at the bureau). */
export const PROFILE_SCORE: Record<FillProfile, number | null> = {
  'option-a': 760,
  'a-max': 830,
  'option-b': 520,
  'option-c': 700,
  'a-and-b': 640,
  'denied-no-score': null,
  'denied-with-score': 420,
};

const GROUP_PROFILE = new Map(Object.entries(PROFILE_GROUP).map(([profile, group]) => [group, profile as FillProfile]));

export function profileOfSsn(ssn: string): FillProfile | undefined {
  return /^\d{9}$/.test(ssn) ? GROUP_PROFILE.get(ssn.slice(3, 5)) : undefined;
}

const FACTORS_LOW = [
  'Too few accounts currently paid as agreed',
  'Serious delinquency',
  'Proportion of balances to credit limits is too high',
];

export function sandboxBureau(): BureauPort {
  return {
    async pull(inquiry): Promise<BureauReport> {
      const ssn = inquiry.social_security_number;
      const reportId = `sbx_${createHash('sha256').update(`${ssn}|${inquiry.date_of_birth}`).digest('hex').slice(0, 16)}`;
      const profile = profileOfSsn(ssn);
      if (profile) {
        const score = PROFILE_SCORE[profile];
        return { reportId, hit: score !== null, score, factors: score !== null && score < 600 ? FACTORS_LOW : [] };
      }
      // Other people: a stable score between 480 and 819 (so most real-looking test SSNs are approved somewhere).
      const n = createHash('sha256').update(ssn).digest().readUInt32BE(0);
      const score = 480 + (n % 340);
      return { reportId, hit: true, score, factors: score < 600 ? FACTORS_LOW.slice(0, 2) : [] };
    },
  };
}
