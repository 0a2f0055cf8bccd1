/**
 * What a logged-out export prompt promises: only what the plan then allows (docs/product/account-exports-reports.md
 * §6: a free account has no keyword export, the paid plans do; docs/decisions.md issue 24).
 */
export const loggedOutExportText = 'CSV and Excel downloads come with a paid plan. Log in if you have one, or see the plans.';
export const loggedOutCsvModalText =
  'CSV downloads come with a paid plan. Log in if you have one. A free account (no credit card required) shows you more of every table, and you can upgrade when you need the CSV.';
