import { expect, test } from '@playwright/test';
import { expectAccessible } from './fixtures.ts';
import { signInAsAdmin, submittedApplication } from './staff-support.ts';

// Staff lease operations in the browser, on a record a shopper made through the real API: the queue, the application
// list and its search, the record screen (concealed SSN, the decision and its reasons), an action with the seed's
// confirmation text, the record moving to its work queue and being claimed; axe-core on each screen in en and es.

test.describe.configure({ mode: 'serial', timeout: 240_000 });

test('staff find an approved application, act on it with confirmation, and work it from the queue (en, es)', async ({
  page,
  request,
}) => {
  const { uuid, application } = await submittedApplication(request);
  const shopper = {
    uuid,
    firstName: application.applicant.first_name as string,
    lastName: application.applicant.last_name as string,
    ssn: String(application.applicant.social_security_number).replace(/\D/g, ''),
  };
  await signInAsAdmin(page);
  await expect(page.getByTestId('dash-today')).toBeVisible();
  await expectAccessible(page, 'dashboard with lease counts (en)');

  // The queue, axe-clean, with its tabs.
  await page
    .getByRole('navigation', { name: 'Navigation' })
    .getByRole('link', { name: 'Lease Queue', exact: true })
    .click();
  await expect(page.getByRole('tablist', { name: 'Work queues' })).toBeVisible();
  await expectAccessible(page, 'lease queue (en)');

  // The application list, searched by last name (the list follows the decision within the relay's period).
  await page
    .getByRole('navigation', { name: 'Navigation' })
    .getByRole('link', { name: 'Lease Applications', exact: true })
    .click();
  const search = page.getByTestId('applications-search');
  await expect(async () => {
    await search.fill(shopper.lastName);
    await search.press('Enter');
    await expect(page.getByRole('link', { name: new RegExp(shopper.lastName) }).first()).toBeVisible({
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByText(/Showing 1 to \d+ of \d+ entries/)).toBeVisible();
  await expectAccessible(page, 'applications list searched (en)');

  // The record: status V, the SSN concealed to its last 4, the decision.
  await page
    .getByRole('link', { name: new RegExp(shopper.lastName) })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(shopper.lastName) })).toBeVisible();
  await expect(page.getByTestId('record-status')).toContainText('(V) Approved/Pending Contract');
  await expect(page.getByTestId('section-decision')).toBeVisible();
  await expect(page.locator('body')).not.toContainText(shopper.ssn);
  await expect(page.locator('body')).toContainText(shopper.ssn.slice(-4));
  await expectAccessible(page, 'application record (en)');

  // An action with the seed's confirmation text, then the new status.
  await page.getByTestId('lease-action-request-info').click();
  const dialog = page.getByRole('alertdialog', { name: 'More Info Required' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('action-confirm-text')).toHaveText(
    `You are changing "${shopper.firstName} ${shopper.lastName}" from "(V) Approved/Pending Contract" state to "(I) More Info Required" state.`,
  );
  await dialog.getByTestId('action-note').fill('Please upload a recent pay stub.');
  await expectAccessible(page, 'action confirmation dialog (en)');
  await dialog.getByTestId('action-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('record-status')).toContainText('(I) More Info Required');
  await expect(page.getByTestId('section-timeline')).toContainText('Please upload a recent pay stub.');

  // The record now waits in the More Info Required queue; claim it.
  await page.goto('/staff/#/lease-queue/info');
  const row = page.getByRole('row').filter({ hasText: shopper.lastName });
  await expect(async () => {
    await page.getByTestId('queue-tab-info').click();
    await expect(row).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await row.getByTestId('queue-claim').click();
  await expect(row).toContainText(/admin|Administrator/i);

  // The same screens in Spanish.
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('tablist')).toBeVisible();
  await expectAccessible(page, 'lease queue (es)');
  await page.goto(`/staff/#/applications/${shopper.uuid}`);
  await expect(page.getByTestId('record-status')).toContainText('(I) Se requiere más información');
  await expectAccessible(page, 'application record (es)');
  await page.getByTestId('lease-action-info-received').click();
  const dialogEs = page.getByRole('alertdialog');
  await expect(dialogEs.getByTestId('action-confirm-text')).toContainText('Está cambiando');
  await expectAccessible(page, 'action confirmation dialog (es)');
  await dialogEs.getByTestId('action-confirm').click();
  await expect(page.getByTestId('record-status')).toContainText('(S) En espera de revisión');
  await page.goto('/staff/#/applications');
  await expect(page.getByRole('table')).toBeVisible();
  await expectAccessible(page, 'applications list (es)');
});
