import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122014107_initial } from './Migration20261122014107_initial.js';
import { Migration20261122022815_accounts } from './Migration20261122022815_accounts.js';
import { Migration20261122022959_research_warehouse } from './Migration20261122022959_research_warehouse.js';
import { Migration20261122025224_account_settings } from './Migration20261122025224_account_settings.js';
import { Migration20261122025348_billing } from './Migration20261122025348_billing.js';
import { Migration20261122034610_project_alerts } from './Migration20261122034610_project_alerts.js';
import { Migration20261122041641_page_first_month } from './Migration20261122041641_page_first_month.js';
import { Migration20261122042041_subscription_renewals } from './Migration20261122042041_subscription_renewals.js';
import { Migration20261122042530_projects } from './Migration20261122042530_projects.js';
import { Migration20261122044659_report_design } from './Migration20261122044659_report_design.js';
import { Migration20261123020000_google_tokens } from './Migration20261123020000_google_tokens.js';
import { Migration20261123010000_export_dedupe } from './Migration20261123010000_export_dedupe.js';
import { Migration20261123060000_admin_audit_log } from './Migration20261123060000_admin_audit_log.js';
import { Migration20261123070000_requested_keyword_fetch } from './Migration20261123070000_requested_keyword_fetch.js';
import { Migration20261123080000_data_imports } from './Migration20261123080000_data_imports.js';
import { Migration20261124010000_scheduled_reports } from './Migration20261124010000_scheduled_reports.js';
import { Migration20261125010000_recon_reports } from './Migration20261125010000_recon_reports.js';
import { Migration20261126010000_private_imports } from './Migration20261126010000_private_imports.js';
import { Migration20261127010000_organic_rank_observed_on } from './Migration20261127010000_organic_rank_observed_on.js';
import { Migration20261128010000_serp_observation_natural_key } from './Migration20261128010000_serp_observation_natural_key.js';
import { Migration20261128020000_page_first_month_by_month } from './Migration20261128020000_page_first_month_by_month.js';
import { Migration20261129010000_unknown_keyword_numbers } from './Migration20261129010000_unknown_keyword_numbers.js';
import { Migration20261129020000_owned_figures } from './Migration20261129020000_owned_figures.js';
import { Migration20261129030000_search_console_traffic } from './Migration20261129030000_search_console_traffic.js';
import { Migration20261130010000_search_console_connection } from './Migration20261130010000_search_console_connection.js';
import { Migration20261130020000_provider_figures } from './Migration20261130020000_provider_figures.js';
import { Migration20261130030000_schedule_timing } from './Migration20261130030000_schedule_timing.js';
import { Migration20261130040000_rank_alerts } from './Migration20261130040000_rank_alerts.js';
import { Migration20261201020000_report_brands } from './Migration20261201020000_report_brands.js';
import { Migration20261201040000_queue_alerts } from './Migration20261201040000_queue_alerts.js';
import { Migration20261202030000_report_share_links } from './Migration20261202030000_report_share_links.js';
import { Migration20261202040000_analytics_events } from './Migration20261202040000_analytics_events.js';
import { Migration20261204000000_competitor_rollup } from './Migration20261204000000_competitor_rollup.js';
import { Migration20261204010000_backlink_first_seen } from './Migration20261204010000_backlink_first_seen.js';
import { Migration20261204020000_backlink_totals } from './Migration20261204020000_backlink_totals.js';

/**
 * Every committed migration, oldest first. `npm run migration:create` writes a new file here; add it to this
 * list. They are listed by hand so the compiled build needs no folder scan.
 */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122014107_initial', class: Migration20261122014107_initial },
  { name: 'Migration20261122022815_accounts', class: Migration20261122022815_accounts },
  { name: 'Migration20261122022959_research_warehouse', class: Migration20261122022959_research_warehouse },
  { name: 'Migration20261122025224_account_settings', class: Migration20261122025224_account_settings },
  { name: 'Migration20261122025348_billing', class: Migration20261122025348_billing },
  { name: 'Migration20261122034610_project_alerts', class: Migration20261122034610_project_alerts },
  { name: 'Migration20261122041641_page_first_month', class: Migration20261122041641_page_first_month },
  { name: 'Migration20261122042041_subscription_renewals', class: Migration20261122042041_subscription_renewals },
  { name: 'Migration20261122042530_projects', class: Migration20261122042530_projects },
  { name: 'Migration20261122044659_report_design', class: Migration20261122044659_report_design },
  { name: 'Migration20261123010000_export_dedupe', class: Migration20261123010000_export_dedupe },
  { name: 'Migration20261123020000_google_tokens', class: Migration20261123020000_google_tokens },
  { name: 'Migration20261123060000_admin_audit_log', class: Migration20261123060000_admin_audit_log },
  { name: 'Migration20261123070000_requested_keyword_fetch', class: Migration20261123070000_requested_keyword_fetch },
  { name: 'Migration20261123080000_data_imports', class: Migration20261123080000_data_imports },
  { name: 'Migration20261124010000_scheduled_reports', class: Migration20261124010000_scheduled_reports },
  { name: 'Migration20261125010000_recon_reports', class: Migration20261125010000_recon_reports },
  { name: 'Migration20261126010000_private_imports', class: Migration20261126010000_private_imports },
  { name: 'Migration20261127010000_organic_rank_observed_on', class: Migration20261127010000_organic_rank_observed_on },
  { name: 'Migration20261128010000_serp_observation_natural_key', class: Migration20261128010000_serp_observation_natural_key },
  { name: 'Migration20261128020000_page_first_month_by_month', class: Migration20261128020000_page_first_month_by_month },
  { name: 'Migration20261129010000_unknown_keyword_numbers', class: Migration20261129010000_unknown_keyword_numbers },
  { name: 'Migration20261129020000_owned_figures', class: Migration20261129020000_owned_figures },
  { name: 'Migration20261129030000_search_console_traffic', class: Migration20261129030000_search_console_traffic },
  { name: 'Migration20261130010000_search_console_connection', class: Migration20261130010000_search_console_connection },
  { name: 'Migration20261130020000_provider_figures', class: Migration20261130020000_provider_figures },
  { name: 'Migration20261130030000_schedule_timing', class: Migration20261130030000_schedule_timing },
  { name: 'Migration20261130040000_rank_alerts', class: Migration20261130040000_rank_alerts },
  { name: 'Migration20261201020000_report_brands', class: Migration20261201020000_report_brands },
  { name: 'Migration20261201040000_queue_alerts', class: Migration20261201040000_queue_alerts },
  { name: 'Migration20261202030000_report_share_links', class: Migration20261202030000_report_share_links },
  { name: 'Migration20261202040000_analytics_events', class: Migration20261202040000_analytics_events },
  { name: 'Migration20261204000000_competitor_rollup', class: Migration20261204000000_competitor_rollup },
  { name: 'Migration20261204010000_backlink_first_seen', class: Migration20261204010000_backlink_first_seen },
  { name: 'Migration20261204020000_backlink_totals', class: Migration20261204020000_backlink_totals },
];
