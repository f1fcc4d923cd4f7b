import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './fixtures.ts';

// The shopper application (issue 3) against the real `npm start`: the wizard at main-street and hvac-central, the
// single-page form at express, in English and Spanish, with axe-core on every step.

const TODAY = new Date();
const adultDob = () => `0102${TODAY.getFullYear() - 30}`; // typed as digits: 01/02/<30 years ago>
const minorDob = () => `0102${TODAY.getFullYear() - 10}`;

/** An SSN the sandbox bureau has not seen (group 45 decides nothing special), new per run. */
function freshSsn(): string {
  const area = String(100 + Math.floor(Math.random() * 500)).padStart(3, '0');
  const serial = String(1000 + Math.floor(Math.random() * 8999));
  return `${area}45${serial}`;
}

async function start(page: Page, retailer: string, store: string, lang: 'en' | 'es' = 'en') {
  await page.goto(`/?lang=${lang}#/${retailer}/${store}/initiate`);
  await expect(page).toHaveURL(/#\/apply$/);
}

/** The error tied to a field through aria-describedby. */
async function errorOf(field: Locator): Promise<string> {
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter((id) => id.endsWith('-error'));
  if (!ids.length) return '';
  return (await field.page().locator(`[id="${ids[0]}"]`).innerText()).trim();
}

async function expectFieldError(field: Locator, message: string) {
  await expect.poll(() => errorOf(field)).toBe(message);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
}

const main = (page: Page) => page.getByRole('main');
const button = (page: Page, name: string | RegExp) =>
  main(page).getByRole('button', { name, exact: typeof name === 'string' });
const stepHeading = (page: Page, name: string) => main(page).getByRole('heading', { level: 2, name, exact: true });

async function fillApplicant(
  page: Page,
  o: { first: string; last: string; ssn: string; dob?: string; cell: string; email: string },
  scope: Locator = main(page),
) {
  await scope.getByLabel('Title', { exact: true }).selectOption('Ms');
  await scope.getByLabel('First Name', { exact: true }).fill(o.first);
  await scope.getByLabel('Last Name', { exact: true }).fill(o.last);
  await scope.getByLabel('Social Security Number / ITIN').fill(o.ssn);
  await scope.getByLabel('Date of Birth').pressSequentially(o.dob ?? adultDob());
  await scope.getByLabel('Cell Phone').pressSequentially(o.cell);
  await scope.getByLabel('Email', { exact: true }).fill(o.email);
}

async function chooseAddress(page: Page, scope: Locator = main(page)) {
  const search = scope.getByRole('combobox', { name: 'Address' });
  await search.fill('123 Oak St');
  const options = page.getByRole('listbox', { name: 'Address suggestions' }).getByRole('option');
  await expect(options.first()).toBeVisible();
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(scope.getByLabel('Address Line 1', { exact: true })).toHaveValue('123 Oak Street');
  await expect(scope.getByLabel('City', { exact: true })).toHaveValue('New York');
  await expect(scope.getByLabel('State', { exact: true })).toHaveValue('NY');
  await expect(scope.getByLabel('Zip Code', { exact: true })).toHaveValue(/^\d{5}$/);
}

async function fillIncome(
  page: Page,
  scope: Locator,
  o: { gross: string; frequency: string; source: string; employer?: boolean },
) {
  await scope.getByLabel('Gross Income per Pay Period').fill(o.gross);
  await scope.getByLabel('Frequency', { exact: true }).selectOption(o.frequency);
  await scope.getByLabel('Income Source').selectOption(o.source);
  if (o.employer) {
    await scope.getByLabel('Employer', { exact: true }).fill('Walmart');
    await scope.getByLabel('Title / Department').fill('Cashier');
    await scope.getByLabel('Employer Phone').pressSequentially('6145550123');
  }
}

async function fillBanking(page: Page, scope: Locator = main(page)) {
  await scope.getByLabel('Routing Number').fill('021000021');
  await expect(scope.getByLabel('Bank Name')).toHaveValue('JPMorgan Chase Bank, N.A.');
  await scope.getByLabel('Checking Account Number', { exact: true }).fill('123456789');
  await scope.getByLabel('Confirm Checking Account Number').fill('123456789');
}

test.describe('the wizard at main-street', () => {
  test('a single merchandise applicant through every step to confirmation, with the seed messages next to their fields', async ({
    page,
  }) => {
    await start(page, 'demo-electronics', 'main-street');
    await expect(stepHeading(page, 'Applicant Information')).toBeVisible();
    await expect(main(page).getByText('Step 1 of 7')).toBeVisible();
    await expectAccessible(page, 'applicant info (en)');

    // required fields and the age rule, next to their fields
    await button(page, 'Continue').click();
    await expectFieldError(main(page).getByLabel('First Name', { exact: true }), 'This field is required!');
    await expectFieldError(main(page).getByLabel('Social Security Number / ITIN'), 'This field is required!');
    await expectAccessible(page, 'applicant info with errors (en)');
    const ssn = freshSsn();
    await fillApplicant(page, {
      first: 'Ann',
      last: 'Lee',
      ssn,
      dob: minorDob(),
      cell: '6145550101',
      email: `ann.lee.${ssn.slice(0, 3)}@example.com`,
    });
    await expect(main(page).getByLabel('Cell Phone')).toHaveValue('(614) 555-0101');
    await expectFieldError(main(page).getByLabel('Date of Birth'), 'Must be older than 18 years.');
    // the SSN shows only its last 4 when not focused, the whole value while focused
    await expect(main(page).getByLabel('Social Security Number / ITIN')).toHaveValue(`*****${ssn.slice(-4)}`);
    await main(page).getByLabel('Social Security Number / ITIN').focus();
    await expect(main(page).getByLabel('Social Security Number / ITIN')).toHaveValue(ssn);
    await main(page).getByLabel('Date of Birth').fill('');
    await main(page).getByLabel('Date of Birth').pressSequentially(adultDob());
    await expect(main(page).getByLabel('Date of Birth')).toHaveValue(`01/02/${TODAY.getFullYear() - 30}`);
    await button(page, 'Continue').click();

    // address: suggestions from 3 characters, zip lookup
    await expect(stepHeading(page, 'Applicant Address')).toBeVisible();
    await expectAccessible(page, 'applicant address (en)');
    await main(page).getByLabel('Zip Code', { exact: true }).fill('00000');
    await expectFieldError(main(page).getByLabel('Zip Code', { exact: true }), 'Invalid zip code entered!');
    await main(page).getByLabel('Zip Code', { exact: true }).fill('78701');
    await expect(main(page).getByLabel('City', { exact: true })).toHaveValue('Austin');
    await expect(main(page).getByLabel('State', { exact: true })).toHaveValue('TX');
    await chooseAddress(page);
    await expectAccessible(page, 'applicant address filled (en)');
    await button(page, 'Continue').click();

    // income: the minimum and the employer fields of an employment income
    await expect(stepHeading(page, 'Income')).toBeVisible();
    await expectAccessible(page, 'income (en)');
    const income = main(page);
    await fillIncome(page, income, { gross: '500', frequency: 'monthly', source: 'employment' });
    await button(page, 'Continue').click();
    await expectFieldError(income.getByLabel('Gross Income per Pay Period'), 'Income must be over $1200 per month');
    await expectFieldError(income.getByLabel('Employer', { exact: true }), 'This field is required!');
    await expectFieldError(income.getByLabel('Employer Phone'), 'This field is required!');
    await expectAccessible(page, 'income with errors (en)');
    await fillIncome(page, income, {
      gross: '1,500.5',
      frequency: 'semi-monthly',
      source: 'employment',
      employer: true,
    });
    await expect(income.getByLabel('Gross Income per Pay Period')).toHaveValue('1500.5');
    await expect(income.getByLabel('First Pay Day of the Month')).toBeVisible();
    await button(page, 'Continue').click();
    await expectFieldError(income.getByLabel('First Pay Day of the Month'), 'This field is required!');
    await income.getByLabel('First Pay Day of the Month').selectOption('1');
    await income.getByLabel('Second Pay Day of the Month').selectOption('15');
    await button(page, 'Continue').click();

    // banking: routing lookup, confirmation re-validated on input
    await expect(stepHeading(page, 'Banking')).toBeVisible();
    await expect(button(page, 'Skip')).toHaveCount(0); // banking is required at main-street
    await expectAccessible(page, 'banking (en)');
    await main(page).getByLabel('Routing Number').fill('021000022');
    await expectFieldError(main(page).getByLabel('Routing Number'), 'Invalid routing number');
    await expect(main(page).getByLabel('Bank Name')).toHaveValue('');
    await fillBanking(page);
    await main(page).getByLabel('Confirm Checking Account Number').fill('12345678');
    await button(page, 'Continue').click();
    await expectFieldError(
      main(page).getByLabel('Confirm Checking Account Number'),
      "Checking account numbers don't match",
    );
    await main(page).getByLabel('Confirm Checking Account Number').fill('123456789');
    await expect.poll(() => errorOf(main(page).getByLabel('Confirm Checking Account Number'))).toBe('');
    await main(page).getByLabel('Routing Number').fill('02100002');
    await expect(main(page).getByLabel('Bank Name')).toHaveValue('');
    await main(page).getByLabel('Routing Number').fill('021000021');
    await expect(main(page).getByLabel('Bank Name')).toHaveValue('JPMorgan Chase Bank, N.A.');
    await button(page, 'Continue').click();

    // co-applicant: no
    await expect(stepHeading(page, 'Co-Applicant')).toBeVisible();
    await expectAccessible(page, 'co-applicant question (en)');
    await button(page, 'Continue').click();
    await expect(main(page).getByText('This field is required!')).toBeVisible();
    await main(page).getByRole('radio', { name: 'No' }).check();
    await button(page, 'Continue').click();

    // confirmation: concealed values, MM/DD/YYYY, Edit returns to confirmation
    await expect(stepHeading(page, 'Confirmation')).toBeVisible();
    await expect(main(page).getByRole('heading', { name: 'Please review your application' })).toBeVisible();
    await expect(main(page).getByText(`*****${ssn.slice(-4)}`)).toBeVisible();
    await expect(main(page).getByText(ssn)).toHaveCount(0);
    await expect(main(page).getByText('*****6789')).toBeVisible();
    await expect(main(page).getByText(`01/02/${TODAY.getFullYear() - 30}`)).toBeVisible();
    await expect(main(page).getByRole('link', { name: 'Terms and Conditions' })).toBeVisible();
    await expectAccessible(page, 'confirmation (en)');
    await main(page).getByRole('button', { name: 'Edit', exact: true }).first().click();
    await expect(stepHeading(page, 'Applicant Information')).toBeVisible();
    await main(page).getByLabel('First Name', { exact: true }).fill('Anna');
    await button(page, 'Continue').click();
    await expect(stepHeading(page, 'Confirmation')).toBeVisible();
    await expect(main(page).getByText('Ms. Anna Lee')).toBeVisible();
    await button(page, 'Confirm & Submit').click();
    await expect(page).toHaveURL(/#\/apply\/verify$/);
  });
});

test.describe('the wizard with a co-applicant', () => {
  test('an applicant with a second income and a co-applicant; removing each asks first', async ({ page }) => {
    await start(page, 'demo-electronics', 'main-street');
    const ssn = freshSsn();
    await fillApplicant(page, {
      first: 'Maria',
      last: 'Lopez',
      ssn,
      cell: '6145550102',
      email: 'maria.lopez@example.com',
    });
    await button(page, 'Continue').click();
    await chooseAddress(page);
    await button(page, 'Continue').click();

    await expect(stepHeading(page, 'Income')).toBeVisible();
    const first = main(page).getByRole('group', { name: 'Income 1' });
    await fillIncome(page, first, { gross: '800', frequency: 'bi-weekly', source: 'retirement' });
    await button(page, 'Add Additional Income').click();
    const second = main(page).getByRole('group', { name: 'Additional Income' });
    await expect(second).toBeVisible();
    await expect(button(page, 'Add Additional Income')).toHaveCount(0); // two at most
    await fillIncome(page, second, { gross: '300', frequency: 'weekly', source: 'self-employed', employer: true });
    await expectAccessible(page, 'income with a second income (en)');
    // removing the second income asks first; Cancel keeps it
    await second.getByRole('button', { name: 'Remove Income' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('Are you sure you want to remove the second income?')).toBeVisible();
    await expectAccessible(page, 'remove income dialog (en)');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(second.getByLabel('Gross Income per Pay Period')).toHaveValue('300');
    await button(page, 'Continue').click();

    await fillBanking(page);
    await button(page, 'Continue').click();

    await expect(stepHeading(page, 'Co-Applicant')).toBeVisible();
    await main(page).getByRole('radio', { name: 'Yes' }).check();
    await button(page, 'Continue').click();
    await expect(stepHeading(page, 'Co-Applicant Information')).toBeVisible();
    await expect(main(page).getByText('Step 6 of 9')).toBeVisible();
    await expectAccessible(page, 'co-applicant info (en)');
    const coSsn = freshSsn();
    await fillApplicant(page, {
      first: 'Jose',
      last: 'Lopez',
      ssn: coSsn,
      cell: '6145550103',
      email: 'jose.lopez@example.com',
    });
    await button(page, 'Continue').click();
    await expectFieldError(
      main(page).getByRole('checkbox', { name: 'The co-applicant lives at the same address as the applicant' }),
      'co-applicant must live at the same address',
    );
    await main(page)
      .getByRole('checkbox', { name: 'The co-applicant lives at the same address as the applicant' })
      .check();
    await button(page, 'Continue').click();

    await expect(stepHeading(page, 'Co-Applicant Income')).toBeVisible();
    await expectAccessible(page, 'co-applicant income (en)');
    await fillIncome(page, main(page), { gross: '2000', frequency: 'monthly', source: 'disability' });
    await button(page, 'Continue').click();

    await expect(stepHeading(page, 'Confirmation')).toBeVisible();
    await expect(main(page).getByRole('heading', { level: 3, name: 'Co-Applicant Information' })).toBeVisible();
    await expect(main(page).getByText('Jose Lopez')).toBeVisible();
    await expect(main(page).getByText(`*****${coSsn.slice(-4)}`)).toBeVisible();
    await expect(main(page).getByText('Self-Employed')).toBeVisible();
    await expectAccessible(page, 'confirmation with co-applicant (en)');

    // Edit the co-applicant answer: No asks 'Are you sure you want to remove the Co-Applicant?'; Cancel keeps it
    await main(page)
      .getByRole('region', { name: 'Co-Applicant', exact: true })
      .getByRole('button', { name: 'Edit' })
      .click();
    await expect(stepHeading(page, 'Co-Applicant')).toBeVisible();
    await main(page).getByRole('radio', { name: 'No' }).click();
    await expect(page.getByRole('dialog').getByText('Are you sure you want to remove the Co-Applicant?')).toBeVisible();
    await expectAccessible(page, 'remove co-applicant dialog (en)');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(main(page).getByRole('radio', { name: 'Yes' })).toBeChecked();
    await button(page, 'Continue').click();
    await expect(stepHeading(page, 'Confirmation')).toBeVisible();
    await expect(main(page).getByText('Jose Lopez')).toBeVisible();
    await button(page, 'Confirm & Submit').click();
    await expect(page).toHaveURL(/#\/apply\/verify$/);
  });
});

test.describe('the HVAC wizard at demo-comfort/hvac-central', () => {
  test('the pre-step, then home ownership where each clearing rule is visible', async ({ page }) => {
    await start(page, 'demo-comfort', 'hvac-central');
    await expect(main(page).getByText('Instant Approvals up to $18,000')).toBeVisible();
    await expect(stepHeading(page, 'Qualifying Questions')).toBeVisible();
    await expect(button(page, 'Continue')).toBeDisabled(); // until an answer exists
    await expectAccessible(page, 'HVAC pre-step (en)');
    const questions = main(page).getByRole('group');
    await expect(questions).toHaveCount(4);
    await questions.nth(0).getByRole('radio', { name: 'NO' }).check();
    await expect(button(page, 'Continue')).toBeEnabled();
    await button(page, 'Continue').click();
    await expect(main(page).getByRole('alert')).toHaveText('You need to be able to answer YES to all questions!');
    await expectAccessible(page, 'HVAC pre-step refused (en)');
    for (let i = 0; i < 4; i++) await questions.nth(i).getByRole('radio', { name: 'YES' }).check();
    await button(page, 'Continue').click();

    await expect(stepHeading(page, 'Applicant Information')).toBeVisible();
    const ssn = freshSsn();
    await fillApplicant(page, { first: 'Grace', last: 'Kim', ssn, cell: '4045550104', email: 'grace.kim@example.com' });
    await button(page, 'Continue').click();
    await chooseAddress(page);
    await button(page, 'Continue').click();

    await expect(stepHeading(page, 'Home Ownership')).toBeVisible();
    await expectAccessible(page, 'home ownership (en)');
    const m = main(page);
    const homeType = m.getByLabel('Home Type');
    const ownership = m.getByLabel('Ownership Type');
    const deed = m.getByLabel('Name on Property Deed');
    const holder = m.getByLabel('Mortgage Holder Name');
    const landowner = m.getByLabel('Name of Landowner');
    const ownerLine1 = m
      .getByRole('group', { name: 'Property Owner Address' })
      .getByLabel('Address Line 1', { exact: true });

    // landowner name and phone are required for a manufactured home on leased land (no ownership type there)
    await homeType.selectOption('manufactured-leased-land');
    await expect(ownership).toHaveCount(0);
    await button(page, 'Continue').click();
    await expectFieldError(landowner, 'This field is required!');
    await expectFieldError(m.getByLabel('Phone of Landowner'), 'This field is required!');
    await landowner.fill('Lakeside Park LLC');
    await m.getByLabel('Phone of Landowner').pressSequentially('4045550199');
    // a home not on leased land clears the landowner name and phone
    await homeType.selectOption('single-family');
    await expect(landowner).toHaveCount(0);
    await homeType.selectOption('manufactured-leased-land');
    await expect(landowner).toHaveValue('');
    // a home on leased land clears the ownership type
    await homeType.selectOption('single-family');
    await ownership.selectOption('own-with-loan');
    await homeType.selectOption('manufactured-leased-land');
    await homeType.selectOption('single-family');
    await expect(ownership).toHaveValue('');

    // own with loan: deed name and owner address are required (seed 001), mortgage questions shown
    await ownership.selectOption('own-with-loan');
    await button(page, 'Continue').click();
    await expectFieldError(deed, 'This field is required!');
    await expectFieldError(ownerLine1, 'This field is required!');
    await expectAccessible(page, 'home ownership with errors (en)');
    await deed.fill('Grace Kim');
    await holder.fill('First Home Bank');
    await m.getByLabel('Monthly Mortgage Payment').fill('1250');
    await ownerLine1.fill('9 Elm Drive');
    // an ownership other than own-with-loan clears the mortgage holder name and payment
    await ownership.selectOption('own-without-loan');
    await expect(holder).toHaveCount(0);
    await expect(deed).toHaveValue('Grace Kim');
    await ownership.selectOption('own-with-loan');
    await expect(holder).toHaveValue('');
    await expect(m.getByLabel('Monthly Mortgage Payment')).toHaveValue('');
    // an ownership other than own-with/without-loan clears the deed name, co-owner flag and owner address
    await m.getByRole('checkbox', { name: 'I am a co-owner' }).check();
    await ownership.selectOption('rent');
    await expect(deed).toHaveCount(0);
    await expect(ownerLine1).toHaveCount(0); // no address fields for renters
    await ownership.selectOption('own-without-loan');
    await expect(deed).toHaveValue('');
    await expect(ownerLine1).toHaveValue('');
    await expect(m.getByRole('checkbox', { name: 'I am a co-owner' })).not.toBeChecked();
    await deed.fill('Grace Kim');
    await button(page, 'Continue').click();

    // HVAC minimum: $2750 a month
    await expect(stepHeading(page, 'Income')).toBeVisible();
    await fillIncome(page, m, { gross: '2000', frequency: 'monthly', source: 'retirement' });
    await button(page, 'Continue').click();
    await expectFieldError(m.getByLabel('Gross Income per Pay Period'), 'Income must be over $2750 per month');
    await m.getByLabel('Gross Income per Pay Period').fill('3500');
    await button(page, 'Continue').click();
    await fillBanking(page);
    await button(page, 'Continue').click();
    await m.getByRole('radio', { name: 'No' }).check();
    await button(page, 'Continue').click();

    await expect(stepHeading(page, 'Confirmation')).toBeVisible();
    await expect(m.getByRole('heading', { level: 3, name: 'Home Ownership' })).toBeVisible();
    await expect(m.getByText('Own without Loan')).toBeVisible();
    await expectAccessible(page, 'HVAC confirmation (en)');
    // hvac-central checks identity at confirmation (that step is issue 4's): Confirm & Submit leads to it
    await button(page, 'Confirm & Submit').click();
    await expect(stepHeading(page, 'Identity Check')).toBeVisible();
  });
});

test.describe('the single-page form at express', () => {
  test('autosaves each section; a reload mid-way keeps every autosaved section; submit, confirm', async ({ page }) => {
    await start(page, 'demo-electronics', 'express');
    const steps = main(page).getByRole('list', { name: 'Application progress' });
    await expect(steps.getByRole('listitem')).toHaveText(['Application', 'Confirmation', 'Verification']);
    await expect(main(page).getByRole('heading', { level: 3, name: '1. Applicant Information' })).toBeVisible();
    await expectAccessible(page, 'single page (en)');
    const section = (id: string) => page.locator(`#section-${id}`);

    // Submit with nothing: every active section says what is missing, the product too
    await button(page, 'Submit').click();
    await expectFieldError(
      main(page).getByLabel('Product', { exact: true }),
      'Please select a product before continuing.',
    );
    await expectFieldError(section('applicant').getByLabel('First Name', { exact: true }), 'This field is required!');
    await expectAccessible(page, 'single page with errors (en)');

    await main(page).getByLabel('Product', { exact: true }).selectOption('laptop');
    const ssn = freshSsn();
    await fillApplicant(
      page,
      { first: 'Sofia', last: 'Patel', ssn, cell: '5125550105', email: 'sofia.patel@example.com' },
      section('applicant'),
    );
    await expect(section('applicant').getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    await chooseAddress(page, section('location'));
    await expect(section('location').getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    await fillIncome(page, section('incomes'), { gross: '4000', frequency: 'monthly', source: 'social-security' });
    await expect(section('incomes').getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    await expectAccessible(page, 'single page autosaved (en)');

    // reload mid-way: every autosaved section is still there
    await page.reload();
    await expect(section('applicant').getByLabel('First Name', { exact: true })).toHaveValue('Sofia');
    await expect(section('applicant').getByLabel('Social Security Number / ITIN')).toHaveValue(`*****${ssn.slice(-4)}`);
    await expect(section('location').getByLabel('Address Line 1', { exact: true })).toHaveValue('123 Oak Street');
    await expect(section('incomes').getByLabel('Gross Income per Pay Period')).toHaveValue('4000.00');
    await expect(main(page).getByLabel('Product', { exact: true })).toHaveValue('laptop');
    for (const id of ['applicant', 'location', 'incomes'])
      await expect(section(id).getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

    // banking is optional here; the co-applicant check
    await section('has_co_applicant').getByRole('radio', { name: 'No' }).check();
    await expect(section('has_co_applicant').getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
    await button(page, 'Submit').click();
    await expect(main(page).getByRole('heading', { name: 'Please review your application' })).toBeVisible();
    await expect(steps.locator('[aria-current="step"]')).toHaveText('Confirmation');
    await expect(main(page).getByText(`*****${ssn.slice(-4)}`)).toBeVisible();
    await expect(main(page).getByText('Skipped')).toBeVisible();
    await expectAccessible(page, 'single page confirmation (en)');
    // Edit goes back to the form, Submit returns
    await main(page).getByRole('region', { name: 'Income' }).getByRole('button', { name: 'Edit' }).click();
    await expect(section('incomes')).toBeFocused();
    await button(page, 'Submit').click();
    await button(page, 'Confirm & Submit').click();
    await expect(page).toHaveURL(/#\/apply\/verify$/);
  });
});

test.describe('in Spanish', () => {
  test('the wizard at main-street in Spanish, axe-clean on every step, one step completed by keyboard only', async ({
    page,
  }) => {
    await start(page, 'demo-electronics', 'main-street', 'es');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(stepHeading(page, 'Información del solicitante')).toBeVisible();
    await expectAccessible(page, 'applicant info (es)');
    await button(page, 'Continuar').click();
    await expectFieldError(main(page).getByLabel('Nombre', { exact: true }), '¡Este campo es obligatorio!');
    await expectAccessible(page, 'applicant info with errors (es)');

    // keyboard only: Tab through the fields, type, and press Enter on Continuar
    const ssn = freshSsn();
    await main(page).getByLabel('Título').focus();
    await page.keyboard.press('Tab'); // Nombre
    await page.keyboard.type('Ana');
    await page.keyboard.press('Tab'); // Segundo nombre
    await page.keyboard.press('Tab'); // Apellido
    await page.keyboard.type('Garcia');
    await page.keyboard.press('Tab'); // SSN
    await page.keyboard.type(ssn);
    await page.keyboard.press('Tab'); // Fecha de nacimiento
    await page.keyboard.type(`ab${adultDob()}`); // letters are refused
    await expect(main(page).getByLabel('Fecha de nacimiento')).toHaveValue(`01/02/${TODAY.getFullYear() - 30}`);
    await page.keyboard.press('Tab'); // identification
    await page.keyboard.press('Tab'); // issuer
    await page.keyboard.press('Tab'); // cell
    await page.keyboard.type('6145550106');
    await page.keyboard.press('Tab'); // e-mail
    await page.keyboard.type('ana.garcia@example.com');
    await page.keyboard.press('Tab'); // Continuar
    await expect(button(page, 'Continuar')).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(stepHeading(page, 'Dirección del solicitante')).toBeVisible();
    await expect(stepHeading(page, 'Dirección del solicitante')).toBeFocused();
    await expectAccessible(page, 'applicant address (es)');
    const search = main(page).getByRole('combobox', { name: 'Dirección', exact: true });
    await search.fill('123 Oak St');
    await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
    await expectAccessible(page, 'address suggestions open (es)');
    await search.press('ArrowDown');
    await search.press('Enter');
    await expect(main(page).getByLabel('Ciudad')).toHaveValue('New York');
    await main(page).getByLabel('Código postal').fill('00000');
    await expectFieldError(main(page).getByLabel('Código postal'), '¡Código postal ingresado no válido!');
    await main(page).getByLabel('Código postal').fill('10001');
    await expect(main(page).getByLabel('Ciudad')).toHaveValue('New York');
    await button(page, 'Continuar').click();

    await expect(stepHeading(page, 'Ingresos')).toBeVisible();
    await main(page).getByLabel('Ingreso bruto por período de pago').fill('100');
    await main(page).getByLabel('Frecuencia').selectOption('monthly');
    await main(page).getByLabel('Fuente de ingresos').selectOption('retirement');
    await button(page, 'Continuar').click();
    await expectFieldError(
      main(page).getByLabel('Ingreso bruto por período de pago'),
      'El ingreso debe ser superior a $1200 por mes',
    );
    await expectAccessible(page, 'income (es)');
    await main(page).getByLabel('Ingreso bruto por período de pago').fill('3000');
    await button(page, 'Continuar').click();

    await expect(stepHeading(page, 'Información bancaria')).toBeVisible();
    await main(page).getByLabel('Número de ruta').fill('021000022');
    await expectFieldError(main(page).getByLabel('Número de ruta'), 'Número de ruta no válido');
    await main(page).getByLabel('Número de ruta').fill('021000021');
    await expect(main(page).getByLabel('Nombre del banco')).toHaveValue('JPMorgan Chase Bank, N.A.');
    await main(page).getByLabel('Número de cuenta de cheques', { exact: true }).fill('55554444');
    await main(page).getByLabel('Confirme el número de cuenta de cheques').fill('55554443');
    await button(page, 'Continuar').click();
    await expectFieldError(
      main(page).getByLabel('Confirme el número de cuenta de cheques'),
      'Los números de cuenta de cheques no coinciden',
    );
    await expectAccessible(page, 'banking (es)');
    await main(page).getByLabel('Confirme el número de cuenta de cheques').fill('55554444');
    await button(page, 'Continuar').click();

    await expect(stepHeading(page, 'Co-solicitante')).toBeVisible();
    await expectAccessible(page, 'co-applicant question (es)');
    await main(page).getByRole('radio', { name: 'No' }).check();
    await button(page, 'Continuar').click();
    await expect(stepHeading(page, 'Confirmación')).toBeVisible();
    await expect(main(page).getByText('****4444')).toBeVisible();
    await expectAccessible(page, 'confirmation (es)');
    await button(page, 'Confirmar y enviar').click();
    await expect(page).toHaveURL(/#\/apply\/verify$/);
  });

  test('HVAC pre-step, home ownership and the single-page form in Spanish are axe-clean', async ({ page }) => {
    await start(page, 'demo-comfort', 'hvac-central', 'es');
    await expect(main(page).getByText('Aprobaciones instantáneas de hasta $18,000')).toBeVisible();
    await expectAccessible(page, 'HVAC pre-step (es)');
    const questions = main(page).getByRole('group');
    await questions.nth(0).getByRole('radio', { name: 'NO' }).check();
    await button(page, 'Continuar').click();
    await expect(main(page).getByRole('alert')).toHaveText('¡Debe poder responder SÍ a todas las preguntas!');
    await expectAccessible(page, 'HVAC pre-step refused (es)');

    // Fill (non-production) pre-fills every field; Continue through to home ownership
    for (let i = 0; i < 4; i++) await questions.nth(i).getByRole('radio', { name: 'SÍ' }).check();
    await main(page).getByLabel('Completar con datos de prueba').selectOption('option-a');
    await button(page, 'Completar').click();
    await expect(
      page.getByRole('region', { name: 'Notificaciones' }).getByText('Datos de prueba completados.'),
    ).toBeVisible();
    for (let i = 0; i < 4; i++) await questions.nth(i).getByRole('radio', { name: 'SÍ' }).check();
    await button(page, 'Continuar').click();
    await expect(stepHeading(page, 'Información del solicitante')).toBeVisible();
    await expect(main(page).getByLabel('Nombre', { exact: true })).not.toHaveValue('');
    await expectAccessible(page, 'applicant info prefilled (es)');
    await button(page, 'Continuar').click();
    await expect(stepHeading(page, 'Dirección del solicitante')).toBeVisible();
    await button(page, 'Continuar').click();
    await expect(stepHeading(page, 'Propiedad de la vivienda')).toBeVisible();
    await main(page).getByLabel('Tipo de vivienda').selectOption('single-family');
    await main(page).getByLabel('Tipo de propiedad').selectOption('own-with-loan');
    await main(page).getByLabel('Nombre en la escritura de la propiedad').fill('');
    await button(page, 'Continuar').click();
    await expectFieldError(
      main(page).getByLabel('Nombre en la escritura de la propiedad'),
      '¡Este campo es obligatorio!',
    );
    await expectAccessible(page, 'home ownership (es)');

    await start(page, 'demo-electronics', 'express', 'es');
    await expect(main(page).getByRole('heading', { level: 3, name: '1. Información del solicitante' })).toBeVisible();
    await expectAccessible(page, 'single page (es)');
    await button(page, 'Enviar').click();
    await expectFieldError(
      main(page).getByLabel('Producto', { exact: true }),
      'Por favor, seleccione un producto antes de continuar.',
    );
    await expectAccessible(page, 'single page with errors (es)');
  });
});

test('usable at 375 px: no horizontal scrolling on the form', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await start(page, 'demo-electronics', 'express');
  await expect(main(page).getByRole('heading', { level: 3, name: '1. Applicant Information' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page, 'single page at 375 px');
});

test('two tabs: the stale save gets a 409, the page reloads the stored application, keeps what was typed and says so', async ({
  page,
  context,
}) => {
  await start(page, 'demo-electronics', 'express');
  const section = (p: Page, id: string) => p.locator(`#section-${id}`);
  await main(page).getByLabel('Product', { exact: true }).selectOption('tv');
  const ssn = freshSsn();
  await fillApplicant(
    page,
    { first: 'Linda', last: 'Nguyen', ssn, cell: '5125550107', email: 'linda.nguyen@example.com' },
    section(page, 'applicant'),
  );
  await expect(section(page, 'applicant').getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  // a second tab of the same session (same token and client id)
  const entries = await page.evaluate(() =>
    Object.fromEntries(Object.keys(sessionStorage).map((k) => [k, sessionStorage.getItem(k)])),
  );
  const other = await context.newPage();
  await other.addInitScript(
    (e: Record<string, string>) => {
      for (const [k, v] of Object.entries(e)) sessionStorage.setItem(k, v);
    },
    entries as Record<string, string>,
  );
  await other.goto('/?lang=en#/apply');
  await expect(section(other, 'applicant').getByLabel('First Name', { exact: true })).toHaveValue('Linda');
  await chooseAddress(other, section(other, 'location'));
  await expect(section(other, 'location').getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  // the first tab saves with the version it knew: 409; it reloads, shows the other tab's address, keeps its income
  await fillIncome(page, section(page, 'incomes'), { gross: '3100', frequency: 'monthly', source: 'retirement' });
  await expect(
    page
      .getByRole('region', { name: 'Notifications' })
      .getByText('This application was changed in another window.', { exact: false }),
  ).toBeVisible();
  await expect(section(page, 'location').getByLabel('Address Line 1', { exact: true })).toHaveValue('123 Oak Street');
  await expect(section(page, 'incomes').getByLabel('Gross Income per Pay Period')).toHaveValue('3100');
  await expect(section(page, 'incomes').getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  // nothing was lost: a reload of the other tab has both
  await other.reload();
  await expect(section(other, 'location').getByLabel('Address Line 1', { exact: true })).toHaveValue('123 Oak Street');
  await expect(section(other, 'incomes').getByLabel('Gross Income per Pay Period')).toHaveValue('3100.00');
});
