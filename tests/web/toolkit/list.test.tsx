// PagedList against the msw demo resource: paging, summary, pager, sorting, filters, empty, errors, row actions.
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { toolkitHandlers, WIDGETS_URL } from '../../../msw/toolkit-handlers.ts';
import { PagedList, type Column } from '../../../web/toolkit/list/PagedList.tsx';
import { renderWithToolkit } from './render.tsx';
import { serveDuringTests } from '../../support/msw-server.ts';

const server = setupServer(...toolkitHandlers);
serveDuringTests(server);

const columns: Column[] = [
  { key: 'name', label: 'Name', sortable: true },
  { key: 'price', label: 'Price', sortable: true },
  { key: 'status', label: 'Status' },
];

const firstCells = () =>
  within(screen.getByRole('table', { name: 'Widgets' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('PagedList', () => {
  it("asks for 25 rows from page 1 and shows 'Showing 1 to 25 of 60 entries'", async () => {
    const seen: URLSearchParams[] = [];
    server.events.on('request:start', ({ request }) => {
      seen.push(new URL(request.url).searchParams);
    });
    renderWithToolkit(<PagedList url={WIDGETS_URL} columns={columns} caption="Widgets" />);
    expect(await screen.findByText('Showing 1 to 25 of 60 entries')).toBeInTheDocument();
    server.events.removeAllListeners();
    expect(seen[0]!.get('limit')).toBe('25');
    expect(seen[0]!.get('page')).toBe('1');
    expect(firstCells()).toHaveLength(25);
    expect(firstCells()[0]).toBe('Widget 01');
  });

  it('moves between pages with the pager', async () => {
    const user = userEvent.setup();
    renderWithToolkit(<PagedList url={WIDGETS_URL} columns={columns} caption="Widgets" />);
    const nav = await screen.findByRole('navigation', { name: 'Pagination' });
    expect(within(nav).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getAllByRole('button', { name: /^Page \d+$/ })).toHaveLength(3);
    expect(within(nav).getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(within(nav).getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Showing 51 to 60 of 60 entries')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.click(within(nav).getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('Showing 26 to 50 of 60 entries')).toBeInTheDocument();
  });

  it('shows at most 9 page numbers centred on the current page', async () => {
    const user = userEvent.setup();
    renderWithToolkit(<PagedList url={WIDGETS_URL} columns={columns} caption="Widgets" pageSize={2} />);
    const nav = await screen.findByRole('navigation', { name: 'Pagination' });
    const numbers = () =>
      within(nav)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((b) => Number(b.textContent));
    expect(numbers()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    await user.click(within(nav).getByRole('button', { name: 'Page 9' }));
    await screen.findByText('Showing 17 to 18 of 60 entries');
    expect(numbers()).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13]);
    await user.click(within(nav).getByRole('button', { name: 'Last page' }));
    await screen.findByText('Showing 59 to 60 of 60 entries');
    expect(numbers()).toEqual([22, 23, 24, 25, 26, 27, 28, 29, 30]);
  });

  it('toggles the sort of a column', async () => {
    const user = userEvent.setup();
    renderWithToolkit(<PagedList url={WIDGETS_URL} columns={columns} caption="Widgets" />);
    await screen.findByText('Showing 1 to 25 of 60 entries');
    const header = screen.getByRole('columnheader', { name: /Name/ });
    expect(header).toHaveAttribute('aria-sort', 'none');
    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(header).toHaveAttribute('aria-sort', 'ascending'));
    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(firstCells()[0]).toBe('Widget 60'));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: 'Status' })).not.toHaveAttribute('aria-sort');
  });

  it('renders the filters of meta.filters and reloads from page 1 when they change', async () => {
    const user = userEvent.setup();
    renderWithToolkit(<PagedList url={WIDGETS_URL} columns={columns} caption="Widgets" filterDebounceMs={0} />);
    const filters = await screen.findByRole('search', { name: 'Filters' });
    await user.click(
      within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: 'Page 2' }),
    );
    await screen.findByText('Showing 26 to 50 of 60 entries');
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Status' }), 'Inactive');
    expect(await screen.findByText('Showing 1 to 25 of 30 entries')).toBeInTheDocument();
    expect(firstCells()[0]).toBe('Widget 02');
  });

  it("shows 'No results found' for an empty page", async () => {
    server.use(
      http.get(WIDGETS_URL, () =>
        HttpResponse.json({
          status: true,
          code: 200,
          data: { data: [], meta: { current_page: 1, last_page: 1, per_page: 25, from: null, to: null, total: 0 } },
        }),
      ),
    );
    renderWithToolkit(<PagedList url={WIDGETS_URL} columns={columns} caption="Widgets" />);
    expect(await screen.findByRole('cell', { name: 'No results found' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('shows loading, then an error with a retry', async () => {
    const user = userEvent.setup();
    let fail = true;
    server.use(
      http.get(WIDGETS_URL, () =>
        fail
          ? HttpResponse.json({ status: false, code: 403, message: 'Permission Denied' }, { status: 403 })
          : HttpResponse.json({
              status: true,
              code: 200,
              data: {
                data: [{ id: 1, name: 'Only one' }],
                meta: { current_page: 1, last_page: 1, per_page: 25, from: 1, to: 1, total: 1 },
              },
            }),
      ),
    );
    renderWithToolkit(<PagedList url={WIDGETS_URL} columns={columns} caption="Widgets" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.getByRole('table', { name: 'Widgets' })).toHaveAttribute('aria-busy', 'true');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Permission Denied');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Showing 1 to 1 of 1 entries')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('runs row actions, asking first when they say so, then reloads', async () => {
    const user = userEvent.setup();
    const onView = vi.fn();
    let deleted = '';
    server.use(
      http.delete(`${WIDGETS_URL}/:id`, ({ params }) => {
        deleted = String(params.id);
        return HttpResponse.json({ status: true, code: 200, data: null, message: 'Widget deleted' });
      }),
    );
    renderWithToolkit(
      <PagedList
        url={WIDGETS_URL}
        columns={columns}
        caption="Widgets"
        rowActions={[
          { label: 'View', onClick: onView },
          {
            label: 'Delete',
            url: `${WIDGETS_URL}/{id}`,
            method: 'DELETE',
            confirm: { preset: 'delete' },
            danger: true,
          },
        ]}
      />,
    );
    await screen.findByText('Showing 1 to 25 of 60 entries');
    const row = screen.getByRole('row', { name: /Widget 03/ });
    await user.click(within(row).getByRole('button', { name: 'View' }));
    expect(onView).toHaveBeenCalledWith(expect.objectContaining({ id: 3, name: 'Widget 03' }));
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Please Confirm' });
    await user.click(within(dialog).getByRole('button', { name: 'YES' }));
    await waitFor(() => expect(deleted).toBe('3'));
    expect(await screen.findByText('Widget deleted')).toBeInTheDocument();
  });
});
