import { Module } from '@nestjs/common';
import { GoogleTokenRepository } from '@serpwise/database';
import { repositoryProviders } from '@serpwise/platform';
import { ExportGoogleSheetsController } from './export-google-sheets.controller.js';
import { GoogleAuthController } from './google-auth.controller.js';
import { googleAuthorisationsProvider } from './google.providers.js';

/** Google authorisation and the page-rows Sheets export (issue 6); table exports to Sheets run in the worker. */
@Module({
  controllers: [GoogleAuthController, ExportGoogleSheetsController],
  providers: [...repositoryProviders(GoogleTokenRepository), googleAuthorisationsProvider],
  exports: [googleAuthorisationsProvider],
})
export class GoogleModule {}
