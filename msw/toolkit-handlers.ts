// msw 2 handlers for a demo staff resource ("widgets") used by the toolkit's component tests and the backend-less
// demo: form schema (GET ?_form=true), submit with a 422, paged list with filters, select search, taggable create,
// upload and file delete.
import { http, HttpResponse } from 'msw';
import type { FormSchema, UploadedFile } from '../machines/contracts/form-schema.ts';
import { selectField } from './select-field.ts';

export const DEMO_BASE = '/staff/api/demo';
export const WIDGETS_URL = `${DEMO_BASE}/widgets`;
export const STORE_SEARCH_URL = `${DEMO_BASE}/stores/search`;
export const TAGS_URL = `${DEMO_BASE}/tags`;
export const UPLOAD_URL = `${DEMO_BASE}/uploads`;
/** An e-mail the demo server refuses with a 422 (field errors on `email` and `contacts.0.name`). */
export const TAKEN_EMAIL = 'taken@example.com';

export const demoWidgetSchema: FormSchema = {
  title: 'Edit Widget',
  action: `${WIDGETS_URL}/{widget}`,
  params: { widget: 7, include: 'contacts' },
  values: { name: 'Blue widget', email: 'owner@example.com', contacts: [{ name: 'Ann' }], overrides: [] },
  children: [
    {
      type: 'section',
      label: 'Details',
      children: [
        { type: 'text', name: 'name', label: 'Name', required: true },
        { type: 'email', name: 'email', label: 'E-mail', required: true },
        selectField('kind', 'Kind', { a: 'Alpha', b: 'Beta' }),
        { type: 'text', name: 'reason', label: 'Reason', conditions: [{ ref: 'kind', operator: '==', values: ['b'] }] },
      ],
    },
    {
      type: 'collection',
      name: 'contacts',
      label: 'Contacts',
      item_label: 'Contact {index}',
      min: 1,
      max: 3,
      children: [{ type: 'text', name: 'name', label: 'Contact name' }],
    },
  ],
};

export const STORES = [
  { id: 1, name: 'Main Street' },
  { id: 2, name: 'Main Avenue' },
  { id: 3, name: 'Express' },
  { id: 4, name: 'Mainland Outlet' },
];

/** 60 demo rows: Widget 01 .. Widget 60, with a price and a status. */
export const demoRows = Array.from({ length: 60 }, (_, i) => ({
  id: i + 1,
  name: `Widget ${String(i + 1).padStart(2, '0')}`,
  price: (i + 1) * 100,
  status: i % 2 === 0 ? 'active' : 'inactive',
}));

export const listFilters = [selectField('status', 'Status', { active: 'Active', inactive: 'Inactive' })];

let nextUploadId = 100;
let nextTagId = 500;

export const toolkitHandlers = [
  http.get(WIDGETS_URL, ({ request }) => {
    const url = new URL(request.url);
    if (url.searchParams.get('_form') === 'true') {
      return HttpResponse.json({ status: true, code: 200, data: demoWidgetSchema });
    }
    const limit = Number(url.searchParams.get('limit') ?? 25);
    const page = Number(url.searchParams.get('page') ?? 1);
    const sortBy = url.searchParams.get('sortBy');
    const sortDesc = url.searchParams.get('sortDesc') === 'true';
    const status = url.searchParams.get('status');
    let rows = demoRows.filter((row) => !status || row.status === status);
    if (sortBy) {
      rows = [...rows].sort((a, b) => {
        const x = a[sortBy as keyof typeof a];
        const y = b[sortBy as keyof typeof b];
        const order = x < y ? -1 : x > y ? 1 : 0;
        return sortDesc ? -order : order;
      });
    }
    const total = rows.length;
    const lastPage = Math.max(1, Math.ceil(total / limit));
    const slice = rows.slice((page - 1) * limit, page * limit);
    return HttpResponse.json({
      status: true,
      code: 200,
      data: {
        data: slice,
        meta: {
          current_page: page,
          last_page: lastPage,
          per_page: limit,
          from: slice.length ? (page - 1) * limit + 1 : null,
          to: slice.length ? (page - 1) * limit + slice.length : null,
          total,
          filters: listFilters,
        },
      },
    });
  }),
  http.post(`${WIDGETS_URL}/:widget`, async ({ request, params }) => {
    const body = (await request.json()) as Record<string, unknown>;
    if (body.email === TAKEN_EMAIL) {
      return HttpResponse.json(
        {
          status: false,
          code: 422,
          message: 'The given data was invalid.',
          errors: { email: ['E-mail in use'], 'contacts.0.name': ['The contact name is already used.'] },
        },
        { status: 422 },
      );
    }
    const url = new URL(request.url);
    return HttpResponse.json({
      status: true,
      code: 200,
      message: 'Widget saved',
      data: { ...body, id: Number(params.widget), include: url.searchParams.get('include') },
    });
  }),
  http.get(STORE_SEARCH_URL, ({ request }) => {
    const q = (new URL(request.url).searchParams.get('q') ?? '').toLowerCase();
    if (q === 'boom')
      return HttpResponse.json({ status: false, code: 500, message: 'Search is unavailable' }, { status: 500 });
    return HttpResponse.json({
      status: true,
      code: 200,
      data: STORES.filter((store) => store.name.toLowerCase().includes(q)),
    });
  }),
  http.post(TAGS_URL, async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    return HttpResponse.json({ status: true, code: 200, data: { value: nextTagId++, text: String(body.text ?? '') } });
  }),
  http.post(UPLOAD_URL, async ({ request }) => {
    const form = await request.formData();
    const file = form.get('file');
    if (!file || typeof file === 'string') {
      return HttpResponse.json(
        { status: false, code: 422, message: 'No file', errors: { file: ['The file is required.'] } },
        { status: 422 },
      );
    }
    const id = nextUploadId++;
    const record: UploadedFile = { id, token: `tok-${id}`, original_name: file.name, url: `/files/${id}` };
    return HttpResponse.json({ status: true, code: 200, data: record });
  }),
  http.delete(UPLOAD_URL, () => HttpResponse.json({ status: true, code: 200, data: null })),
];
