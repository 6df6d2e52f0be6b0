-- Testing authorisation (检测信息, docs/domain.md#merchants): one per merchant.
CREATE TABLE testing_authorisations (
  merchant_id      bigint PRIMARY KEY REFERENCES merchants(id),
  company_name     text NOT NULL,
  licence_no       text NOT NULL,
  contact_person   text NOT NULL,
  contact_mobile   text NOT NULL,
  return_address   text NOT NULL,
  return_method    text NOT NULL CHECK (return_method IN ('post', 'pickup')),
  intercept_policy text NOT NULL CHECK (intercept_policy IN ('after_sales_first', 'shipping_first')),
  status           smallint NOT NULL DEFAULT 0 CHECK (status IN (-1, 0, 1, 2)), -- 0 review, 1 approved, 2 rejected
  reject_reason    text NOT NULL DEFAULT '',
  submitted_by     bigint REFERENCES accounts(id),
  submitted_at     timestamptz NOT NULL DEFAULT now(),
  reviewed_by      bigint REFERENCES accounts(id),
  reviewed_at      timestamptz
);
CREATE INDEX testing_auth_status_idx ON testing_authorisations (status, submitted_at DESC);
