-- No refund missed (issue 23): every after-sale GemQC knows of, once per after-sale id, however it
-- came (the push, or reconciliation with afterSale.List when a push was lost), and how far each
-- shop's after-sales have been checked.

-- One row per platform after-sale: the first to arrive (push or reconciliation) inserts it and acts;
-- the other finds it and does nothing more. state: open | closed (the buyer withdrew it, or the
-- merchant refused it) | released (staff released the interception it caused).
CREATE TABLE platform_aftersales (
  platform           text NOT NULL DEFAULT 'doudian',
  aftersale_id       text NOT NULL,
  shop_id            bigint NOT NULL REFERENCES shops(id),
  platform_order_id  text NOT NULL,
  order_id           bigint REFERENCES testing_orders(id),
  source             text NOT NULL,              -- push | reconcile
  state              text NOT NULL DEFAULT 'open',
  reason             text NOT NULL DEFAULT '',
  applied_at         timestamptz NOT NULL,
  closed_at          timestamptz,
  PRIMARY KEY (platform, aftersale_id)
);
CREATE INDEX platform_aftersales_order_idx ON platform_aftersales (order_id) WHERE order_id IS NOT NULL;

-- Reconciliation's cursor: after-sales updated before checked_until have been read for the shop.
CREATE TABLE aftersale_checks (
  shop_id        bigint PRIMARY KEY REFERENCES shops(id),
  checked_until  timestamptz NOT NULL,
  checked_at     timestamptz NOT NULL
);
