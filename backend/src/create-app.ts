import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Environment } from '@serpwise/contracts';
import cookieParser from 'cookie-parser';
import { json, type NextFunction, type Request, type Response } from 'express';
import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { AppModule } from './app.module.js';
import { compressResponses } from './common/compression.js';
import { HttpErrorFilter } from './common/http-error.filter.js';
import { trustProxySetting } from './common/trust-proxy.js';
import { securityHeaders } from './common/security-headers.js';
import { RedisIoAdapter } from './modules/realtime/redis-io.adapter.js';
import { WebAppShell } from './modules/web-app/web-app-shell.js';
import { PinoNestLogger } from '@serpwise/platform';

/**
 * How long the API keeps an idle keep-alive connection open: longer than any client reuses one (nginx's upstream
 * keep-alive and browsers give up within 60 s; Node's fetch follows the Keep-Alive hint, less 2 s). With Node's 5 s
 * default a busy server closed connections that already held the next request: the idle timer fired before the event
 * loop got round to reading, the unread request made the close a reset, and the client saw ECONNRESET mid-upload.
 */
export const keepAliveTimeoutMs = 65_000;

function keepIdleConnectionsOpen(server: Server): void {
  server.keepAliveTimeout = keepAliveTimeoutMs;
  // A request's headers may take as long as the connection may idle before them (Node wants headersTimeout above it).
  server.headersTimeout = keepAliveTimeoutMs + 1_000;
}

/** Builds the API application (HTTP + Socket.IO + the built web app); main.ts and the tests both use it. */
export async function createApp(environment: Environment, logger: Logger): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(environment), {
    logger: new PinoNestLogger(logger),
  });
  keepIdleConnectionsOpen(app.getHttpServer() as Server);
  // Only the configured proxies may say who the visitor is (the limits count by address): TRUST_PROXY.
  app.set('trust proxy', trustProxySetting(environment.TRUST_PROXY));
  app.disable('x-powered-by');
  // Before everything else, so error answers, redirects and static files carry them too.
  app.use(securityHeaders(environment));
  app.use(compressResponses());
  // The page-rows exports take up to 5,000,000 characters of JSON (their schemas); other bodies keep the 100 kB default.
  // Wrapped: Nest skips its own JSON parser when it finds one named jsonParser already in the stack.
  const pageRowsJson = json({ limit: '6mb' });
  app.use(['/Endpoints/Core/ExportCsv', '/Endpoints/Core/ExportGoogleSheets'], (request: Request, response: Response, next: NextFunction) => pageRowsJson(request, response, next));
  // Keyword and outreach imports take up to 15,000 keywords or 10,000 rows (they run as jobs past a threshold).
  const importJson = json({ limit: '8mb' });
  app.use(
    ['/NsaApi/MySerpwise/Keywords/KeywordActions/Import', '/NsaApi/MySerpwise/Keywords/KeywordActions/NewProjectImport', '/NsaApi/MySerpwise/import/OutreachImport'],
    (request: Request, response: Response, next: NextFunction) => importJson(request, response, next),
  );
  app.use(cookieParser());
  app.use(pinoHttp({ logger, autoLogging: { ignore: (request) => request.url === '/healthz' || request.url === '/metrics' } }));
  app.useGlobalFilters(new HttpErrorFilter(logger));
  app.useWebSocketAdapter(new RedisIoAdapter(app, environment));
  app.useStaticAssets(app.get(WebAppShell).distDir, { index: false, fallthrough: true, maxAge: '1h' });
  app.enableShutdownHooks();
  return app;
}
