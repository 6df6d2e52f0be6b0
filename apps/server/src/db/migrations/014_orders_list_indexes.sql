-- The order list (merchant and service centre) sorts by created_at, id within its tenant. With a
-- status filter the index now carries the same order down to id, so a page is one index range scan
-- and the capped total an index-only scan (benchmark: bench/orderList.ts, 1,000,000 orders).
CREATE INDEX orders_merchant_status_created_idx ON testing_orders (merchant_id, status, created_at DESC, id DESC);
DROP INDEX orders_merchant_status_idx;
CREATE INDEX orders_centre_status_created_idx ON testing_orders (centre_id, status, created_at DESC, id DESC);
