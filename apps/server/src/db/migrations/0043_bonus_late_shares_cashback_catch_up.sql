-- Issue 16's leftovers (docs/bonus.md): a win's bonus share that lands after its bonus closed,
-- and cashback periods missed while the job did not run. Owned by the rewards module's bonus
-- and cashback parts. Money is never here: each late share is one ledger operation keyed by the
-- transfer that brought it (`bonus-late:<transfer id>`).

-- When a member's last open bonus closes while rounds it staked are still open (bonus_first),
-- those rounds are watched: a win's bonus share (or a cancel's bonus refund) of one of them that
-- lands in the bonus account after the close follows the close, to cash when the bonus was
-- completed, to the brand's promotion account when it was forfeited or expired.
-- `rounds` holds the watched rounds as the ledger names them ("vendor:game:round");
-- `after_transfer_id` is the bonus account's latest transfer once the close was posted (what
-- came before is the close's). The watch ends when its rounds are over or at `until`.
CREATE TABLE bonus_late_watches (
  grant_id           bigint PRIMARY KEY REFERENCES bonus_grants (id),
  merchant_code      text NOT NULL,
  member_id          bigint NOT NULL,
  currency           text NOT NULL,
  outcome            text NOT NULL CHECK (outcome IN ('completed', 'forfeited', 'expired')),
  after_transfer_id  bigint NOT NULL,
  rounds             jsonb NOT NULL,
  -- the watched rounds opened after this (the bet records' index is walked from it)
  rounds_since       timestamptz NOT NULL,
  created_at         timestamptz NOT NULL DEFAULT now(),
  until              timestamptz NOT NULL,
  done_at            timestamptz
);
CREATE INDEX bonus_late_watches_pending ON bonus_late_watches (member_id) WHERE done_at IS NULL;

-- Each late share once: the transfer that brought it into the bonus account, what moved on
-- (capped by what the account held) and its operation (NULL when nothing was left to move).
CREATE TABLE bonus_late_shares (
  transfer_id   bigint PRIMARY KEY,
  grant_id      bigint NOT NULL REFERENCES bonus_grants (id),
  amount_minor  bigint NOT NULL CHECK (amount_minor >= 0),
  operation_id  bigint,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bonus_late_shares_grant ON bonus_late_shares (grant_id);

-- How far the cashback job has looked: the end of the latest hour a run of
-- `rewards.cashback-days` handled. A run after a longer stop pays every midnight since then
-- (at most 60 days back), each period once by its keys.
CREATE TABLE cashback_job_coverage (
  job            text PRIMARY KEY,
  covered_until  timestamptz NOT NULL
);
