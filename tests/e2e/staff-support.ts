// What the staff journeys share: the admin's sign-in, and a shopper's application made through the real API for staff
// to find and act on.
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The admin's password on the e2e server (playwright.config.ts starts it with this one). */
export const ADMIN_PASSWORD = 'e2e-admin-password-1';

/** Signs in to the staff portal as the admin; the dashboard is showing. */
export async function signInAsAdmin(page: Page) {
  await page.goto('/staff/#/');
  await page.getByLabel('User name or e-mail').fill('admin');
  await page.getByLabel('Password', { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

type Json = Record<string, any>;

/**
 * A shopper at main-street with the Fill profile option-a (changed by `reshape`, e.g. to live in another state): saved,
 * PIN-verified by e-mail and submitted through the shopper API. Its uuid, the application as saved and the decision.
 */
export async function submittedApplication(
  request: APIRequestContext,
  reshape: (fill: Json) => Json = (fill) => fill,
): Promise<{ uuid: string; application: Json; result: Json }> {
  const clientId = `e2e-${Math.random().toString(36).slice(2, 12)}`;
  const init = await request.post('/apply-v2/retailer/demo-electronics/store/main-street/initiate', {
    data: {},
    headers: { 'x-client-id': clientId },
  });
  expect(init.status()).toBe(200);
  const initBody = await init.json();
  const headers = { 'x-apply-token': initBody.data.token as string, 'x-client-id': clientId };
  const fill = (await (await request.get('/apply-v2/application/fill?type=option-a', { headers })).json()).data as Json;
  const application = reshape(fill);
  const saved = await request.post('/apply-v2/application', { data: application, headers });
  expect(saved.status(), await saved.text()).toBe(200);
  const uuid = (await saved.json()).data.uuid as string;
  expect(
    (await request.post('/apply-v2/application/verify/send', { data: { uuid, mode: 'email' }, headers })).status(),
  ).toBe(200);
  const messages = (await (await request.get('/sandbox/messages')).json()).data as {
    to: string;
    purpose: string;
    body: string;
  }[];
  const pin = messages.find((m) => m.to === application.applicant.email && m.purpose === 'pin')!;
  const code = /\b(\d{5})\b/.exec(pin.body)![1];
  const confirm = await request.post('/apply-v2/application/verify/confirm', {
    data: { uuid, store_id: initBody.data.store.id, code, checkout_id: null, retrieval: false, iframe: false },
    headers,
  });
  expect(confirm.status()).toBe(200);
  const submitted = await request.post('/apply-v2/application/confirm', {
    data: { uuid, submitted: true, terms_accepted: true },
    headers,
  });
  expect(submitted.status(), await submitted.text()).toBe(200);
  return { uuid, application, result: (await submitted.json()).data as Json };
}
