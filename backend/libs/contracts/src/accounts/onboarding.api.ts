import { z } from 'zod';
import { territoryCodes } from '../research/territories.js';
import type { OnboardingAnswers } from './user-state.js';

/** The three onboarding steps (docs/product/account-exports-reports.md §2, §4, §5). */
export const onboardingSteps = [1, 2, 3] as const;
export type OnboardingStep = (typeof onboardingSteps)[number];

export const companyEmployeeCounts = ['1', '2-10', '11-50', '51-200', '201-1000', '1000+'] as const;
export const budgetRanges = ['under-1k', '1k-5k', '5k-20k', '20k-100k', '100k+'] as const;

export const onboardingMessages = {
  nameRequired: 'Enter your name.',
  domainRequired: 'Enter your website domain.',
  displayRequired: 'Enter a display name for your project.',
  geoRequired: 'Choose the country you target.',
  newCampaignRequired: 'Tell us whether this is a new campaign.',
  interestRequired: 'Choose at least one thing you are interested in.',
  budgetRequired: 'Choose your monthly ad budget.',
} as const;

const optionalText = (max: number) => z.string().max(max).nullable().default(null);

/** POST /OnboardingApi/SaveUserSurvey: the onboarding fields of docs/product/account-exports-reports.md §3. */
export const userSurveySchema = z
  .object({
    companyEmployeeCount: z.enum(companyEmployeeCounts).nullable().default(null),
    employedAtAgency: z.boolean().nullable().default(null),
    name: optionalText(120),
    ownBusiness: z.boolean().nullable().default(null),
    onboardingDomain: optionalText(253),
    onboardingDisplay: optionalText(120),
    onboardingGeo: z.enum(territoryCodes, { message: 'Choose one of the supported territories.' }).nullable().default(null),
    interestedInPpc: z.boolean().default(false),
    interestedInSeo: z.boolean().default(false),
    interestedInCompetitiveIntelligence: z.boolean().default(false),
    interestedInClientReporting: z.boolean().default(false),
    interestedInSalesProspecting: z.boolean().default(false),
    budgetRange: z.enum(budgetRanges).nullable().default(null),
    isNewCampaign: z.boolean().nullable().default(null),
  })
  .strict();
export type UserSurvey = z.infer<typeof userSurveySchema>;

export const emptyOnboarding = (): UserSurvey => userSurveySchema.parse({});

const blank = (value: string | null | undefined) => !value || !value.trim();

/**
 * The step rules (docs/product/account-exports-reports.md §5), as field → message. Step 1: a name. Step 2: domain, display name and geo. Step 3: a
 * domain, a new-campaign answer, at least one interest, and a budget range when PPC is chosen by someone not
 * employed at an agency.
 */
export function onboardingStepErrors(step: OnboardingStep, answers: Partial<OnboardingAnswers>): Partial<Record<keyof OnboardingAnswers, string>> {
  const errors: Partial<Record<keyof OnboardingAnswers, string>> = {};
  if (step === 1 && blank(answers.name)) errors.name = onboardingMessages.nameRequired;
  if (step === 2) {
    if (blank(answers.onboardingDomain)) errors.onboardingDomain = onboardingMessages.domainRequired;
    if (blank(answers.onboardingDisplay)) errors.onboardingDisplay = onboardingMessages.displayRequired;
    if (blank(answers.onboardingGeo)) errors.onboardingGeo = onboardingMessages.geoRequired;
  }
  if (step === 3) {
    if (blank(answers.onboardingDomain)) errors.onboardingDomain = onboardingMessages.domainRequired;
    if (answers.isNewCampaign === null || answers.isNewCampaign === undefined) errors.isNewCampaign = onboardingMessages.newCampaignRequired;
    const interested =
      answers.interestedInPpc || answers.interestedInSeo || answers.interestedInCompetitiveIntelligence || answers.interestedInClientReporting || answers.interestedInSalesProspecting;
    if (!interested) errors.interestedInPpc = onboardingMessages.interestRequired;
    if (answers.interestedInPpc && answers.employedAtAgency !== true && blank(answers.budgetRange)) errors.budgetRange = onboardingMessages.budgetRequired;
  }
  return errors;
}

/** Every step's errors, for the final submit. */
export const onboardingErrors = (answers: Partial<OnboardingAnswers>) => ({
  ...onboardingStepErrors(1, answers),
  ...onboardingStepErrors(2, answers),
  ...onboardingStepErrors(3, answers),
});

type Interests = Pick<OnboardingAnswers, 'interestedInPpc' | 'interestedInSeo' | 'interestedInCompetitiveIntelligence' | 'interestedInClientReporting' | 'interestedInSalesProspecting'>;

/**
 * Where the product goes after onboarding (issue 24, docs/decisions.md "Onboarding lands on the new project's
 * domain"): the overview of the domain just entered, in the project's territory. Only PPC or only SEO interest
 * (docs/product/account-exports-reports.md §4: "opens … with that preset") opens that section's overview of it.
 */
export function afterOnboardingPath(answers: Interests, project: { domain: string; territory: string }): string {
  const others = answers.interestedInCompetitiveIntelligence || answers.interestedInClientReporting || answers.interestedInSalesProspecting;
  const section = others ? '' : answers.interestedInPpc && !answers.interestedInSeo ? '/ppc' : answers.interestedInSeo && !answers.interestedInPpc ? '/seo' : '';
  return `${section}/overview/domain?query=${encodeURIComponent(project.domain)}&countryCode=${encodeURIComponent(project.territory)}`;
}

export interface SaveUserSurveyAnswer {
  data: { isSuccessful: true; errors: []; projectId: string; redirectUrl: string };
}

export const cleanseDomainQuerySchema = z.object({ domain: z.string().max(2048) }).strict();
/** GET /rest/onboarding/cleanse-domain: the bare domain of what was typed. */
export const cleansedDomainSchema = z.object({ domain: z.string() });
