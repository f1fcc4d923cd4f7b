import { createHmac, randomUUID } from 'node:crypto';
import { http, HttpResponse } from 'msw';

// Argyle's documented API v2 (https://docs.argyle.com/api-reference) as msw handlers, for the tests of the Argyle
// payroll adapter: employer search, items (deposit-switch features), invites (send, retrieve, re-send), paystubs, and
// a signer for `X-Argyle-Signature` webhooks.

export const ARGYLE_BASE = 'https://argyle.test';

export function fakeArgyle(keyId = 'key-id', keySecret = 'key-secret') {
  const employers = [
    {
      id: 'item_000000001',
      name: 'Walmart',
      kind: 'employer',
      status: 'healthy',
      mapping_status: 'verified',
      percent: true,
      supported: true,
    },
    {
      id: 'item_000000002',
      name: 'Walmart Distribution',
      kind: 'employer',
      status: 'issues',
      mapping_status: 'mapped',
      percent: false,
      supported: false,
    },
    {
      id: 'item_000000003',
      name: 'ADP',
      kind: 'platform',
      status: 'healthy',
      mapping_status: 'verified',
      percent: false,
      supported: true,
    },
  ];
  const invites = new Map<
    string,
    { id: string; user: string; url: string; status: string; flow_items: string[]; updated_at: string }
  >();
  const paystubs = new Map<string, { employer: string; gross_pay: string; paystub_date: string }[]>();
  const sent: Record<string, unknown>[] = [];
  const auth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
  const guard = (request: Request) =>
    request.headers.get('authorization') === auth
      ? undefined
      : HttpResponse.json({ detail: 'Invalid authentication credentials.' }, { status: 401 });

  const handlers = [
    http.get(`${ARGYLE_BASE}/v2/employer-search`, ({ request }) => {
      const refused = guard(request);
      if (refused) return refused;
      const q = (new URL(request.url).searchParams.get('q') ?? '').toLowerCase();
      const results = employers
        .filter((e) => e.name.toLowerCase().includes(q))
        .map(({ id, name, kind, status, mapping_status }) => ({
          id,
          name,
          kind,
          status,
          mapping_status,
          logo_url: 'argyle.com/image',
        }));
      return HttpResponse.json({ next: null, previous: null, results });
    }),
    http.get(`${ARGYLE_BASE}/v2/items/:id`, ({ request, params }) => {
      const refused = guard(request);
      if (refused) return refused;
      const e = employers.find((x) => x.id === params.id);
      if (!e) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
      return HttpResponse.json({
        id: e.id,
        name: e.name,
        kind: e.kind,
        status: e.status,
        features: {
          direct_deposit_switch: {
            card: { supported: false },
            deposit_account: {
              types: ['ach_deposit_account'],
              supported: e.supported,
              max_allocations: '2',
              amount_allocation: false,
              percent_allocation: e.percent,
            },
          },
        },
      });
    }),
    http.post(`${ARGYLE_BASE}/v2/invites`, async ({ request }) => {
      const refused = guard(request);
      if (refused) return refused;
      const body = (await request.json()) as Record<string, unknown>;
      if (!body.first_name || !body.last_name)
        return HttpResponse.json({ first_name: ['This field is required.'] }, { status: 400 });
      sent.push(body);
      const id = randomUUID();
      const invite = {
        id,
        user: randomUUID(),
        url: `https://verify.argyle.com/connect/${id}`,
        status: 'sent',
        flow_items: (body.flow_items as string[]) ?? [],
        updated_at: '2030-01-01T00:00:00.000Z',
      };
      invites.set(id, invite);
      return HttpResponse.json(invite);
    }),
    http.get(`${ARGYLE_BASE}/v2/invites/:id`, ({ request, params }) => {
      const refused = guard(request);
      if (refused) return refused;
      const invite = invites.get(String(params.id));
      return invite ? HttpResponse.json(invite) : HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
    }),
    http.post(`${ARGYLE_BASE}/v2/invites/:id`, ({ request, params }) => {
      const refused = guard(request);
      if (refused) return refused;
      const invite = invites.get(String(params.id));
      if (!invite) return HttpResponse.json({ detail: 'Not found.' }, { status: 404 });
      sent.push({ resend: invite.id });
      return HttpResponse.json(invite);
    }),
    http.get(`${ARGYLE_BASE}/v2/paystubs`, ({ request }) => {
      const refused = guard(request);
      if (refused) return refused;
      const user = new URL(request.url).searchParams.get('user') ?? '';
      return HttpResponse.json({ next: null, previous: null, results: paystubs.get(user) ?? [] });
    }),
  ];
  return {
    handlers,
    invites,
    sent,
    setInvite(id: string, status: string) {
      invites.get(id)!.status = status;
    },
    setPaystubs(user: string, stubs: { employer: string; gross_pay: string; paystub_date: string }[]) {
      paystubs.set(user, stubs);
    },
    signWebhook: (secret: string, rawBody: string) => createHmac('sha512', secret).update(rawBody).digest('hex'),
  };
}
