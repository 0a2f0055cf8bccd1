import type { LoggerService } from '@nestjs/common';
import type { Environment } from '@serpwise/contracts';
import { pino, type Logger } from 'pino';
import { redactedLogPaths, redactedText, scrubSecrets } from './redaction.js';

/** Structured JSON logs (pino); one logger per process, tagged with the component that writes. No secret reaches a line (redaction.ts). */
export function createLogger(environment: Pick<Environment, 'LOG_LEVEL'>, component: string): Logger {
  return pino({
    level: environment.LOG_LEVEL,
    base: { component, pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: redactedLogPaths, censor: redactedText },
    hooks: { streamWrite: scrubSecrets },
  });
}

/** Nest's start-up chatter (one line per module and route): kept at debug so the info log stays readable. */
const startupContexts = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'WebSocketsController', 'NestFactory']);

/** Lets Nest's own messages go through pino instead of the console. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string) {
    if (context && startupContexts.has(context)) this.logger.debug({ context }, String(message));
    else this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, message instanceof Error ? message.message : String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
