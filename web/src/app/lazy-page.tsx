import { Component, lazy, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { ServerErrorContent } from '../pages/error-pages';

/** docs/product/site.md §7: script chunks time out after 120 s. */
export const chunkTimeoutMs = 120_000;
/** docs/product/site.md §8: the text shown when a script chunk cannot be loaded. */
export const chunkFailedMessage = 'Loading chunk failed';

export class ChunkLoadError extends Error {
  constructor(cause?: unknown) {
    super(chunkFailedMessage, { cause });
    this.name = 'ChunkLoadError';
  }
}

/** A failed dynamic import, whatever the browser calls it. */
export const isChunkLoadError = (error: unknown) =>
  error instanceof ChunkLoadError ||
  /Loading chunk|dynamically imported module|Importing a module script failed|error loading dynamically/i.test(String((error as Error | null)?.message ?? ''));

/** Waits for a chunk at most `timeoutMs`; any failure becomes a ChunkLoadError. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = chunkTimeoutMs): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(new Error(`timed out after ${timeoutMs} ms`))), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error));
      },
    );
  });
}

type PropsOf<C> = C extends ComponentType<infer P> ? P : never;

/** A page loaded on demand: `lazyPage(() => import('./x'), 'XPage')`, keeping the page's props. */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(() => loadChunk(load).then((module) => ({ default: module[name] as unknown as ComponentType<PropsOf<M[K]>> })));
}

export function ChunkFailedMessage() {
  return (
    <section className="page error-page" role="alert">
      <h1>{chunkFailedMessage}</h1>
      <p>Part of this page could not be downloaded. Check your connection, then reload the page.</p>
      <p>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </p>
    </section>
  );
}

/**
 * Catches what a page throws while loading or rendering, so the header and footer stay: a chunk that failed to load
 * shows 'Loading chunk failed' with a reload button; anything else the server-error page. Resets on navigation.
 */
export class PageErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, { error: unknown; key: string }> {
  state = { error: null as unknown, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { error: unknown; key: string }) {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A page failed to render', error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return isChunkLoadError(this.state.error) ? <ChunkFailedMessage /> : <ServerErrorContent />;
  }
}
