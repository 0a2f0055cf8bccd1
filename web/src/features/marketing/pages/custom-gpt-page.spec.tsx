import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { assistantMessages, type AssistantReply } from '@serpwise/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { activeState } from '@test/active-state';
import { jsonResponse } from '@test/fake-socket';
import { renderInApp } from '@test/render-page';
import { CustomGptPage } from './custom-gpt-page';

type FetchArgs = [string, RequestInit?];
const fetchMock = jest.fn<(...args: FetchArgs) => Promise<Response>>();
let chatAnswer: () => Promise<Response>;
let configured = true;

const chatCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/rest/assistant/chat');
const bodyOf = (call: FetchArgs) => JSON.parse(String(call[1]?.body)) as { messages: { role: string; content: string }[]; countryCode: string };

beforeEach(() => {
  document.head.innerHTML = '<meta name="csrf-token" content="t">';
  localStorage.setItem('serpwise:country', 'UK');
  configured = true;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    if (url.startsWith('/endpoints/accountapi/getactivestate')) return jsonResponse(activeState({ isLoggedIn: true, isFullUser: false, roles: ['free'] }));
    if (url === '/rest/assistant') return jsonResponse(configured ? { configured: true, message: null } : { configured: false, message: assistantMessages.notConfigured });
    if (url === '/rest/assistant/chat') return chatAnswer();
    return jsonResponse([]);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

describe('the Custom GPT page (docs/product/site.md §2)', () => {
  it('asks the assistant, shows the busy state, then the answer with the pages to check it', async () => {
    let answer!: (response: Response) => void;
    chatAnswer = () => new Promise((resolve) => (answer = resolve));
    renderInApp(<CustomGptPage />, '/serpwise-custom-gpt');

    const box = await screen.findByRole('textbox', { name: 'Your question' });
    await userEvent.type(box, 'How is shop.example doing?');
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));

    const log = screen.getByRole('log', { name: 'Conversation with the research assistant' });
    expect(within(log).getByText('How is shop.example doing?')).toBeInTheDocument();
    expect(await screen.findByText('Looking it up in Serpwise…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Asking…' })).toBeDisabled();
    expect(bodyOf(chatCalls()[0]!)).toEqual({ messages: [{ role: 'user', content: 'How is shop.example doing?' }], countryCode: 'UK' });
    expect(chatCalls()[0]![1]?.headers).toMatchObject({ 'x-csrf-token': 't' });

    const reply: AssistantReply = { reply: 'In 2026-10, shop.example ranked for 1,234 organic keywords.', sources: [{ label: 'Overview of shop.example', href: '/overview/domain?query=shop.example&countryCode=UK' }] };
    answer(jsonResponse(reply));
    expect(await within(log).findByText(reply.reply)).toBeInTheDocument();
    expect(within(log).getByRole('link', { name: 'Overview of shop.example' })).toHaveAttribute('href', '/overview/domain?query=shop.example&countryCode=UK');
    expect(screen.queryByText('Looking it up in Serpwise…')).not.toBeInTheDocument();
    // A free user is told what the answers leave out, and where to unlock it.
    expect(screen.getByText('Answers show what a free account sees.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Unlock all the data' })).toBeInTheDocument();

    // The next question carries the conversation so far.
    chatAnswer = async () => jsonResponse({ reply: 'Its competitors are **a.example** and b.example.', sources: [] });
    await userEvent.type(screen.getByRole('textbox', { name: 'Your question' }), 'And its competitors?{Enter}');
    // The emphasis models write as Markdown shows bold, not as asterisks.
    expect(await within(log).findByText('a.example', { selector: 'strong' })).toBeInTheDocument();
    expect(within(log).queryByText(/\*\*/)).not.toBeInTheDocument();
    expect(bodyOf(chatCalls()[1]!).messages).toEqual([
      { role: 'user', content: 'How is shop.example doing?' },
      { role: 'assistant', content: reply.reply },
      { role: 'user', content: 'And its competitors?' },
    ]);
    expect(bodyOf(chatCalls()[1]!).messages).toHaveLength(3);
  });

  it('says what went wrong in the server’s words, keeps the question, and asks again on request', async () => {
    chatAnswer = async () => jsonResponse({ statusCode: 502, message: assistantMessages.keyRefused, errors: [assistantMessages.keyRefused] }, 502);
    renderInApp(<CustomGptPage />, '/serpwise-custom-gpt');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Your question' }), 'Hello?');
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(assistantMessages.keyRefused);
    expect(screen.getByText('Hello?')).toBeInTheDocument();

    chatAnswer = async () => jsonResponse({ statusCode: 503, message: assistantMessages.busy('7 seconds') }, 503);
    await userEvent.click(screen.getByRole('button', { name: 'Ask again' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The AI model server is busy (too many requests). Please try again in 7 seconds.'));
    expect(bodyOf(chatCalls()[1]!).messages).toEqual([{ role: 'user', content: 'Hello?' }]);

    chatAnswer = async () => Promise.reject(new TypeError('Failed to fetch'));
    await userEvent.click(screen.getByRole('button', { name: 'Ask again' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Serpwise could not be reached. Check your connection and try again.'));

    chatAnswer = async () => jsonResponse({ reply: 'Hi.', sources: [] });
    await userEvent.click(screen.getByRole('button', { name: 'Ask again' }));
    expect(await screen.findByText('Hi.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getAllByText('Hello?')).toHaveLength(1);
  });

  it('puts an example question in the box, and starts a new conversation', async () => {
    chatAnswer = async () => jsonResponse({ reply: 'Fine.', sources: [] });
    renderInApp(<CustomGptPage variant="spygpt" />, '/spygpt');
    expect(await screen.findByRole('heading', { name: 'SpyGPT: chat with your competitors’ search data' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Who are the closest organic competitors of example.com?' }));
    expect(screen.getByRole('textbox', { name: 'Your question' })).toHaveValue('Who are the closest organic competitors of example.com?');
    await userEvent.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByText('Fine.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'New conversation' }));
    expect(screen.queryByText('Fine.')).not.toBeInTheDocument();
  });

  it('says an administrator must configure it when the server has no model, and offers no chat', async () => {
    configured = false;
    renderInApp(<CustomGptPage />, '/serpwise-custom-gpt');
    expect(await screen.findByTestId('assistant-not-configured')).toHaveTextContent('an administrator must configure it');
    expect(screen.getByText(assistantMessages.notConfigured)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Your question' })).not.toBeInTheDocument();
  });
});
