-- Preferences of an account that follow it to another browser (accounts/README.md): one JSON value
-- per account and key, e.g. 'columns:trader.payments' → the ids of the columns it hides (列设置).
-- Read and written by the account itself only; the key's kind and the value's size are checked by
-- the contract (accountPrefBody, at most 4096 bytes). Deleting a (never used) sub-account drops them.
CREATE TABLE account_prefs (
  account_id  bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  key         text NOT NULL,
  value       jsonb NOT NULL,
  updated_at  timestamptz NOT NULL,
  PRIMARY KEY (account_id, key)
);
