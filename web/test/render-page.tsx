import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { Providers, createQueryClient } from '@/app/providers';
import type { RealtimeConnection } from '@/lib/socket';
import { activeState } from './active-state';
import { jsonResponse } from './fake-socket';

/** Renders a page inside the app's providers and a router at `path`, with the socket connection a test gives. */
export function renderInApp(element: ReactNode, path = '/', connection?: RealtimeConnection) {
  return render(
    <Providers client={createQueryClient()} connection={connection}>
      <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
    </Providers>,
  );
}

/** Renders a page as the app does (providers, a router at `path`) for a logged-out visitor whose other calls answer []. */
export function renderPage(element: ReactNode, path = '/') {
  globalThis.fetch = (async (url: string) =>
    url.startsWith('/endpoints/accountapi/getactivestate') ? jsonResponse(activeState()) : jsonResponse([])) as unknown as typeof fetch;
  return renderInApp(element, path);
}
