import { describe, expect, it } from 'vitest';
import { api, baseUrl } from '../../support/api.ts';
import { decided } from '../decision/support.ts';
import { asAdmin, makeUser } from '../staff/client.ts';

// Issue 11 part 3: a denial produces an adverse-action notice (FCRA 615(a)) in English and Spanish, linked from the
// shopper's result, kept with the application and visible to staff.

const page = async (path: string, headers: Record<string, string> = {}) => {
  const res = await fetch(baseUrl() + path, { headers });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
};

describe('adverse-action notice', () => {
  it('a denied shopper gets the reason codes and the notice link, and opens it in en and es', async () => {
    const { shopper, result } = await decided('denied-with-score');
    expect(result.code).toBe('D');
    expect(result.reasons).toEqual(['SCORE_TOO_LOW']);
    expect(result.adverse_action_url).toBe(`/apply-v2/application/adverse-action?uuid=${shopper.uuid}`);

    // with the apply token in the headers
    const en = await page(`${result.adverse_action_url}&lang=en`, shopper.headers);
    expect(en.status).toBe(200);
    expect(en.type).toContain('text/html');
    expect(en.text).toContain('<html lang="en">');
    expect(en.text).toContain('Your credit score from the consumer reporting agency is below our minimum');
    expect(en.text).toContain('Sandbox Consumer Reporting Agency');
    expect(en.text).toContain('Your score was 420');
    expect(en.text).toContain('free copy of your report');
    expect(en.text).toContain('dispute the accuracy or completeness');

    // as a link opened in a new window: the token in the query
    const q = new URLSearchParams({
      lang: 'es',
      apply_token: shopper.headers['x-apply-token']!,
      client_id: shopper.headers['x-client-id']!,
    });
    const es = await page(`${result.adverse_action_url}&${q}`);
    expect(es.status).toBe(200);
    expect(es.text).toContain('<html lang="es">');
    expect(es.text).toContain(
      'Su puntaje de crédito de la agencia de informes de crédito está por debajo de nuestro mínimo',
    );
    expect(es.text).toContain('Sandbox Consumer Reporting Agency');
    expect(es.text).toContain('copia gratuita');
    expect(es.text).toContain('disputar');
    // the link to the other language keeps the token
    expect(es.text).toMatch(/href="[^"]*lang=en[^"]*apply_token=/);

    // the stored result read back carries the same
    const app = await api('GET', '/apply-v2/application', { headers: shopper.headers });
    expect(app.status).toBe(200);
    expect(app.body.data.result).toMatchObject({
      reasons: ['SCORE_TOO_LOW'],
      adverse_action_url: result.adverse_action_url,
    });
  });

  it('is refused without the apply token or for another shopper', async () => {
    const { result } = await decided('denied-with-score');
    expect((await page(result.adverse_action_url)).status).toBe(401);
    const other = await decided('denied-no-score');
    expect((await page(result.adverse_action_url, other.shopper.headers)).status).toBe(404);
    // the other shopper's own notice: no score, no file
    const own = await page(`${other.result.adverse_action_url}&lang=en`, other.shopper.headers);
    expect(own.status).toBe(200);
    expect(own.text).toContain('No credit score was available');
  });

  it('an approval has no notice', async () => {
    const { shopper, result } = await decided('option-a');
    expect(result.adverse_action_url).toBeUndefined();
    expect(result.reasons).toBeUndefined();
    expect((await page(`/apply-v2/application/adverse-action?uuid=${shopper.uuid}`, shopper.headers)).status).toBe(404);
  });

  it('staff see the kept notice (JSON and page); another tenant does not', async () => {
    const { shopper } = await decided('denied-with-score');
    const admin = await asAdmin();
    const res = await admin.get(`/staff/api/applications/${shopper.uuid}/adverse-action`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ uuid: shopper.uuid, reasons: ['SCORE_TOO_LOW'] });
    expect(res.body.data.url).toBe(`/staff/api/applications/${shopper.uuid}/adverse-action?format=html&lang=en`);
    const html = await admin.get(`/staff/api/applications/${shopper.uuid}/adverse-action?format=html&lang=es`);
    expect(html.status).toBe(200);
    expect(String(html.body.data)).toContain('<html lang="es">');

    const elsewhere = await makeUser(admin, {
      guard: 'store',
      permissions: ['applications.view'],
      stores: ['sto-hvac-central'],
    });
    expect((await elsewhere.client.get(`/staff/api/applications/${shopper.uuid}/adverse-action`)).status).toBe(403);
    const own = await makeUser(admin, {
      guard: 'store',
      permissions: ['applications.view'],
      stores: ['sto-main-street'],
    });
    expect((await own.client.get(`/staff/api/applications/${shopper.uuid}/adverse-action`)).status).toBe(200);
    const approved = await decided('option-a');
    expect((await admin.get(`/staff/api/applications/${approved.shopper.uuid}/adverse-action`)).status).toBe(404);
  });
});
