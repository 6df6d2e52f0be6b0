-- The daily report's fees per day without summing a month of ledger entries (~190,000 entries,
-- ~0.4 s for a merchant with a million orders): ledger amounts per merchant × centre × type ×
-- China day (Asia/Shanghai) of the entry, kept exactly as the order counts of migration 080 are
-- (modules/orders/counts/README.md, modules/fees/README.md): a trigger appends a delta in the
-- writer's own transaction (no shared row locked), the count compaction folds the deltas in,
-- readers sum the folded rows and the deltas in one statement.
CREATE TABLE ledger_day_sums (
  merchant_id bigint  NOT NULL,
  centre_id   bigint  NOT NULL, -- 0: no centre (top-ups, adjustments)
  type        text    NOT NULL,
  day         date    NOT NULL,
  amount      bigint  NOT NULL, -- signed fen, as the entries
  entries     integer NOT NULL,
  PRIMARY KEY (merchant_id, day, type, centre_id)
);
CREATE INDEX ledger_day_sums_centre_idx ON ledger_day_sums (centre_id, day);

CREATE TABLE ledger_day_sum_deltas (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id bigint  NOT NULL,
  centre_id   bigint  NOT NULL,
  type        text    NOT NULL,
  day         date    NOT NULL,
  amount      bigint  NOT NULL,
  entries     integer NOT NULL
);
CREATE INDEX ledger_day_sum_deltas_merchant_idx ON ledger_day_sum_deltas (merchant_id);
CREATE INDEX ledger_day_sum_deltas_centre_idx ON ledger_day_sum_deltas (centre_id);

-- Ledger entries are never changed or deleted (the rules of migration 010): an insert is the
-- only change there is to keep.
CREATE FUNCTION ledger_day_sums_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_day_sum_deltas (merchant_id, centre_id, type, day, amount, entries)
  VALUES (NEW.merchant_id, coalesce(NEW.centre_id, 0), NEW.type, (NEW.created_at AT TIME ZONE 'Asia/Shanghai')::date, NEW.amount, 1);
  RETURN NULL;
END $$;

CREATE TRIGGER ledger_day_sums_track
AFTER INSERT ON ledger_entries
FOR EACH ROW EXECUTE FUNCTION ledger_day_sums_track();

-- Sums again from the entries themselves (this migration; bulk loads that disabled the trigger).
CREATE FUNCTION ledger_day_sums_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM ledger_day_sum_deltas;
  DELETE FROM ledger_day_sums;
  INSERT INTO ledger_day_sums (merchant_id, centre_id, type, day, amount, entries)
  SELECT merchant_id, coalesce(centre_id, 0), type, (created_at AT TIME ZONE 'Asia/Shanghai')::date, sum(amount), count(*)
  FROM ledger_entries
  GROUP BY 1, 2, 3, 4;
$$;

SELECT ledger_day_sums_rebuild();
