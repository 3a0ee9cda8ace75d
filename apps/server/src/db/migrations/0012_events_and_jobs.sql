-- Domain events and jobs (lib/events.ts, lib/jobs.ts, docs/events-and-jobs.md).

-- The outbox: written in the same transaction as the change that causes the event, so an event
-- exists if and only if its change committed.
CREATE TABLE domain_events (
  id bigserial PRIMARY KEY,
  type text NOT NULL,
  payload jsonb NOT NULL,
  -- Set once delivery rows exist for every handler of the type (the bus's fan-out step).
  dispatched boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX domain_events_undispatched ON domain_events (id) WHERE NOT dispatched;

-- One row per (event, handler): each handler gets each event at least once, retried on failure.
-- next_attempt_at is both the backoff after a failure and the lease of a claimed delivery: a
-- claim pushes it forward, so a delivery whose instance died becomes due again by itself.
CREATE TABLE event_deliveries (
  event_id bigint NOT NULL REFERENCES domain_events (id) ON DELETE CASCADE,
  handler text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  last_error text,
  finished_at timestamptz,
  PRIMARY KEY (event_id, handler)
);
CREATE INDEX event_deliveries_due ON event_deliveries (next_attempt_at) WHERE status = 'pending';

-- Job runs: one row per (job, period) of a periodic job, or (job, key) of a scheduled one-off.
-- The primary key is the claim: INSERT ... ON CONFLICT DO NOTHING means two instances never
-- create two runs of one period; the lease in next_attempt_at means only one runs it at a time.
CREATE TABLE job_runs (
  job text NOT NULL,
  period text NOT NULL,
  payload jsonb,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  PRIMARY KEY (job, period)
);
CREATE INDEX job_runs_due ON job_runs (next_attempt_at) WHERE status = 'pending';
