-- E-waybills (电子面单, issue 23): the outbound waybill a centre got from the shop platform for an
-- order (logistics.newCreateOrder), once per order and carrier: asking again answers the same one.
CREATE TABLE order_ebills (
  order_id        bigint NOT NULL REFERENCES testing_orders(id),
  logistics_code  text NOT NULL,
  carrier         text NOT NULL,
  track_no        text NOT NULL,
  sort_code       text NOT NULL DEFAULT '',
  created_by_name text NOT NULL DEFAULT '',
  created_at      timestamptz NOT NULL,
  PRIMARY KEY (order_id, logistics_code)
);
