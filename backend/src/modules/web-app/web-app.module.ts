import { Module } from '@nestjs/common';
import { WebAppController } from './web-app.controller.js';
import { WebAppShell } from './web-app-shell.js';

/** Must be imported last: its catch-all route would otherwise shadow the API. */
@Module({ controllers: [WebAppController], providers: [WebAppShell], exports: [WebAppShell] })
export class WebAppModule {}
