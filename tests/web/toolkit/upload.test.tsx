// The file/image upload queue: one at a time, 250 ms apart, progress, states, limits, delete.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { UploadedFile } from '../../../machines/contracts/form-schema.ts';
import { toolkitHandlers, UPLOAD_URL } from '../../../msw/toolkit-handlers.ts';
import { createCaller, type CallResult, type Caller } from '../../../web/toolkit/api/caller.ts';
import { renderFields } from './render.tsx';

const server = setupServer(...toolkitHandlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

interface PendingUpload {
  file: Blob;
  onProgress?: (percent: number) => void;
  resolve: (result: CallResult<UploadedFile>) => void;
}

function fakeCaller() {
  const uploads: PendingUpload[] = [];
  const caller: Caller = {
    ...createCaller(),
    upload: (_path, file, options) =>
      new Promise((resolve) => {
        uploads.push({ file, onProgress: options?.onProgress, resolve });
      }),
  };
  return { caller, uploads };
}

const pdf = (name: string, size = 10) => new File([new Uint8Array(size)], name, { type: 'application/pdf' });
// user-event's async wrapper waits on a timer, which never fires under fake timers: pick files with a change event.
const pick = (input: HTMLElement, files: File[]) => fireEvent.change(input, { target: { files } });
const stateOf = (name: string) => screen.getByText(name).closest('li')?.getAttribute('data-state');

describe('the upload queue', () => {
  it('uploads one file at a time, 250 ms apart, with progress and states', async () => {
    vi.useFakeTimers();
    const { caller, uploads } = fakeCaller();
    renderFields([{ type: 'file', name: 'docs', label: 'Documents', url: '/up' }], {}, { caller });

    pick(screen.getByLabelText('Documents'), [pdf('a.pdf'), pdf('b.pdf')]);
    expect(stateOf('a.pdf')).toBe('queued');
    expect(stateOf('b.pdf')).toBe('queued');
    expect(uploads).toHaveLength(0);

    await act(() => vi.advanceTimersByTimeAsync(249));
    expect(uploads).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(uploads).toHaveLength(1);
    expect(stateOf('a.pdf')).toBe('uploading');
    expect(stateOf('b.pdf')).toBe('queued');

    act(() => uploads[0]!.onProgress?.(40));
    expect(screen.getByRole('progressbar', { name: 'Upload progress of a.pdf' })).toHaveAttribute('value', '40');
    expect(screen.getByText('Uploading 40%')).toBeInTheDocument();

    // Nothing else starts while a file is uploading.
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(uploads).toHaveLength(1);

    await act(async () =>
      uploads[0]!.resolve({
        status: true,
        code: 200,
        data: { id: 1, token: 't1', original_name: 'a.pdf', url: '/files/1' },
      }),
    );
    expect(stateOf('a.pdf')).toBe('uploaded');
    expect(uploads).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(249));
    expect(uploads).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(uploads).toHaveLength(2);
    expect(stateOf('b.pdf')).toBe('uploading');

    await act(async () => uploads[1]!.resolve({ status: false, code: 500, data: null as unknown as UploadedFile }));
    expect(stateOf('b.pdf')).toBe('failed');
    expect(within(screen.getByText('b.pdf').closest('li')!).getByRole('alert')).toHaveTextContent(
      'Unable to upload file',
    );
  });

  it('lists the 422 messages of a failed upload', async () => {
    vi.useFakeTimers();
    const { caller, uploads } = fakeCaller();
    renderFields([{ type: 'file', name: 'docs', label: 'Documents', url: '/up' }], {}, { caller });
    pick(screen.getByLabelText('Documents'), [pdf('c.pdf')]);
    await act(() => vi.advanceTimersByTimeAsync(250));
    await act(async () =>
      uploads[0]!.resolve({
        status: false,
        code: 422,
        data: null as unknown as UploadedFile,
        message: 'Invalid',
        errors: { file: ['The file is damaged.'] },
      }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The file is damaged.');
  });

  it("refuses files over the limit with 'Max file limit reached'", async () => {
    const user = userEvent.setup();
    const { caller } = fakeCaller();
    renderFields([{ type: 'file', name: 'docs', label: 'Documents', url: '/up', maxFiles: 2 }], {}, { caller });
    await user.upload(screen.getByLabelText('Documents'), [pdf('a.pdf'), pdf('b.pdf'), pdf('c.pdf')]);
    expect(stateOf('c.pdf')).toBe('failed');
    expect(within(screen.getByText('c.pdf').closest('li')!).getByRole('alert')).toHaveTextContent(
      'Max file limit reached',
    );
    expect(screen.getByLabelText('Documents')).toBeDisabled();
  });

  it('refuses files of 9 MB or more', async () => {
    const user = userEvent.setup();
    const { caller } = fakeCaller();
    renderFields([{ type: 'file', name: 'docs', label: 'Documents', url: '/up' }], {}, { caller });
    await user.upload(screen.getByLabelText('Documents'), pdf('big.pdf', 9 * 1024 * 1024));
    expect(screen.getByRole('alert')).toHaveTextContent('File size should be less than 9MB');
  });

  it('allows only the types of the field: documents, or images (jpeg, png)', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { caller } = fakeCaller();
    renderFields(
      [
        { type: 'file', name: 'docs', label: 'Documents', url: '/up' },
        { type: 'image', name: 'photo', label: 'Photo', url: '/up', multiple: false },
      ],
      {},
      { caller },
    );
    expect(screen.getByLabelText('Documents')).toHaveAttribute('accept', '.doc,.docx,.pdf,.pages,.bml,.jpeg,.jpg,.png');
    expect(screen.getByLabelText('Photo')).toHaveAttribute('accept', '.jpeg,.jpg,.png');
    await user.upload(screen.getByLabelText('Photo'), pdf('scan.pdf'));
    expect(stateOf('scan.pdf')).toBe('failed');
    expect(screen.getByRole('alert')).toHaveTextContent('scan.pdf: this file type is not allowed (jpeg, jpg, png).');
    await user.upload(screen.getByLabelText('Documents'), new File(['x'], 'tool.exe'));
    expect(stateOf('tool.exe')).toBe('failed');
  });

  it('uploads through the API and deletes after confirming', async () => {
    const user = userEvent.setup();
    let deleted: unknown;
    server.use(
      http.delete(UPLOAD_URL, async ({ request }) => {
        deleted = await request.json();
        return HttpResponse.json({ status: true, code: 200, data: null });
      }),
    );
    renderFields([{ type: 'file', name: 'docs', label: 'Documents', url: UPLOAD_URL, deleteUrl: UPLOAD_URL }]);
    await user.upload(screen.getByLabelText('Documents'), pdf('contract.pdf'));
    // (jsdom's File loses its name on the way through msw's XMLHttpRequest interceptor: the server answers 'blob'.)
    const remove = await screen.findByRole('button', { name: /^Delete / }, { timeout: 2000 });
    const item = remove.closest('li')!;
    expect(item.getAttribute('data-state')).toBe('uploaded');
    expect(within(item).getByRole('link').getAttribute('href')).toMatch(/^\/files\//);
    await user.click(remove);
    const dialog = screen.getByRole('alertdialog', { name: 'Are you sure you want to delete this file?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull());
    expect(deleted).toMatchObject({ model: expect.any(Number), force: true, token: expect.stringMatching(/^tok-/) });
  });
});
