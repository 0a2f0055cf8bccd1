import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ServerErrorContent } from '@/features/error-pages';
import { chunkFailedMessage, isChunkLoadError } from '@/lib/load-chunk';

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
