-- Exact order-list totals without counting rows: how many orders each merchant × centre × shop has
-- per status, in all (order_totals) and per China day (Asia/Shanghai) of created_at (order_counts).
-- The list's common filters (tenant, status, shop, date range) become a sum over a few dozen rows
-- (a few hundred for a long date range) instead of a walk of every matching order.
--
-- Writers never lock a shared counter row: a trigger appends ±1 deltas to order_count_deltas (no
-- contention between concurrent transactions, no deadlocks between batch operations), and a
-- compaction (modules/orders/counts.ts, every half minute) folds them into both tables in one
-- statement. Readers sum both tables in one statement, so they see a total before or after a
-- compaction, never half of one.
CREATE TABLE order_counts (
  merchant_id bigint NOT NULL,
  centre_id   bigint NOT NULL,
  shop_id     bigint NOT NULL DEFAULT 0, -- 0: no shop (manual entry)
  status      text   NOT NULL,
  day         date   NOT NULL,
  n           integer NOT NULL,
  PRIMARY KEY (merchant_id, day, status, centre_id, shop_id)
);
CREATE INDEX order_counts_centre_idx ON order_counts (centre_id, day);

CREATE TABLE order_totals (
  merchant_id bigint NOT NULL,
  centre_id   bigint NOT NULL,
  shop_id     bigint NOT NULL DEFAULT 0,
  status      text   NOT NULL,
  n           integer NOT NULL,
  PRIMARY KEY (merchant_id, status, centre_id, shop_id)
);
CREATE INDEX order_totals_centre_idx ON order_totals (centre_id, status);

CREATE TABLE order_count_deltas (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id bigint NOT NULL,
  centre_id   bigint NOT NULL,
  shop_id     bigint NOT NULL,
  status      text   NOT NULL,
  day         date   NOT NULL,
  n           integer NOT NULL
);
CREATE INDEX order_count_deltas_merchant_idx ON order_count_deltas (merchant_id);
CREATE INDEX order_count_deltas_centre_idx ON order_count_deltas (centre_id);

CREATE FUNCTION order_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.merchant_id = OLD.merchant_id AND NEW.centre_id = OLD.centre_id
     AND NEW.shop_id IS NOT DISTINCT FROM OLD.shop_id AND NEW.status = OLD.status AND NEW.created_at = OLD.created_at THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO order_count_deltas (merchant_id, centre_id, shop_id, status, day, n)
    VALUES (OLD.merchant_id, OLD.centre_id, coalesce(OLD.shop_id, 0), OLD.status, (OLD.created_at AT TIME ZONE 'Asia/Shanghai')::date, -1);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO order_count_deltas (merchant_id, centre_id, shop_id, status, day, n)
    VALUES (NEW.merchant_id, NEW.centre_id, coalesce(NEW.shop_id, 0), NEW.status, (NEW.created_at AT TIME ZONE 'Asia/Shanghai')::date, 1);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER order_counts_track
AFTER INSERT OR DELETE OR UPDATE OF merchant_id, centre_id, shop_id, status, created_at ON testing_orders
FOR EACH ROW EXECUTE FUNCTION order_counts_track();

-- Recounts from the orders themselves (this migration; bulk loads that disabled the trigger).
CREATE FUNCTION order_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM order_count_deltas;
  DELETE FROM order_counts;
  DELETE FROM order_totals;
  INSERT INTO order_counts (merchant_id, centre_id, shop_id, status, day, n)
  SELECT merchant_id, centre_id, coalesce(shop_id, 0), status, (created_at AT TIME ZONE 'Asia/Shanghai')::date, count(*)
  FROM testing_orders GROUP BY 1, 2, 3, 4, 5;
  INSERT INTO order_totals (merchant_id, centre_id, shop_id, status, n)
  SELECT merchant_id, centre_id, shop_id, status, sum(n) FROM order_counts GROUP BY 1, 2, 3, 4;
$$;

SELECT order_counts_rebuild();
