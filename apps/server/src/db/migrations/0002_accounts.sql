-- Accounts: members, sessions, login protection, verification codes, the outbox of the
-- development SMS/e-mail adapters, and the RSA keys of encrypted bodies.

CREATE TABLE members (
  id                     bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_code          text NOT NULL REFERENCES brands (merchant_code),
  username               text NOT NULL,
  -- argon2id PHC string; trial members get a random password nobody knows.
  password_hash          text NOT NULL,
  payment_password_hash  text,
  -- 0 member, 1/2/41/42 agent, 4 trial, 9 staff (cannot log in to the player site)
  type                   smallint NOT NULL DEFAULT 0,
  status                 text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'locked', 'disabled')),
  nickname               text,
  full_name              text,
  email                  text,
  country_dialing_code   text,
  mobile_num             text,
  birthday               date,
  -- line, whatsapp, facebook, wechat, telegram, zalo, qq…: free-form handles
  messaging              jsonb NOT NULL DEFAULT '{}'::jsonb,
  id_number              text,
  address                text,
  nationality            text,
  occupation             text,
  source_of_income       text,
  language               text NOT NULL DEFAULT 'pt-BR',
  vip_level              smallint NOT NULL DEFAULT 0,
  -- the code this member invites others with (agents: the affiliate code)
  invite_code            text NOT NULL,
  upline_member_id       bigint REFERENCES members (id),
  referred_by_member_id  bigint REFERENCES members (id),
  -- set when the password is a weak default handed out by an agent or operator
  must_change_password   boolean NOT NULL DEFAULT false,
  password_changed_at    timestamptz NOT NULL DEFAULT now(),
  totp_secret            text,
  totp_enabled_at        timestamptz,
  -- last TOTP time step accepted: a code is usable once (ASVS 2.8.4)
  totp_last_step         bigint,
  first_login_at         timestamptz,
  last_login_at          timestamptz,
  registration_ip        text,
  registration_device    text,
  created_at             timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX members_username ON members (merchant_code, lower(username));
CREATE UNIQUE INDEX members_mobile ON members (merchant_code, country_dialing_code, mobile_num) WHERE mobile_num IS NOT NULL;
CREATE UNIQUE INDEX members_invite_code ON members (merchant_code, invite_code);
CREATE INDEX members_email ON members (merchant_code, lower(email)) WHERE email IS NOT NULL;

-- Opaque session tokens, stored as SHA-256 so a database leak does not hand out sessions.
CREATE TABLE sessions (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash    text NOT NULL UNIQUE,
  member_id     bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  -- 'full', or 'password_change' while a forced password change is pending
  scope         text NOT NULL CHECK (scope IN ('full', 'password_change')),
  remember      boolean NOT NULL,
  ip            text NOT NULL,
  device        text NOT NULL,
  user_agent    text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  ended_at      timestamptz
);
CREATE INDEX sessions_member ON sessions (member_id) WHERE ended_at IS NULL;

-- Failed logins, counted per account name and per IP over a sliding hour (brute force).
-- The account name is recorded whether or not it exists, so counts reveal nothing.
CREATE TABLE login_failures (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_code text NOT NULL,
  account_key   text NOT NULL,
  ip            text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_account ON login_failures (merchant_code, account_key, created_at);
CREATE INDEX login_failures_ip ON login_failures (ip, created_at);

CREATE TABLE captchas (
  id          text PRIMARY KEY,
  answer_hash text NOT NULL,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);

-- One-time codes sent by SMS or e-mail, stored hashed; expire within 10 minutes, single use.
CREATE TABLE verification_codes (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_code text NOT NULL,
  purpose       text NOT NULL CHECK (purpose IN ('register', 'login', 'reset_password', 'login_ip')),
  channel       text NOT NULL CHECK (channel IN ('sms', 'email')),
  destination   text NOT NULL,
  code_hash     text NOT NULL,
  attempts      integer NOT NULL DEFAULT 0,
  client_key    text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  used_at       timestamptz
);
CREATE INDEX verification_codes_lookup ON verification_codes (merchant_code, purpose, destination, created_at);
CREATE INDEX verification_codes_client ON verification_codes (client_key, created_at);

-- What the development SMS and e-mail adapters "sent" (tests and the operator console read it).
CREATE TABLE outbox_messages (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_code text NOT NULL,
  channel       text NOT NULL CHECK (channel IN ('sms', 'email')),
  destination   text NOT NULL,
  subject       text,
  body          text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX outbox_destination ON outbox_messages (channel, destination, id);

-- IPs a member has logged in from (extra verification from an unregistered IP).
CREATE TABLE member_known_ips (
  member_id   bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  ip          text NOT NULL,
  verified_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, ip)
);

-- A login held for extra verification; the password was right, the IP is new.
CREATE TABLE pending_logins (
  token_hash  text PRIMARY KEY,
  member_id   bigint NOT NULL REFERENCES members (id) ON DELETE CASCADE,
  ip          text NOT NULL,
  remember    boolean NOT NULL,
  agent_login boolean NOT NULL,
  attempts    integer NOT NULL DEFAULT 0,
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);

-- RSA-OAEP keys for encrypted bodies, shared by every instance; rotated, the previous one
-- accepted for a grace period.
CREATE TABLE encryption_keys (
  kid             text PRIMARY KEY,
  public_jwk      jsonb NOT NULL,
  private_pkcs8   text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  retire_after    timestamptz NOT NULL
);
