// Renders a staff screen as the portal does: the staff catalogue areas, the toolkit's language and dialogs, hash-like
// routing on a memory location (so navigation can be read back), and a signed-in session with the given permissions.
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { StaffMe } from '../../../machines/contracts/staff.ts';
import { I18nProvider } from '../../../web/lib/i18n.tsx';
import { STAFF_AREAS } from '../../../web/staff/app/areas.ts';
import { SessionContext, type StaffSession } from '../../../web/staff/common/session.tsx';
import { createStaffCaller } from '../../../web/staff/common/staff-caller.ts';
import { DialogsProvider } from '../../../web/toolkit/dialogs/DialogsProvider.tsx';
import { ToolkitI18nProvider } from '../../../web/toolkit/i18n.ts';

export function staffMe(permissions: string[]): StaffMe {
  return {
    user: { id: 'usr-1', username: 'admin', email: 'admin@example.com', display_name: 'Admin', super_admin: false },
    guard: 'system',
    roles: [{ id: 'rol-admin', name: 'Admin' }],
    permissions,
    stores: [],
    retailers: [],
    store_context: null,
    retailer_context: null,
    session: { idle_seconds: 1800, expires_at: Date.now() + 3_600_000 },
  };
}

export function renderStaff(
  ui: ReactElement,
  { path = '/', permissions = [] as string[] } = {},
): RenderResult & { history: string[] } {
  const location = memoryLocation({ path, record: true });
  const me = staffMe(permissions);
  const caller = createStaffCaller({
    lang: () => 'en',
    onUnauthorized: () => {},
    onForbidden: () => {},
    onActivity: () => {},
  });
  const session: StaffSession = {
    me,
    caller,
    can: (permission) => me.permissions.includes(permission),
    setMe: () => {},
    signOut: async () => {},
    lastActivity: () => Date.now(),
  };
  const result = render(
    <I18nProvider areas={STAFF_AREAS}>
      <ToolkitI18nProvider lang="en">
        <DialogsProvider>
          <Router hook={location.hook}>
            <SessionContext.Provider value={session}>{ui}</SessionContext.Provider>
          </Router>
        </DialogsProvider>
      </ToolkitI18nProvider>
    </I18nProvider>,
  );
  return Object.assign(result, { history: location.history });
}
