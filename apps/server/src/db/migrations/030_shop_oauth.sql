-- Shop authorisation (docs/domain.md#shops): one row per authorise link handed to a merchant. The state
-- travels through the platform's authorise page and back; only its SHA-256 is stored. A state is
-- bound to the merchant and the account that asked for it, lives 10 minutes and is used once.
CREATE TABLE shop_oauth_states (
  state_hash   text PRIMARY KEY,
  platform     text NOT NULL DEFAULT 'doudian',
  merchant_id  bigint NOT NULL REFERENCES merchants(id),
  account_id   bigint NOT NULL REFERENCES accounts(id),
  redirect_uri text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz
);
CREATE INDEX shop_oauth_states_expires_idx ON shop_oauth_states (expires_at);
