import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { Providers, createQueryClient } from '@/app/providers';
import { activeState } from './active-state';
import { jsonResponse } from './fake-socket';

/** Renders a page as the app does (providers, a router at `path`) for a logged-out visitor whose other calls answer []. */
export function renderPage(element: ReactNode, path = '/') {
  globalThis.fetch = (async (url: string) =>
    url.startsWith('/endpoints/accountapi/getactivestate') ? jsonResponse(activeState()) : jsonResponse([])) as unknown as typeof fetch;
  return render(
    <Providers client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>{element}</MemoryRouter>
    </Providers>,
  );
}
