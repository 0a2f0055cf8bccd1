import { assistantLimits, type AssistantMessage, type AssistantSource } from '@serpwise/contracts';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useViewerLock } from '@/features/paywall';
import { currentCountryCode } from '@/lib/country';
import { useHere, withReturnUrl } from '@/lib/return-url';
import { askAssistant, useAssistantStatus } from '../api/assistant';
import { answerPieces, questionErrorOf } from './assistant-words';
import './assistant-chat.css';

interface ChatEntry {
  role: AssistantMessage['role'];
  content: string;
  sources?: AssistantSource[];
}

export interface AssistantChatProps {
  /** Questions offered as a start; a click puts one in the box. */
  examples: readonly string[];
}

/** The conversation sent with a question: the newest messages within the server's limit, starting with a question. */
function conversationOf(entries: ChatEntry[]): AssistantMessage[] {
  const recent = entries.slice(-assistantLimits.messages).map(({ role, content }) => ({ role, content }));
  const firstQuestion = recent.findIndex((entry) => entry.role === 'user');
  return firstQuestion < 0 ? [] : recent.slice(firstQuestion);
}

/**
 * The research assistant's chat (docs/product/site.md §2): questions go to POST /rest/assistant/chat with the
 * conversation so far; answers carry links to the research pages they were looked up on. Without a configured model
 * server it says that an administrator must configure it, like the Sheets export.
 */
export function AssistantChat({ examples }: AssistantChatProps) {
  const status = useAssistantStatus();
  const { viewer, lock } = useViewerLock();
  const here = useHere();
  const [entries, setEntries] = useState<ChatEntry[]>([]);
  const [question, setQuestion] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const questionId = useId();
  const log = useRef<HTMLDivElement>(null);
  const request = useRef<AbortController | null>(null);

  useEffect(() => () => request.current?.abort(), []);
  useEffect(() => {
    const element = log.current;
    if (element && typeof element.scrollTo === 'function') element.scrollTo({ top: element.scrollHeight });
  }, [entries, busy]);

  if (status.isPending) return <Spinner size="medium" label="Loading the assistant" />;
  if (status.isError) {
    return (
      <p role="alert" className="notice notice--error">
        {questionErrorOf(status.error)}
      </p>
    );
  }
  if (!status.data.configured) {
    return (
      <div className="assistant assistant--off" data-testid="assistant-not-configured">
        <p className="assistant__off-title">
          The assistant is not available here yet: <strong>an administrator must configure it</strong>.
        </p>
        <p className="assistant__off-detail">{status.data.message}</p>
      </div>
    );
  }

  const send = async (text: string, earlier: ChatEntry[]) => {
    const asked: ChatEntry[] = [...earlier, { role: 'user', content: text }];
    setEntries(asked);
    setQuestion('');
    setError(null);
    setBusy(true);
    const controller = new AbortController();
    request.current = controller;
    try {
      const answer = await askAssistant(conversationOf(asked), currentCountryCode(), controller.signal);
      setEntries([...asked, { role: 'assistant', content: answer.reply, sources: answer.sources }]);
    } catch (failure) {
      if (controller.signal.aborted) return;
      // The question stays on screen, marked unanswered, and can be sent again as it was.
      setError(questionErrorOf(failure));
    } finally {
      if (request.current === controller) request.current = null;
      setBusy(false);
    }
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const text = question.trim();
    if (!text || busy) return;
    void send(text, entries);
  };
  const retry = () => {
    const last = entries.at(-1);
    if (last?.role === 'user') void send(last.content, entries.slice(0, -1));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter starts a new line, as in other chats.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) submit(event);
  };
  const restart = () => {
    request.current?.abort();
    setEntries([]);
    setError(null);
    setBusy(false);
  };

  return (
    <div className="assistant" data-testid="assistant">
      <div className="assistant__log" ref={log} role="log" aria-label="Conversation with the research assistant" aria-live="polite" aria-busy={busy}>
        {entries.length === 0 && (
          <div className="assistant__start">
            <p>Ask about any domain or keyword. The assistant looks the figures up in Serpwise and links the pages to check them.</p>
            <ul className="assistant__examples">
              {examples.map((example) => (
                <li key={example}>
                  <button type="button" className="button button--small" onClick={() => setQuestion(example)}>
                    {example}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
        {entries.map((entry, index) => (
          <div key={index} className={`assistant__message assistant__message--${entry.role}`} data-testid={`assistant-${entry.role}`}>
            <span className="visually-hidden">{entry.role === 'user' ? 'You:' : 'Assistant:'}</span>
            <p>
              {entry.role === 'assistant'
                ? answerPieces(entry.content).map((piece, pieceIndex) => (piece.strong ? <strong key={pieceIndex}>{piece.text}</strong> : piece.text))
                : entry.content}
            </p>
            {entry.sources && entry.sources.length > 0 && (
              <p className="assistant__sources">
                Check it:{' '}
                {entry.sources.map((source, sourceIndex) => (
                  <span key={source.href}>
                    {sourceIndex > 0 && ' · '}
                    <Link to={source.href}>{source.label}</Link>
                  </span>
                ))}
              </p>
            )}
          </div>
        ))}
        {busy && (
          <div className="assistant__busy" role="status">
            <span className="assistant__typing" aria-hidden="true">
              <span />
              <span />
              <span />
            </span>
            Looking it up in Serpwise…
          </div>
        )}
      </div>

      {error && (
        <div role="alert" className="assistant__error">
          <p>{error}</p>
          <button type="button" className="button button--small" onClick={retry} disabled={busy}>
            Ask again
          </button>
        </div>
      )}

      <form className="assistant__form" onSubmit={submit}>
        <label htmlFor={questionId} className="visually-hidden">
          Your question
        </label>
        <textarea
          id={questionId}
          value={question}
          rows={2}
          maxLength={assistantLimits.questionChars}
          placeholder="Ask about a domain or keyword"
          onChange={(event) => setQuestion(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <div className="assistant__actions">
          <button type="submit" className="button button--primary" disabled={busy || !question.trim()}>
            {busy ? 'Asking…' : 'Ask'}
          </button>
          {entries.length > 0 && (
            <button type="button" className="button button--ghost" onClick={restart}>
              New conversation
            </button>
          )}
        </div>
      </form>
      {lock && (
        <p className="assistant__plan">
          {viewer === 'visitor' ? 'Answers show what visitors see.' : 'Answers show what a free account sees.'}{' '}
          <Link to={withReturnUrl(lock.link, here)}>{lock.text}</Link>
        </p>
      )}
    </div>
  );
}
