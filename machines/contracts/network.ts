import * as z from 'zod/mini';

// Retailer, Store and Contractor Sign Up (seed 001) and the Store Applications staff area; OAuth client credentials.
// Pure: the public sign-up form and the server share the schema; messages are catalogue keys (machines/i18n/network.ts).
//
// POST /public/signup/draft                 a sign-up draft (its token ties the document uploads to the form)
// POST /public/files                        multipart `file` + `draft`: a document of the draft
// POST /public/signup                       the form: creates a Store Application (state submitted)
// GET  /staff/api/store-applications        paged list (filter `state`)
// GET  /staff/api/store-applications/{id}   the application (bank details masked to their last 4)
// POST /staff/api/store-applications/{id}/approve | decline | clean
// POST /oauth/token                         client_credentials (RFC 6749 4.4), form-encoded

export const SIGNUP_KINDS = ['retailer', 'store', 'contractor'] as const;
export type SignupKind = (typeof SIGNUP_KINDS)[number];
export const STORE_APPLICATION_STATES = ['submitted', 'requiring-cleaning', 'approved', 'declined'] as const;
export type StoreApplicationState = (typeof STORE_APPLICATION_STATES)[number];
export const BUSINESS_TYPES = ['MERCHANDISE', 'HVAC', 'HOME_IMPROVEMENT'] as const;
export const CONTACT_ROLES = ['owner', 'manager', 'accounting'] as const;
export const MAX_CONTACTS = 5;
export const MAX_DOCUMENTS = 10;

/** Which staff decision each state allows (the server refuses others with 409). */
export const STORE_APPLICATION_ACTIONS: Record<StoreApplicationState, readonly ('approve' | 'decline' | 'clean')[]> = {
  submitted: ['approve', 'decline', 'clean'],
  'requiring-cleaning': ['approve', 'decline'],
  approved: [],
  declined: [],
};
export const allowedAction = (state: StoreApplicationState, action: 'approve' | 'decline' | 'clean') =>
  STORE_APPLICATION_ACTIONS[state].includes(action);

const wellFormed = (s: string) => !/\p{Cs}/u.test(s) && !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(s);
const text = (max: number, required = true) =>
  z
    .string('network.validation.required')
    .check(
      z.maxLength(max, 'network.validation.tooLong'),
      z.refine<string>(wellFormed, 'network.validation.text'),
      ...(required ? [z.refine<string>((s) => s.trim().length > 0, 'network.validation.required')] : []),
    );
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const email = () =>
  z
    .string('network.validation.email')
    .check(z.maxLength(254, 'network.validation.tooLong'), z.regex(EMAIL_PATTERN, 'network.validation.email'));
const phone = () =>
  z.string('network.validation.phone').check(z.regex(/^\d{10}$|^\d{3} \d{3} \d{4}$/, 'network.validation.phone'));

export const signupContact = z.object({
  role: z.enum(CONTACT_ROLES, 'network.validation.inList'),
  name: text(255),
  email: email(),
  phone: phone(),
});
export type SignupContact = z.infer<typeof signupContact>;

export const signupRequest = z.object({
  draft: z.string('network.validation.draft').check(z.regex(/^dr_[A-Za-z0-9_-]{20,60}$/, 'network.validation.draft')),
  kind: z.enum(SIGNUP_KINDS, 'network.validation.inList'),
  business_name: text(255),
  dba_name: z.optional(text(255, false)),
  business_type: z.enum(BUSINESS_TYPES, 'network.validation.inList'),
  email: email(),
  phone: phone(),
  website: z.optional(text(255, false)),
  address_line_1: text(255),
  city: text(100),
  state: z.string('network.validation.state').check(z.regex(/^[A-Z]{2}$/, 'network.validation.state')),
  zip: z.string('network.validation.zip').check(z.regex(/^\d{5}(-\d{4})?$/, 'network.validation.zip')),
  contacts: z
    .array(signupContact)
    .check(
      z.minLength(1, 'network.validation.contactRequired'),
      z.maxLength(MAX_CONTACTS, 'network.validation.tooMany'),
    ),
  bank_account_name: text(255),
  routing_number: z.string('network.validation.routing').check(z.regex(/^\d{9}$/, 'network.validation.routing')),
  account_number: z.string('network.validation.account').check(z.regex(/^\d{4,17}$/, 'network.validation.account')),
  /** File ids, or the toolkit upload field's records ({ id, token, original_name, url }). */
  documents: z.optional(
    z
      .array(
        z.union(
          [z.string().check(z.maxLength(100)), z.looseObject({ id: z.string().check(z.maxLength(100)) })],
          'network.validation.document',
        ),
      )
      .check(z.maxLength(MAX_DOCUMENTS, 'network.validation.tooMany')),
  ),
});
export type SignupRequest = z.infer<typeof signupRequest>;

/** 'Please do not enter the same email address for different contacts': the field errors of repeated e-mails. */
export function duplicateContactEmails(contacts: readonly { email: string }[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const seen = new Map<string, number>();
  contacts.forEach((c, i) => {
    const key = c.email.trim().toLowerCase();
    if (seen.has(key)) errors[`contacts.${i}.email`] = ['network.validation.sameEmail'];
    else seen.set(key, i);
  });
  return errors;
}

/** ABA routing number checksum (3-7-1 weights). */
export function routingChecksumOk(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = routing.split('').map(Number);
  const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]! + d[8]!);
  return sum % 10 === 0;
}

export const declineRequest = z.object({ reason: z.optional(text(1000, false)) });
export const cleanRequest = z.object({ note: z.optional(text(1000, false)) });
export const approveRequest = z.object({
  slug: z.optional(z.string().check(z.regex(/^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/, 'network.validation.slug'))),
});

/** RFC 6749 4.4.2: the token request (form-encoded). */
export const oauthTokenRequest = z.object({
  grant_type: z.string(),
  client_id: z.optional(z.string().check(z.maxLength(200))),
  client_secret: z.optional(z.string().check(z.maxLength(200))),
  scope: z.optional(z.string().check(z.maxLength(200))),
});
/** Access tokens live an hour. */
export const OAUTH_TOKEN_SECONDS = 3600;
