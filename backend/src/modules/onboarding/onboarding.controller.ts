import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { cleanseDomainQuerySchema, cleansedDomainSchema, userSurveySchema, type UserSurvey } from '@serpwise/contracts';
import { ResponseSchema } from '../../common/route-response-schema.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { CurrentIdentity, type Identity } from '../sessions/request-session.js';
import { OnboardingService } from './onboarding.service.js';

/** Onboarding calls (docs/product/account-exports-reports.md §7 "Onboarding"). */
@Access('user')
@Controller()
export class OnboardingController {
  constructor(private readonly onboarding: OnboardingService) {}

  @Post('OnboardingApi/SaveUserSurvey')
  @HttpCode(200)
  saveUserSurvey(@CurrentIdentity() identity: Identity, @Body(new ZodValidationPipe(userSurveySchema)) body: UserSurvey) {
    return this.onboarding.saveSurvey(identity, body);
  }

  /** The domain cleansing of step 2 (path not documented). */
  @Get('rest/onboarding/cleanse-domain')
  @ResponseSchema(cleansedDomainSchema)
  cleanseDomain(@Query(new ZodValidationPipe(cleanseDomainQuerySchema)) query: { domain: string }): { domain: string } {
    return this.onboarding.cleanse(query.domain);
  }
}
