import { Body, Controller, HttpCode, HttpException, Inject, Post, ServiceUnavailableException } from '@nestjs/common';
import { googleSheetsMessages, setGoogleTokenSchema, type Environment, type GoogleAuthState } from '@serpwise/contracts';
import type { z } from 'zod';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { ENVIRONMENT, GoogleAuthorisations, googleAuthorizeUrl, googleRedirectUri } from '@serpwise/platform';
import { Access } from '../access/access.decorator.js';
import { CurrentIdentity, type Identity } from '../sessions/request-session.js';

/**
 * Google authorisation for the Sheets export (docs/product/site.md §7, docs/product/account-exports-reports.md §7): store the user's refresh token from a consent code,
 * say whether the user has one (and where to get one), and remove it. Each user only ever reads or removes their own.
 */
@Controller('auth')
export class GoogleAuthController {
  constructor(
    private readonly google: GoogleAuthorisations,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  @Post('setgoogletoken')
  @HttpCode(200)
  @Access('user')
  async setGoogleToken(@CurrentIdentity() identity: Identity, @Body(new ZodValidationPipe(setGoogleTokenSchema)) body: z.infer<typeof setGoogleTokenSchema>): Promise<GoogleAuthState> {
    this.requireConfigured();
    try {
      await this.google.connect(identity.user.id, body.code, googleRedirectUri(this.environment));
    } catch {
      throw new HttpException({ statusCode: 400, message: googleSheetsMessages.authorisationFailed, errors: [googleSheetsMessages.authorisationFailed] }, 400);
    }
    return this.state(identity);
  }

  @Post('checkgoogleauth')
  @HttpCode(200)
  @Access('user')
  checkGoogleAuth(@CurrentIdentity() identity: Identity): Promise<GoogleAuthState> {
    return this.state(identity);
  }

  @Post('revokegoogletoken')
  @HttpCode(200)
  @Access('user')
  async revokeGoogleToken(@CurrentIdentity() identity: Identity): Promise<GoogleAuthState & { message: string }> {
    try {
      await this.google.revoke(identity.user.id);
    } catch {
      // The token is forgotten here even when Google could not be reached to revoke it.
      throw new HttpException({ statusCode: 502, message: googleSheetsMessages.authorisationRemovalFailed, errors: [googleSheetsMessages.authorisationRemovalFailed] }, 502);
    }
    return { ...(await this.state(identity)), message: googleSheetsMessages.authorisationRemoved };
  }

  private async state(identity: Identity): Promise<GoogleAuthState> {
    const configured = this.google.configured;
    return { configured, hasGoogleToken: configured && (await this.google.has(identity.user.id)), authorizeUrl: googleAuthorizeUrl(this.environment) };
  }

  private requireConfigured(): void {
    if (!this.google.configured) throw new ServiceUnavailableException({ statusCode: 503, message: googleSheetsMessages.notConfigured, errors: [googleSheetsMessages.notConfigured] });
  }
}
