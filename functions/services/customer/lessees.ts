import { getApplication, type ApplicationRecord } from '../../data/applications.ts';
import { findBySearchTerm, getLease, type LeaseItem } from '../../data/leases.ts';
import type { Deps } from '../../platform/deps.ts';
import { searchTermHmac } from '../leases/sync.ts';

// Who a lessee is (issue 22): the set of funded leases whose applicant or co-applicant has the phone or e-mail the
// lessee signs in with. Found through the leases' search terms (keyed HMACs of the e-mail and the cell phone, written
// by functions/services/leases/sync.ts for the applicant and the co-applicant), never a Scan; each candidate is then
// checked against the application itself, so a stale search term never opens a lease.

export type ContactChannel = 'sms' | 'email';

export interface Contact {
  channel: ContactChannel;
  /** Normalised: 10 digits for a phone, trimmed and lower case for an e-mail. */
  value: string;
}

/** A US phone number as 10 digits (a leading country code 1 dropped), or undefined when it is not one. */
export function normalisePhone(raw: string): string | undefined {
  let digits = raw.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return /^[2-9]\d{9}$/.test(digits) ? digits : undefined;
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]{1,64}@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]{2,}$/;

export function normaliseEmail(raw: string): string | undefined {
  const value = raw.normalize('NFKC').trim().toLowerCase();
  return value.length <= 254 && EMAIL.test(value) ? value : undefined;
}

/** Masks an address for display: '•••• 1234' or 'j•••@example.com'. */
export function maskContact(contact: Contact): string {
  if (contact.channel === 'sms') return `•••• ${contact.value.slice(-4)}`;
  const [local = '', domain = ''] = contact.value.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

/** The keyed HMAC that identifies a lessee by address (sessions and throttles keep this, never the address). */
export const contactHash = (deps: Pick<Deps, 'crypto'>, contact: Contact) =>
  deps.crypto.blindIndex(`customer-contact:${contact.channel}`, contact.value);

export const isFunded = (lease: Pick<LeaseItem, 'fundedAt' | 'fundedTranches'> | undefined) =>
  Boolean(lease && (lease.fundedAt || (lease.fundedTranches?.length ?? 0) > 0));

type Person = { first_name?: unknown; email?: unknown; cell?: unknown; language?: unknown } | null | undefined;

const people = (app: ApplicationRecord): Person[] => [
  app.data.applicant,
  (app.data as { co_applicant?: Person }).co_applicant,
];

/** The applicant or co-applicant of `app` with this address, if any. */
export function personWith(app: ApplicationRecord, contact: Contact): Person | undefined {
  return people(app).find((p) => {
    if (!p) return false;
    if (contact.channel === 'email') return typeof p.email === 'string' && normaliseEmail(p.email) === contact.value;
    return typeof p.cell === 'string' && normalisePhone(p.cell) === contact.value;
  });
}

export const langOf = (person: Person): 'en' | 'es' | undefined => {
  const value = typeof person?.language === 'string' ? person.language : '';
  if (/^(es|spa|spanish|español)/i.test(value)) return 'es';
  if (/^(en|eng|english)/i.test(value)) return 'en';
  return undefined;
};

export interface Lessee {
  leaseIds: string[];
  firstName: string | null;
  lang: 'en' | 'es' | undefined;
}

/** The funded leases of the person with this address (newest first), with their first name and language. */
export async function findLessee(deps: Deps, contact: Contact): Promise<Lessee> {
  const kind = contact.channel === 'email' ? 'email' : 'phone';
  const now = deps.clock();
  const candidates = await findBySearchTerm(deps.db, await searchTermHmac(deps, kind, contact.value), 200);
  const uuids = [...new Set(candidates.map((c) => c.uuid))];
  const found = await Promise.all(
    uuids.map(async (uuid) => {
      const lease = await getLease(deps.db, uuid, now);
      if (!isFunded(lease)) return undefined;
      const app = await getApplication(deps.db, deps.crypto, uuid, now);
      const person = app && personWith(app, contact);
      return person ? { uuid, person } : undefined;
    }),
  );
  const hits = found.filter((f): f is NonNullable<typeof f> => Boolean(f));
  const first = hits[0]?.person;
  return {
    leaseIds: hits.map((h) => h.uuid),
    firstName: typeof first?.first_name === 'string' ? first.first_name : null,
    lang: langOf(first),
  };
}
