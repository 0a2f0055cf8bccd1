import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { renderPage } from '@test/render-page';
import { ChunkLoadError, chunkTimeoutMs, isChunkLoadError, lazyPage, loadChunk } from '@/lib/load-chunk';
import { PageErrorBoundary } from './lazy-page';

describe('script chunks (docs/product/site.md §7, §8)', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('shows “Loading chunk failed” when a page’s chunk cannot be loaded', async () => {
    const Broken = lazyPage(() => Promise.reject<{ Page: () => null }>(new TypeError('Failed to fetch dynamically imported module: /assets/page.js')), 'Page');
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    renderPage(
      <PageErrorBoundary resetKey="/x">
        <Suspense fallback={<p>Loading…</p>}>
          <Broken />
        </Suspense>
      </PageErrorBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'Loading chunk failed' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
    spy.mockRestore();
  });

  it('gives up on a chunk after 120 seconds', async () => {
    jest.useFakeTimers();
    const never = loadChunk(() => new Promise<never>(() => {}));
    const outcome = never.then(
      () => 'loaded',
      (error: unknown) => (error instanceof ChunkLoadError ? error.message : 'other'),
    );
    await act(async () => void jest.advanceTimersByTime(chunkTimeoutMs - 1));
    let settled = false;
    void outcome.then(() => (settled = true));
    await act(async () => {});
    expect(settled).toBe(false);
    await act(async () => void jest.advanceTimersByTime(1));
    await expect(outcome).resolves.toBe('Loading chunk failed');
  });

  it('recognises the browsers’ wordings of a failed dynamic import', () => {
    expect(isChunkLoadError(new Error('Loading chunk 42 failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
  });

  it('shows the server-error page for any other rendering failure', () => {
    const Throws = () => {
      throw new Error('x is undefined');
    };
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    renderPage(
      <PageErrorBoundary resetKey="/x">
        <Throws />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong on our end' })).toBeInTheDocument();
    spy.mockRestore();
  });
});
