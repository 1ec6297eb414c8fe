CREATE TABLE "consumption_days" (
	"supply_id" bigint NOT NULL,
	"day" date NOT NULL,
	"band" text NOT NULL,
	"quantity" bigint NOT NULL,
	"quantity_pun" bigint NOT NULL,
	CONSTRAINT "consumption_days_supply_id_day_band_pk" PRIMARY KEY("supply_id","day","band")
);
--> statement-breakpoint
ALTER TABLE "consumption_days" ADD CONSTRAINT "consumption_days_supply_id_supplies_id_fk" FOREIGN KEY ("supply_id") REFERENCES "public"."supplies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- ADR 019. Recomputes the rollup rows of the supply days that the given hours fall on, from the
-- hourly rows: a day with no hours left keeps no row. Recomputing rather than adding deltas makes
-- inserts, updates, deletes and repricing one code path.
CREATE FUNCTION consumption_days_refresh(supply_ids bigint[], hours timestamptz[]) RETURNS void
LANGUAGE sql AS $$
  DELETE FROM consumption_days d
  USING unnest(supply_ids, hours) AS k(supply_id, hour)
  WHERE d.supply_id = k.supply_id AND d.day = (k.hour AT TIME ZONE 'Europe/Rome')::date;
  INSERT INTO consumption_days (supply_id, day, band, quantity, quantity_pun)
  SELECT c.supply_id, k.day, c.band, sum(c.quantity), coalesce(sum(c.quantity::bigint * q.price_milli_euro_per_mwh), 0)
  FROM (
    SELECT DISTINCT supply_id, (hour AT TIME ZONE 'Europe/Rome')::date AS day FROM unnest(supply_ids, hours) AS u(supply_id, hour)
  ) k
  JOIN consumptions c ON c.supply_id = k.supply_id
    AND c.interval_start >= (k.day::timestamp AT TIME ZONE 'Europe/Rome')
    AND c.interval_start < ((k.day + 1)::timestamp AT TIME ZONE 'Europe/Rome')
  LEFT JOIN quotations q ON q.quotation_type = 'PUN' AND q.interval_start = c.interval_start
  GROUP BY c.supply_id, k.day, c.band;
$$;
--> statement-breakpoint
CREATE FUNCTION consumption_days_of_hours() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM consumption_days_refresh(array_agg(supply_id), array_agg(interval_start)) FROM new_rows;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM consumption_days_refresh(array_agg(supply_id), array_agg(interval_start)) FROM old_rows;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The PUN is day-ahead: published before its hours, so before any of them is metered. Only a price
-- of a past hour (a correction, or history loaded after the consumption) reprices rollup rows; the
-- daily publication of tomorrow skips the scan of consumptions (which has no index by hour alone).
CREATE FUNCTION consumption_days_of_prices() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed timestamptz[];
BEGIN
  IF TG_OP <> 'DELETE' THEN
    SELECT array_agg(interval_start) INTO changed FROM new_rows
    WHERE quotation_type = 'PUN' AND interval_start < now();
  END IF;
  IF TG_OP <> 'INSERT' THEN
    SELECT changed || array_agg(interval_start) INTO changed FROM old_rows
    WHERE quotation_type = 'PUN' AND interval_start < now();
  END IF;
  IF changed IS NOT NULL THEN
    PERFORM consumption_days_refresh(array_agg(supply_id), array_agg(interval_start))
    FROM consumptions WHERE interval_start = ANY (changed);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Statement-level, with transition tables (one event each, as PostgreSQL requires); ENABLE ALWAYS
-- so they also fire under session_replication_role = replica, which the demo seed's COPY uses.
CREATE TRIGGER consumption_days_insert AFTER INSERT ON consumptions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION consumption_days_of_hours();
--> statement-breakpoint
CREATE TRIGGER consumption_days_update AFTER UPDATE ON consumptions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION consumption_days_of_hours();
--> statement-breakpoint
CREATE TRIGGER consumption_days_delete AFTER DELETE ON consumptions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION consumption_days_of_hours();
--> statement-breakpoint
CREATE TRIGGER consumption_days_price_insert AFTER INSERT ON quotations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION consumption_days_of_prices();
--> statement-breakpoint
CREATE TRIGGER consumption_days_price_update AFTER UPDATE ON quotations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION consumption_days_of_prices();
--> statement-breakpoint
CREATE TRIGGER consumption_days_price_delete AFTER DELETE ON quotations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION consumption_days_of_prices();
--> statement-breakpoint
ALTER TABLE consumptions ENABLE ALWAYS TRIGGER consumption_days_insert;
--> statement-breakpoint
ALTER TABLE consumptions ENABLE ALWAYS TRIGGER consumption_days_update;
--> statement-breakpoint
ALTER TABLE consumptions ENABLE ALWAYS TRIGGER consumption_days_delete;
--> statement-breakpoint
ALTER TABLE quotations ENABLE ALWAYS TRIGGER consumption_days_price_insert;
--> statement-breakpoint
ALTER TABLE quotations ENABLE ALWAYS TRIGGER consumption_days_price_update;
--> statement-breakpoint
ALTER TABLE quotations ENABLE ALWAYS TRIGGER consumption_days_price_delete;
--> statement-breakpoint
-- The rows already there.
INSERT INTO consumption_days (supply_id, day, band, quantity, quantity_pun)
SELECT c.supply_id, (c.interval_start AT TIME ZONE 'Europe/Rome')::date, c.band, sum(c.quantity),
  coalesce(sum(c.quantity::bigint * q.price_milli_euro_per_mwh), 0)
FROM consumptions c
LEFT JOIN quotations q ON q.quotation_type = 'PUN' AND q.interval_start = c.interval_start
GROUP BY 1, 2, 3;
