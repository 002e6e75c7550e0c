-- No fold changes message_counts while its sums are made: a fold waits for this migration to
-- commit, and then the triggers below carry its change into the sums.
LOCK TABLE "message_counts" IN EXCLUSIVE MODE;--> statement-breakpoint
CREATE TABLE "message_day_figures" (
	"count_date" date,
	"program_id" uuid,
	"kind" text NOT NULL,
	"day" integer,
	"messages" integer NOT NULL,
	"handed_over" integer NOT NULL,
	"delivered" integer NOT NULL,
	"failed" integer NOT NULL,
	"expired" integer NOT NULL,
	"status_sent" integer NOT NULL,
	"opened" integer NOT NULL,
	"opened_delivered" integer NOT NULL,
	"opened_sent" integer NOT NULL,
	CONSTRAINT "message_day_figures_key" UNIQUE NULLS NOT DISTINCT("count_date","program_id","kind","day")
);
--> statement-breakpoint
CREATE TABLE "message_failure_counts" (
	"count_date" date,
	"program_id" uuid,
	"error_code" text,
	"error_message" text,
	"messages" integer NOT NULL,
	CONSTRAINT "message_failure_counts_key" UNIQUE NULLS NOT DISTINCT("count_date","program_id","error_code","error_message")
);
--> statement-breakpoint
CREATE INDEX "consent_events_opted_out_idx" ON "consent_events" USING btree ("at","contact_id") WHERE "consent_events"."event" = 'opted_out';--> statement-breakpoint
-- message_counts summed by day, program and program day, and its failures by day, program and
-- reason (docs/rollups.md): whatever changes message_counts (the fold's upsert, the hourly delete
-- of zeros) changes these by the same rows' sums, signed, so each is always their sum. The same
-- sums of the pending changes are `messageFiguresWhere` and `failureCountsWhere`
-- (src/server/services/message-counts.ts).
CREATE FUNCTION "message_figures_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- The statement's rows with their sign: a transition table only this trigger's queries see.
  signed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT *, 1 AS "sign" FROM "new_counts"'
    WHEN 'DELETE' THEN 'SELECT *, -1 AS "sign" FROM "old_counts"'
    ELSE 'SELECT *, 1 AS "sign" FROM "new_counts" UNION ALL SELECT *, -1 FROM "old_counts"' END;
BEGIN
  EXECUTE format($q$
    INSERT INTO "message_day_figures" AS f ("count_date", "program_id", "kind", "day", "messages",
      "handed_over", "delivered", "failed", "expired", "status_sent", "opened", "opened_delivered",
      "opened_sent")
    SELECT "count_date", "program_id", "kind", "day",
      sum("sign" * "messages")::int,
      coalesce(sum("sign" * "messages") FILTER (WHERE "handed_over"), 0)::int,
      coalesce(sum("sign" * "messages") FILTER (WHERE "handed_over" AND "status" = 'delivered'), 0)::int,
      coalesce(sum("sign" * "messages") FILTER (WHERE "status" IN ('failed', 'undelivered')), 0)::int,
      coalesce(sum("sign" * "messages") FILTER (WHERE "status" = 'expired'), 0)::int,
      coalesce(sum("sign" * "messages") FILTER (WHERE "handed_over" AND "status" = 'sent'), 0)::int,
      coalesce(sum("sign" * "messages") FILTER (WHERE "handed_over" AND "opened"), 0)::int,
      coalesce(sum("sign" * "messages") FILTER (WHERE "handed_over" AND "opened" AND "status" = 'delivered'), 0)::int,
      coalesce(sum("sign" * "messages") FILTER (WHERE "handed_over" AND "opened" AND "status" = 'sent'), 0)::int
    FROM (%1$s) m GROUP BY 1, 2, 3, 4 HAVING sum("sign" * "messages") <> 0
    ON CONFLICT ON CONSTRAINT "message_day_figures_key" DO UPDATE SET
      "messages" = f."messages" + excluded."messages",
      "handed_over" = f."handed_over" + excluded."handed_over",
      "delivered" = f."delivered" + excluded."delivered",
      "failed" = f."failed" + excluded."failed",
      "expired" = f."expired" + excluded."expired",
      "status_sent" = f."status_sent" + excluded."status_sent",
      "opened" = f."opened" + excluded."opened",
      "opened_delivered" = f."opened_delivered" + excluded."opened_delivered",
      "opened_sent" = f."opened_sent" + excluded."opened_sent";
    INSERT INTO "message_failure_counts" AS f ("count_date", "program_id", "error_code", "error_message", "messages")
    SELECT "count_date", "program_id", "error_code", "error_message", sum("sign" * "messages")::int
    FROM (%1$s) m WHERE "status" IN ('failed', 'undelivered')
    GROUP BY 1, 2, 3, 4 HAVING sum("sign" * "messages") <> 0
    ON CONFLICT ON CONSTRAINT "message_failure_counts_key" DO UPDATE SET
      "messages" = f."messages" + excluded."messages"
  $q$, signed);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "message_figures_insert" AFTER INSERT ON "message_counts"
  REFERENCING NEW TABLE AS "new_counts"
  FOR EACH STATEMENT EXECUTE FUNCTION "message_figures_changed"();--> statement-breakpoint
CREATE TRIGGER "message_figures_update" AFTER UPDATE ON "message_counts"
  REFERENCING OLD TABLE AS "old_counts" NEW TABLE AS "new_counts"
  FOR EACH STATEMENT EXECUTE FUNCTION "message_figures_changed"();--> statement-breakpoint
CREATE TRIGGER "message_figures_delete" AFTER DELETE ON "message_counts"
  REFERENCING OLD TABLE AS "old_counts"
  FOR EACH STATEMENT EXECUTE FUNCTION "message_figures_changed"();--> statement-breakpoint
-- The sums of the counts already there, made by the trigger itself: the counts written again
-- (TRUNCATE fires no delete trigger).
CREATE TEMPORARY TABLE "message_counts_copy" AS SELECT * FROM "message_counts";--> statement-breakpoint
TRUNCATE "message_counts";--> statement-breakpoint
INSERT INTO "message_counts" SELECT * FROM "message_counts_copy";--> statement-breakpoint
DROP TABLE "message_counts_copy";