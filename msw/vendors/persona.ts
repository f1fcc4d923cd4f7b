import { createHmac } from 'node:crypto';
import { http, HttpResponse } from 'msw';

// Persona's documented Inquiries API (https://docs.withpersona.com/api-reference) as msw handlers, for the tests of
// the Persona identity adapter: create an inquiry, generate a one-time link, retrieve it (with verifications), and a
// signer for `Persona-Signature` webhooks.

export const PERSONA_BASE = 'https://persona.test';

export function fakePersona(apiKey = 'persona_sandbox_key') {
  const inquiries = new Map<
    string,
    { status: string; reference: string | null; checks: { name: string; status: string }[] }
  >();
  let n = 0;
  let failNext: { status: number; body: unknown } | undefined;
  const inquiryBody = (id: string) => {
    const q = inquiries.get(id)!;
    return {
      data: {
        type: 'inquiry',
        id,
        attributes: {
          status: q.status,
          'reference-id': q.reference,
          'completed-at': q.status === 'completed' ? '2030-01-01T00:05:00.000Z' : null,
          'failed-at': q.status === 'failed' ? '2030-01-01T00:05:00.000Z' : null,
        },
      },
      included: [
        {
          type: 'verification/government-id',
          id: `ver_${id}`,
          attributes: { status: q.checks.some((c) => c.status === 'failed') ? 'failed' : 'passed', checks: q.checks },
        },
      ],
    };
  };
  const guard = (request: Request) => {
    if (request.headers.get('authorization') !== `Bearer ${apiKey}`)
      return HttpResponse.json(
        { errors: [{ title: 'Must be authenticated to access this endpoint' }] },
        { status: 401 },
      );
    if (failNext) {
      const f = failNext;
      failNext = undefined;
      return HttpResponse.json(f.body as Record<string, unknown>, { status: f.status });
    }
    return undefined;
  };
  const handlers = [
    http.post(`${PERSONA_BASE}/api/v1/inquiries`, async ({ request }) => {
      const refused = guard(request);
      if (refused) return refused;
      const body = (await request.json()) as { data?: { attributes?: Record<string, unknown> } };
      if (!body.data?.attributes?.['inquiry-template-id'])
        return HttpResponse.json(
          { errors: [{ title: 'Bad request', details: 'inquiry-template-id is required' }] },
          { status: 400 },
        );
      const id = `inq_${String(++n).padStart(6, '0')}ABC`;
      inquiries.set(id, {
        status: 'created',
        reference: (body.data.attributes['reference-id'] as string) ?? null,
        checks: [],
      });
      return HttpResponse.json(inquiryBody(id), { status: 201 });
    }),
    http.post(`${PERSONA_BASE}/api/v1/inquiries/:id/generate-one-time-link`, ({ request, params }) => {
      const refused = guard(request);
      if (refused) return refused;
      const id = String(params.id);
      if (!inquiries.has(id)) return HttpResponse.json({ errors: [{ title: 'Record not found' }] }, { status: 404 });
      return HttpResponse.json({
        ...inquiryBody(id),
        meta: {
          'one-time-link': `https://withpersona.com/verify?code=${id}-${++n}`,
          'one-time-link-short': `https://perso.na/${id}-${n}`,
        },
      });
    }),
    http.get(`${PERSONA_BASE}/api/v1/inquiries/:id`, ({ request, params }) => {
      const refused = guard(request);
      if (refused) return refused;
      const id = String(params.id);
      if (!inquiries.has(id)) return HttpResponse.json({ errors: [{ title: 'Record not found' }] }, { status: 404 });
      return HttpResponse.json(inquiryBody(id));
    }),
  ];
  return {
    handlers,
    inquiries,
    /** Moves an inquiry as the shopper would: completed, failed (optionally with an expired ID), expired. */
    finish(id: string, status: string, checks: { name: string; status: string }[] = []) {
      const q = inquiries.get(id)!;
      q.status = status;
      q.checks = checks;
    },
    failNext(status: number, body: unknown) {
      failNext = { status, body };
    },
    signWebhook(secret: string, rawBody: string, t = Math.floor(Date.now() / 1000)) {
      return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex')}`;
    },
  };
}
