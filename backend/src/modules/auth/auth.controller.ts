import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import {
  authAnswerSchema,
  captchaSettingsSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  registerRequestSchema,
  resetLinkStateSchema,
  resetPasswordRequestSchema,
  type AuthAnswer,
  type CaptchaSettings,
  type ResetLinkState,
  type Environment,
  type LoginRequest,
  type RegisterRequest,
} from '@serpwise/contracts';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { ResponseSchema } from '../../common/route-response-schema.js';
import { ZodValidationPipe } from '../../common/zod-validation.pipe.js';
import { ENVIRONMENT } from '@serpwise/platform';
import { Access } from '../access/access.decorator.js';
import { CurrentSession, type RequestSession } from '../sessions/request-session.js';
import { setSessionCookie } from '../sessions/session-cookie.js';
import { AuthService, type Caller, type SignedIn } from './auth.service.js';
import { PasswordResetService } from './password-reset.service.js';
import { CaptchaVerifier } from './captcha-verifier.js';

const success: AuthAnswer = { data: { isSuccessful: true, errors: [] } };
const resetTokenQuerySchema = z.object({ token: z.string().min(1).max(200) });

/** The documented auth calls (docs/product/site.md §7) and the password reset pair. */
@Access('session')
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly passwordResets: PasswordResetService,
    private readonly captcha: CaptchaVerifier,
    @Inject(ENVIRONMENT) private readonly environment: Environment,
  ) {}

  @Post('auth/login')
  @HttpCode(200)
  async login(@Req() request: Request, @Res({ passthrough: true }) response: Response, @CurrentSession() session: RequestSession, @Body(new ZodValidationPipe(loginRequestSchema)) body: LoginRequest) {
    return this.answer(response, await this.auth.login(this.caller(request, session), body));
  }

  @Post('auth/registerfreeaccount')
  @HttpCode(200)
  async registerFree(@Req() request: Request, @Res({ passthrough: true }) response: Response, @CurrentSession() session: RequestSession, @Body(new ZodValidationPipe(registerRequestSchema)) body: RegisterRequest) {
    return this.answer(response, await this.auth.register(this.caller(request, session), body));
  }

  @Post('auth/registerjson')
  @HttpCode(200)
  async registerJson(@Req() request: Request, @Res({ passthrough: true }) response: Response, @CurrentSession() session: RequestSession, @Body(new ZodValidationPipe(registerRequestSchema)) body: RegisterRequest) {
    return this.answer(response, await this.auth.register(this.caller(request, session), body));
  }

  @Post('auth/registerfreeaccountorlogin')
  @HttpCode(200)
  async registerOrLogin(@Req() request: Request, @Res({ passthrough: true }) response: Response, @CurrentSession() session: RequestSession, @Body(new ZodValidationPipe(registerRequestSchema)) body: RegisterRequest) {
    return this.answer(response, await this.auth.registerOrLogin(this.caller(request, session), body));
  }

  /**
   * A navigation, not a call: the Log out form posts here with the cross-site token (a GET, which any other site can
   * trigger with a link or an image, only shows the page with that form). Ends the session, then goes through the
   * sister-product redirect carrying the page and 'member' or 'free' — never the user id, which has no business in
   * an address (docs/product/site.md §4; docs/decisions.md, issue 16).
   */
  @Access('public')
  @Post('auth/logout')
  async logout(@Req() request: Request, @Res() response: Response) {
    const session = request.serpwiseSession;
    let wasMember = false;
    if (session) {
      const ended = await this.auth.logOut(session);
      wasMember = ended.userId !== null;
      setSessionCookie(response, this.environment, ended.token, 'visitor');
    }
    const params = new URLSearchParams({ page: 'logout', sfu: wasMember ? 'member' : 'free' });
    // 303: the browser follows with a GET, whatever the method of the form.
    response.redirect(303, this.environment.CROSS_PROMO_ENABLED ? `/sendUserToRivalFlow?${params.toString()}` : '/');
  }

  @Post('Endpoints/AccountApi/JsonForgotPassword')
  @HttpCode(200)
  async forgotPassword(@Req() request: Request, @CurrentSession() session: RequestSession, @Body(new ZodValidationPipe(forgotPasswordRequestSchema)) body: { email: string }) {
    await this.passwordResets.request(this.caller(request, session), body.email);
    return success;
  }

  /** Whether a reset link still works, so the page can say so before the user types a new password. */
  @Access('public')
  @Get('rest/auth/password-reset')
  @ResponseSchema(resetLinkStateSchema)
  async resetLinkState(@Query(new ZodValidationPipe(resetTokenQuerySchema)) query: { token: string }): Promise<ResetLinkState> {
    return { isValid: await this.passwordResets.isLinkValid(query.token) };
  }

  @Post('rest/auth/password-reset')
  @HttpCode(200)
  @ResponseSchema(authAnswerSchema)
  async resetPassword(@Body(new ZodValidationPipe(resetPasswordRequestSchema)) body: { token: string; newPassword: string; confirmPassword: string }): Promise<AuthAnswer> {
    await this.passwordResets.reset(body.token, body.newPassword, body.confirmPassword);
    return success;
  }

  /** Public captcha settings for the login and sign-up panels. */
  @Access('public')
  @Get('rest/auth/settings')
  @ResponseSchema(captchaSettingsSchema)
  settings(): CaptchaSettings {
    return this.captcha.publicSettings();
  }

  private caller(request: Request, session: RequestSession): Caller {
    return { session, ipAddress: request.ip ?? null };
  }

  private answer(response: Response, signedIn: SignedIn): AuthAnswer {
    setSessionCookie(response, this.environment, signedIn.token, signedIn.remember ? 'remembered' : 'login');
    return signedIn.answer;
  }
}
