// Infrastructure the API and the worker share: configuration, logs, Redis, queues, metrics, health, the database
// module, files, mail, and the adapters of outside services (payments, Google, SERP providers). No business rules:
// those live in @serpwise/domain, which builds on this library (never the other way round).
export * from './config/environment.provider.js';
export * from './config/load-environment.js';
export * from './logging/logger.js';
export * from './redis/redis-connection.js';
export * from './redis/redis.module.js';
export * from './queue/job-queue.js';
export * from './queue/enqueue-recorded.js';
export * from './queue/job-starter.js';
export * from './queue/worker-heartbeat.js';
export * from './analytics/analytics-recorder.js';
export * from './metrics/metrics-registry.js';
export * from './metrics/metrics-access.js';
export * from './health/health-checks.js';
export * from './database/database.module.js';
export * from './database/repository-providers.js';
export * from './mail/mailer.js';
export * from './mail/mail.module.js';
export * from './payments/payment-gateway.js';
export * from './files/file-store.js';
export * from './files/s3-client.js';
export * from './files/download-links.js';
export * from './google/google-client.js';
export * from './google/google-token-cipher.js';
export * from './google/google-authorisations.js';
export * from './google/search-console-client.js';
export * from './google/search-console-authorisations.js';
export * from './serp/index.js';
export * from './net/outbound-url-guard.js';
export * from './net/guarded-webhook-post.js';
export * from './runtime/heap-growth.js';
export * from './runtime/string-prototype.js';
export * from './research-data/index.js';
