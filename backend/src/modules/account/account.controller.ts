import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  addRequestedKeywordsSchema,
  changeDisplayNameSchema,
  changeEmailSchema,
  changePasswordSchema,
  contactInfoSchema,
  deleteProjectAlertSchema,
  getUserAttributeSchema,
  rankAlertEventSchema,
  redeemBundleAnswerSchema,
  redeemBundleSchema,
  setEmailAddressesSchema,
  saveProjectAlertSchema,
  setUserAttributeSchema,
  type ContactInfo,
  type RankAlertEvent,
  type RedeemBundleAnswer,
  type SaveProjectAlert,
} from '@serpwise/contracts';
import { z } from 'zod';
import { ResponseSchema } from '../../common/route-response-schema.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { Access } from '../access/access.decorator.js';
import { CurrentIdentity, CurrentSession, type Identity, type RequestSession } from '../sessions/request-session.js';
import { AccountService } from './account.service.js';
import { ProjectAlertsService } from './project-alerts.service.js';
import { ChangesState } from '../sessions/csrf.guard.js';

/** The account settings calls (docs/product/account-exports-reports.md §7 "Account API" and "Account"), all on the caller's own account. */
@Access('user')
@Controller()
export class AccountController {
  constructor(
    private readonly account: AccountService,
    private readonly projectAlerts: ProjectAlertsService,
  ) {}

  @Get('NsaApi/Account/GetProjectAlerts')
  listProjectAlerts(@CurrentIdentity() identity: Identity) {
    return this.projectAlerts.list(identity);
  }

  /** A rank alert's history (issue 22): the changes it reported and how they were sent. */
  @Get('rest/project-alerts/:alertId/history')
  @ResponseSchema(z.array(rankAlertEventSchema))
  projectAlertHistory(@CurrentIdentity() identity: Identity, @Param(new ZodValidationPipe(deleteProjectAlertSchema)) params: { alertId: string }): Promise<RankAlertEvent[]> {
    return this.projectAlerts.history(identity, params.alertId);
  }

  @Post('NsaApi/Account/SaveProjectAlert')
  @HttpCode(200)
  saveProjectAlert(@CurrentIdentity() identity: Identity, @Body(new ZodValidationPipe(saveProjectAlertSchema)) body: SaveProjectAlert) {
    return this.projectAlerts.save(identity, body);
  }

  @Get('NsaApi/Account/DeleteProjectAlert')
  @ChangesState()
  deleteProjectAlert(@CurrentIdentity() identity: Identity, @Query(new ZodValidationPipe(deleteProjectAlertSchema)) query: { alertId: string }) {
    return this.projectAlerts.delete(identity, query.alertId);
  }

  @Post('Endpoints/AccountApi/JsonChangeDisplayName')
  @HttpCode(200)
  changeDisplayName(@CurrentIdentity() identity: Identity, @Body(new ZodValidationPipe(changeDisplayNameSchema)) body: { newDisplayName: string }) {
    return this.account.changeDisplayName(identity, body.newDisplayName);
  }

  @Post('Endpoints/AccountApi/JsonChangeEmail')
  @HttpCode(200)
  changeEmail(@CurrentIdentity() identity: Identity, @Body(new ZodValidationPipe(changeEmailSchema)) body: { newEmail: string }) {
    return this.account.changeEmail(identity, body.newEmail);
  }

  @Post('Endpoints/AccountApi/JsonChangePassword')
  @HttpCode(200)
  changePassword(
    @CurrentSession() session: RequestSession,
    @CurrentIdentity() identity: Identity,
    @Body(new ZodValidationPipe(changePasswordSchema)) body: { newPassword: string; currentPassword: string; confirmPassword?: string },
  ) {
    return this.account.changePassword(session, identity, body);
  }

  @Get('Endpoints/AccountApi/GetAccountInfo')
  accountInfo(@CurrentIdentity() identity: Identity) {
    return this.account.accountInfo(identity);
  }

  @Get('Endpoints/AccountApi/GetUserApiInfo')
  apiInfo(@CurrentIdentity() identity: Identity) {
    return this.account.apiInfo(identity);
  }

  @Get('Endpoints/AccountApi/AcceptTermsOfService')
  @ChangesState()
  acceptTerms(@CurrentIdentity() identity: Identity) {
    return this.account.acceptTerms(identity);
  }

  @Get('NsaApi/Account/GetRequestedKeywords')
  requestedKeywords(@CurrentIdentity() identity: Identity) {
    return this.account.requestedKeywordsOf(identity);
  }

  @Post('NsaApi/Account/AddRequestedKeywords')
  @HttpCode(200)
  addRequestedKeywords(
    @CurrentIdentity() identity: Identity,
    @CurrentSession() session: RequestSession,
    @Body(new ZodValidationPipe(addRequestedKeywordsSchema)) body: { termsCsv: string },
  ) {
    return this.account.addRequestedKeywords(identity, session, body.termsCsv);
  }

  @Get('NsaApi/Account/GetEmailAddresses')
  emailAddresses(@CurrentIdentity() identity: Identity) {
    return this.account.emailAddresses(identity);
  }

  @Get('NsaApi/Account/SetEmailAddresses')
  @ChangesState()
  setEmailAddresses(@CurrentIdentity() identity: Identity, @Query(new ZodValidationPipe(setEmailAddressesSchema)) emails: string[]) {
    return this.account.setEmailAddresses(identity, emails);
  }

  @Get('NsaApi/Account/GetUserContactInfo')
  contactInfo(@CurrentIdentity() identity: Identity) {
    return this.account.contactInfo(identity);
  }

  @Post('NsaApi/Account/SetUserContactInfo')
  @HttpCode(200)
  setContactInfo(@CurrentIdentity() identity: Identity, @Body(new ZodValidationPipe(contactInfoSchema)) body: ContactInfo) {
    return this.account.setContactInfo(identity, body);
  }

  @Get('NsaApi/Account/GetApiMonthlyUsageData')
  monthlyUsage(@CurrentIdentity() identity: Identity) {
    return this.account.monthlyUsage(identity);
  }

  /** API access is part of the paid plans. */
  @Access('full')
  @Get('NsaApi/Account/GetGenerateApiKey')
  @ChangesState()
  generateApiKey(@CurrentIdentity() identity: Identity) {
    return this.account.generateApiKey(identity);
  }

  /** Ends the key at once (a leaked key): public API calls with it answer 401 invalid_api_key. Any plan may revoke. */
  @Get('NsaApi/Account/RevokeApiKey')
  @ChangesState()
  revokeApiKey(@CurrentIdentity() identity: Identity) {
    return this.account.revokeApiKey(identity);
  }

  @Get('NsaApi/Account/GetUserAttribute')
  userAttribute(@CurrentIdentity() identity: Identity, @Query(new ZodValidationPipe(getUserAttributeSchema)) query: { name: string }) {
    return this.account.userAttribute(identity, query.name);
  }

  @Post('NsaApi/Account/SetUserAttribute')
  @HttpCode(200)
  setUserAttribute(@CurrentIdentity() identity: Identity, @Body(new ZodValidationPipe(setUserAttributeSchema)) body: { name: string; value: string | null }) {
    return this.account.setUserAttribute(identity, body.name, body.value);
  }

  /** /account/redeem-bundle (path not documented): the account owner only. */
  @Access('parent')
  @Post('rest/account/redeem-bundle')
  @HttpCode(200)
  @ResponseSchema(redeemBundleAnswerSchema)
  redeemBundle(@CurrentIdentity() identity: Identity, @Body(new ZodValidationPipe(redeemBundleSchema)) body: { code: string }): Promise<RedeemBundleAnswer> {
    return this.account.redeemBundle(identity, body.code);
  }
}
