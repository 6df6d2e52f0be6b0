-- The daily report's "orders that entered each state per day" without walking a month of order
-- events joined to their orders (~2 s of PostgreSQL CPU for a merchant with a million orders):
-- order events per merchant × centre of their order × target state × China day (Asia/Shanghai)
-- of the event, kept exactly as the order counts of migration 080 are (modules/orders/counts/
-- README.md): triggers append deltas in the writer's own transaction, the count compaction folds
-- them in, readers sum the folded counts and the deltas in one statement.
CREATE TABLE order_event_counts (
  merchant_id bigint  NOT NULL,
  centre_id   bigint  NOT NULL,
  status      text    NOT NULL, -- the event's to_status
  day         date    NOT NULL,
  n           integer NOT NULL,
  PRIMARY KEY (merchant_id, day, status, centre_id)
);
CREATE INDEX order_event_counts_centre_idx ON order_event_counts (centre_id, day);

CREATE TABLE order_event_count_deltas (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  merchant_id bigint  NOT NULL,
  centre_id   bigint  NOT NULL,
  status      text    NOT NULL,
  day         date    NOT NULL,
  n           integer NOT NULL
);
CREATE INDEX order_event_count_deltas_merchant_idx ON order_event_count_deltas (merchant_id);
CREATE INDEX order_event_count_deltas_centre_idx ON order_event_count_deltas (centre_id);

-- An event is counted for its order's merchant and centre. The order row is share-locked while
-- they are read, so a concurrent move of the order (below) either waits for this transaction and
-- then sees its event, or this waits for the move and reads the new merchant and centre. Every
-- writer of events has already locked or inserted the order: the lock costs them nothing.
CREATE FUNCTION order_event_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  m bigint;
  c bigint;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.order_id = OLD.order_id AND NEW.to_status = OLD.to_status AND NEW.created_at = OLD.created_at THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT o.merchant_id, o.centre_id INTO m, c FROM testing_orders o WHERE o.id = OLD.order_id FOR SHARE;
    IF FOUND THEN
      INSERT INTO order_event_count_deltas (merchant_id, centre_id, status, day, n)
      VALUES (m, c, OLD.to_status, (OLD.created_at AT TIME ZONE 'Asia/Shanghai')::date, -1);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT o.merchant_id, o.centre_id INTO m, c FROM testing_orders o WHERE o.id = NEW.order_id FOR SHARE;
    IF FOUND THEN
      INSERT INTO order_event_count_deltas (merchant_id, centre_id, status, day, n)
      VALUES (m, c, NEW.to_status, (NEW.created_at AT TIME ZONE 'Asia/Shanghai')::date, 1);
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER order_event_counts_track
AFTER INSERT OR DELETE OR UPDATE OF order_id, to_status, created_at ON order_events
FOR EACH ROW EXECUTE FUNCTION order_event_counts_track();

-- An order that changes merchant or centre takes its events' counts along.
CREATE FUNCTION order_event_counts_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_event_count_deltas (merchant_id, centre_id, status, day, n)
  SELECT t.merchant_id, t.centre_id, e.to_status, (e.created_at AT TIME ZONE 'Asia/Shanghai')::date, t.sign * count(*)
  FROM order_events e
  CROSS JOIN (VALUES (OLD.merchant_id, OLD.centre_id, -1), (NEW.merchant_id, NEW.centre_id, 1)) AS t(merchant_id, centre_id, sign)
  WHERE e.order_id = NEW.id
  GROUP BY 1, 2, 3, 4, t.sign;
  RETURN NULL;
END $$;

CREATE TRIGGER order_event_counts_move
AFTER UPDATE OF merchant_id, centre_id ON testing_orders
FOR EACH ROW WHEN (NEW.merchant_id <> OLD.merchant_id OR NEW.centre_id <> OLD.centre_id)
EXECUTE FUNCTION order_event_counts_move();

-- Recounts from the events themselves (this migration; bulk loads that disabled the triggers).
CREATE FUNCTION order_event_counts_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM order_event_count_deltas;
  DELETE FROM order_event_counts;
  INSERT INTO order_event_counts (merchant_id, centre_id, status, day, n)
  SELECT o.merchant_id, o.centre_id, e.to_status, (e.created_at AT TIME ZONE 'Asia/Shanghai')::date, count(*)
  FROM order_events e JOIN testing_orders o ON o.id = e.order_id
  GROUP BY 1, 2, 3, 4;
$$;

SELECT order_event_counts_rebuild();
