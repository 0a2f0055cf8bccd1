// Pieces the API and the worker share: configuration, logs, Redis, queues, metrics, health, database.
export * from './config/environment.provider.js';
export * from './logging/logger.js';
export * from './redis/redis-connection.js';
export * from './queue/job-queue.js';
export * from './metrics/metrics-registry.js';
export * from './health/health-checks.js';
export * from './database/database.module.js';
export * from './redis/redis.module.js';
export * from './config/load-environment.js';
export * from './mail/mailer.js';
export * from './mail/mail.module.js';
export * from './database/repository-providers.js';
export * from './payments/payment-gateway.js';
export * from './billing/billing-period.js';
export * from './billing/plan-access.js';
export * from './billing/subscription-renewals.js';
