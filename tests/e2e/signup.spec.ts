import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './fixtures.ts';

// Issue 12, the merchant network end to end: a contractor signs up through the public form (a document upload, the
// 9 MB limit, the repeated-contact-e-mail 422; axe in en and es), staff approve the Store Application, the
// invitation's link sets the new user's password, the user signs in and sees only its store, and a shopper applies
// at the new store.
const ADMIN_PASSWORD = 'e2e-admin-password-1';
const run = Date.now().toString(36);
const BUSINESS = `Cool Air E2E ${run}`;
const OWNER_EMAIL = `owner-${run}@example.com`;
const NEW_PASSWORD = 'store-owner-password-1';
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n% licence\n'), Buffer.alloc(1000, 0x20), Buffer.from('\n%%EOF\n')]);

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const main = (page: Page) => page.getByRole('main');

test('a contractor signs up, staff approve, the invited user signs in to its store only, a shopper applies there', async ({
  page,
  browser,
}) => {
  // ---- the public sign-up form, axe-clean in en and es ----
  await page.goto('/staff/#/signup/contractor');
  await expect(page.getByRole('heading', { level: 1, name: 'Contractor Sign Up' })).toBeVisible();
  await expect(main(page).getByLabel('Legal business name')).toBeVisible();
  await expectAccessible(page, 'sign-up (en)');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Registro de contratista' })).toBeVisible();
  await expect(main(page).getByLabel('Razón social')).toBeVisible();
  await expectAccessible(page, 'sign-up (es)');
  await page.getByRole('group', { name: 'Idioma' }).getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contractor Sign Up' })).toBeVisible();

  const form = main(page);
  await form.getByLabel('Legal business name').fill(BUSINESS);
  await form.getByLabel('Business type').selectOption('HVAC');
  await form.getByLabel('Business e-mail').fill(`office-${run}@example.com`);
  await form.getByLabel('Business phone').fill('5125550100');
  await form.getByLabel('Address', { exact: true }).fill('100 Congress Ave');
  await form.getByLabel('City').fill('Austin');
  await form.getByLabel('State', { exact: true }).selectOption('TX');
  await form.getByLabel('Zip code').fill('78701');
  await form.getByLabel('Full name').first().fill('Olivia Owner');
  await form.getByLabel('E-mail', { exact: true }).first().fill(OWNER_EMAIL);
  await form.getByLabel('Phone', { exact: true }).first().fill('5125550101');
  await form.getByLabel('Name on the account').fill(`${BUSINESS} LLC`);
  await form.getByLabel('Routing number').fill('021000021');
  await form.getByLabel('Checking account number').fill('123456789');

  // a 10 MB document is refused with the seed's message; a PDF uploads
  const fileInput = form.locator('input[type=file]');
  await fileInput.setInputFiles({
    name: 'big.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(10 * 1024 * 1024, 0x20),
  });
  await expect(form.getByText('File size should be less than 9MB').first()).toBeVisible();
  await fileInput.setInputFiles({ name: 'licence.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(form.locator('[data-state="uploaded"]').filter({ hasText: 'licence.pdf' })).toBeVisible();

  // a second contact with the owner's e-mail: the seed's 422, on that field
  await form.getByRole('button', { name: 'Add contact' }).click();
  await form.getByLabel('Role', { exact: true }).nth(1).selectOption({ label: 'Accounting' });
  await form.getByLabel('Full name').nth(1).fill('Alex Books');
  await form.getByLabel('E-mail', { exact: true }).nth(1).fill(OWNER_EMAIL);
  await form.getByLabel('Phone', { exact: true }).nth(1).fill('5125550102');
  await form.getByRole('button', { name: 'Submit application' }).click();
  await expect(
    form
      .locator('[id$="-error"]')
      .filter({ hasText: 'Please do not enter the same email address for different contacts' }),
  ).toBeVisible();
  await expect(form.getByLabel('E-mail', { exact: true }).nth(1)).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('E-mail', { exact: true }).nth(1).fill(`books-${run}@example.com`);
  await form.getByRole('button', { name: 'Submit application' }).click();
  await expect(main(page).locator('p[role=status]').filter({ hasText: 'Your application was received' })).toBeVisible();

  // ---- staff approve the Store Application ----
  await page.goto('/staff/#/');
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign in' })).toBeVisible();
  await page.getByLabel('User name or e-mail').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Navigation' })
    .getByRole('link', { name: 'Store Applications', exact: true })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Store Applications' })).toBeVisible();
  await main(page).getByRole('link', { name: BUSINESS }).click();
  await expect(page.getByRole('heading', { level: 1, name: BUSINESS })).toBeVisible();
  await expect(main(page).getByRole('link', { name: 'licence.pdf' })).toBeVisible();
  await expect(main(page).getByText('****6789')).toBeVisible();
  await expectAccessible(page, 'store application');
  const appId = /store-applications\/(sap-[0-9a-f-]+)/.exec(page.url())![1]!;
  await main(page).getByRole('button', { name: 'Approve' }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /^(Yes|YES)$/ })
    .click();
  await expect(main(page).getByText('Approved', { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  await expect(main(page).getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // ---- the invitation in the sandbox mailbox; its link sets the password ----
  const messages = await (await page.request.get('/sandbox/messages')).json();
  const invitation = (messages.data as { to: string; subject: string; body: string }[]).find(
    (m) => m.to === OWNER_EMAIL && m.subject.includes(BUSINESS),
  );
  expect(invitation).toBeTruthy();
  const token = decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec(invitation!.body)![1]!);
  const owner = await (await browser.newContext()).newPage();
  await owner.goto(`/staff/#/password/reset?token=${encodeURIComponent(token)}`);
  await owner.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await owner.getByLabel('Confirm the new password').fill(NEW_PASSWORD);
  await owner.getByRole('button', { name: 'Set the new password' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Staff sign in' })).toBeVisible();
  await owner.getByLabel('User name or e-mail').fill(OWNER_EMAIL);
  await owner.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await owner.getByRole('button', { name: 'Sign in' }).click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await owner
    .getByRole('navigation', { name: 'Navigation' })
    .getByRole('link', { name: 'Stores', exact: true })
    .click();
  await expect(owner.getByRole('heading', { level: 1, name: 'Stores' })).toBeVisible();
  const rows = owner.getByRole('table').getByRole('row');
  await expect(rows.nth(1)).toContainText(BUSINESS);
  await expect(rows).toHaveCount(2);
  await expect(owner.getByRole('table')).not.toContainText('Main Street');

  // ---- a shopper applies at the new store ----
  const slug = `${BUSINESS.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${appId.slice(4, 10)}`;
  const shopper = await (await browser.newContext()).newPage();
  await shopper.goto(`/?lang=en#/${slug}/main/initiate`);
  await expect(shopper).toHaveURL(/#\/apply$/);
  const api = shopper.request;
  const initiated = await (
    await api.post(`/apply-v2/retailer/${slug}/store/main/initiate`, {
      data: {},
      headers: { 'x-client-id': `e2e-${run}` },
    })
  ).json();
  const headers = { 'x-apply-token': initiated.data.token, 'x-client-id': `e2e-${run}` };
  const fill = await (await api.get('/apply-v2/application/fill?type=option-a', { headers })).json();
  const saved = await api.post('/apply-v2/application', { data: fill.data, headers });
  expect(saved.status()).toBe(200);
  expect((await saved.json()).data.uuid).toMatch(/^[0-9a-f-]{36}$/);
});
