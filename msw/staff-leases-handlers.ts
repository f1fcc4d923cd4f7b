// msw 2 handlers for the staff lease operations API (machines/contracts/staff-leases.ts), for the staff portal's
// component tests and a backend-less demo: the applications list (seed 001's paged envelope with meta.filters), one
// application's record with its allowed actions, the status action (409 when the version is stale), reveal, stores.
import { http, HttpResponse } from 'msw';
import type { ApplicationDetail, ApplicationRow } from '../machines/contracts/staff-leases.ts';
import { selectField } from './select-field.ts';

export const APPLICATIONS_URL = '/staff/api/applications';
export const LEASES_URL = '/staff/api/leases';

const baseRow = (n: number, over: Partial<ApplicationRow> = {}): ApplicationRow => ({
  id: `app-${n}`,
  uuid: `app-${n}`,
  applicant_name: `Applicant ${n}`,
  store_id: 'sto-main-street',
  store_name: 'Main Street',
  retailer_id: 'ret-demo-electronics',
  retailer_name: 'Demo Electronics',
  created_at: '2025-03-01T15:00:00.000Z',
  submitted_at: '2025-03-01T15:10:00.000Z',
  result_code: 'A',
  approval_amount: '2500.00',
  offers: { A: '2500.00', B: '2000.00', C: '1500.00', D: '1000.00' },
  status: 'V',
  status_label: '(V) Approved/Pending Contract',
  delivered: false,
  state_changed_at: '2025-03-01T15:10:00.000Z',
  source: 'portal',
  step: 'checkout',
  checkout_id: null,
  lease_number: null,
  term_months: null,
  delivery_date: null,
  loan_number: `LN-00${n}`,
  lease_amount: null,
  has_contract: false,
  requires_acceptance: false,
  claimed_by: null,
  ...over,
});

export const applicationRows: ApplicationRow[] = [
  baseRow(1, { applicant_name: 'Jane Doe', approval_amount: '1234.5' }),
  baseRow(2, {
    applicant_name: 'John Roe',
    status: 'S',
    status_label: '(S) Awaiting Review',
    result_code: null,
    approval_amount: null,
    offers: null,
  }),
  baseRow(3, {
    applicant_name: 'Ana Díaz',
    status: 'N',
    status_label: '(N) Did Not Qualify',
    result_code: 'D',
    approval_amount: null,
    offers: null,
  }),
];

/** The filters the server describes (its own `q` among them: the screen renders its search box instead). */
export const applicationFilters = [
  { type: 'text', name: 'q', label: 'Search' },
  selectField('status', 'Status', { V: '(V) Approved/Pending Contract', S: '(S) Awaiting Review' }),
];

export const CONFIRM_REQUEST_INFO =
  'You are changing "Jane Doe" from "(V) Approved/Pending Contract" state to "(I) More Info Required" state.';

export function applicationDetail(over: Partial<ApplicationDetail> = {}): ApplicationDetail {
  return {
    ...applicationRows[0]!,
    v: 3,
    actions: [
      {
        id: 'request-info',
        label: 'More Info Required',
        to: 'I',
        to_label: '(I) More Info Required',
        confirm: CONFIRM_REQUEST_INFO,
        permitted: true,
        inputs: ['note'],
      },
      {
        id: 'revoke',
        label: 'Revoke',
        to: 'N',
        to_label: '(N) Did Not Qualify',
        confirm:
          'You are changing "Jane Doe" from "(V) Approved/Pending Contract" state to "(N) Did Not Qualify" state.',
        permitted: false,
        inputs: [],
      },
    ],
    applicant: {
      salutation: null,
      first_name: 'Jane',
      middle_name: null,
      last_name: 'Doe',
      suffix: null,
      email: 'jane@example.com',
      cell_phone: '8005550142',
      home_phone: null,
      preferred_contact: 'sms',
      language: 'en',
      social_security_number: '•••••6789',
      date_of_birth: '••••-••-15',
      identification: null,
      identification_type: null,
      identification_state: null,
      address: { line_1: '1 Main St', line_2: null, city: 'Denver', state: 'CO', code: '80202' },
    },
    co_applicant: null,
    incomes: [],
    banking: null,
    home_ownership: null,
    decision: {
      code: 'A',
      decided_at: '2025-03-01T15:10:00.000Z',
      approval_amount: '1234.50',
      offers: { A: '1234.50', B: '1000.00', C: '800.00', D: '500.00' },
      reasons: [],
      score: 712,
      decile: 3,
      monthly_income: '4000.00',
      scoring_settings_version: 2,
      bureau: { report_id: 'rep-1', hit: true },
    },
    pin: { sent: 1, failed: 0, maxed: false, verified: true, last_sent_at: '2025-03-01T15:01:00.000Z', history: [] },
    flows: [],
    documents: [],
    lease: null,
    checkout: null,
    payments: [],
    webhooks: [],
    timeline: [],
    info_request: null,
    delivery_date: null,
    revealable: ['applicant.social_security_number'],
    ...over,
  };
}

function paged<T>(rows: T[], url: URL, filters: unknown[]) {
  const limit = Number(url.searchParams.get('limit') ?? 25);
  const page = Number(url.searchParams.get('page') ?? 1);
  const slice = rows.slice((page - 1) * limit, page * limit);
  return {
    status: true,
    code: 200,
    data: slice,
    meta: {
      current_page: page,
      last_page: Math.max(1, Math.ceil(rows.length / limit)),
      per_page: limit,
      from: slice.length ? (page - 1) * limit + 1 : null,
      to: slice.length ? (page - 1) * limit + slice.length : null,
      total: rows.length,
      filters,
    },
  };
}

export const staffLeasesHandlers = [
  http.get(APPLICATIONS_URL, ({ request }) => {
    const url = new URL(request.url);
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const status = url.searchParams.get('status');
    const rows = applicationRows.filter(
      (r) => (!q || r.applicant_name.toLowerCase().includes(q)) && (!status || r.status === status),
    );
    return HttpResponse.json(paged(rows, url, applicationFilters));
  }),
  http.get(`${APPLICATIONS_URL}/:id`, ({ params }) =>
    params.id === 'app-1'
      ? HttpResponse.json({ status: true, code: 200, data: applicationDetail() })
      : HttpResponse.json({ status: false, code: 404, data: null, message: 'Application not found' }, { status: 404 }),
  ),
  http.post(`${APPLICATIONS_URL}/:id/reveal`, () =>
    HttpResponse.json({ status: true, code: 200, data: { value: '123-45-6789' } }),
  ),
  http.post(`${LEASES_URL}/:id/actions/:action`, async ({ request, params }) => {
    const body = (await request.json()) as { v?: number; note?: string };
    if (body.v !== 3) {
      return HttpResponse.json(
        {
          status: false,
          code: 409,
          data: null,
          message: 'This lease was changed by someone else. Reload it and try again.',
        },
        { status: 409 },
      );
    }
    if (params.action !== 'request-info') {
      return HttpResponse.json(
        {
          status: false,
          code: 409,
          data: null,
          message: '"Revoke" is not allowed while the lease is in "(V) Approved/Pending Contract" state.',
        },
        { status: 409 },
      );
    }
    return HttpResponse.json({
      status: true,
      code: 200,
      message: 'More Info Required: the lease is now in "(I) More Info Required" state.',
      data: applicationDetail({
        v: 4,
        status: 'I',
        status_label: '(I) More Info Required',
        actions: [],
        info_request: body.note ? { note: body.note, at: '2025-03-02T10:00:00.000Z' } : null,
      }),
    });
  }),
  http.get('/staff/api/stores', () =>
    HttpResponse.json({
      status: true,
      code: 200,
      data: [
        { id: 'sto-main-street', name: 'Main Street' },
        { id: 'sto-express', name: 'Express' },
      ],
      meta: { current_page: 1, last_page: 1, per_page: 100, from: 1, to: 2, total: 2, filters: [] },
    }),
  ),
];
