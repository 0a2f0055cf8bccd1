import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { LinkNote } from '@serpwise/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { jsonResponse } from '@test/fake-socket';
import { notifications } from '@/components/ui/notifications';
import { LinkNotes } from './link-notes';

const urlId = '7d1f0c6e-2b3a-4c5d-8e9f-0a1b2c3d4e5f';
type FetchArgs = [string, RequestInit?];
const fetchMock = jest.fn<(...args: FetchArgs) => Promise<Response>>();
/** The server's notes of the link. */
let notes: LinkNote[] = [];

const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => url.includes(path)).map(([url]) => new URL(url, 'http://x').searchParams);

beforeEach(() => {
  notes = [];
  document.head.innerHTML = '<meta name="csrf-token" content="t">';
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    const query = new URL(url, 'http://x').searchParams;
    if (url.includes('LinkNotes/GetLinkNotes')) return jsonResponse(notes);
    if (url.includes('LinkNotes/AddLinkNote')) {
      const text = query.get('note')!;
      // The server's own limit (the contract's textarea rule).
      if (text.length > 1770) return jsonResponse({ message: 'The max number of characters is 1770', errors: ['The max number of characters is 1770'] }, 400);
      const note: LinkNote = { noteRowId: `1a2b3c4d-0000-4000-8000-00000000000${notes.length}`, urlId, note: text, authorEmail: 'me@example.com', createdAt: '2026-11-22T10:00:00Z' };
      notes = [note, ...notes];
      return jsonResponse(note);
    }
    if (url.includes('LinkNotes/DeleteLinkNote')) {
      notes = notes.filter((note) => note.noteRowId !== query.get('noteRowId'));
      return jsonResponse({ isSuccessful: true });
    }
    return jsonResponse({ message: 'unexpected' }, 404);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <LinkNotes urlId={urlId} />
    </QueryClientProvider>,
  );
});
afterEach(() => act(() => notifications.clear()));

const box = () => screen.getByLabelText('New note');
const addButton = () => screen.getByRole('button', { name: 'Add note' });

describe('link notes (docs/product/projects.md §5 textarea limit, §4 Delete / Keep)', () => {
  it('holds at most 1770 characters, counts them, says the limit, and sends the note', async () => {
    await screen.findByText('No notes yet.');
    expect(screen.getByText('0/1770')).toBeInTheDocument();
    expect(addButton()).toBeDisabled();
    fireEvent.change(box(), { target: { value: 'x'.repeat(2000) } });
    expect(box()).toHaveValue('x'.repeat(1770));
    expect(screen.getByText(/^1770\/1770/)).toHaveTextContent('The max number of characters is 1770');
    await userEvent.click(addButton());
    await waitFor(() => expect(calls('AddLinkNote').map((query) => query.get('note')?.length)).toEqual([1770]));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Notes of the link' })).getAllByRole('listitem')).toHaveLength(1));
    expect(box()).toHaveValue('');
    expect(screen.getByText('0/1770')).toBeInTheDocument();
  });

  it('does not send a blank note', async () => {
    await screen.findByText('No notes yet.');
    await userEvent.type(box(), '    ');
    expect(addButton()).toBeDisabled();
    fireEvent.submit(screen.getByRole('form', { name: 'Add a note' }));
    expect(calls('AddLinkNote')).toHaveLength(0);
  });

  it('deletes a note only after Delete; Keep leaves it', async () => {
    await screen.findByText('No notes yet.');
    await userEvent.type(box(), 'Pitched the guest post');
    await userEvent.click(addButton());
    await screen.findByText('Pitched the guest post');
    await userEvent.click(screen.getByRole('button', { name: 'Delete note' }));
    await userEvent.click(screen.getByRole('button', { name: 'Keep' }));
    expect(calls('DeleteLinkNote')).toHaveLength(0);
    expect(screen.getByText('Pitched the guest post')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete note' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByText('No notes yet.');
    expect(calls('DeleteLinkNote').map((query) => query.get('noteRowId'))).toEqual(['1a2b3c4d-0000-4000-8000-000000000000']);
  });
});
