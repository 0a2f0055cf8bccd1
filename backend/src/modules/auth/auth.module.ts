import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module.js';
import { AuthController } from './auth.controller.js';
import { AuthService } from './auth.service.js';
import { CaptchaVerifier } from './captcha-verifier.js';
import { InitialAdmin } from './initial-admin.js';
import { PasswordHasher } from './password-hasher.js';
import { PasswordResetService } from './password-reset.service.js';

@Module({
  imports: [SessionsModule],
  controllers: [AuthController],
  providers: [AuthService, PasswordResetService, PasswordHasher, CaptchaVerifier, InitialAdmin],
  exports: [PasswordHasher],
})
export class AuthModule {}
