/** The account area's pages, in menu order (docs/product/account-exports-reports.md §2). Pages join as they are built. */
export interface AccountNavEntry {
  path: string;
  label: string;
  hiddenForChild?: boolean;
}

export const accountNavigation: AccountNavEntry[] = [
  { path: 'settings', label: 'Settings' },
  { path: 'requestkeywords', label: 'Request Keywords' },
  { path: 'receipts', label: 'Receipts' },
  { path: 'subscription', label: 'Subscription', hiddenForChild: true },
  { path: 'teammanagement', label: 'Team', hiddenForChild: true },
  { path: 'reportdesign', label: 'Report Design' },
  { path: 'scheduled-pdf-reports', label: 'Scheduled Reports' },
  { path: 'imports', label: 'Imports' },
  { path: 'search-console', label: 'Search Console' },
  { path: 'api', label: 'API' },
  { path: 'redeem-bundle', label: 'Redeem Bundle' },
];
