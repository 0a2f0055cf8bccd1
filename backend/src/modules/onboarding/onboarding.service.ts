import { Injectable } from '@nestjs/common';
import { accountSettingsMessages, afterOnboardingPath, hostOfText, onboardingErrors, type SaveUserSurveyAnswer, type UserSurvey } from '@serpwise/contracts';
import { ProjectRepository, UserRepository } from '@serpwise/database';
import { AuthRefusal } from '../auth/auth-refusal.js';
import type { Identity } from '../sessions/request-session.js';

/** Onboarding (docs/product/account-exports-reports.md §4, §5): the survey, the first project, and the domain cleansing of step 2. */
@Injectable()
export class OnboardingService {
  constructor(
    private readonly users: UserRepository,
    private readonly projects: ProjectRepository,
  ) {}

  cleanse(raw: string): { domain: string } {
    const domain = hostOfText(raw);
    if (!domain) throw new AuthRefusal(400, [accountSettingsMessages.domainInvalid]);
    return { domain };
  }

  /**
   * Checks every step's rules, creates the first project (once: a repeated submit for the same site and
   * territory reuses it), saves the answers and ends onboarding.
   */
  async saveSurvey(identity: Identity, survey: UserSurvey): Promise<SaveUserSurveyAnswer> {
    const errors = Object.values(onboardingErrors(survey));
    if (errors.length) throw new AuthRefusal(400, errors);
    const domain = this.cleanse(survey.onboardingDomain!).domain;
    const answers = {
      ...survey,
      name: survey.name!.trim(),
      onboardingDomain: domain,
      onboardingDisplay: survey.onboardingDisplay!.trim(),
      // The agency answer makes the budget optional; a budget without PPC interest means nothing.
      budgetRange: survey.interestedInPpc ? survey.budgetRange : null,
    };
    const ownerUserId = identity.parent?.id ?? identity.user.id;
    const existing = (await this.projects.listForOwner(ownerUserId)).find((project) => project.domain === domain && project.territory === answers.onboardingGeo);
    const project =
      existing ?? (await this.projects.create({ ownerUserId, name: answers.onboardingDisplay, domain, territory: answers.onboardingGeo! }));
    if (!identity.user.name) await this.users.setName(identity.user.id, answers.name);
    await this.users.setOnboarding(identity.user.id, answers, false);
    return { data: { isSuccessful: true, errors: [], projectId: project.id, redirectUrl: afterOnboardingPath(answers, project) } };
  }
}
