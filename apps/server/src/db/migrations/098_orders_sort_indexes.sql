-- The order lists sort by 发货倒计时 (ship_deadline) and 申报价值 (declared_value) as well as by
-- created_at, with the id as the tiebreaker: one (tenant, column, id) index each, so a page is an
-- index range scan for a merchant's or a centre's million orders (status sorts on the status index
-- of 014). The merchant's deadline index gains the id (same prefix, replaces it).
CREATE INDEX orders_merchant_deadline_id_idx ON testing_orders (merchant_id, ship_deadline, id);
DROP INDEX orders_merchant_deadline_idx;
CREATE INDEX orders_centre_deadline_id_idx ON testing_orders (centre_id, ship_deadline, id);
CREATE INDEX orders_merchant_value_idx ON testing_orders (merchant_id, declared_value, id);
CREATE INDEX orders_centre_value_idx ON testing_orders (centre_id, declared_value, id);
