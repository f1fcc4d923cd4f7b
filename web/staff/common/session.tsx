// The signed-in staff user, shared by the shell and the screens: who they are (GET /staff/api/auth/me), what they
// may do, the portal's caller, and the ways a session ends.
import { createContext, useContext } from 'react';
import type { StaffMe } from '../../../machines/contracts/staff.ts';
import type { Caller } from '../../toolkit/api/caller.ts';

export interface StaffSession {
  me: StaffMe;
  caller: Caller;
  can: (permission: string) => boolean;
  /** A fresh description of the user (after a store switch or a profile change). */
  setMe: (me: StaffMe) => void;
  /** Signs out on the server and shows the sign-in screen with 'You have been logged out!'. */
  signOut: () => Promise<void>;
  /** When the last answered call slid the server's idle timer (ms since epoch). */
  lastActivity: () => number;
}

export const SessionContext = createContext<StaffSession | null>(null);

export function useSession(): StaffSession {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession needs a signed-in staff user');
  return value;
}

export const hasPermission = (me: StaffMe | null | undefined, permission: string | undefined) =>
  !permission || (me?.permissions ?? []).includes(permission);
