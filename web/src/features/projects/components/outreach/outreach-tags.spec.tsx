import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { csrfHeaderName } from '@serpwise/contracts';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { jsonResponse } from '@test/fake-socket';
import { notifications } from '@/components/ui/notifications';
import { tagFlashMs } from '@/components/ui/tag-input';
import { projectKeys } from '@/features/projects/api/base';
import { getLink } from '@/features/projects/api/outreach';
import { TagsEditor } from './outreach-attributes';

const urlId = '7d1f0c6e-2b3a-4c5d-8e9f-0a1b2c3d4e5f';
type FetchArgs = [string, RequestInit?];
const fetchMock = jest.fn<(...args: FetchArgs) => Promise<Response>>();
/** The server's tags of the link: GetLink reads them, UpdateTags replaces them. */
let savedTags: string[] = [];

const updates = () => fetchMock.mock.calls.filter(([url]) => url.includes('Tags/UpdateTags')).map(([url]) => new URL(url, 'http://x').searchParams.getAll('tags'));

function LinkTags() {
  const link = useQuery({ queryKey: [...projectKeys.all, 'link', urlId], queryFn: () => getLink(urlId) });
  return link.data ? <TagsEditor subject={{ kind: 'link', urlId }} tags={link.data.tags} /> : null;
}

const box = () => screen.getByLabelText('Tags');
const tagTexts = () => within(screen.getByRole('list', { name: 'Added' })).queryAllByRole('listitem').map((item) => item.textContent);
const tagItem = (text: string) => within(screen.getByRole('list', { name: 'Added' })).getByText(text).closest('li')!;

let user: ReturnType<typeof userEvent.setup>;
beforeEach(() => {
  jest.useFakeTimers();
  user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  savedTags = ['Guest post'];
  document.head.innerHTML = '<meta name="csrf-token" content="t">';
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    const query = new URL(url, 'http://x').searchParams;
    if (url.includes('Link/GetLink')) return jsonResponse({ urlId, tags: savedTags });
    if (url.includes('Tags/UpdateTags')) {
      savedTags = query.getAll('tags');
      return jsonResponse({ urlId, tags: savedTags });
    }
    return jsonResponse({ message: 'unexpected' }, 404);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <LinkTags />
    </QueryClientProvider>,
  );
});
afterEach(() => {
  act(() => notifications.clear());
  jest.useRealTimers();
});

describe('the outreach tags editor (docs/product/projects.md §5 tag input rules, Tags/UpdateTags)', () => {
  it('saves a trimmed new tag as the whole list, and ignores a blank entry', async () => {
    await screen.findByText('Guest post');
    await user.type(box(), '   {Enter}');
    expect(updates()).toEqual([]);
    await user.type(box(), '  Resource page  {Enter}');
    await waitFor(() => expect(updates()).toEqual([['Guest post', 'Resource page']]));
    expect(savedTags).toEqual(['Guest post', 'Resource page']);
    await waitFor(() => expect(tagTexts()).toEqual(['Guest post', 'Resource page']));
    // The request carries the cross-site request token (a GET that changes something).
    const [, init] = fetchMock.mock.calls.find(([url]) => url.includes('Tags/UpdateTags'))!;
    expect((init?.headers as Record<string, string>)[csrfHeaderName]).toBe('t');
  });

  it('refuses a repeat ignoring case: nothing is sent and the existing tag flashes for 800 ms', async () => {
    await screen.findByText('Guest post');
    await user.type(box(), 'GUEST POST{Enter}');
    expect(tagTexts()).toEqual(['Guest post']);
    expect(updates()).toEqual([]);
    expect(tagItem('Guest post')).toHaveClass('ui-flash');
    act(() => jest.advanceTimersByTime(tagFlashMs - 1));
    expect(tagItem('Guest post')).toHaveClass('ui-flash');
    act(() => jest.advanceTimersByTime(1));
    expect(tagItem('Guest post')).not.toHaveClass('ui-flash');
  });

  it('removing a tag saves the shorter list; removing the last sends no tags', async () => {
    await screen.findByText('Guest post');
    await user.click(screen.getByRole('button', { name: 'Remove Guest post' }));
    await waitFor(() => expect(updates()).toEqual([[]]));
    await waitFor(() => expect(tagTexts()).toEqual([]));
  });
});
