-- Issue 10: a stolen session must not be enough to take an account.

-- Re-authentication ("sudo mode"): when this session last proved its owner again (password or a
-- code sent to a channel already on the account). Changing a recovery channel needs a recent one.
ALTER TABLE sessions ADD COLUMN reauthenticated_at timestamptz;

-- When each recovery channel last changed after registration: a freshly changed channel is not
-- used for recovery or code logins during a cooling period (auth/channel-rules.ts).
ALTER TABLE members ADD COLUMN email_changed_at timestamptz;
ALTER TABLE members ADD COLUMN mobile_changed_at timestamptz;

-- Codes that re-authenticate a session, and codes that prove a new e-mail or mobile is the member's.
ALTER TABLE verification_codes DROP CONSTRAINT verification_codes_purpose_check;
ALTER TABLE verification_codes ADD CONSTRAINT verification_codes_purpose_check
  CHECK (purpose IN ('register', 'login', 'reset_password', 'login_ip', 'reauth', 'verify_contact'));

-- Failures counted per (account, address) as well as per account and per address.
CREATE INDEX login_failures_pair ON login_failures (merchant_code, account_key, ip, created_at);

-- Encrypted bodies already opened: each ciphertext is accepted once while its key lives.
CREATE TABLE encrypted_body_uses (
  digest     text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX encrypted_body_uses_expiry ON encrypted_body_uses (expires_at);
