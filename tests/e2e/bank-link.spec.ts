import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible, sessionHeaders } from './fixtures.ts';

// The bank link in the banking step (issue 7) against the real `npm start` with the sandbox bank: the shopper asks
// for the link, connects a test institution on the sandbox connection page, and the page (polling every 10 s on a
// fake clock) fills the banking step. axe-core on every screen of the flow, in English and Spanish.

/** A shopper at main-street whose application (a Fill applicant) is complete: the wizard opens at confirmation. */
async function atConfirmation(page: Page, request: APIRequestContext, lang: 'en' | 'es' = 'en') {
  await page.clock.install();
  await page.goto(`/?lang=${lang}#/demo-electronics/main-street/initiate`);
  await expect(page).toHaveURL(/#\/apply$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
  const headers = await sessionHeaders(page);
  const fill = await request.get('/apply-v2/application/fill?type=option-a', { headers });
  const body = (await fill.json()).data;
  const saved = await request.post('/apply-v2/application', { headers, data: body });
  expect(saved.status()).toBe(200);
  await page.reload();
  const confirm = lang === 'en' ? 'Confirm & Submit' : 'Confirmar y enviar';
  await expect(page.getByRole('button', { name: confirm })).toBeVisible();
  return { headers, email: body.applicant.email as string, uuid: (await saved.json()).data.uuid as string };
}

async function openBankingStep(page: Page, lang: 'en' | 'es' = 'en') {
  const banking = lang === 'en' ? 'Banking' : 'Información bancaria';
  await page
    .locator('section.summary', { has: page.getByRole('heading', { name: banking, exact: true }) })
    .getByRole('button')
    .click();
  await expect(page.getByTestId('bank-link-panel')).toBeVisible();
}

/** The shopper opens the e-mailed link and connects a test institution on the sandbox bank's page (its POST forms). */
async function connectSandboxBank(request: APIRequestContext, email: string, institution: string, accounts: string[]) {
  const messages = (await (await request.get('/sandbox/messages')).json()).data as {
    to: string;
    purpose: string;
    body: string;
  }[];
  const message = messages.find((m) => m.purpose === 'bank-link' && m.to === email);
  expect(message, `bank link e-mailed to ${email}`).toBeDefined();
  const url = /https?:\/\/\S+\/sandbox\/bank\/connect\/\w+/.exec(message!.body)![0];
  const path = new URL(url).pathname;
  const post = (form: [string, string][]) =>
    request.post(path, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      data: new URLSearchParams(form).toString(),
    });
  expect(
    (
      await post([
        ['step', 'institution'],
        ['institution', institution],
      ])
    ).status(),
  ).toBe(200);
  expect(
    (
      await post([
        ['step', 'login'],
        ['username', 'user_good'],
        ['password', 'pass_good'],
      ])
    ).status(),
  ).toBe(200);
  expect((await post([['step', 'accounts'], ...accounts.map((a): [string, string] => ['accounts', a])])).status()).toBe(
    200,
  );
}

const dialog = (page: Page, testId: string) => page.getByTestId(testId);

test.describe('bank link in the banking step', () => {
  test('one account: link by e-mail, connection in progress, the account fills routing and the concealed account', async ({
    page,
    request,
  }) => {
    const { email } = await atConfirmation(page, request);
    await openBankingStep(page);
    await expectAccessible(page, 'banking step with the bank link (en)');

    await page.getByRole('button', { name: 'E-mail me the link' }).click();
    const progress = dialog(page, 'bank-in-progress');
    await expect(progress.getByRole('heading', { name: 'Connection in progress' })).toBeVisible();
    await expect(progress).toContainText('We sent a link to your e-mail address.');
    await expectAccessible(page, 'connection in progress (en)');

    // Checked too early by hand: 'Profile not ready…' for 5 s.
    await progress.getByRole('button', { name: 'I have connected my bank' }).click();
    await expect(progress.getByText('Profile not ready. Please try again in a moment.')).toBeVisible();
    await page.clock.runFor(5_000);
    await expect(progress.getByText('Profile not ready. Please try again in a moment.')).toBeHidden();

    await connectSandboxBank(request, email, 'single', ['checking']);
    await page.clock.runFor(10_000); // the next profile poll
    await expect(page.getByText('Bank account connected.')).toBeVisible();
    await expect(progress).toBeHidden();
    await expect(page.getByLabel('Routing Number')).toHaveValue(/^\d{9}$/);
    await expect(page.getByLabel('Bank Name')).toHaveValue('JPMorgan Chase Bank, N.A.');
    await expect(page.getByLabel('Checking Account Number', { exact: true })).toHaveValue(/^\*+\d{4}$/);
    await expectAccessible(page, 'banking step linked (en)');

    const last4 = (await page.getByLabel('Checking Account Number', { exact: true }).inputValue()).slice(-4);
    await page.getByRole('main').getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Confirm & Submit' })).toBeVisible();
    const summary = page.locator('section.summary', {
      has: page.getByRole('heading', { name: 'Banking', exact: true }),
    });
    await expect(summary).toContainText(`*****${last4}`);
  });

  test('several accounts: the account picker, and the ACH countdown failing after 30 s names the last 4 (Slow ACH Bank)', async ({
    page,
    request,
  }) => {
    const { email } = await atConfirmation(page, request);
    await openBankingStep(page);
    await page.getByRole('button', { name: 'E-mail me the link' }).click();
    await expect(dialog(page, 'bank-in-progress')).toBeVisible();
    await connectSandboxBank(request, email, 'multi', ['checking', 'savings', 'checking2']);
    await page.clock.runFor(10_000);
    const picker = dialog(page, 'bank-account-picker');
    await expect(picker.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
    await expect(picker.getByRole('radio')).toHaveCount(3);
    await expectAccessible(page, 'account picker (en)');
    await picker.getByLabel(/Way2Save Savings \(savings\)/).check();
    await picker.getByRole('button', { name: 'Use this account' }).click();
    await expect(page.getByText('Bank account connected.')).toBeVisible();
    await expect(page.getByLabel('Routing Number')).toHaveValue(/^\d{9}$/);

    // Slow ACH Bank: the numbers stay pending longer than the 30-second countdown.
    const slow = await atConfirmation(page, request);
    await openBankingStep(page);
    await page.getByRole('button', { name: 'E-mail me the link' }).click();
    await expect(dialog(page, 'bank-in-progress')).toBeVisible();
    await connectSandboxBank(request, slow.email, 'slow-ach', ['checking']);
    await page.clock.runFor(10_000);
    const countdown = page.getByTestId('bank-ach-countdown');
    await expect(countdown).toContainText('Getting the details of the account ending in');
    await expectAccessible(page, 'ACH countdown (en)');
    const last4 = /ending in (\d{4})/.exec(await countdown.innerText())![1];
    await page.clock.runFor(30_000);
    await expect(page.getByRole('alert')).toHaveText(
      `Failed to get ACH numbers for the account ending: ****${last4}. Please try selecting this account again after a moment, try choosing a different account or contact support. You can also enter the details manually.`,
    );
    await expectAccessible(page, 'ACH failure (en)');
  });

  test('no accounts: the message and the manual entry behind "I understand" (Escape goes back)', async ({
    page,
    request,
  }) => {
    const { email } = await atConfirmation(page, request);
    await openBankingStep(page);
    await page.getByRole('button', { name: 'E-mail me the link' }).click();
    await expect(dialog(page, 'bank-in-progress')).toBeVisible();
    await connectSandboxBank(request, email, 'empty', []);
    await page.clock.runFor(10_000);
    await expect(page.getByRole('alert')).toHaveText('No accounts found for the connected profile.');
    await page.getByTestId('bank-link-panel').getByRole('button', { name: 'Enter the details manually' }).click();
    const confirm = dialog(page, 'bank-manual-confirm');
    await expect(confirm.getByRole('heading', { name: 'Enter your bank details manually' })).toBeVisible();
    await expectAccessible(page, 'manual entry confirmation (en)');
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('alert')).toHaveText('No accounts found for the connected profile.');
    await page.getByTestId('bank-link-panel').getByRole('button', { name: 'Enter the details manually' }).click();
    await confirm.getByRole('button', { name: 'I understand' }).click();
    await expect(page.getByLabel('Routing Number')).toBeFocused();
    await expect(page.getByTestId('bank-link-panel')).toBeVisible();
  });

  test('en español: the dialogs and the picker are labelled and pass axe', async ({ page, request }) => {
    const { email } = await atConfirmation(page, request, 'es');
    await openBankingStep(page, 'es');
    await expectAccessible(page, 'banking step with the bank link (es)');
    await page.getByRole('button', { name: 'Enviarme el enlace por correo electrónico' }).click();
    await expect(dialog(page, 'bank-in-progress').getByRole('heading', { name: 'Conexión en curso' })).toBeVisible();
    await expectAccessible(page, 'connection in progress (es)');
    await connectSandboxBank(request, email, 'multi', ['checking', 'savings']);
    await page.clock.runFor(10_000);
    const picker = dialog(page, 'bank-account-picker');
    await expect(picker.getByRole('heading', { name: 'Elija una cuenta' })).toBeVisible();
    await expectAccessible(page, 'account picker (es)');
    await picker.getByRole('button', { name: 'Usar esta cuenta' }).click();
    await expect(page.getByText('Cuenta bancaria conectada.')).toBeVisible();
    await expectAccessible(page, 'banking step linked (es)');
    await page.getByTestId('bank-link-panel').getByRole('button', { name: 'Enviar el enlace de nuevo' }).click();
    await page.getByTestId('bank-link-panel').getByRole('button', { name: 'Ingresar los datos manualmente' }).click();
    await expect(
      dialog(page, 'bank-manual-confirm').getByRole('heading', { name: 'Ingrese sus datos bancarios manualmente' }),
    ).toBeVisible();
    await expectAccessible(page, 'manual entry confirmation (es)');
  });

  test('usable at 375 px: the connection dialog fits the screen', async ({ page, request }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await atConfirmation(page, request);
    await openBankingStep(page);
    await page.getByRole('button', { name: 'E-mail me the link' }).click();
    await expect(dialog(page, 'bank-in-progress')).toBeVisible();
    const box = await dialog(page, 'bank-in-progress').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
  });
});
