-- Points earned from settled rounds accrue here and reach the ledger once a minute per member
-- (docs/loyalty.md "Points"): the bet path's handler adds to `points` in one statement; the job
-- rewards.points-post moves `points` to `posting_points` under a key of its own, posts every
-- posting in one ledger call, then clears it. Posting one ledger operation per (event, member)
-- cost ~2.5 of bench:pam's 16.5 rows written per round with loyalty on.
--
-- One row per member who ever earned points, updated in place: no index but the primary key
-- (whose columns never change) and room left in each page, so the updates stay HOT.
CREATE TABLE points_accruals (
  merchant_code  text NOT NULL,
  member_id      bigint NOT NULL,
  currency       text NOT NULL,
  -- Counted from settled rounds, not yet taken for a posting.
  points         bigint NOT NULL DEFAULT 0 CHECK (points >= 0),
  -- Taken for the posting `posting_key` (its ledger idempotency key), cleared once it is posted.
  posting_points bigint NOT NULL DEFAULT 0 CHECK (posting_points >= 0),
  posting_key    text,
  -- Postings taken so far: the next one's key ends with postings + 1, so no key is used twice.
  postings       bigint NOT NULL DEFAULT 0,
  updated_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_code, member_id, currency),
  CHECK ((posting_key IS NULL) = (posting_points = 0))
) WITH (fillfactor = 70);

-- A settled-rounds delivery the old code had posted points for (keys points-earned:<event>:<member>)
-- but not finished (another part failed, the instance stopped) is redelivered under the new
-- code: its events count as already counted by the new handler, so nothing is earned twice.
-- The keys are built from the pending events' own rounds: index lookups, not a ledger scan.
INSERT INTO loyalty_counted_events (handler, event_id)
SELECT DISTINCT 'points.accrue', d.event_id
FROM event_deliveries d
JOIN domain_events e ON e.id = d.event_id
CROSS JOIN LATERAL jsonb_array_elements(
  CASE WHEN e.type = 'bets.settled' THEN e.payload -> 'rounds' ELSE jsonb_build_array(e.payload) END
) AS r(round)
JOIN ledger_operations o
  ON o.idempotency_key = 'points-earned:' || d.event_id || ':' || (r.round ->> 'memberId')
WHERE d.status <> 'done' AND d.handler IN ('rewards.settled-rounds', 'rewards.settled-round')
ON CONFLICT DO NOTHING;
