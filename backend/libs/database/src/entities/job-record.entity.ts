import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { timestampProperties, uuidIdProperty } from './row-properties.js';
import { jobStates } from '@serpwise/contracts';

/**
 * The record of one background job. PostgreSQL is the source of truth; Redis only carries the work.
 * The BullMQ job id is this row's id, so a retry or a double click can never run the same request twice.
 */
export const JobRecordSchema = defineEntity({
  name: 'JobRecord',
  tableName: 'job_record',
  properties: {
    ...uuidIdProperty(),
    queue: p.string().length(64),
    name: p.string().length(128),
    sessionId: p.uuid(),
    userId: p.uuid().nullable(),
    /** The job's payload, kept so a job lost from Redis can be queued again from here. */
    payload: p.json<Record<string, unknown>>(),
    /** Same key = same request (an export of the same table, parameters and format by the same user): only one may run at a time. */
    dedupeKey: p.string().length(64).nullable(),
    state: p.enum(jobStates).default('queued'),
    percent: p.integer().default(0),
    message: p.text().nullable(),
    done: p.integer().default(0),
    total: p.integer().default(0),
    attempts: p.integer().default(0),
    result: p.json<unknown>().nullable(),
    error: p.text().nullable(),
    ...timestampProperties(),
    startedAt: p.datetime().nullable(),
    finishedAt: p.datetime().nullable(),
  },
  indexes: [
    { properties: ['sessionId', 'createdAt'] },
    { properties: ['userId', 'createdAt'] },
    { properties: ['state'] },
    {
      name: 'job_record_running_dedupe_key_index',
      expression: `create unique index "job_record_running_dedupe_key_index" on "job_record" ("dedupe_key") where state in ('queued', 'active')`,
    },
    {
      // A research page asks for its subject's last live-data fetch (issue 20): an index of those jobs by subject.
      name: 'job_record_live_data_subject_index',
      expression: `create index "job_record_live_data_subject_index" on "job_record" ((payload->>'subject'), (payload->>'territory'), "updated_at") where name = 'live-data.fetch'`,
    },
  ],
});

export type JobRecord = InferEntity<typeof JobRecordSchema>;
