import { lazy, type ComponentType } from 'react';

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
