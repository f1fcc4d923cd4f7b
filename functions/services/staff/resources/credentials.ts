import * as z from 'zod/mini';
import { text } from '../resource.ts';

// What retailer credentials (API tokens, OAuth clients) share: the create body's name and retailer, and how staff
// lists show their life.

export const credentialFields = {
  name: text(100),
  retailer_id: z
    .string('staff.validation.required')
    .check(z.minLength(1, 'staff.validation.required'), z.maxLength(100, 'staff.validation.tooLong')),
};

export const credentialLife = (r: { created_at: string; revoked_at: string | null }) => ({
  created_at: r.created_at,
  revoked_at: r.revoked_at,
  revoked: r.revoked_at !== null,
});
