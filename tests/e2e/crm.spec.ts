import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './fixtures.ts';
import { signInAsAdmin } from './staff-support.ts';

// Issue 12 in the staff portal: a weekly task assigned to a user (the toolkit's recurrence field, next dates from the
// server) shows in the task list and the dashboard's open tasks; a new lead; the staff Payment Calculator; axe-core
// on each screen in English and in Spanish.
const run = Date.now().toString(36);
const TASK = `Weekly follow-up ${run}`;
const LEAD = `Lead ${run}`;

test.describe.configure({ mode: 'serial', timeout: 150_000 });

const nav = (page: Page, group: string) => page.getByRole('navigation', { name: group, exact: true });

async function listLoaded(page: Page, heading: string) {
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.locator('.tk-list__summary')).not.toHaveText(/Loading|Cargando/);
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
}

test('a weekly task, a lead and the payment calculator, accessible in English and Spanish', async ({ page }) => {
  await signInAsAdmin(page);

  // a task with a weekly recurrence, assigned to the admin
  await nav(page, 'Navigation').getByRole('link', { name: 'Tasks', exact: true }).click();
  await listLoaded(page, 'Tasks');
  await expectAccessible(page, 'tasks');
  await page.getByRole('button', { name: 'New task' }).click();
  const panel = page.getByRole('dialog', { name: 'New Task' });
  await expect(panel).toBeVisible();
  await panel.getByLabel('Title', { exact: true }).fill(TASK);
  await expect(panel.getByLabel('Assigned to')).toHaveValue('Administrator');
  const repeats = panel.getByRole('switch', { name: 'Repeats' });
  await repeats.focus();
  await page.keyboard.press('Space');
  await expect(repeats).toBeChecked();
  const repeat = panel.getByLabel('Repeat', { exact: true });
  await expect(repeat).toBeVisible();
  await repeat.selectOption('daily');
  await repeat.selectOption('weekly');
  await expect(panel.getByLabel('Never (Limited to 1 year)')).toBeChecked();
  await expectAccessible(page, 'task form');
  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: TASK });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Administrator');
  await expect(row).toContainText('Repeats:');

  // the dashboard's open tasks
  await nav(page, 'Navigation').getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page.getByTestId('dash-tasks').getByRole('link', { name: TASK })).toBeVisible();
  await expectAccessible(page, 'dashboard');

  // a new lead
  await nav(page, 'Navigation').getByRole('link', { name: 'Leads', exact: true }).click();
  await listLoaded(page, 'Leads');
  await page.getByRole('button', { name: 'New lead' }).click();
  const leadPanel = page.getByRole('dialog', { name: 'New Lead' });
  await leadPanel.getByLabel('Name', { exact: true }).fill(LEAD);
  await leadPanel.getByLabel('Company').fill('Sunny Sofas');
  await expectAccessible(page, 'lead form');
  await leadPanel.getByRole('button', { name: 'Save' }).click();
  await expect(leadPanel).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: LEAD })).toBeVisible();
  await expectAccessible(page, 'leads');

  // the payment calculator
  await nav(page, 'Navigation').getByRole('link', { name: 'Payment Calculator', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Calculator' })).toBeVisible();
  await page.getByLabel('Cash price ($)').fill('1500');
  await page.getByLabel('Option', { exact: true }).selectOption('B');
  await page.getByLabel('Payment frequency').selectOption('14-day');
  await page.getByRole('button', { name: 'Calculate' }).click();
  const result = page.getByTestId('calculator-result');
  await expect(result.getByText('Payment', { exact: true })).toBeVisible();
  await expect(result).toContainText('$1,500.00');
  await expectAccessible(page, 'payment calculator');

  // in Spanish
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1, name: 'Calculadora de pagos' })).toBeVisible();
  await page.getByRole('button', { name: 'Calcular' }).click();
  await expect(result.getByText('Pago', { exact: true })).toBeVisible();
  await expectAccessible(page, 'payment calculator (es)');
  await nav(page, 'Navegación').getByRole('link', { name: 'Tareas', exact: true }).click();
  await listLoaded(page, 'Tareas');
  await expect(page.getByRole('row').filter({ hasText: TASK })).toContainText('Se repite');
  await expectAccessible(page, 'tasks (es)');
  await page.getByRole('row').filter({ hasText: TASK }).getByRole('button', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar tarea' });
  await expect(edit.getByLabel('Nunca (limitado a 1 año)').or(edit.getByRole('radio').first())).toBeVisible();
  await expectAccessible(page, 'task form (es)');
  await page.keyboard.press('Escape');
  await nav(page, 'Navegación').getByRole('link', { name: 'Prospectos', exact: true }).click();
  await listLoaded(page, 'Prospectos');
  await expectAccessible(page, 'leads (es)');
  await nav(page, 'Navegación').getByRole('link', { name: 'Panel', exact: true }).click();
  await expect(page.getByTestId('dash-tasks').getByRole('link', { name: TASK })).toBeVisible();
  await expectAccessible(page, 'dashboard (es)');
});

test('every issue 12 menu entry opens a screen with demo data', async ({ page }) => {
  await signInAsAdmin(page);
  for (const [group, link] of [
    ['Navigation', 'Contacts'],
    ['Navigation', 'Marketing Campaigns'],
    ['Navigation', 'Marketing Requests'],
    ['Navigation', 'Marketing Guide and Videos'],
    ['Navigation', 'Resources Library'],
    ['Administration', 'Push Notifications'],
    ['Administration', 'Mobile Slides'],
  ] as const) {
    await nav(page, group).getByRole('link', { name: link, exact: true }).click();
    await listLoaded(page, link);
    await expect(page.locator('.tk-table__empty')).toHaveCount(0);
  }
});
