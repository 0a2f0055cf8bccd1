import type { RouteObject } from 'react-router';
import { RequireAdmin } from '@/features/auth';
import { ComponentsPage } from './components/components-page';
import { IconsPage } from './components/icons-page';

/** The admin-only widget gallery and icon set (docs/product/site.md §2 "Admin and dev"). */
export const galleryRoutes: RouteObject[] = [
  {
    path: 'components',
    element: (
      <RequireAdmin>
        <ComponentsPage />
      </RequireAdmin>
    ),
  },
  {
    path: 'icons',
    element: (
      <RequireAdmin>
        <IconsPage />
      </RequireAdmin>
    ),
  },
];
