import type { ColumnType, Generated } from 'kysely';

/**
 * The database as Kysely sees it: the platform's own tables here (migrations, events, jobs),
 * and every module's in its `tables.ts`, which adds them to this interface by declaration
 * merging. The migrations are the source of truth; these only let the compiler check queries.
 */
export interface Database {
  schema_migrations: { id: string; applied_at: Generated<Date> };
  domain_events: DomainEventsTable;
  event_deliveries: EventDeliveriesTable;
  job_runs: JobRunsTable;
}

export interface DomainEventsTable {
  id: Generated<number>;
  type: string;
  payload: ColumnType<unknown, string, never>;
  dispatched: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface EventDeliveriesTable {
  event_id: number;
  handler: string;
  status: Generated<'pending' | 'done' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Date;
  last_error: string | null;
  finished_at: Date | null;
}

export interface JobRunsTable {
  job: string;
  period: string;
  payload: ColumnType<unknown, string | null, never>;
  status: Generated<'pending' | 'done' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: Date;
  last_error: string | null;
  created_at: Generated<Date>;
  finished_at: Date | null;
}
