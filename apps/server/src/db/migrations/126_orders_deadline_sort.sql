-- 发货倒计时 sorts by urgency (issue 25): orders that still have a deadline (shipPendingStatuses
-- of the contract: not shipped, not cancelled, not intercepted) come first, the overdue ones at
-- the top when ascending, and orders without a deadline (shipped, completed, cancelled, returned,
-- intercepted) last in both directions. ship_pending is that status group, stored so one index
-- per tenant and direction serves a page as a range scan:
--   ascending  ship_pending desc, ship_deadline asc,  id asc  → (tenant, ship_pending DESC, ship_deadline, id) forward
--   descending ship_pending desc, ship_deadline desc, id desc → (tenant, ship_pending, ship_deadline, id) backward
-- These replace the plain (tenant, ship_deadline, id) indexes of 098, whose only use was that sort.
-- orders/sort.test.ts checks the status list below against the contract's shipPendingStatuses.
ALTER TABLE testing_orders ADD COLUMN ship_pending boolean NOT NULL
  GENERATED ALWAYS AS (status IN ('created', 'awaiting_arrival', 'received', 'inspecting', 'passed', 'bound')) STORED;

CREATE INDEX orders_merchant_urgency_asc_idx ON testing_orders (merchant_id, ship_pending DESC, ship_deadline, id);
CREATE INDEX orders_merchant_urgency_desc_idx ON testing_orders (merchant_id, ship_pending, ship_deadline, id);
CREATE INDEX orders_centre_urgency_asc_idx ON testing_orders (centre_id, ship_pending DESC, ship_deadline, id);
CREATE INDEX orders_centre_urgency_desc_idx ON testing_orders (centre_id, ship_pending, ship_deadline, id);
DROP INDEX orders_merchant_deadline_id_idx;
DROP INDEX orders_centre_deadline_id_idx;
