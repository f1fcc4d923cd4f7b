import * as z from 'zod/mini';
import { CONTACT_CHANNELS, CONTACT_OUTCOMES } from '../domain/servicing/collections-work.ts';

// Issue 23: the bodies of the collections queue's work routes (/staff/api/collections-queue/{id}/...). `v` is the
// account version the page showed: a change made since is a 409, never a silent overwrite.

const version = z.optional(z.int().check(z.minimum(0)));

export const workRequest = z.object({ v: version });
export type WorkRequest = z.infer<typeof workRequest>;

export const assignRequest = z.object({
  user_id: z.string().check(z.minLength(1, 'collections.action.required'), z.maxLength(100)),
  v: version,
});
export type AssignRequest = z.infer<typeof assignRequest>;

export const promiseRequest = z.object({
  date: z.string().check(z.minLength(1, 'collections.action.required'), z.maxLength(10)),
  amount: z.union([z.string().check(z.minLength(1, 'collections.action.required'), z.maxLength(20)), z.number()]),
  note: z.optional(z.string().check(z.maxLength(500))),
  v: version,
});
export type PromiseRequest = z.infer<typeof promiseRequest>;

export const contactRequest = z.object({
  channel: z.enum(CONTACT_CHANNELS, 'collections.work.channelRequired'),
  outcome: z.enum(CONTACT_OUTCOMES, 'collections.work.outcomeRequired'),
  note: z.optional(z.string().check(z.maxLength(500))),
});
export type ContactRequest = z.infer<typeof contactRequest>;
