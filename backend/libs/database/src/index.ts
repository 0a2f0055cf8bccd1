export * from './entities/index.js';
export * from './orm.config.js';
export * from './migrate.js';
export * from './repositories/job-record.repository.js';
export * from './repositories/session.repository.js';
export * from './warehouse-partitions.js';
export * from './repositories/missed-search-event.repository.js';
