import type { EntitySchema } from '@mikro-orm/postgresql';
import { AdminAuditLogSchema } from './admin-audit-log.entity.js';
import { AnalyticsEventSchema } from './analytics-event.entity.js';
import { QueueAlertSchema, QueueAlertSettingSchema, QueueAlertThresholdSchema } from './queue-alert.entity.js';
import { AdCopySchema } from './ad-copy.entity.js';
import { BacklinkSchema } from './backlink.entity.js';
import { DataSourceSchema } from './data-source.entity.js';
import { DataImportSchema } from './data-import.entity.js';
import { SerpObservationSchema } from './serp-observation.entity.js';
import { SiteTrafficSchema } from './site-traffic.entity.js';
import { DomainMonthSchema } from './domain-month.entity.js';
import { ProviderCompetitorSchema, ProviderDomainMonthSchema } from './provider-figures.entity.js';
import { PageFirstMonthSchema } from './page-first-month.entity.js';
import { BacklinkReferrerSchema, BacklinkTotalSchema, CompetitorMonthSchema, CompetitorRollupMonthSchema, OrganicKeywordBitsSchema, OrganicKeywordMonthSchema, OrganicPageMonthSchema, OrganicRollupMonthSchema } from './competitor-rollup.entity.js';
import { DomainSchema } from './domain.entity.js';
import { JobRecordSchema } from './job-record.entity.js';
import { PasswordResetSchema } from './password-reset.entity.js';
import { GoogleTokenSchema } from './google-token.entity.js';
import { searchConsoleEntities } from './search-console.entity.js';
import { KeywordSchema } from './keyword.entity.js';
import { OwnedDomainMonthSchema, OwnedKeywordNumberSchema, OwnedKeywordSchema } from './owned-figures.entity.js';
import { MissedSearchEventSchema } from './missed-search-event.entity.js';
import { OrganicRankSchema } from './organic-rank.entity.js';
import { PageSchema } from './page.entity.js';
import { PaidAdSchema } from './paid-ad.entity.js';
import { SessionSchema } from './session.entity.js';
import { UserSchema } from './user.entity.js';
import { CancellationSurveySchema, PaymentCardSchema, ReceiptSchema, SubscriptionSchema } from './billing.entity.js';
import { ProjectSchema, ProjectTeamAccessSchema } from './project.entity.js';
import {
  KeywordGroupSchema,
  KeywordGroupTermSchema,
  KeywordImportSchema,
  KeywordLabelSchema,
  KeywordLabelTermSchema,
  ProjectKeywordSchema,
  TrackedTermSchema,
} from './project-keywords.entity.js';
import {
  LinkContactEventSchema,
  LinkNoteSchema,
  LinkTaskSchema,
  OutreachContactSchema,
  OutreachHistorySchema,
  OutreachLinkSchema,
  OutreachWebsiteSchema,
} from './outreach.entity.js';
import { ProjectAlertSchema, ProjectRankSnapshotSchema, RankAlertEventSchema } from './project-alert.entity.js';
import { ReportBrandSchema } from './report-brand.entity.js';
import { ReportShareLinkSchema } from './report-share-link.entity.js';
import { ScheduledReportSchema } from './scheduled-report.entity.js';
import { ReconReportSchema } from './recon-report.entity.js';
import {
  ApiKeySchema,
  ApiUsageMonthSchema,
  BundleCodeSchema,
  BundleRedemptionSchema,
  RequestedKeywordSchema,
  UserContactInfoSchema,
  UserEmailAddressSchema,
} from './account-settings.entity.js';

export * from './job-record.entity.js';
export * from './session.entity.js';
export * from './user.entity.js';
export * from './password-reset.entity.js';
export * from './google-token.entity.js';
export * from './search-console.entity.js';
export * from './billing.entity.js';

export * from './data-source.entity.js';
export * from './data-import.entity.js';
export * from './serp-observation.entity.js';
export * from './site-traffic.entity.js';
export * from './keyword.entity.js';
export * from './domain.entity.js';
export * from './page.entity.js';
export * from './organic-rank.entity.js';
export * from './ad-copy.entity.js';
export * from './paid-ad.entity.js';
export * from './backlink.entity.js';
export * from './domain-month.entity.js';
export * from './page-first-month.entity.js';
export * from './competitor-rollup.entity.js';
export * from './missed-search-event.entity.js';
export * from './project.entity.js';
export * from './project-alert.entity.js';
export * from './project-keywords.entity.js';
export * from './outreach.entity.js';
export * from './account-settings.entity.js';
export * from './report-brand.entity.js';
export * from './report-share-link.entity.js';
export * from './scheduled-report.entity.js';
export * from './admin-audit-log.entity.js';
export * from './queue-alert.entity.js';
export * from './analytics-event.entity.js';
export * from './recon-report.entity.js';
export * from './owned-figures.entity.js';
export * from './provider-figures.entity.js';

/** The research warehouse (docs/research-data.md). */
export const warehouseEntities = [
  DataSourceSchema,
  KeywordSchema,
  DomainSchema,
  PageSchema,
  OrganicRankSchema,
  AdCopySchema,
  PaidAdSchema,
  BacklinkSchema,
  DomainMonthSchema,
  ProviderDomainMonthSchema,
  ProviderCompetitorSchema,
  PageFirstMonthSchema,
  CompetitorRollupMonthSchema,
  OrganicKeywordMonthSchema,
  OrganicKeywordBitsSchema,
  OrganicPageMonthSchema,
  OrganicRollupMonthSchema,
  CompetitorMonthSchema,
  BacklinkTotalSchema,
  BacklinkReferrerSchema,
  SerpObservationSchema,
  OwnedKeywordNumberSchema,
  OwnedKeywordSchema,
  OwnedDomainMonthSchema,
  SiteTrafficSchema,
];

/** The project area (issue 9): keywords, groups, labels, imports, outreach, team access. */
export const projectAreaEntities = [ProjectTeamAccessSchema, TrackedTermSchema, ProjectKeywordSchema, KeywordGroupSchema, KeywordGroupTermSchema,
  KeywordLabelSchema, KeywordLabelTermSchema, KeywordImportSchema, OutreachWebsiteSchema, OutreachLinkSchema, OutreachContactSchema, LinkNoteSchema,
  LinkTaskSchema, LinkContactEventSchema, OutreachHistorySchema];

/** Every entity, listed by hand: discovery by folder scan is slower at start and hides mistakes. */
export const allEntities: EntitySchema[] = [SessionSchema, JobRecordSchema, UserSchema, PasswordResetSchema, MissedSearchEventSchema,
  PaymentCardSchema, SubscriptionSchema, ReceiptSchema, CancellationSurveySchema, ...warehouseEntities, ProjectSchema, RequestedKeywordSchema,
  ApiKeySchema, ApiUsageMonthSchema, BundleCodeSchema, BundleRedemptionSchema, UserEmailAddressSchema, UserContactInfoSchema, ProjectAlertSchema, ProjectRankSnapshotSchema, RankAlertEventSchema,
  ...projectAreaEntities, ReportBrandSchema, ReportShareLinkSchema, GoogleTokenSchema, AdminAuditLogSchema, QueueAlertThresholdSchema, QueueAlertSettingSchema, QueueAlertSchema, AnalyticsEventSchema, ScheduledReportSchema, DataImportSchema, ReconReportSchema, ...searchConsoleEntities];
