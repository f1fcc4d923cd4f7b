import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './fixtures.ts';
import { signInAsAdmin, submittedApplication } from './staff-support.ts';

// Underwriting as data (issue 11) in the browser, signed in as the admin, in one journey: State Rules (a state
// marked not offered gives a shopper from it the seed's refusal, through the real shopper API, then offered again),
// Scoring Settings (a draft with one approval amount changed, saved, previewed against that application, published
// with confirmation, the previous version restored), Reports (today's applications as a table and a chart, the CSV
// and xlsx downloads), Mass Import (the template, a .csv refused), and axe-core on each screen in en and es.
// Not used by any other e2e test (the integration tests use MT, SD and ND on their own server).
const STATE = 'ND';
const STATE_ZIP = '58501'; // Bismarck, ND

test.describe.configure({ timeout: 240_000 });

const nav = (page: Page, group: string) => page.getByRole('navigation', { name: group });
const today = () => new Date().toISOString().slice(0, 10);

/** A shopper at main-street (Fill profile option-a) who lives in `state`: saved, PIN-verified, submitted; the result. */
async function applyFrom(request: APIRequestContext, state: string, zip: string) {
  const { result } = await submittedApplication(request, (fill) => ({
    ...fill,
    applicant: { ...fill.applicant, identification_issuer: state },
    location: {
      ...fill.location,
      state,
      code: zip,
      full_address: `${fill.location.line_1}, Bismarck, ${state} ${zip}`,
      city: 'Bismarck',
    },
  }));
  return result as { code: string; reason?: string; message: { sub_title2?: string } };
}

/** Opens the state's editor, sets "Leasing offered" and saves; the list shows the new value. */
async function setOffered(page: Page, offered: boolean) {
  await page.getByRole('button', { name: `Edit ${STATE}`, exact: true }).click();
  const editor = page.getByRole('form', { name: `Rules of ${STATE}` });
  await expect(editor).toBeVisible();
  await editor.getByRole('checkbox', { name: 'Leasing offered' }).setChecked(offered);
  // the list (every state) and the editor
  if (!offered) await expectAccessible(page, 'state rules with the editor (en)');
  await editor.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(editor).toBeHidden();
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: `The rules of ${STATE} were saved.` })
      .first(),
  ).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: STATE, exact: true }) });
  await expect(row.getByRole('cell').first()).toHaveText(offered ? 'Yes' : 'Not offered');
}

test('underwriting as data: state rules, scoring settings, reports and mass import (en, es)', async ({
  page,
  request,
}) => {
  await signInAsAdmin(page);

  // ---- State Rules: the state not offered refuses its shopper with the seed's message; then offered again.
  await nav(page, 'Administration').getByRole('link', { name: 'State Rules', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'State Rules' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'State Rules' }).getByRole('row')).toHaveCount(52); // header, 50 states and DC
  await setOffered(page, false);
  const refused = await applyFrom(request, STATE, STATE_ZIP);
  expect(refused.code).toBe('D');
  expect(refused.reason).toBe('STATE_NOT_SERVED');
  expect(refused.message.sub_title2).toBe("Sorry, we don't provide leasing services in your state");
  await page.getByLabel('Filter states').fill(STATE.toLowerCase());
  await expect(page.getByRole('table', { name: 'State Rules' }).getByRole('row')).toHaveCount(2);
  await setOffered(page, true);

  // ---- Scoring Settings: draft, save, preview, publish with confirmation, restore the previous version.
  await nav(page, 'Administration').getByRole('link', { name: 'Scoring Settings', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Scoring Settings' })).toBeVisible();
  for (const matrix of [
    'Score Decile Matrix',
    'Score Approval Amount Matrix',
    'Score Multipliers',
    'Score Lease Terms',
  ]) {
    await expect(page.getByRole('table', { name: matrix, exact: true })).toBeVisible();
  }
  const published = page.locator('dt', { hasText: 'Published version' }).locator('xpath=following-sibling::dd[1]');
  await expect(published).toHaveText(/^\S+ \(Published .* by /);
  const before = (await published.textContent())!.split(' ')[0]!;
  const cell = page.getByRole('spinbutton', { name: 'Approval for decile 6, income from $3,000', exact: true });
  const original = await cell.inputValue();
  expect(Number(original)).toBeGreaterThan(0);

  const changed = String(Number(original) + 50); // still between deciles 5 and 7 and the neighbouring bands
  await cell.fill(changed);
  await page.getByLabel('Note about this change').fill('e2e: decile 6 at $3,000 a month');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Draft saved.' }).first()).toBeVisible();
  await expect(page.locator('dt', { hasText: /^Draft$/ }).locator('xpath=following-sibling::dd[1]')).toHaveText(
    /^Draft saved .* by /,
  );

  // the preview re-scores recent decided applications (the one above reaches the list within the relay's period)
  const previewSection = page.getByRole('region', { name: 'What if: the draft against recent applications' });
  const summary = previewSection.getByText(/^\d+ applications re-scored: \d+ decisions and \d+ amounts change\.$/);
  await expect(async () => {
    await previewSection.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect(summary).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  expect(Number(/^(\d+)/.exec((await summary.textContent())!)![1])).toBeGreaterThan(0);
  // axe once on this large screen (every matrix cell is an input): with the preview shown
  await expectAccessible(page, 'scoring settings with the preview (en)');

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const publishDialog = page.getByRole('alertdialog');
  await expect(publishDialog).toContainText('Publish this draft? The next decision uses it.');
  await publishDialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(publishDialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Scoring settings published.' }).first()).toBeVisible();
  await expect(published).not.toHaveText(new RegExp(`^${before} `));
  const after = (await published.textContent())!.split(' ')[0]!;
  await expect(cell).toHaveValue(changed);
  const versions = page.getByRole('table', { name: 'Versions', exact: true });
  await expect(versions.getByRole('rowheader', { name: `${after} (In force)`, exact: true })).toBeVisible();

  await versions.getByRole('button', { name: `Restore ${before}`, exact: true }).click();
  const restoreDialog = page.getByRole('alertdialog');
  await expect(restoreDialog).toContainText(`Restore version ${before}? It becomes the published settings.`);
  await restoreDialog.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(restoreDialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Version restored and published.' }).first()).toBeVisible();
  await expect(published).not.toHaveText(new RegExp(`^${after} `));
  await expect(cell).toHaveValue(original);
  await expect(versions.getByRole('row').filter({ hasText: `Restored from #` }).first()).toBeVisible();

  // ---- Reports: today's applications as a table and a chart; the CSV and xlsx downloads.
  await nav(page, 'Navigation').getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page.getByLabel('Report')).toHaveValue('applications');
  await page.getByLabel('From').fill(today());
  await page.getByLabel('To', { exact: true }).fill(today());
  const table = page.getByTestId('report-table');
  const chart = page.getByTestId('report-chart').getByRole('img');
  // the application above is counted (the counters follow the relay)
  await expect(async () => {
    await page.getByRole('button', { name: 'Show report' }).click();
    await expect(table).toHaveAccessibleName(`Applications and approvals: ${today()} – ${today()}`, { timeout: 2_000 });
    await expect(chart).toHaveAccessibleName(/Applications [1-9]\d*,/, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText(today());
  await expect(chart).toHaveAccessibleName(
    new RegExp(`^Chart of Applications and approvals Applications and approvals, ${today()} to ${today()}: `),
  );
  await expectAccessible(page, 'applications report (en)');

  const csvHref = await page.getByTestId('report-csv').getAttribute('href');
  const xlsxHref = await page.getByTestId('report-xlsx').getAttribute('href');
  expect(csvHref).toContain(`from=${today()}`);
  // page.request shares the browser's cookies (the staff session)
  const csv = await page.request.get(csvHref!);
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
  expect(csv.headers()['content-disposition']).toContain('.csv');
  expect((await csv.text()).split('\n')[0]).toContain('Applications');
  const xlsx = await page.request.get(xlsxHref!);
  expect(xlsx.status()).toBe(200);
  expect(xlsx.headers()['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect((await xlsx.body()).subarray(0, 2).toString()).toBe('PK'); // a zip container
  // without the session the report is refused
  expect((await request.get(csvHref!)).status()).toBe(401);

  // ---- Mass Import: the template downloads, a .csv is refused.
  await nav(page, 'Administration').getByRole('link', { name: 'Mass Import', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mass Import' })).toBeVisible();
  await page.getByLabel('Table', { exact: true }).selectOption({ label: 'Stores' });
  const [template] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download the template' }).click(),
  ]);
  expect(template.suggestedFilename()).toMatch(/\.xlsx$/);
  await page.getByLabel('xlsx file').setInputFiles({
    name: 'stores.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('slug,name\nmain-street,Main Street\n'),
  });
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Only xlsx files can be imported' })).toBeVisible();
  await expectAccessible(page, 'mass import with the refusal (en)');

  // ---- In Spanish: Scoring Settings and Reports stay accessible.
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await nav(page, 'Administración').getByRole('link', { name: 'Configuración de puntaje', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Configuración de puntaje' })).toBeVisible();
  await expect(
    page.getByRole('spinbutton', { name: 'Aprobación para el decil 6, ingreso desde $3,000', exact: true }),
  ).toHaveValue(original);
  await expectAccessible(page, 'scoring settings (es)');
  await nav(page, 'Navegación').getByRole('link', { name: 'Informes', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Informes' })).toBeVisible();
  await expect(page.getByTestId('report-table')).toBeVisible();
  await expect(page.getByTestId('report-chart').getByRole('img')).toHaveAccessibleName(
    /^Gráfico de Solicitudes y aprobaciones /,
  );
  await expectAccessible(page, 'applications report (es)');
});
