import { createContext, useContext } from 'react';
import type { CustomerMe } from '../../../machines/contracts/customer-api.ts';

// Who is signed in to the account pages, and how to leave. Provided by App.tsx.
export interface CustomerSession {
  me: CustomerMe;
  signOut: () => void;
}

export const SessionContext = createContext<CustomerSession | null>(null);

export function useSession(): CustomerSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a signed-in <SessionContext.Provider> above it');
  return session;
}
