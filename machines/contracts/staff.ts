import * as z from 'zod/mini';
import type { Guard } from '../domain/permissions.ts';

// Staff API contracts (paths under /staff/api). Sign-in, the signed-in user, password reset and change.
export const loginRequest = z.object({
  username: z
    .string()
    .check(z.minLength(1, 'staff.validation.usernameRequired'), z.maxLength(254, 'staff.validation.tooLong')),
  password: z
    .string()
    .check(z.minLength(1, 'staff.validation.passwordRequired'), z.maxLength(256, 'staff.validation.tooLong')),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;
export const newPassword = z
  .string()
  .check(
    z.minLength(PASSWORD_MIN, 'staff.validation.passwordLength'),
    z.maxLength(PASSWORD_MAX, 'staff.validation.passwordLength'),
  );

export const forgotRequest = z.object({
  email: z
    .string()
    .check(z.minLength(1, 'staff.validation.emailRequired'), z.maxLength(254, 'staff.validation.tooLong')),
});

/** The new password typed twice: the confirmation must match. */
const passwordsMatch = z.refine<{ password: string; password_confirmation: string }>(
  (v) => v.password === v.password_confirmation,
  { message: 'staff.validation.passwordMismatch', path: ['password_confirmation'] },
);

export const resetRequest = z
  .object({
    token: z.string().check(z.minLength(1, 'staff.auth.resetInvalid'), z.maxLength(128, 'staff.auth.resetInvalid')),
    password: newPassword,
    password_confirmation: z.string(),
  })
  .check(passwordsMatch);

export const changePasswordRequest = z
  .object({
    current_password: z
      .string()
      .check(z.minLength(1, 'staff.validation.passwordRequired'), z.maxLength(256, 'staff.validation.tooLong')),
    password: newPassword,
    password_confirmation: z.string(),
  })
  .check(passwordsMatch);

export const storeContextRequest = z.object({
  store_id: z
    .string()
    .check(z.minLength(1, 'staff.validation.storeRequired'), z.maxLength(100, 'staff.validation.tooLong')),
});

/** GET /staff/api/auth/me (and the data of a successful sign-in). */
export interface StaffMe {
  user: { id: string; username: string; email: string; display_name: string; super_admin: boolean };
  guard: Guard;
  roles: { id: string; name: string }[];
  permissions: string[];
  stores: { id: string; name: string; slug: string; retailer_id: string }[];
  retailers: { id: string; name: string; slug: string }[];
  store_context: { id: string; name: string; slug: string; retailer_id: string } | null;
  retailer_context: string | null;
  session: { idle_seconds: number; expires_at: number };
}

/** Paging query of staff lists (seed 001: limit, page from 1, sortBy, sortDesc), 25 per page by default. */
export const PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
