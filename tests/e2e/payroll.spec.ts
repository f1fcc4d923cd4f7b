import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible, sessionHeaders } from './fixtures.ts';

// Payroll affordability on the approved result (issue 7) against the real `npm start` with the sandbox payroll
// vendor: the shopper searches the employer, starts the check, connects the payroll on the sandbox page, and the
// automatic refresh (3 s, on a fake clock) replaces the result. axe-core on every screen, in English and Spanish.

async function mailbox(request: APIRequestContext) {
  return (await (await request.get('/sandbox/messages')).json()).data as {
    to: string;
    purpose: string;
    body: string;
  }[];
}

/** An approved shopper at main-street (a Fill applicant, PIN proved and submitted through the API of this session). */
async function approved(page: Page, request: APIRequestContext, lang: 'en' | 'es' = 'en') {
  await page.clock.install();
  await page.goto(`/?lang=${lang}#/demo-electronics/main-street/initiate`);
  await expect(page).toHaveURL(/#\/apply$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible();
  const headers = await sessionHeaders(page);
  const body = (await (await request.get('/apply-v2/application/fill?type=option-a', { headers })).json()).data;
  const saved = await request.post('/apply-v2/application', { headers, data: body });
  const uuid = (await saved.json()).data.uuid as string;
  const email = body.applicant.email as string;
  expect(
    (await request.post('/apply-v2/application/verify/send', { headers, data: { uuid, mode: 'email' } })).status(),
  ).toBe(200);
  const pin = /\b(\d{5})\b/.exec((await mailbox(request)).find((m) => m.purpose === 'pin' && m.to === email)!.body)![1];
  const store = JSON.parse(
    await page.evaluate(
      () => sessionStorage.getItem(`lto.apply.token:${sessionStorage.getItem('lto.apply.current')}`) ?? '{}',
    ),
  ).storeData;
  const confirmed = await request.post('/apply-v2/application/verify/confirm', {
    headers,
    data: { uuid, store_id: store.id, code: pin, checkout_id: null, retrieval: false, iframe: false },
  });
  expect(confirmed.status()).toBe(200);
  const submitted = await request.post('/apply-v2/application/confirm', {
    headers,
    data: { uuid, submitted: true, terms_accepted: true },
  });
  expect((await submitted.json()).data.code).toBe('A');
  await page.reload();
  await expect(page.getByTestId('payroll-panel')).toBeVisible();
  return { email, uuid };
}

async function chooseEmployer(page: Page, keyword: string, name: string, lang: 'en' | 'es' = 'en') {
  const panel = page.getByTestId('payroll-panel');
  await panel.getByLabel(lang === 'en' ? 'Employer' : 'Empleador', { exact: true }).fill(keyword);
  await page.clock.runFor(500);
  await panel.getByRole('radio', { name }).check();
}

async function completeSandboxPayroll(
  request: APIRequestContext,
  email: string,
  outcome: 'higher' | 'same' | 'cannot',
) {
  const message = (await mailbox(request)).find((m) => m.purpose === 'payroll' && m.to === email);
  expect(message, `payroll link e-mailed to ${email}`).toBeDefined();
  const path = new URL(/https?:\/\/\S+\/sandbox\/payroll\/connect\/\w+/.exec(message!.body)![0]).pathname;
  const form = new URLSearchParams([
    ['employerId', 'emp_target'],
    ['username', 'user_good'],
    ['password', 'pass_good'],
    ['outcome', outcome],
  ]);
  expect(
    (
      await request.post(path, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        data: form.toString(),
      })
    ).status(),
  ).toBe(200);
}

const highestOffer = async (page: Page) =>
  Math.max(
    ...(await page.locator('.offer__amount').allInnerTexts()).map((text) => Number(text.replace(/[^\d.]/g, ''))),
  );

test.describe('payroll affordability on the approved result', () => {
  test('an approved shopper raises the offer through the sandbox payroll vendor', async ({ page, request }) => {
    const { email } = await approved(page, request);
    const panel = page.getByTestId('payroll-panel');
    await expect(panel.getByRole('heading', { name: 'Increase your approval with payroll deduction' })).toBeVisible();
    await expectAccessible(page, 'payroll panel (en)');
    const before = await highestOffer(page);

    // Employer not supported
    await chooseEmployer(page, 'Costco', 'Costco Wholesale');
    await expect(panel.getByRole('alert')).toHaveText('Employer not supported!');
    await expect(panel.getByRole('button', { name: 'Start the affordability check' })).toBeDisabled();
    await expectAccessible(page, 'employer not supported (en)');

    await chooseEmployer(page, 'Targ', 'Target');
    await panel.getByRole('button', { name: 'Start the affordability check' }).click();
    await expect(panel.getByTestId('payroll-notice')).toHaveText('Affordability check initiated!');
    await expect(panel.getByRole('button', { name: 'Refresh' })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Resend link' })).toBeVisible();
    await expectAccessible(page, 'affordability check initiated (en)');

    await completeSandboxPayroll(request, email, 'higher');
    await page.clock.runFor(3_000); // the automatic refresh
    await expect(panel.getByTestId('payroll-notice')).toHaveText('Eligibility process completed!');
    await expect(panel.getByTestId('payroll-outcome')).toContainText('Your income was verified.');
    await expect.poll(() => highestOffer(page)).toBeGreaterThan(before);
    await expectAccessible(page, 'payroll completed (en)');
  });

  test('income not verified: "cannot increase offer"; resend link and a pending manual refresh (es)', async ({
    page,
    request,
  }) => {
    const { email } = await approved(page, request, 'es');
    const panel = page.getByTestId('payroll-panel');
    await expectAccessible(page, 'payroll panel (es)');
    await chooseEmployer(page, 'Targ', 'Target', 'es');
    await panel.getByRole('button', { name: 'Iniciar la verificación de capacidad de pago' }).click();
    await expect(panel.getByTestId('payroll-notice')).toHaveText('¡Verificación de capacidad de pago iniciada!');
    await page.clock.runFor(3_000); // the automatic refresh: still pending at the vendor
    await panel.getByRole('button', { name: 'Actualizar' }).click();
    await expect(panel.getByRole('alert')).toHaveText(
      '¡Verificación de capacidad de pago pendiente! Por favor, complete el proceso o inténtelo de nuevo en unos minutos si ya lo completó.',
    );
    await panel.getByRole('button', { name: 'Reenviar enlace' }).click();
    await expect(panel.getByTestId('payroll-notice')).toHaveText('¡Enlace enviado correctamente!');
    await expectAccessible(page, 'affordability check initiated (es)');

    await completeSandboxPayroll(request, email, 'cannot');
    await panel.getByRole('button', { name: 'Actualizar' }).click();
    await expect(panel.getByTestId('payroll-notice')).toHaveText('¡Proceso de elegibilidad completado!');
    await expect(panel.getByTestId('payroll-outcome')).toContainText('no se puede aumentar la oferta');
    await expectAccessible(page, 'payroll not increased (es)');
  });
});
