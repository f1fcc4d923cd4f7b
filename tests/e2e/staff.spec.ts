import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './fixtures.ts';

// The staff portal (seed 001) against the real `npm start`: the admin (password from playwright.config.ts) creates a
// store-guard role and a user linked to main-street, who then reaches only that store's records; server forms,
// the permission editor, API tokens, the pick list 422, Spanish, and axe-core on every screen visited.
const ADMIN_PASSWORD = 'e2e-admin-password-1';
const run = Date.now().toString(36);
const ROLE = `Main Street Clerk ${run}`;
const USER = `clerk_${run}`;
const USER_PASSWORD = 'clerk-password-123';

// axe-core on every screen, twice (en, es), is slow on a busy machine
test.describe.configure({ mode: 'serial', timeout: 180_000 });

async function signIn(page: Page, username: string, password: string) {
  await page.getByLabel('User name or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function signInAsAdmin(page: Page) {
  await page.goto('/staff/#/');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign in' })).toBeVisible();
  await signIn(page, 'admin', ADMIN_PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

const nav = (page: Page, group: string) => page.getByRole('navigation', { name: group });

/** Opens a list from its menu, checks its heading and table, and runs axe on it. */
async function visitList(page: Page, group: string, link: string, heading: string, what: string) {
  await nav(page, group).getByRole('link', { name: link, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.locator('.tk-list__summary')).not.toHaveText(/Loading|Cargando/);
  // the page loaded: its rows, or the empty-list text (never an error)
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  await expect(page.locator('.tk-list .tk-alert')).toHaveCount(0);
  await expectAccessible(page, what);
}

const EN_LISTS: [string, string][] = [
  ['Navigation', 'Stores'],
  ['Navigation', 'Retailers'],
  ['Navigation', 'Users'],
  ['Administration', 'Roles'],
  ['Administration', 'Permissions'],
  ['Administration', 'Pick Lists'],
  ['Administration', 'Settings'],
  ['Administration', 'API access tokens'],
  ['Administration', 'Mail Templates'],
  ['Administration', 'Audit log'],
];
const ES_LISTS: [string, string][] = [
  ['Navegación', 'Tiendas'],
  ['Navegación', 'Minoristas'],
  ['Navegación', 'Usuarios'],
  ['Administración', 'Roles'],
  ['Administración', 'Permisos'],
  ['Administración', 'Listas de selección'],
  ['Administración', 'Configuración'],
  ['Administración', 'Tokens de acceso a la API'],
  ['Administración', 'Plantillas de correo'],
  ['Administración', 'Registro de auditoría'],
];

test('sign-in messages, and every admin screen is accessible in English', async ({ page }) => {
  await page.goto('/staff/');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign in' })).toBeVisible();
  await expectAccessible(page, 'staff sign in (en)');

  await signIn(page, 'admin', 'not-the-password');
  await expect(page.getByRole('alert').filter({ hasText: 'Wrong E-mail/password combination' })).toBeVisible();
  await expectAccessible(page, 'staff sign in with error (en)');

  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Open tasks' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Last updated stores' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Main Street' }).first()).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Dashboard');
  await expectAccessible(page, 'dashboard (en)');

  for (const [group, link] of EN_LISTS) await visitList(page, group, link, link, `${link} list (en)`);

  // the stores list: seed paging texts, and a record's server form in a panel
  await nav(page, 'Navigation').getByRole('link', { name: 'Stores', exact: true }).click();
  await expect(page.getByText(/Showing 1 to \d+ of \d+ entries/)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Stores');
  const mainStreet = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: 'Main Street', exact: true }) });
  await mainStreet.getByRole('button', { name: 'Edit' }).click();
  const panel = page.getByRole('dialog', { name: 'Edit store' });
  await expect(panel).toBeVisible();
  await expect(panel.getByLabel('Name', { exact: true })).toHaveValue('Main Street');
  await expect(page).toHaveURL(/#\/stores\/sto-main-street$/);
  await expectAccessible(page, 'store form panel (en)');
  await panel.getByRole('tab', { name: 'Lease program' }).click();
  await expect(panel.getByRole('switch', { name: 'OCP protection' })).toBeChecked();
  await expect(panel.getByRole('switch', { name: 'Banking required' })).toBeChecked();
  await expectAccessible(page, 'store form panel, lease program (en)');
  await panel.getByRole('tab', { name: 'Store' }).click();
  // unsaved changes ask before the panel closes
  await panel.getByLabel('Short name').fill('Changed');
  await panel.getByRole('button', { name: 'Close' }).click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText('Looks like you made some changes');
  await question.getByRole('button', { name: 'Keep' }).click();
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click();
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL(/#\/stores$/);

  // signing out
  await page.getByRole('navigation', { name: 'User' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You have been logged out!' })).toBeVisible();
});

test('the admin creates a store role and a Main Street user, who reaches only that store', async ({ page }) => {
  await signInAsAdmin(page);

  // a role in the store guard
  await nav(page, 'Administration').getByRole('link', { name: 'Roles', exact: true }).click();
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const rolePanel = page.getByRole('dialog', { name: 'New role' });
  await rolePanel.getByLabel('Name').fill(ROLE);
  await rolePanel.getByLabel('Guard').selectOption({ label: 'Store' });
  await rolePanel.getByRole('button', { name: 'Save' }).click();
  await expect(rolePanel).toBeHidden();
  const roleRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: ROLE, exact: true }) });
  await expect(roleRow).toBeVisible();

  // its permissions
  await roleRow.getByRole('button', { name: 'Permissions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Roles and Permissions' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Roles');
  await page.getByRole('group', { name: 'Stores' }).getByLabel('stores.view').check();
  await page.getByRole('group', { name: 'Stores' }).getByLabel('stores.update').check();
  await page.getByRole('group', { name: 'Users' }).getByLabel('users.view').check();
  await expectAccessible(page, 'permission editor (en)');
  await page.getByRole('button', { name: 'Save Permissions' }).click();
  await expect(page.getByText('Permissions updated!')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Stores' }).getByLabel('stores.view')).toBeChecked();
  // a second save works too (the editor reloads the role's version)
  await page.getByRole('group', { name: 'Users' }).getByLabel('users.view').uncheck();
  await page.getByRole('group', { name: 'Users' }).getByLabel('users.view').check();
  await page.getByRole('button', { name: 'Save Permissions' }).click();
  await expect(page.getByText('Permissions updated!').first()).toBeVisible();

  // the Admin role is read-only
  await page.goto('/staff/#/roles/role-admin/permissions');
  await expect(page.getByRole('note')).toHaveText('The Admin role cannot be changed or deleted.');
  await expect(page.getByRole('button', { name: 'Save Permissions' })).toHaveCount(0);

  // a user of that role, linked to Main Street
  await page.goto('/staff/#/users');
  await page.getByRole('button', { name: 'New', exact: true }).click();
  const userPanel = page.getByRole('dialog', { name: 'New user' });
  await userPanel.getByLabel('User name').fill(USER);
  await userPanel.getByLabel('E-mail').fill(`${USER}@example.com`);
  await userPanel.getByLabel('Display name').fill('Main Street Clerk');
  await userPanel.getByLabel('Password').fill(USER_PASSWORD);
  await userPanel.getByLabel('Guard').selectOption({ label: 'Store' });
  await userPanel.getByRole('group', { name: 'Roles' }).getByLabel(ROLE).check();
  await userPanel.getByRole('group', { name: 'Stores' }).getByLabel('Main Street').check();
  await userPanel.getByRole('button', { name: 'Save' }).click();
  await expect(userPanel).toBeHidden();
  await expect(page.getByRole('cell', { name: USER, exact: true })).toBeVisible();

  await page.getByRole('navigation', { name: 'User' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('You have been logged out!')).toBeVisible();

  // the store user
  await signIn(page, USER, USER_PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Menu' })).toContainText('Store: Main Street');
  await expect(nav(page, 'Navigation').getByRole('link', { name: 'Stores' })).toBeVisible();
  await expect(nav(page, 'Navigation').getByRole('link', { name: 'Retailers' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Administration' })).toHaveCount(0);

  await nav(page, 'Navigation').getByRole('link', { name: 'Stores', exact: true }).click();
  await expect(page.getByText('Showing 1 to 1 of 1 entries')).toBeVisible();
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(2); // header + Main Street
  await expect(rows.nth(1)).toContainText('Main Street');

  // another store's record: the 403 page
  await page.goto('/staff/#/stores/sto-express');
  await expect(page.getByRole('heading', { level: 1, name: 'Permission Denied' })).toBeVisible();
  await expect(page.getByText('Please talk to your system admin')).toBeVisible();
  await expectAccessible(page, '403 page (en)');
  // a screen the role does not open
  await page.goto('/staff/#/roles');
  await expect(page.getByRole('heading', { level: 1, name: 'Permission Denied' })).toBeVisible();
  // its own store opens
  await page.goto('/staff/#/stores/sto-main-street');
  await expect(page.getByRole('dialog', { name: 'Edit store' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Edit store' })).toBeHidden();
  // an unknown route
  await page.goto('/staff/#/nowhere');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
});

test('a pick list item with a taken identifier: the 422 lands on its field', async ({ page }) => {
  await signInAsAdmin(page);
  await nav(page, 'Administration').getByRole('link', { name: 'Pick Lists', exact: true }).click();
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Income types', exact: true }) });
  await row.getByRole('button', { name: 'Items' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Items of Income types' })).toBeVisible();
  await page.getByRole('button', { name: 'Add item' }).click();
  const panel = page.getByRole('dialog', { name: 'Add item' });
  await expectAccessible(page, 'pick list item form (en)');
  await panel.getByLabel('Identifier').fill('pension');
  await panel.getByLabel('Label').fill(`Pension plan ${run}`);
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel.getByRole('alert')).toHaveText('Unable to save pick list item');
  const identifier = panel.getByLabel('Identifier');
  await expect(identifier).toHaveAttribute('aria-invalid', 'true');
  await expect(identifier).toHaveAccessibleDescription(/The identifier must be unique within the pick list\./);
  await expect(panel.getByLabel('Label')).not.toHaveAttribute('aria-invalid', 'true');
  await identifier.fill(`pension_plan_${run}`);
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('cell', { name: `Pension plan ${run}`, exact: true })).toBeVisible();
});

test('an API token is shown once, then only its last four characters', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAsAdmin(page);
  await nav(page, 'Administration').getByRole('link', { name: 'API access tokens', exact: true }).click();
  await page.getByRole('button', { name: 'Create token' }).click();
  const panel = page.getByRole('dialog', { name: 'New API token' });
  await panel.getByLabel('Name').fill(`Register ${run}`);
  const retailer = panel.getByRole('combobox', { name: 'Retailer' });
  await retailer.fill('Demo');
  await panel.getByRole('option', { name: 'Demo Electronics' }).click();
  await panel.getByRole('button', { name: 'Create token' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Your new API token' });
  await expect(dialog).toBeVisible();
  const token = await dialog.getByLabel('API token').inputValue();
  expect(token).toMatch(/^rt_/);
  await expectAccessible(page, 'token dialog (en)');
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Copied to the clipboard.');
  await dialog.getByRole('button', { name: 'I have copied it' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: `Register ${run}` });
  await expect(row).toContainText(`…${token.slice(-4)}`);
  await expect(page.locator('body')).not.toContainText(token);
  // revoke
  await row.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'YES' }).click();
  await expect(page.getByText('The token has been revoked.')).toBeVisible();
});

test('in Spanish: the switcher translates the portal and every screen stays accessible', async ({ page }) => {
  await page.goto('/staff/#/');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Acceso del personal' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expectAccessible(page, 'staff sign in (es)');
  await page.getByLabel('Nombre de usuario o correo electrónico').fill('admin');
  await page.getByLabel('Contraseña', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Combinación de correo electrónico y contraseña incorrecta' }),
  ).toBeVisible();
  await page.getByLabel('Contraseña', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Panel' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tareas abiertas' })).toBeVisible();
  await expectAccessible(page, 'dashboard (es)');

  for (const [group, link] of ES_LISTS) await visitList(page, group, link, link, `${link} (es)`);

  await page.goto('/staff/#/stores/sto-main-street');
  const panel = page.getByRole('dialog', { name: 'Editar tienda' });
  await expect(panel).toBeVisible();
  await expect(panel.getByLabel('Nombre', { exact: true })).toHaveValue('Main Street');
  await expectAccessible(page, 'store form panel (es)');
  await page.keyboard.press('Escape');

  await page.goto('/staff/#/roles/role-store-manager/permissions');
  await expect(
    page.getByRole('button', { name: 'Guardar permisos' }).or(page.getByRole('button', { name: /Guardar/ })),
  ).toBeVisible();
  await expectAccessible(page, 'permission editor (es)');

  // the 403 page: a store the admin reaches is fine, so sign in as the store user
  await page.getByRole('navigation', { name: 'Usuario' }).getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page.getByText('¡Has cerrado la sesión!')).toBeVisible();
  await page.getByLabel('Nombre de usuario o correo electrónico').fill(USER);
  await page.getByLabel('Contraseña', { exact: true }).fill(USER_PASSWORD);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Panel' })).toBeVisible();
  await page.goto('/staff/#/stores/sto-hvac-central');
  await expect(page.getByRole('heading', { level: 1, name: 'Permiso denegado' })).toBeVisible();
  await expectAccessible(page, '403 page (es)');
});

test('the session-timeout warning counts down and "Stay signed in" keeps the session', async ({ page }) => {
  await page.clock.install();
  await signInAsAdmin(page);
  await page.clock.fastForward('29:10');
  const warning = page.getByRole('alertdialog', { name: 'Your session is about to end' });
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(/signed out in \d+ seconds/);
  const first = await warning.textContent();
  await page.clock.fastForward(3000);
  await expect(warning).not.toHaveText(first ?? '');
  await expectAccessible(page, 'session-timeout warning (en)');
  await warning.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(warning).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('a call answered 401 sends the user to sign in with the seed message', async ({ page, context }) => {
  await signInAsAdmin(page);
  await context.clearCookies({ name: 'staff_session' });
  await nav(page, 'Navigation').getByRole('link', { name: 'Users', exact: true }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your session is no longer valid. Please login again' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign in' })).toBeVisible();
});

test('forgot password: the link from the sandbox mailbox sets a new one; change password checks the current one', async ({
  page,
  request,
}) => {
  await page.goto('/staff/#/');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await expectAccessible(page, 'forgot password (en)');
  await page.getByLabel('E-mail').fill(`${USER}@example.com`);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    page.getByRole('main').getByRole('status').filter({ hasText: 'If an account exists for that address' }),
  ).toBeVisible();

  const mails = (await (await request.get('/sandbox/messages')).json()).data as {
    to: string;
    purpose: string;
    body: string;
  }[];
  const mail = mails.find((m) => m.to === `${USER}@example.com` && m.purpose === 'password-reset');
  expect(mail, 'reset e-mail in the sandbox mailbox').toBeDefined();
  const link = /(https?:\/\/\S+)/.exec(mail!.body)![1]!;
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await expectAccessible(page, 'reset password (en)');
  await page.getByLabel('New password', { exact: true }).fill('clerk-password-456');
  await page.getByLabel('Confirm the new password').fill('clerk-password-456');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(
    page.getByRole('main').getByRole('status').filter({ hasText: 'Your password has been reset.' }),
  ).toBeVisible();

  await signIn(page, USER, 'clerk-password-456');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.getByRole('navigation', { name: 'User' }).getByRole('link', { name: 'Change password' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Change password' })).toBeVisible();
  await page.getByLabel('Current password', { exact: true }).fill('not-my-password');
  await page.getByLabel('New password', { exact: true }).fill('clerk-password-789');
  await page.getByLabel('Confirm the new password').fill('clerk-password-789');
  await page.getByRole('main').getByRole('button', { name: 'Change password' }).click();
  const current = page.getByLabel('Current password', { exact: true });
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(current).toHaveAccessibleDescription('Wrong current password');
  await expectAccessible(page, 'change password with error (en)');
});

test('at 375 px the menu folds behind a button and stays usable by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAsAdmin(page);
  const toggle = page.getByRole('button', { name: 'Menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(nav(page, 'Navigation')).toBeHidden();
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(nav(page, 'Navigation')).toBeVisible();
  await expectAccessible(page, 'dashboard with the menu open at 375 px');
  await nav(page, 'Navigation').getByRole('link', { name: 'Stores', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Stores' })).toBeVisible();
  await expect(nav(page, 'Navigation')).toBeHidden();
  await expect(page.getByRole('main')).toBeFocused();
  await expectAccessible(page, 'stores at 375 px');
});
