import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible, sessionHeaders } from './fixtures.ts';

// The identity check by mobile link (issue 7) against the real `npm start` with the sandbox ID vendor: from applicant
// info (demo store verified-outlet: identity-check step 1), from confirmation (hvac-central: step 2), and through the
// /intellicheck routes (checkout, the exchange link). axe-core on every screen, in English and Spanish.

let seq = 0;
const newPhone = () => {
  const n = String((Date.now() + seq++) % 10_000).padStart(4, '0');
  return { digits: `404555${n}`, masked: `(404) 555-${n}` };
};

/** The shopper "scans" a test document on the sandbox mobile page (its POST form). */
async function scan(request: APIRequestContext, phoneDigits: string, document: 'valid' | 'mismatch' | 'expired') {
  const messages = (await (await request.get('/sandbox/messages')).json()).data as {
    to: string;
    purpose: string;
    body: string;
  }[];
  const message = messages.find((m) => m.purpose === 'identity-check' && m.to === phoneDigits);
  expect(message, `identity link texted to ${phoneDigits}`).toBeDefined();
  const path = new URL(/https?:\/\/\S+\/sandbox\/identity\/\w+/.exec(message!.body)![0]).pathname;
  const res = await request.post(path, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: new URLSearchParams([['document', document]]).toString(),
  });
  expect(res.status()).toBe(200);
}

const step = (page: Page) => page.getByTestId('identity-check');

async function sendLink(page: Page, phone: { masked: string; digits: string }, lang: 'en' | 'es' = 'en') {
  const field = step(page).getByLabel(lang === 'en' ? 'Mobile phone' : 'Teléfono móvil');
  await field.fill('');
  await field.pressSequentially(phone.digits);
  await expect(field).toHaveValue(phone.masked);
  const cont = step(page).getByRole('button', { name: lang === 'en' ? 'Continue' : 'Continuar', exact: true });
  await expect(cont).toBeDisabled();
  await step(page)
    .getByRole('button', { name: lang === 'en' ? 'Send link' : 'Enviar enlace' })
    .click();
  await expect(step(page).getByTestId('identity-notice')).toHaveText(
    lang === 'en' ? 'Link sent to your Mobile phone.' : 'Enlace enviado a su teléfono móvil.',
  );
  await expect(cont).toBeEnabled();
  return cont;
}

test.describe('identity check', () => {
  test('at applicant info (identity-check step 1): fail, then pass, and the wizard moves on', async ({
    page,
    request,
  }) => {
    await page.goto('/?lang=en#/demo-comfort/verified-outlet/initiate');
    await expect(page).toHaveURL(/#\/apply$/);
    await page.getByLabel('Fill with test data').selectOption('option-a');
    await page.getByRole('button', { name: 'Fill', exact: true }).click();
    // Fill fetches the test data and then replaces the form: a Continue pressed before it lands submits the empty one
    await expect(page.getByLabel('Last Name')).not.toHaveValue('');
    await page.getByRole('main').getByRole('button', { name: 'Continue', exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Identity Check' })).toBeVisible();
    await expect(step(page)).toHaveAttribute('data-position', 'applicantInfo');
    await expectAccessible(page, 'identity check at applicant info (en)');

    // the phone is required, in the mask
    await step(page).getByLabel('Mobile phone').fill('');
    await step(page).getByRole('button', { name: 'Send link' }).click();
    await expect(step(page).getByLabel('Mobile phone')).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, 'identity check with a phone error (en)');

    const phone = newPhone();
    let cont = await sendLink(page, phone);
    await expectAccessible(page, 'identity link sent (en)');
    await scan(request, phone.digits, 'mismatch');
    await cont.click();
    await expect(step(page).getByRole('alert')).toHaveText(
      'Unable to complete process. Please wait a few seconds and try again.',
    );
    await expect(cont).toBeDisabled();
    await expectAccessible(page, 'identity check failed (en)');

    cont = await sendLink(page, phone);
    await scan(request, phone.digits, 'valid');
    await cont.click();
    await expect(page.getByRole('heading', { level: 2, name: 'Applicant Address' })).toBeVisible();
  });

  test('at confirmation (hvac-central, step 2) in Spanish; already sent (208) goes straight to verify', async ({
    page,
    request,
  }) => {
    await page.goto('/?lang=es#/demo-comfort/hvac-central/initiate');
    await expect(page).toHaveURL(/#\/apply$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
    const headers = await sessionHeaders(page);
    const store = JSON.parse(
      await page.evaluate(
        () => sessionStorage.getItem(`lto.apply.token:${sessionStorage.getItem('lto.apply.current')}`) ?? '{}',
      ),
    ).storeData;
    const fill = await request.get(`/apply-v2/application/fill?type=option-a&store_id=${store.id}`, { headers });
    const saved = await request.post('/apply-v2/application', { headers, data: (await fill.json()).data });
    expect(saved.status()).toBe(200);
    await page.reload();
    await page.getByRole('button', { name: 'Confirmar y enviar' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Verificación de identidad' })).toBeVisible();
    await expect(step(page)).toHaveAttribute('data-position', 'confirmation');
    await expectAccessible(page, 'identity check at confirmation (es)');

    const phone = newPhone();
    await sendLink(page, phone, 'es');
    await expectAccessible(page, 'identity link sent (es)');
    await scan(request, phone.digits, 'valid');
    // The check finished on the phone: sending again answers 208 and the page goes straight to verify.
    await step(page).getByRole('button', { name: 'Enviar el enlace de nuevo' }).click();
    await expect(page).toHaveURL(/#\/apply\/verify$/);
  });

  test('/intellicheck/exchange/{token}: the link opens the identity check in another browser; used again: 403; an error: unknown page', async ({
    page,
    request,
    browser,
  }) => {
    await page.goto('/?lang=en#/demo-electronics/main-street/initiate');
    await expect(page).toHaveURL(/#\/apply$/);
    await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
    const headers = await sessionHeaders(page);
    const fill = await request.get('/apply-v2/application/fill?type=option-a', { headers });
    expect((await request.post('/apply-v2/application', { headers, data: (await fill.json()).data })).status()).toBe(
      200,
    );
    const issued = (await (await request.post('/apply-v2/intellicheck/exchange-token', { headers, data: {} })).json())
      .data;

    const phoneContext = await browser.newContext();
    const phonePage = await phoneContext.newPage();
    await phonePage.goto(`/?lang=en#/intellicheck/exchange/${issued.token}`);
    await expect(phonePage).toHaveURL(/#\/intellicheck$/);
    await expect(phonePage.getByTestId('identity-check')).toHaveAttribute('data-position', 'checkout');
    await expectAccessible(phonePage, '/intellicheck (en)');
    const phone = newPhone();
    const cont = await sendLink(phonePage, phone);
    await scan(request, phone.digits, 'valid');
    await cont.click();
    await expect(phonePage.getByText('Identity check completed.')).toBeVisible();
    await expectAccessible(phonePage, '/intellicheck completed (en)');

    const again = await phoneContext.newPage();
    await again.goto(`/?lang=es#/intellicheck/exchange/${issued.token}`);
    await expect(again).toHaveURL(/#\/403$/);
    await expectAccessible(again, '403 after a used exchange link (es)');

    const broken = await phoneContext.newPage();
    await broken.route('**/apply-v2/intellicheck/exchange', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ status: false, code: 500, data: null, message: 'x' }),
      }),
    );
    await broken.goto(`/?lang=en#/intellicheck/exchange/${issued.token}`);
    await expect(broken).toHaveURL(/#\/unknown$/);
    await phoneContext.close();
  });
});
