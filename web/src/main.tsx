import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './app/providers';
import { createRouter } from './app/router';
import './styles.css';
import './components/ui/ui.css';

// The first render runs now, while this script runs, not in a task after it: the page (or its 'Loading…') is on screen and its
// first calls and chunks are asked for before the browser's load event, so nothing reading the page once the network is quiet
// after load sees an empty page whose calls have not started yet.
const root = createRoot(document.getElementById('root')!);
flushSync(() =>
  root.render(
    <StrictMode>
      <Providers>
        <RouterProvider router={createRouter()} />
      </Providers>
    </StrictMode>,
  ),
);
