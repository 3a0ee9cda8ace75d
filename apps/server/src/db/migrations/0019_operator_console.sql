-- The operator console (issue 13 §7, docs/admin-console.md): staff accounts with roles and a
-- mandatory authenticator, their own sessions, logins held for the authenticator step, and an
-- audit log that says who, what, before/after and from where, and cannot be rewritten.

CREATE TABLE staff_accounts (
  id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username         text NOT NULL,
  display_name     text NOT NULL,
  -- argon2id, the members' parameters (modules/auth/passwords.ts).
  password_hash    text NOT NULL,
  roles            text[] NOT NULL DEFAULT '{}'
                   CHECK (roles <@ ARRAY['owner', 'finance', 'support', 'content', 'risk']::text[]),
  status           text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
  -- Null until the first login enrols the authenticator (and again after an owner resets it).
  totp_secret      text,
  totp_enabled_at  timestamptz,
  -- The last 30 s step accepted: a code is usable once (ASVS 2.8.4).
  totp_last_step   bigint,
  created_by       integer REFERENCES staff_accounts (id),
  created_at       timestamptz NOT NULL DEFAULT now(),
  last_login_at    timestamptz
);
CREATE UNIQUE INDEX staff_accounts_username ON staff_accounts (lower(username));

-- Opaque tokens stored as SHA-256, each bound to a second secret kept in an HttpOnly cookie and
-- to the browser's user agent: the token alone (a log, a screenshot, a script) is not enough.
CREATE TABLE staff_sessions (
  id                   bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash           text NOT NULL UNIQUE,
  binding_hash         text NOT NULL,
  user_agent_hash      text NOT NULL,
  staff_id             integer NOT NULL REFERENCES staff_accounts (id),
  ip                   text NOT NULL,
  user_agent           text,
  created_at           timestamptz NOT NULL DEFAULT now(),
  last_seen_at         timestamptz NOT NULL DEFAULT now(),
  idle_expires_at      timestamptz NOT NULL,
  absolute_expires_at  timestamptz NOT NULL,
  ended_at             timestamptz
);
CREATE INDEX staff_sessions_live ON staff_sessions (staff_id) WHERE ended_at IS NULL;

-- A password accepted, the authenticator step pending (5 minutes, 5 tries, same address).
CREATE TABLE staff_pending_logins (
  token_hash    text PRIMARY KEY,
  staff_id      integer NOT NULL REFERENCES staff_accounts (id),
  ip            text NOT NULL,
  -- First login: the secret shown as a QR, saved on the account only once a code proves it.
  enrol_secret  text,
  attempts      integer NOT NULL DEFAULT 0,
  expires_at    timestamptz NOT NULL,
  used_at       timestamptz
);

-- The audit log says from where and which request, and what the subject was before and after.
ALTER TABLE operator_audit
  ADD COLUMN ip text,
  ADD COLUMN request_id text,
  ADD COLUMN before_state jsonb,
  ADD COLUMN after_state jsonb;
CREATE INDEX operator_audit_recent ON operator_audit (id DESC);
CREATE INDEX operator_audit_operator ON operator_audit (operator_id, id DESC);
CREATE INDEX operator_audit_subject ON operator_audit (subject, id DESC);

-- Append-only: an entry is never changed or removed, whoever holds the connection's rights
-- short of dropping the trigger (which itself shows in the schema).
CREATE FUNCTION operator_audit_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'operator_audit is append-only (% refused)', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER operator_audit_no_update_or_delete
  BEFORE UPDATE OR DELETE ON operator_audit
  FOR EACH ROW EXECUTE FUNCTION operator_audit_append_only();
CREATE TRIGGER operator_audit_no_truncate
  BEFORE TRUNCATE ON operator_audit
  FOR EACH STATEMENT EXECUTE FUNCTION operator_audit_append_only();
